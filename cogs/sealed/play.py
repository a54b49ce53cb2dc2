"""A sealed bid from a player's own hand view (G3.4): one menu of the legal bids, and
Refresh.

The bid is chosen in the ephemeral view only: the menu's options are the player's own
cards or amounts, and no custom id names one. Each seat's controls carry that seat's
own number (`Deal.seat_seq`), so one player's bid never makes another's view stale. A
bid, once made, is final: the engine refuses a second one for the round.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.store import StoreError
from bot.tables import LiveTable, TableError
from cogs.table.components import Component, RenderedView, button, menu
from cogs.table.items import hand_custom_id
from cogs.table.names import seat_name

if TYPE_CHECKING:
    from bot.tables import TableService
    from engine.cards import Card

BID = "bid"  # the bid menu's act (cogs/table/items.py)


class SealedPlay:
    """The clicks of a sealed-bid game's hand view; mixed into Gops's and the auction's UI.

    A game's UI gives `bid_from(seat, value)` (a menu value made into its engine action,
    or a TableError) and `bid_words(action)` (the bid as the player reads it).
    """

    def __init__(self, tables: TableService) -> None:
        self.tables = tables

    def bid_from(self, seat: str, value: str) -> Any:
        raise NotImplementedError

    def bid_words(self, action: Any) -> str:
        raise NotImplementedError

    def seat_seq(self, table_id: int, owner: int, fallback: int) -> int:
        """The number `owner`'s controls carry now. A table that has just closed has no
        bid to make, and its view's only live control, Refresh, is never stale."""
        table = self.tables.tables.get(table_id)
        hand = table.hand if table is not None else None
        return fallback if hand is None else hand.seat_seq(str(owner))

    async def play(
        self, tables: TableService, table: LiveTable, user: int, at: tuple[int, int], act: str,
        picked: Sequence[Card], values: list[str],
    ) -> tuple[str, list[int] | None]:
        if act != BID:
            raise TableError("that button does nothing.")
        if len(values) != 1:
            raise TableError("choose one bid from the menu.")
        seat = str(user)
        action = self.bid_from(seat, values[0])
        number, seq = at
        await tables.act(table.id, user, action, seq, hand_number=number)
        hand = table.hand
        said = f"You bid {self.bid_words(action)}."
        if hand is None or hand.is_over:
            return f"{said} The game is over: see the result in the channel.", None
        mine = next(s for s in hand.public_view().seats if s.id == seat)
        if mine.has_bid:  # sealed: others still to bid
            return f"{said} It is final, and hidden until every bid is in.", None
        due = " Your next bid is due." if seat in hand.to_act() else ""
        return f"{said} Every bid is in: see them on the table.{due}", None

    def refusal(self, refused: TableError | StoreError, table: LiveTable) -> str:
        """The engine names seats in the third person, for a record's replay; here it
        speaks to the one who clicked."""
        if getattr(refused, "code", None) == "not_your_turn":
            hand = table.hand
            waiting = ", ".join(seat_name(s) for s in hand.to_act()) if hand else ""
            return ("You have no bid to make now" + (f"; waiting for {waiting}." if waiting
                                                     else "."))
        return f"Not done: {refused.message}"


def bid_view(
    game: str, table_id: int, owner: int, at: tuple[int, int], options: list[Component],
    placeholder: str,
) -> RenderedView:
    """The bid menu (only when a bid is due: `options` empty otherwise) and Refresh."""
    rows: list[list[Component]] = []
    if options:
        rows.append([menu(hand_custom_id(game, table_id, owner, at, BID), options,
                          placeholder)])
    rows.append([button(hand_custom_id(game, table_id, owner, at, "refresh"), "Refresh",
                        discord.ButtonStyle.secondary)])
    return RenderedView(rows)
