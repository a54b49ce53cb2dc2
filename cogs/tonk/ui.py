"""Tonk's part of the table UI (cogs/table/ui.py): its embeds, the rummy hand view under
`tonk:` ids, its rules."""

from __future__ import annotations

import discord

from bot.settings import Settings
from bot.tables import LiveTable
from cogs.rummy.play import RummyPlay
from cogs.table.clock import deadline_of
from cogs.table.ui import GameUI
from cogs.tonk import pictures, render, rules
from engine.tonk.game import TONK
from engine.tonk.views import PrivateView

GAME = TONK.info.id


class TonkUI(RummyPlay, GameUI):
    game = TONK
    how_to_start = "`/tonk join` in a channel, then the host deals with `/tonk start`"
    table_picture = staticmethod(pictures.table_picture)
    hand_picture = staticmethod(pictures.hand_picture)
    lobby_line = "No pots: each hand ends with payments between players."
    out_below = "two stakes"
    result_lines = staticmethod(render.result_lines)
    history_words = staticmethod(render.history_words)

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

    def hand_embed(self, view: PrivateView, *, note: str = "") -> discord.Embed:
        return render.hand_embed(view, note=note)
