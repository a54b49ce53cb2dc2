"""GFF's part of the table UI: its embeds, its hand view, its rules (cogs/table/ui.py)."""

from __future__ import annotations

from collections.abc import Collection

import discord

from bot.settings import Settings
from bot.tables import LiveTable
from cogs.gff import pictures, render, rules
from cogs.gff.views import hand_view
from cogs.rummy.play import RummyPlay
from cogs.table.clock import deadline_of
from cogs.table.components import RenderedView
from engine.cards import Card
from engine.gff.game import GFF
from engine.gff.settlement import Settlement
from engine.gff.views import PrivateView


class GffUI(RummyPlay):
    game = GFF
    how_to_start = "`/gff join` in a channel, then the host deals with `/gff start`"
    table_picture = staticmethod(pictures.table_picture)
    hand_picture = staticmethod(pictures.hand_picture)

    def rules_embed(self, settings: Settings) -> discord.Embed:
        return rules.rules_embed(settings)

    def lobby_embed(self, table: LiveTable) -> discord.Embed:
        info = table.info
        seats = [render.SeatLine(str(s.user_id), s.stack,
                                 s.status if s.status != "seated" else "")
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

    def result_embed(self, settlement: Settlement, *, hand_number: int) -> discord.Embed:
        return render.result_embed(settlement, hand_number=hand_number)

    def history_line(self, result: dict) -> str:
        winners = ", ".join(f"<@{w}>" for w in result.get("game_winners", [])) or "nobody"
        return f"{result.get('ended', '?')}: game to {winners}"

    def hand_embed(self, view: PrivateView, *, note: str = "") -> discord.Embed:
        return render.hand_embed(view, note=note)

    def hand_view(
        self, table_id: int, owner: int, hand_number: int, view: PrivateView, *,
        picked: Collection[Card] = (), targets: Collection[int] | None = None,
    ) -> RenderedView:
        return hand_view(table_id, owner, hand_number, view, picked=picked, targets=targets)
