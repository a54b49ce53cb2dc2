"""A sealed choice from a player's own hand view (G3.4): one menu of the legal choices,
or a game's own controls (Gops: its hand as card buttons), and Refresh. Gops and the
flush auction choose a bid; any game whose seats choose at once, hidden until all are
in, can be served the same way.

The choice is made in the ephemeral view only: the options or buttons are the player's
own cards or amounts, and no custom id names one (a card button carries its place in
the hand, cogs/table/components.py `card_buttons`). Each seat's controls carry that seat's
own number (`Deal.seat_seq`), so one player's choice never makes another's view stale.
A choice, once made, is final: the engine refuses a second one for the round.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from bot.i18n import Text, _
from bot.tables import LiveTable, TableError
from cogs.sealed.clock import first_deadline
from cogs.sealed.words import ChoiceWords
from cogs.table.components import Component, RenderedView, button, menu
from cogs.table.items import hand_custom_id
from cogs.table.names import seat_name
from cogs.table.ui import FRESH_VIEW, ViewState

if TYPE_CHECKING:
    from bot.tables import TableService
    from engine.cards import Card
    from engine.game import Game

# The choice menu's act. "bid" in the ids of every message sent so far, whatever a game
# calls its choice: a view shown before an upgrade still works.
CHOOSE = "bid"


class SealedPlay:
    """The hand view and clicks of a sealed-round game; mixed into Gops's and the
    auction's UI, before `GameUI`.

    A game's UI gives its `words` and the menu's `placeholder`, `choice_options(view)`
    (the menu's options when a choice is due) or its own `choice_rows`, `choice_from(seat,
    value)` (a menu value, or a card button's card code, made into its engine action, or
    a TableError) and `choice_words(action)` (the choice as the player reads it).
    """

    game: ClassVar[Game]
    words: ClassVar[ChoiceWords]
    placeholder: ClassVar[str]  # the choice menu's, before anything is chosen (a message id)
    button_acts: tuple[str, ...] = ()  # Refresh is the table's
    menu_acts = (CHOOSE,)  # the player's own cards or amounts, in their own view

    def __init__(self, tables: TableService) -> None:
        self.tables = tables

    def table_deadline(self, table: LiveTable) -> int | None:
        """Every seat still to choose has its own clock: the soonest to run out."""
        return first_deadline(table)

    def choice_options(self, view: Any) -> list[Component]:
        raise NotImplementedError

    def choice_rows(self, view: Any, custom_id: Callable[[str], str]) -> list[list[Component]]:
        """The rows a choice is made with: one menu of `choice_options`, only when a
        choice is due. `custom_id(act)` is an id of this seat's controls now."""
        if not view.legal:
            return []
        return [[menu(custom_id(CHOOSE), self.choice_options(view), _(self.placeholder))]]

    def choice_from(self, seat: str, value: str) -> Any:
        raise NotImplementedError

    def choice_words(self, action: Any) -> str:
        raise NotImplementedError

    def seat_seq(self, table_id: int, owner: int, fallback: int) -> int:
        """The number `owner`'s controls carry now. A table that has just closed has no
        choice to make, and its view's only live control, Refresh, is never stale."""
        table = self.tables.tables.get(table_id)
        hand = table.hand if table is not None else None
        return fallback if hand is None else hand.seat_seq(str(owner))

    def hand_view(
        self, table_id: int, owner: int, hand_number: int, view: Any, *,
        state: ViewState = FRESH_VIEW,
    ) -> RenderedView:
        """The choice's controls (`choice_rows`), and Refresh."""
        at = (hand_number, self.seat_seq(table_id, owner, view.public.seq))

        def custom_id(act: str) -> str:
            return hand_custom_id(self.game.info.id, table_id, owner, at, act)

        rows = self.choice_rows(view, custom_id)
        # Translators: a button: show the view again as the table is now
        rows.append([button(custom_id("refresh"), _("Refresh"), discord.ButtonStyle.secondary)])
        return RenderedView(rows)

    async def play(
        self, tables: TableService, table: LiveTable, user: int, at: tuple[int, int], act: str,
        picked: Sequence[Card], values: list[str],
    ) -> tuple[str, None]:
        words = self.words
        if act != CHOOSE:
            raise TableError(Text("that button does nothing."))
        if len(values) != 1:
            raise TableError(Text(words.choose_one, noun=words.noun))
        seat = str(user)
        action = self.choice_from(seat, values[0])
        number, seq = at
        await tables.act(table.id, user, action, seq, hand_number=number)
        hand = table.hand
        said = _(words.chosen, did=words.did, choice=self.choice_words(action))
        if hand is None or hand.is_over:
            over = _("The game is over: see the result in the channel.")
            return f"{said} {over}", None
        mine = next(s for s in hand.public_view().seats if s.id == seat)
        if mine.has_bid:  # sealed: others still to choose
            return f"{said} {_(words.hidden, noun=words.noun)}", None
        said = f"{said} {_(words.all_in, noun=words.noun)}"
        if seat in hand.to_act():
            said = f"{said} {_(words.next_due, noun=words.noun)}"
        return said, None

    def out_of_turn(self, waiting: Sequence[str]) -> str:
        """Every seat still to bid is waited for at once (G3.4)."""
        names = ", ".join(seat_name(s) for s in waiting)
        if names:
            return _("You have no bid to make now; waiting for {players}.", players=names)
        return _("You have no bid to make now.")
