"""What the shared table UI asks of a game's cog: its embeds, its hand view, its clicks.

Each game's cog subclasses `GameUI` and registers one with the table cog; the presenter,
the hand controls and the shared commands find it by the table's game and never name a
game, and ask any game's UI for any member. The base draws what every game's table
shows (the lobby and its seats, a result's frame, a history line's, a refusal out of
turn: cogs/table/frames.py) and gathers what every table message is drawn from; a game
gives the lines its rules make its own.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from bot.i18n import N_, _
from bot.tables import TableError
from cogs.table import frames
from cogs.table.clock import deadline_of
from cogs.table.frames import Field, ResultLines, options_line
from cogs.table.names import seat_name

if TYPE_CHECKING:
    from bot.settings import Settings
    from bot.store import StoreError, Table
    from bot.tables import LiveTable, TableService
    from cogs.table.components import RenderedView
    from cogs.table.pictures.layout import Picture
    from engine.cards import Card
    from engine.game import Game, Settlement

__all__ = ["FRESH_VIEW", "Field", "GameUI", "ResultLines", "TableOption", "ViewState",
           "options_line"]


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


@dataclass(frozen=True)
class ViewState:
    """What a player's hand view shows besides their hand, from the clicks that led to it.
    The shared controls keep it between clicks and give it back as it is."""

    picked: frozenset[Card] = frozenset()  # chosen in the view's card menu (`pick`)
    # The game's own: what its last click offers next (`GameUI.play`'s second value), such
    # as the spreads a hit may go on or the jack whose suit is to be named; None for nothing.
    offered: Any = None


FRESH_VIEW = ViewState()  # a view shown anew: nothing picked, nothing offered


class GameUI(ABC):
    """A game's UI: each game's cog subclasses it. What every game must give is abstract;
    what only some games have has its default here, as a game without it behaves."""

    game: ClassVar[Game]  # the registry's game: its info (id, name, seats), computer levels
    how_to_start: ClassVar[str]  # one line for /games, after the game's name
    # What `/<game> create` offers besides the house settings (G3.3); none by default.
    table_options: ClassVar[tuple[TableOption, ...]] = ()
    # Pictures (cogs/table/pictures), none by default: the table's, drawn from the game's
    # public view and nothing else, and a player's own cards, from their private view and
    # the cards they picked, for the ephemeral view only.
    table_picture: ClassVar[Callable[[Any], Picture] | None] = None
    hand_picture: ClassVar[Callable[[Any, Collection[Card]], Picture] | None] = None
    # The acts of the game's own buttons and menus in a hand view, besides the table's
    # (Refresh, the card menu's pick: cogs/table/items.py); a click on any other act is
    # answered as an out-of-date button.
    button_acts: ClassVar[tuple[str, ...]] = ()
    menu_acts: ClassVar[tuple[str, ...]] = ()
    # The acts of the game's card buttons (`<act>.<index>`, cogs/table/components.py
    # `card_buttons`): a press is the act with the card at that place of `shown_cards`, as
    # its menu would send the card's code. Picking (`pick`) is every game's.
    card_acts: ClassVar[tuple[str, ...]] = ()
    # What the game calls one hand, as its embeds' titles say: "deal", "game", "partie"
    # (the English word: the result's sentences for each are in cogs/table/frames.py).
    hand_word: ClassVar[str] = "hand"
    # The lobby's sentence on what the game is about, between the terms and how to join;
    # marked N_ where a game sets it, translated here.
    lobby_line: ClassVar[str] = ""
    # G2.6: what a stack fell below to be out, in the result's words ("two stakes"); marked
    # N_ where a game sets it, translated where shown.
    out_below: ClassVar[str] = N_("the stake")
    # What draws the game's table and hand embeds: its render module, or an object with its
    # two functions, `table_embed(public, *, hand_number, deadline, away)` (and
    # whatever else `draw_table` gives it) and `hand_embed(view, *, note)`.
    embeds: ClassVar[Any]

    @abstractmethod
    def rules_embed(self, settings: Settings) -> discord.Embed:
        """`/<game> rules`: the game in a few lines."""

    # -- the lobby -------------------------------------------------------------------------

    def lobby_embed(self, table: LiveTable) -> discord.Embed:
        """The table between hands: its terms, what the game is about, how to join, the
        seats."""
        info = table.info
        seats = frames.seats_field(info.seats, info.max_players)
        return frames.embed(_(self.game.info.name), self.lobby_description(info), frames.GREY,
                            self.lobby_fields(info, seats))

    def lobby_description(self, info: Table) -> str:
        parts = (self.lobby_terms(info), _(self.lobby_line) if self.lobby_line else "",
                 frames.join_line(self.game.info.id))
        return " ".join(part for part in parts if part)

    def lobby_terms(self, info: Table) -> str:
        return _("Stake {stake}, buy-in {buy_in}, up to {players} players.",
                 stake=info.stake, buy_in=info.buy_in, players=str(info.max_players))

    def lobby_fields(self, info: Table, seats: Field) -> list[Field]:
        """The lobby's fields: the seats, and the game's own (a carried pot, the table's
        options) where it shows them."""
        return [seats]

    # -- a hand ----------------------------------------------------------------------------

    def table_embed(self, table: LiveTable) -> discord.Embed:
        """The public table during a hand (and once it is over): no hidden card. What every
        table shows, gathered here; the game's `draw_table` draws it."""
        hand = table.running.hand
        return self.draw_table(table, hand.public_view(), hand_number=table.running.number,
                               deadline=self.table_deadline(table),
                               away={str(u) for u in table.away})

    def draw_table(self, table: LiveTable, public: Any, **shown: Any) -> discord.Embed:
        """The game's table embed from its public view and what every table shows
        (`shown`: the hand's number, the deadline, who is away). A game
        whose embed takes more from the table or the hand overrides this to add it."""
        return self.embeds.table_embed(public, **shown)

    def table_deadline(self, table: LiveTable) -> int | None:
        """The Unix time the table's headline counts down to. In a turn game, one seat acts
        at a time: its turn's end."""
        turn = table.running.hand.to_act()
        deadline = deadline_of(table, turn[0]) if turn else None
        return int(deadline) if deadline else None

    def result_embed(self, settlement: Settlement, *, hand_number: int) -> discord.Embed:
        """A settled hand, posted to the channel: the game's lines, each net, who is out."""
        return frames.result_embed(settlement, self.result_lines(settlement),
                                   hand_word=self.hand_word, hand_number=hand_number,
                                   out_below=self.out_below)

    def result_lines(self, settlement: Settlement) -> ResultLines:
        """The game's own lines of a settled hand; without any, how it ended."""
        return ResultLines(frames.ended_line(self.hand_word, settlement.ended))

    def history_line(self, result: dict) -> str:
        """A finished hand in `/<game> history`, after "<number>. ", from its result JSON:
        how it ended, then the game's words for it."""
        words = self.history_words(result)
        ending = self.history_ending(result)
        return f"{ending}: {words}" if words else ending

    def history_ending(self, result: dict) -> str:
        """How the line opens: the result's `ended` (G3.5)."""
        return str(result.get("ended", "?"))

    def history_words(self, result: dict) -> str:
        """The game's words after the ending: who was paid, the scores; none by default."""
        return ""

    # -- a player's own view ---------------------------------------------------------------

    def hand_embed(self, view: Any, *, note: str = "") -> discord.Embed:
        """A player's own hand, for an ephemeral answer only."""
        return self.embeds.hand_embed(view, note=note)

    def shown_cards(self, view: Any) -> Sequence[Card]:
        """The cards a hand view shows as buttons, in their order: a card button's index
        is a place in these, read again from the view when it is clicked."""
        return view.hand

    @abstractmethod
    def hand_view(
        self, table_id: int, owner: int, hand_number: int, view: Any, *,
        state: ViewState = FRESH_VIEW,
    ) -> RenderedView:
        """A player's own buttons and menus for their private view."""

    @abstractmethod
    async def play(
        self, tables: TableService, table: LiveTable, user: int, at: tuple[int, int],
        act: str, picked: Sequence[Card], values: list[str],
    ) -> tuple[str, Any]:
        """One click of a hand view that is still current: the note to show, and what the
        view offers next (`ViewState.offered`: a hit's spreads), or None."""

    def refusal(self, refused: TableError | StoreError, table: LiveTable) -> str:
        """A refused click, as the player who clicked reads it. The engine names seats in
        the third person, for a record's replay; here it speaks to the one who clicked."""
        hand = table.hand
        if isinstance(refused, TableError) and refused.code == "not_your_turn":
            said = self.out_of_turn(hand.to_act() if hand else ())
            if said is not None:
                return said
        return _("Not done: {refusal}", refusal=refused.message)

    def out_of_turn(self, waiting: Sequence[str]) -> str | None:
        """A click refused as out of turn, from the seats the hand waits for; None leaves
        the engine's words. In a turn game, one seat acts at a time."""
        if not waiting:
            return None
        return _("It is not your turn; waiting for {player}.", player=seat_name(waiting[0]))
