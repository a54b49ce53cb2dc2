"""Whose language a message is rendered in: a player's, or their server's.

Discord tells the bot each user's client language (`locale`) and their server's
(`guild_locale`) with every interaction, and a server's at GUILD_CREATE
(`preferred_locale`). The bot keeps the last it heard of each, so that what is sent
outside an interaction (a hand view brought up to date at a turn, the table after a
timeout) reads as the last interaction would have. A server's own choice
(`/config language`) wins over what Discord says of it.
"""

from __future__ import annotations

import contextlib
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from bot.i18n import using
from bot.i18n.catalogs import SOURCE, language_of

# Users remembered: a bot's active players fit many times over; the longest unheard
# go first, and read their server's language until they interact again.
USERS_KEPT = 100_000


class Readers:
    """The languages one bot has heard of its users and servers."""

    def __init__(self, server_locale: Callable[[int], object] | None = None) -> None:
        # What Discord's cache says of a server (its preferred_locale), for a server no
        # interaction has spoken for yet.
        self._server_locale = server_locale
        self._users: OrderedDict[int, str] = OrderedDict()
        self._servers: dict[int, str] = {}  # Discord's language of each server
        # A server's /config language, once read from the store: "" for none chosen.
        self._chosen: dict[int, str] = {}

    def heard(self, user_id: int | None, locale: object, guild_id: int | None = None,
              guild_locale: object = None) -> None:
        """Keep what an interaction said of its user's and server's languages."""
        if user_id is not None and isinstance(locale, str) and locale:
            self._users[user_id] = language_of(locale)
            self._users.move_to_end(user_id)
            if len(self._users) > USERS_KEPT:
                self._users.popitem(last=False)
        if guild_id is not None and isinstance(guild_locale, str) and guild_locale:
            self._servers[guild_id] = language_of(guild_locale)

    def heard_interaction(self, event: Mapping[str, Any]) -> str:
        """Keep what a raw INTERACTION_CREATE payload says; its user's language."""
        member = event.get("member")
        user = member.get("user") if isinstance(member, Mapping) else None
        user = user or event.get("user") or {}
        user_id = _snowflake(user.get("id") if isinstance(user, Mapping) else None)
        guild_id = _snowflake(event.get("guild_id"))
        locale = event.get("locale")
        self.heard(user_id, locale, guild_id, event.get("guild_locale"))
        return language_of(locale)

    def choose(self, guild_id: int, language: str | None) -> None:
        """A server's own choice of language (None or "": Discord's language of the
        server), as the store holds it."""
        self._chosen[guild_id] = language_of(language) if language else ""

    def knows_choice(self, guild_id: int) -> bool:
        """Whether the server's choice has been read from the store (or made) here."""
        return guild_id in self._chosen

    def of_server(self, guild_id: int | None) -> str:
        if guild_id is None:
            return SOURCE
        found = self._chosen.get(guild_id) or self._servers.get(guild_id)
        if found is None and self._server_locale is not None:
            found = language_of(self._server_locale(guild_id))
        return found or SOURCE

    def of_user(self, user_id: int, guild_id: int | None = None) -> str:
        """A user's language as last heard; unheard, their server's."""
        return self._users.get(user_id) or self.of_server(guild_id)

    @contextlib.contextmanager
    def for_server(self, guild_id: int | None) -> Iterator[str]:
        """Render what a server's channel sees."""
        with using(self.of_server(guild_id)) as language:
            yield language

    @contextlib.contextmanager
    def for_user(self, user_id: int, guild_id: int | None = None) -> Iterator[str]:
        """Render what only one user sees."""
        with using(self.of_user(user_id, guild_id)) as language:
            yield language


def _snowflake(value: object) -> int | None:
    try:
        return int(value) if value else None  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None
