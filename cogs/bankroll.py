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

from bot.tables.computer import FIRST_PERSON_ID
from bot.words import count
from cogs.stats import GAME_CHOICES

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
        embed = discord.Embed(title="Bankroll", description=who.mention)
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
            whose = "You have" if who.id == interaction.user.id else f"{who.mention} has"
            embed.description = (f"{whose} no chips here yet: joining a table (see `/games`) "
                                 "or `/daily` opens a bankroll.")
            return
        embed.add_field(name="Bankroll", value=str(wallet.balance))
        embed.add_field(name="At tables", value=str(standing.total - wallet.balance))
        embed.add_field(name="Total", value=str(standing.total))
        embed.add_field(name="Rank here", value=f"#{standing.rank}")

    async def add_standings(self, embed: discord.Embed, guild_id: int) -> None:
        standings = await self.bot.store.standings(guild_id, TOP, people_from=FIRST_PERSON_ID)
        lines = [f"**#{s.rank}** <@{s.user_id}> — {count(s.total, 'chip')}" for s in standings]
        embed.add_field(name="Standings", value="\n".join(lines) or "Nobody has chips here yet.",
                        inline=False)
        embed.set_footer(text="Total: bankroll plus chips at tables.")

    async def add_game_standings(
        self, embed: discord.Embed, guild_id: int, game: app_commands.Choice[str]
    ) -> None:
        standings = await self.bot.store.game_standings(
            guild_id, game.value, TOP, people_from=FIRST_PERSON_ID
        )
        lines = [
            f"**#{s.rank}** <@{s.user_id}> — {s.net:+,} chips over {count(s.hands, 'hand')}"
            f" ({s.won:,} won)"
            for s in standings
        ]
        embed.add_field(
            name=f"Standings at {game.name}",
            value="\n".join(lines) or f"Nobody has settled a hand of {game.name} here yet.",
            inline=False,
        )
        embed.set_footer(text="Net chips won at this game, hands with computer players included.")

    @app_commands.command(name="daily", description="Your daily chips")
    @app_commands.guild_only()
    async def daily(self, interaction: discord.Interaction) -> None:
        store = self.bot.store
        await store.open_wallet(interaction.guild_id, interaction.user.id)
        wallet, given = await store.claim_daily(interaction.guild_id, interaction.user.id)
        ready = wallet.daily_ready_ms() // 1000  # the store's rule and clock
        await interaction.response.send_message(
            f"+{given} chips. Your bankroll: {wallet.balance}. Next daily chips <t:{ready}:R>.",
            ephemeral=True,
        )


async def setup(bot: HallBot) -> None:
    await bot.add_cog(BankrollCog(bot))
