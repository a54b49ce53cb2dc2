"""The flush auction's part of the table UI (cogs/table/ui.py): its embeds, the bid menu
under `auction:` ids, its rules."""

from __future__ import annotations

from collections.abc import Collection

import discord

from bot.settings import Settings
from bot.tables import LiveTable, TableError, TableService
from cogs.auction import pictures, render, rules
from cogs.auction.reveals import shown_reveals
from cogs.sealed.clock import first_deadline
from cogs.sealed.play import SealedPlay, bid_view
from cogs.table.components import RenderedView, option
from cogs.table.names import count
from engine.auction.actions import Bid
from engine.auction.game import AUCTION
from engine.auction.settlement import AuctionSettlement
from engine.auction.views import PrivateView
from engine.cards import Card

GAME = AUCTION.info.id


class AuctionUI(SealedPlay):
    game = AUCTION
    how_to_start = "`/auction join` in a channel, then the host deals with `/auction start`"
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
            shown_reveals(hand),
            hand_number=table.running.number,
            deadline=first_deadline(table),
            away={str(u) for u in table.away},
            commitment=hand.commitment,
        )

    def result_embed(self, settlement: AuctionSettlement, *, hand_number: int
                     ) -> discord.Embed:
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
        # AUCTION-3.1: the legal amounts, at most 12 (0 to 11), in the player's own view.
        options = [option(f"Bid {count(n, 'game chip')}", str(n))
                   for n in range(view.low, view.high + 1)] if view.legal else []
        return bid_view(GAME, table_id, owner, at, options, "Bid game chips (final once made)")

    def bid_from(self, seat: str, value: str) -> Bid:
        if not value.isdigit():
            raise TableError("that menu choice is not a whole number of game chips.")
        return Bid(seat, int(value))

    def bid_words(self, action: Bid) -> str:
        return count(action.amount, "game chip")
