"""Tonk's part of the table UI (cogs/table/ui.py): its embeds, the rummy hand view under
`tonk:` ids, its rules."""

from __future__ import annotations

from collections.abc import Collection

import discord

from bot.settings import Settings
from bot.tables import LiveTable
from cogs.rummy import views
from cogs.rummy.play import RummyPlay
from cogs.table.clock import deadline_of
from cogs.table.components import RenderedView
from cogs.tonk import pictures, render, rules
from engine.cards import Card
from engine.tonk.game import TONK
from engine.tonk.settlement import TonkSettlement
from engine.tonk.views import PrivateView

GAME = TONK.info.id


class TonkUI(RummyPlay):
    game = TONK
    how_to_start = "`/tonk join` in a channel, then the host deals with `/tonk start`"
    table_picture = staticmethod(pictures.table_picture)
    hand_picture = staticmethod(pictures.hand_picture)

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
        turn = hand.to_act()
        deadline = deadline_of(table, turn[0]) if turn else None
        return render.table_embed(
            hand.public_view(),
            hand.events,
            hand_number=table.running.number,
            deadline=int(deadline) if deadline else None,
            away={str(u) for u in table.away},
            commitment=hand.commitment,
        )

    def result_embed(self, settlement: TonkSettlement, *, hand_number: int) -> discord.Embed:
        return render.result_embed(settlement, hand_number=hand_number)

    def history_line(self, result: dict) -> str:
        return render.history_line(result)

    def hand_embed(self, view: PrivateView, *, note: str = "") -> discord.Embed:
        return render.hand_embed(view, note=note)

    def hand_view(
        self, table_id: int, owner: int, hand_number: int, view: PrivateView, *,
        picked: Collection[Card] = (), targets: Collection[int] | None = None,
    ) -> RenderedView:
        return views.hand_view(GAME, table_id, owner, hand_number, view, picked=picked,
                               targets=targets)
