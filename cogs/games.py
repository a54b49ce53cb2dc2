"""`/games`: the games this bot plays, one line each, and how to start one; and `/help`,
every command in a few lines."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import N_, _, ngettext
from bot.words import count
from engine import games

if TYPE_CHECKING:
    from bot.client import HallBot

# Every game's commands, as `/<game> …` takes them (cogs/table/commands.py), in a word each.
# The keys are the commands' names, as typed; the words are shown after them.
TABLE_COMMANDS = {
    # Translators: what `/<game> join` does.
    "join": N_("take a seat (or open the table)"),
    "create": N_("open a table with your own settings"),
    # Translators: what `/<game> start` does: deal the cards (only the table's host can).
    "start": N_("deal (host)"),
    "hand": N_("your cards and moves"),
    # Translators: what `/<game> leave` does: leave the table, its chips back to the bankroll.
    "leave": N_("cash out"),
    "table": N_("post the table again"),
    "end": N_("close the table (host)"),
    "history": N_("the last hands and their records"),
    "rules": N_("how to play"),
    "addbot": N_("seat a computer player (host)"),
    # Translators: what `/<game> removebot` does: take a computer player out.
    "removebot": N_("take one out (host)"),
}
OTHER_COMMANDS = (
    (N_("Chips and records"), (
        N_("`/bankroll [player] [game]`: chips and rank, and the server's standings"),
        N_("`/daily`: your daily chips"),
        N_("`/stats [player] [game]`: hands, wins and chips won"),
        N_("`/fair [seed] [rotate]`: the house seed's hash, your seed, how to check a deck"),
    )),
    (N_("Finding your way"), (
        N_("`/games`: the games, and how to start each"),
        N_("`/help`: this list"),
    )),
    (N_("Server admins (Manage Server)"), (
        N_("`/config`: the server's table defaults"),
        N_("`/audit`: check that every chip is accounted for"),
    )),
)


def seats_words(least: int, most: int) -> str:
    """"2 players" for a game of two, "2 to 6 players" where the number may vary."""
    if least == most:
        return count(most, "player")
    return ngettext("{least} to {n} player", "{least} to {n} players", most, least=least)


def games_embed(uis) -> discord.Embed:
    embed = discord.Embed(
        title=_("The games"),
        description=_("One table per channel, whatever its game; chips come from your "
                      "`/bankroll`. Each game has `/<game> rules`; `/help` lists every "
                      "command."),
        colour=discord.Colour.dark_green(),
    )
    for ui in uis:
        info = ui.game.info
        seats = seats_words(info.min_seats, info.max_seats)
        embed.add_field(
            name=f"{_(info.name)} — /{info.id}",
            # The game's summary and how to start it are marked where the game writes them.
            value=_("{summary} ({players}).\nStart: {how_to_start}.", summary=_(info.summary),
                    players=seats, how_to_start=_(ui.how_to_start)),
            inline=False,
        )
    return embed


def help_embed(uis) -> discord.Embed:
    games = ", ".join(f"`/{ui.game.info.id}`" for ui in uis) or _("none loaded")
    embed = discord.Embed(
        title=_("Commands"),
        # Translators: {games} lists the games' commands, as "`/gff`, `/tonk`".
        description=_("`<game>` is one of {games}.", games=games),
        colour=discord.Colour.dark_green(),
    )
    said = "; ".join(f"**{name}** {_(words)}" for name, words in TABLE_COMMANDS.items())
    embed.add_field(name=_("Playing"),
                    value=f"`/<game> {'|'.join(TABLE_COMMANDS)}`\n{said}.", inline=False)
    for name, lines in OTHER_COMMANDS:
        embed.add_field(name=_(name), value="\n".join(_(line) for line in lines),
                        inline=False)
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
            await interaction.response.send_message(_("No game is loaded."), ephemeral=True)
            return
        await interaction.response.send_message(embed=games_embed(uis), ephemeral=True)

    @app_commands.command(name="help", description="Every command, in a few lines")
    @app_commands.guild_only()
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(embed=help_embed(self.uis()), ephemeral=True)


async def setup(bot: HallBot) -> None:
    await bot.add_cog(GamesCog(bot))
