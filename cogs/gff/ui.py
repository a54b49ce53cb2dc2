"""GFF's part of the table UI: its embeds, its hand view, its rules (cogs/table/ui.py)."""

from __future__ import annotations

import discord

from bot.settings import Settings
from bot.tables import LiveTable
from cogs.gff import pictures, render, rules
from cogs.rummy.play import RummyPlay
from cogs.table.clock import deadline_of
from cogs.table.frames import mentions
from cogs.table.ui import GameUI
from engine.gff.game import GFF
from engine.gff.views import PrivateView


class GffUI(RummyPlay, GameUI):
    game = GFF
    how_to_start = "`/gff join` in a channel, then the host deals with `/gff start`"
    table_picture = staticmethod(pictures.table_picture)
    hand_picture = staticmethod(pictures.hand_picture)
    out_below = "two stakes"
    result_lines = staticmethod(render.result_lines)

    def rules_embed(self, settings: Settings) -> discord.Embed:
        return rules.rules_embed(settings)

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

    def history_words(self, result: dict) -> str:
        return f"game to {mentions(result.get('game_winners', []))}"

    def hand_embed(self, view: PrivateView, *, note: str = "") -> discord.Embed:
        return render.hand_embed(view, note=note)
