"""Tonk's part of the table UI (cogs/table/ui.py): its embeds, the rummy hand view under
`tonk:` ids, its rules."""

from __future__ import annotations

import discord

from bot.i18n import N_
from bot.settings import Settings
from cogs.rummy.play import RummyPlay
from cogs.table.ui import GameUI
from cogs.tonk import pictures, render, rules
from engine.tonk.game import TONK

GAME = TONK.info.id


class TonkUI(RummyPlay, GameUI):
    game = TONK
    embeds = render
    how_to_start = N_("`/tonk join` in a channel, then the host deals with `/tonk start`")
    table_picture = staticmethod(pictures.table_picture)
    hand_picture = staticmethod(pictures.hand_picture)
    lobby_line = N_("No pots: each hand ends with payments between players.")
    # Translators: what a player's stack fell below to be out of the table
    out_below = N_("two stakes")
    result_lines = staticmethod(render.result_lines)
    history_words = staticmethod(render.history_words)

    def rules_embed(self, settings: Settings) -> discord.Embed:
        return rules.rules_embed(settings)
