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

from bot.i18n import _, ngettext, signed
from bot.store import GameFigures, PlayerStats
from bot.store.models import Totals
from engine import games

if TYPE_CHECKING:
    from bot.client import HallBot

GAME_CHOICES = [
    app_commands.Choice(name=game.info.name, value=game.info.id) for game in games.GAMES.values()
]


def game_name(game_id: str) -> str:
    """The game's name, in the reader's language (marked where the game defines it)."""
    return _(games.get(game_id).info.name)


def totals_line(totals: Totals) -> str:
    # A list of facts: each its own message, joined by " · ".
    return " · ".join((
        # Translators: "12 hands, 5 won": hands played, and how many of them were won.
        ngettext("{n} hand, {won} won", "{n} hands, {won} won", totals.hands,
                 won=totals.won),
        # Translators: chips won less chips lost, with its sign: "net +1,500".
        _("net {chips}", chips=signed(totals.net)),
        _("biggest pot {chips}", chips=totals.biggest_pot),
        _("longest winning streak {hands}", hands=totals.streak),
    ))


def game_line(row: GameFigures) -> str:
    line = ", ".join((
        ngettext("{n} hand, {won} won", "{n} hands, {won} won", row.hands, won=row.won),
        _("net {chips}", chips=signed(row.net)),
    ))
    # The game's own figures, named by the game (engine/base.py `stats`).
    own = ", ".join(_("{figure} {value}", figure=_(name), value=value)
                    for name, value in sorted(row.figures.items()))
    return f"{line}; {own}" if own else line


def stats_embed(who: discord.abc.User, found: PlayerStats) -> discord.Embed:
    if found.game:
        title = _("Record at {game}", game=game_name(found.game))
    else:
        # Translators: the title of a player's record (hands played, won, chips).
        title = _("Record")
    embed = discord.Embed(title=title, description=who.mention,
                          colour=discord.Colour.dark_green())
    people, computers = found.totals(False), found.totals(True)
    embed.add_field(name=_("Among people"), value=totals_line(people), inline=False)
    if computers.hands:
        embed.add_field(name=_("With computer players"), value=totals_line(computers),
                        inline=False)
    favourite = found.favourite_game
    if favourite and not found.game:
        embed.add_field(name=_("Favourite game"), value=game_name(favourite), inline=False)
    for row in found.per_game:
        if row.with_computers:
            name = _("{game} (with computers)", game=game_name(row.game))
        else:
            name = game_name(row.game)
        embed.add_field(name=name, value=game_line(row), inline=False)
    embed.set_footer(text=_("Settled hands on this server; net is chips after minus before."))
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
            mine = who.id == interaction.user.id
            if game is None and mine:
                said = _("You have no settled hands here yet.")
            elif game is None:
                said = _("{player} has no settled hands here yet.", player=who.mention)
            elif mine:
                said = _("You have no settled hands at {game} here yet.",
                         game=game_name(game.value))
            else:
                said = _("{player} has no settled hands at {game} here yet.",
                         player=who.mention, game=game_name(game.value))
            await interaction.response.send_message(
                said, ephemeral=True,
                allowed_mentions=discord.AllowedMentions.none(),
            )
            return
        await interaction.response.send_message(
            embed=stats_embed(who, found), ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )


async def setup(bot: HallBot) -> None:
    await bot.add_cog(StatsCog(bot))
