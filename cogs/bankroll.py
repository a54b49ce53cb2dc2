"""Bankrolls: `/bankroll [player] [game]` and `/daily`.

`/bankroll` is one command, as players are told to type it: a player's chips (yours if
no player is named), where they are and their rank, and in the same answer the server's
standings: the top ten by chips, or with `game` by net chips won at that game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import _, ngettext, number, signed
from bot.tables.computer import FIRST_PERSON_ID
from bot.words import count
from cogs.stats import GAME_CHOICES, game_name

if TYPE_CHECKING:
    from bot.client import HallBot

TOP = 10


class BankrollCog(commands.Cog):
    def __init__(self, bot: HallBot) -> None:
        self.bot = bot

    @app_commands.command(name="bankroll",
                          description="Your chips and rank here, and the server's standings")
    @app_commands.guild_only()
    @app_commands.describe(
        player="whose chips (yours if left empty)",
        game="the standings at this game, by net chips won there",
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def bankroll(
        self,
        interaction: discord.Interaction,
        player: discord.User | None = None,
        game: app_commands.Choice[str] | None = None,
    ) -> None:
        who = player or interaction.user
        embed = discord.Embed(title=_("Bankroll"), description=who.mention)
        await self.add_chips(embed, interaction, who)
        if game is None:
            await self.add_standings(embed, interaction.guild_id)
        else:
            await self.add_game_standings(embed, interaction.guild_id, game)
        await interaction.response.send_message(
            embed=embed, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    async def add_chips(
        self, embed: discord.Embed, interaction: discord.Interaction, who: discord.abc.User
    ) -> None:
        """The player's chips: in their bankroll, at tables, in all, and their rank."""
        store = self.bot.store
        wallet = await store.wallet(interaction.guild_id, who.id)  # a refusal: bot/client.py
        standing = await store.standing(interaction.guild_id, who.id, people_from=FIRST_PERSON_ID)
        if wallet is None or standing is None:
            if who.id == interaction.user.id:
                embed.description = _("You have no chips here yet: joining a table (see "
                                      "`/games`) or `/daily` opens a bankroll.")
            else:
                embed.description = _("{player} has no chips here yet: joining a table (see "
                                      "`/games`) or `/daily` opens a bankroll.",
                                      player=who.mention)
            return
        embed.add_field(name=_("Bankroll"), value=number(wallet.balance))
        embed.add_field(name=_("At tables"), value=number(standing.total - wallet.balance))
        # Translators: bankroll plus chips at tables.
        embed.add_field(name=_("Total"), value=number(standing.total))
        # Translators: a player's place among this server's players, as "#3".
        embed.add_field(name=_("Rank here"), value=_("#{rank}", rank=str(standing.rank)))

    async def add_standings(self, embed: discord.Embed, guild_id: int) -> None:
        standings = await self.bot.store.standings(guild_id, TOP, people_from=FIRST_PERSON_ID)
        lines = [_("**#{rank}** {player} — {chips}", rank=str(s.rank), player=f"<@{s.user_id}>",
                   chips=count(s.total, "chip")) for s in standings]
        embed.add_field(name=_("Standings"),
                        value="\n".join(lines) or _("Nobody has chips here yet."), inline=False)
        embed.set_footer(text=_("Total: bankroll plus chips at tables."))

    async def add_game_standings(
        self, embed: discord.Embed, guild_id: int, game: app_commands.Choice[str]
    ) -> None:
        standings = await self.bot.store.game_standings(
            guild_id, game.value, TOP, people_from=FIRST_PERSON_ID
        )
        lines = [
            # Translators: {chips} is the net chips won, with its sign: "+1,500".
            ngettext("**#{rank}** {player} — {chips} chips over {n} hand ({won} won)",
                     "**#{rank}** {player} — {chips} chips over {n} hands ({won} won)",
                     s.hands, rank=str(s.rank), player=f"<@{s.user_id}>",
                     chips=signed(s.net), won=s.won)
            for s in standings
        ]
        name = game_name(game.value)
        embed.add_field(
            name=_("Standings at {game}", game=name),
            value="\n".join(lines)
            or _("Nobody has settled a hand of {game} here yet.", game=name),
            inline=False,
        )
        embed.set_footer(
            text=_("Net chips won at this game, hands with computer players included."))

    @app_commands.command(name="daily", description="Your daily chips")
    @app_commands.guild_only()
    async def daily(self, interaction: discord.Interaction) -> None:
        store = self.bot.store
        await store.open_wallet(interaction.guild_id, interaction.user.id)
        wallet, given = await store.claim_daily(interaction.guild_id, interaction.user.id)
        ready = wallet.daily_ready_ms() // 1000  # the store's rule and clock
        await interaction.response.send_message(
            _("+{chips} chips. Your bankroll: {bankroll}. Next daily chips {when}.",
              chips=given, bankroll=wallet.balance, when=f"<t:{ready}:R>"),
            ephemeral=True,
        )


async def setup(bot: HallBot) -> None:
    await bot.add_cog(BankrollCog(bot))
