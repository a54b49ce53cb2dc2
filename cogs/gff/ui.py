"""GFF's part of the table UI: its embeds, its hand view, its rules (cogs/table/ui.py)."""

from __future__ import annotations

import discord

from bot.i18n import N_, _
from bot.settings import Settings
from cogs.gff import pictures, render, rules
from cogs.rummy.play import RummyPlay
from cogs.table.frames import mentions
from cogs.table.ui import GameUI
from engine.gff.game import GFF


class GffUI(RummyPlay, GameUI):
    game = GFF
    embeds = render
    how_to_start = N_("`/gff join` in a channel, then the host deals with `/gff start`")
    table_picture = staticmethod(pictures.table_picture)
    hand_picture = staticmethod(pictures.hand_picture)
    # Translators: what a player's stack fell below to be out of the table
    out_below = N_("two stakes")
    result_lines = staticmethod(render.result_lines)

    def rules_embed(self, settings: Settings) -> discord.Embed:
        return rules.rules_embed(settings)

    def history_words(self, result: dict) -> str:
        # Translators: a hand in the history: the game pot went to these players
        return _("game to {players}", players=mentions(result.get("game_winners", [])))
