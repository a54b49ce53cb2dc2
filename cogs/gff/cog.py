"""The `/gff` command group. Each subcommand is a method of GffCog."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.gff.rules import rules_embed

if TYPE_CHECKING:
    from bot.client import GffBot


class GffCog(commands.Cog):
    gff = app_commands.Group(name="gff", description="Play Game, Flip and Flop")

    def __init__(self, bot: GffBot) -> None:
        self.bot = bot

    @gff.command(name="rules", description="How to play Game, Flip and Flop")
    async def rules(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            embed=rules_embed(self.bot.settings), ephemeral=True
        )
