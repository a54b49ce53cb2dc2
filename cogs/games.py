"""`/games`: the games this bot plays, one line each, and how to start one; and `/help`,
every command in a few lines."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.words import count
from engine import games

if TYPE_CHECKING:
    from bot.client import HallBot

# Every game's commands, as `/<game> …` takes them (cogs/table/commands.py), in a word each.
TABLE_COMMANDS = {
    "join": "take a seat (or open the table)",
    "create": "open a table with your own settings",
    "start": "deal (host)",
    "hand": "your cards and moves",
    "leave": "cash out",
    "table": "post the table again",
    "end": "close the table (host)",
    "history": "the last hands and their records",
    "rules": "how to play",
    "addbot": "seat a computer player (host)",
    "removebot": "take one out (host)",
}
OTHER_COMMANDS = (
    ("Chips and records", (
        "`/bankroll [player] [game]`: chips and rank, and the server's standings",
        "`/daily`: your daily chips",
        "`/stats [player] [game]`: hands, wins and chips won",
        "`/fair [seed] [rotate]`: the house seed's hash, your seed, how to check a deck",
    )),
    ("Finding your way", (
        "`/games`: the games, and how to start each",
        "`/help`: this list",
    )),
    ("Server admins (Manage Server)", (
        "`/config`: the server's table defaults",
        "`/audit`: check that every chip is accounted for",
    )),
)


def seats_words(least: int, most: int) -> str:
    """"2 players" for a game of two, "2 to 6 players" where the number may vary."""
    return count(most, "player") if least == most else f"{least} to {most} players"


def games_embed(uis) -> discord.Embed:
    embed = discord.Embed(
        title="The games",
        description="One table per channel, whatever its game; chips come from your "
        "`/bankroll`. Each game has `/<game> rules`; `/help` lists every command.",
        colour=discord.Colour.dark_green(),
    )
    for ui in uis:
        info = ui.game.info
        seats = seats_words(info.min_seats, info.max_seats)
        embed.add_field(
            name=f"{info.name} — /{info.id}",
            value=f"{info.summary} ({seats}).\nStart: {ui.how_to_start}.",
            inline=False,
        )
    return embed


def help_embed(uis) -> discord.Embed:
    games = ", ".join(f"`/{ui.game.info.id}`" for ui in uis) or "none loaded"
    embed = discord.Embed(
        title="Commands",
        description=f"`<game>` is one of {games}.",
        colour=discord.Colour.dark_green(),
    )
    said = "; ".join(f"**{name}** {words}" for name, words in TABLE_COMMANDS.items())
    embed.add_field(name="Playing", value=f"`/<game> {'|'.join(TABLE_COMMANDS)}`\n{said}.",
                    inline=False)
    for name, lines in OTHER_COMMANDS:
        embed.add_field(name=name, value="\n".join(lines), inline=False)
    return embed


class GamesCog(commands.Cog):
    def __init__(self, bot: HallBot) -> None:
        self.bot = bot

    def uis(self) -> list:
        """The loaded games' UIs, in the hall's order (engine/games.py)."""
        table_cog = self.bot.get_cog("TableCog")
        uis = table_cog.uis if table_cog is not None else {}  # type: ignore[attr-defined]
        return [uis[game] for game in games.GAMES if game in uis]

    @app_commands.command(name="games", description="The games you can play here")
    @app_commands.guild_only()
    async def games(self, interaction: discord.Interaction) -> None:
        uis = self.uis()
        if not uis:
            await interaction.response.send_message("No game is loaded.", ephemeral=True)
            return
        await interaction.response.send_message(embed=games_embed(uis), ephemeral=True)

    @app_commands.command(name="help", description="Every command, in a few lines")
    @app_commands.guild_only()
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(embed=help_embed(self.uis()), ephemeral=True)


async def setup(bot: HallBot) -> None:
    await bot.add_cog(GamesCog(bot))
