"""`/stats [player] [game]`: a player's record on this server, read from the settled hands.

Hands with a computer player at the table are counted apart from hands among people
only. Each game's own figures (GFF's flips and flops won, Gops' points...) are named by
the game (engine/base.py `stats`); this cog only shows them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.store import GameFigures, PlayerStats
from bot.store.models import Totals
from bot.words import count
from engine import games

if TYPE_CHECKING:
    from bot.client import HallBot

GAME_CHOICES = [
    app_commands.Choice(name=game.info.name, value=game.info.id) for game in games.GAMES.values()
]


def game_name(game_id: str) -> str:
    return games.get(game_id).info.name


def signed(chips: int) -> str:
    return f"{chips:+,}"


def totals_line(totals: Totals) -> str:
    return (
        f"{count(totals.hands, 'hand')}, {totals.won:,} won · net {signed(totals.net)} · "
        f"biggest pot {totals.biggest_pot:,} · longest winning streak {totals.streak:,}"
    )


def game_line(row: GameFigures) -> str:
    line = f"{count(row.hands, 'hand')}, {row.won:,} won, net {signed(row.net)}"
    own = ", ".join(f"{name} {value:,}" for name, value in sorted(row.figures.items()))
    return f"{line}; {own}" if own else line


def stats_embed(who: discord.abc.User, found: PlayerStats) -> discord.Embed:
    where = f" at {game_name(found.game)}" if found.game else ""
    embed = discord.Embed(
        title=f"Record{where}", description=who.mention, colour=discord.Colour.dark_green()
    )
    people, computers = found.totals(False), found.totals(True)
    embed.add_field(name="Among people", value=totals_line(people), inline=False)
    if computers.hands:
        embed.add_field(name="With computer players", value=totals_line(computers), inline=False)
    favourite = found.favourite_game
    if favourite and not found.game:
        embed.add_field(name="Favourite game", value=game_name(favourite), inline=False)
    for row in found.per_game:
        side = " (with computers)" if row.with_computers else ""
        embed.add_field(name=f"{game_name(row.game)}{side}", value=game_line(row), inline=False)
    embed.set_footer(text="Settled hands on this server; net is chips after minus before.")
    return embed


class StatsCog(commands.Cog):
    def __init__(self, bot: HallBot) -> None:
        self.bot = bot

    @app_commands.command(name="stats", description="A player's record here: hands, wins, chips")
    @app_commands.guild_only()
    @app_commands.describe(player="whose record (yours if left empty)", game="one game only")
    @app_commands.choices(game=GAME_CHOICES)
    async def stats(
        self,
        interaction: discord.Interaction,
        player: discord.User | None = None,
        game: app_commands.Choice[str] | None = None,
    ) -> None:
        who = player or interaction.user
        found = await self.bot.store.player_stats(  # a refusal: bot/client.py
            interaction.guild_id, who.id, game.value if game else None
        )
        if not found.per_game:
            whose = "You have" if who.id == interaction.user.id else f"{who.mention} has"
            at = f" at {game.name}" if game else ""
            await interaction.response.send_message(
                f"{whose} no settled hands{at} here yet.", ephemeral=True,
                allowed_mentions=discord.AllowedMentions.none(),
            )
            return
        await interaction.response.send_message(
            embed=stats_embed(who, found), ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )


async def setup(bot: HallBot) -> None:
    await bot.add_cog(StatsCog(bot))
