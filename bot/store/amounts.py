"""What the store accepts as a number of chips or an id, checked before any SQL runs."""

from __future__ import annotations

from typing import Any

# Past MAX_INT64, Python's sqlite3 refuses to bind a value and SQLite's own arithmetic
# silently turns a sum into a float: the bounds keep every amount below it.
from bot.bounds import MAX_CHIPS, MAX_INT64
from bot.store.errors import BadAmount, BadId, BadSetting


def chips(value: Any, what: str = "The amount") -> int:
    """A positive whole number of chips that fits a 64-bit balance."""
    # bool is an int in Python, but True is not one chip.
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadAmount(f"{what} must be a whole number of chips.")
    if value <= 0:
        raise BadAmount(f"{what} must be at least 1 chip.")
    if value > MAX_CHIPS:
        raise BadAmount(f"{what} is more chips than a bankroll can hold.")
    return value


def snowflake(value: Any, what: str) -> int:
    """A Discord id (guild, channel, user) or a table id: a positive 64-bit integer."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= MAX_INT64:
        raise BadId(f"{what} must be a positive whole number, not {value!r}.")
    return value


def setting(value: Any, what: str, low: int, high: int = MAX_CHIPS) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        shown = f"from {low:,} to {high:,}" if high < MAX_CHIPS else f"at least {low:,}"
        raise BadSetting(f"{what} must be a whole number {shown}, not {value!r}.")
    return value
