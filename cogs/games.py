"""`/games`: the games this bot plays, one line each, and how to start one."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

if TYPE_CHECKING:
    from bot.client import HallBot


def games_embed(uis) -> discord.Embed:
    embed = discord.Embed(
        title="The games",
        description="One table per channel, whatever its game; chips come from your "
        "`/bankroll`. Each game has `/<game> rules`.",
        colour=discord.Colour.dark_green(),
    )
    for ui in uis:
        info = ui.game.info
        seats = f"{info.min_seats} to {info.max_seats} players"
        embed.add_field(
            name=f"{info.name} — /{info.id}",
            value=f"{info.summary} ({seats}).\nStart: {ui.how_to_start}.",
            inline=False,
        )
    return embed


class GamesCog(commands.Cog):
    def __init__(self, bot: HallBot) -> None:
        self.bot = bot

    @app_commands.command(name="games", description="The games you can play here")
    @app_commands.guild_only()
    async def games(self, interaction: discord.Interaction) -> None:
        table_cog = self.bot.get_cog("TableCog")
        uis = list(table_cog.uis.values()) if table_cog is not None else []  # type: ignore[attr-defined]
        if not uis:
            await interaction.response.send_message("No game is loaded.", ephemeral=True)
            return
        await interaction.response.send_message(embed=games_embed(uis), ephemeral=True)


async def setup(bot: HallBot) -> None:
    await bot.add_cog(GamesCog(bot))
