"""What the shared table UI asks of a game's cog: its embeds, its hand view, its clicks.

Each game's cog registers one `GameUI` with the table cog; the presenter, the hand
controls and the shared commands find it by the table's game and never name a game.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import discord

if TYPE_CHECKING:
    from bot.settings import Settings
    from bot.store import StoreError
    from bot.tables import LiveTable, TableError, TableService
    from cogs.table.components import RenderedView
    from engine.cards import Card
    from engine.game import Game, Settlement


@dataclass(frozen=True)
class TableOption:
    """One of the table options a game's page allows (G3.3), as `/<game> create` offers
    it: a word from `choices`, or without choices a whole number of chips. What a value
    may be is the game's to decide when the table opens (bot/store/options.py)."""

    name: str  # the record's `options` key, and the command option's name
    description: str
    choices: tuple[str, ...] = ()
    # The record's value for each of `choices`, in order, when it is not the word itself
    # (Fifty-One's `joker:on` is `true`); empty, the word is the value.
    values: tuple[Any, ...] = ()

    def record_value(self, chosen: Any) -> Any:
        if self.values and chosen in self.choices:
            return self.values[self.choices.index(chosen)]
        return chosen


def options_line(options: Mapping[str, Any]) -> str:
    """A table's options as its lobby and table message show them: "match colour",
    "joker on"."""
    return ", ".join(f"{name} {_shown(value)}" for name, value in sorted(options.items()))


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


class GameUI(Protocol):
    game: Game  # the registry's game: its info (id, name, seats) and its computer levels
    how_to_start: str  # one line for /games, after the game's name
    # Optional: `table_options: tuple[TableOption, ...]`, what `/<game> create` offers.
    # Optional pictures (cogs/table/pictures): `table_picture(public) -> Picture`, drawn
    # from the game's public view and nothing else, and `hand_picture(view, picked) ->
    # Picture`, a player's own cards from their private view, for the ephemeral view only.

    def rules_embed(self, settings: Settings) -> discord.Embed:
        """`/<game> rules`: the game in a few lines."""
        ...

    def lobby_embed(self, table: LiveTable) -> discord.Embed:
        """The table between hands."""
        ...

    def table_embed(self, table: LiveTable) -> discord.Embed:
        """The public table during a hand (and once it is over): no hidden card."""
        ...

    def result_embed(self, settlement: Settlement, *, hand_number: int) -> discord.Embed:
        ...

    def history_line(self, result: dict) -> str:
        """A finished hand in `/<game> history`, after "<number>. ": its result JSON."""
        ...

    def hand_embed(self, view: Any, *, note: str = "") -> discord.Embed:
        """A player's own hand, for an ephemeral answer only."""
        ...

    def hand_view(
        self, table_id: int, owner: int, hand_number: int, view: Any, *,
        picked: Collection[Card] = (), targets: Collection[int] | None = None,
    ) -> RenderedView:
        ...

    async def play(
        self, tables: TableService, table: LiveTable, user: int, at: tuple[int, int],
        act: str, picked: Sequence[Card], values: list[str],
    ) -> tuple[str, list[int] | None]:
        """One click of a hand view that is still current; the note to show, and any
        choices the view offers next (a hit's spreads)."""
        ...

    def refusal(self, refused: TableError | StoreError, table: LiveTable) -> str:
        """A refused click, as the player who clicked reads it."""
        ...
