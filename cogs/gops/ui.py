"""Gops's part of the table UI (cogs/table/ui.py): its embeds, the bid menu under
`gops:` ids, its rules."""

from __future__ import annotations

from collections.abc import Collection

import discord

from bot.settings import Settings
from bot.tables import LiveTable, TableError, TableService
from cogs.gops import pictures, render, rules
from cogs.sealed.clock import first_deadline
from cogs.sealed.play import SealedPlay, bid_view
from cogs.table.components import RenderedView, option
from engine import cards as C
from engine.cards import Card, CardError
from engine.gops.actions import Bid
from engine.gops.game import GOPS
from engine.gops.settlement import GopsSettlement
from engine.gops.views import PrivateView

GAME = GOPS.info.id


class GopsUI(SealedPlay):
    game = GOPS
    how_to_start = "`/gops join` in a channel, then the host deals with `/gops start`"
    table_picture = staticmethod(pictures.table_picture)
    hand_picture = staticmethod(pictures.hand_picture)

    def __init__(self, tables: TableService) -> None:
        super().__init__(tables)

    def rules_embed(self, settings: Settings) -> discord.Embed:
        return rules.rules_embed(settings)

    def lobby_embed(self, table: LiveTable) -> discord.Embed:
        info = table.info
        seats = [(str(s.user_id), s.stack, s.status if s.status != "seated" else "")
                 for s in info.seats]
        return render.lobby_embed(
            seats, stake=info.stake, buy_in=info.buy_in, max_players=info.max_players
        )

    def table_embed(self, table: LiveTable) -> discord.Embed:
        hand = table.running.hand
        return render.table_embed(
            hand.public_view(),
            hand_number=table.running.number,
            deadline=first_deadline(table),
            away={str(u) for u in table.away},
            commitment=hand.commitment,
        )

    def result_embed(self, settlement: GopsSettlement, *, hand_number: int) -> discord.Embed:
        return render.result_embed(settlement, hand_number=hand_number)

    def history_line(self, result: dict) -> str:
        return render.history_line(result)

    def hand_embed(self, view: PrivateView, *, note: str = "") -> discord.Embed:
        return render.hand_embed(view, note=note)

    def hand_view(
        self, table_id: int, owner: int, hand_number: int, view: PrivateView, *,
        picked: Collection[Card] = (), targets: Collection[int] | None = None,
    ) -> RenderedView:
        at = (hand_number, self.seat_seq(table_id, owner, view.public.seq))
        # GOPS-4.2: the player's own cards, in their own view; at most 13 options.
        options = [option(C.label(card), C.code(card)) for card in view.hand] \
            if view.legal else []
        return bid_view(GAME, table_id, owner, at, options, "Bid a card (final once made)")

    def bid_from(self, seat: str, value: str) -> Bid:
        try:
            return Bid(seat, C.parse(value))
        except CardError:
            raise TableError("that menu choice is not a card.") from None

    def bid_words(self, action: Bid) -> str:
        return C.label(action.card)
