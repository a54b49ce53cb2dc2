"""Snowflake ids like Discord's: unique, increasing, and carrying the time they were made."""

from __future__ import annotations

import secrets

from discord.utils import time_snowflake, utcnow


class Snowflakes:
    def __init__(self) -> None:
        self._last = 0

    def __call__(self) -> int:
        self._last = max(self._last + 1, time_snowflake(utcnow()))
        return self._last


def new_token() -> str:
    return "tok_" + secrets.token_urlsafe(24)
