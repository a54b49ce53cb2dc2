"""Bankrolls: `/bankroll show`, `/bankroll top [game]` and `/daily`.

Discord does not let a command take options and also have subcommands, so the
two views of `/bankroll` are its subcommands `show [player]` and `top`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.tables.computer import FIRST_PERSON_ID
from cogs.stats import GAME_CHOICES

if TYPE_CHECKING:
    from bot.client import HallBot

TOP = 10


class BankrollCog(commands.Cog):
    bankroll = app_commands.Group(
        name="bankroll", description="Chips in this server", guild_only=True
    )

    def __init__(self, bot: HallBot) -> None:
        self.bot = bot

    @bankroll.command(name="show", description="A player's chips, rank and total here")
    @app_commands.describe(player="whose bankroll (yours if left empty)")
    async def show(
        self, interaction: discord.Interaction, player: discord.User | None = None
    ) -> None:
        who = player or interaction.user
        store = self.bot.store
        wallet = await store.wallet(interaction.guild_id, who.id)  # a refusal: bot/client.py
        standing = await store.standing(interaction.guild_id, who.id, people_from=FIRST_PERSON_ID)
        if wallet is None or standing is None:
            whose = "You have" if who.id == interaction.user.id else f"{who.mention} has"
            await interaction.response.send_message(
                f"{whose} no chips here yet: joining a table (see `/games`) or `/daily` "
                "opens a bankroll.",
                ephemeral=True, allowed_mentions=discord.AllowedMentions.none(),
            )
            return
        at_tables = standing.total - wallet.balance
        embed = discord.Embed(title="Bankroll", description=f"{who.mention}")
        embed.add_field(name="Bankroll", value=str(wallet.balance))
        embed.add_field(name="At tables", value=str(at_tables))
        embed.add_field(name="Total", value=str(standing.total))
        embed.add_field(name="Rank here", value=f"#{standing.rank}")
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @bankroll.command(name="top", description="This server's standings, or one game's")
    @app_commands.describe(game="rank by net chips won at this game")
    @app_commands.choices(game=GAME_CHOICES)
    async def top(
        self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None
    ) -> None:
        if game is not None:
            await self.top_at_game(interaction, game)
            return
        standings = await self.bot.store.standings(
            interaction.guild_id, TOP, people_from=FIRST_PERSON_ID
        )
        lines = [f"**#{s.rank}** <@{s.user_id}> — {s.total} chips" for s in standings]
        embed = discord.Embed(
            title="Standings", description="\n".join(lines) or "Nobody has chips here yet."
        )
        embed.set_footer(text="Bankroll plus chips at tables.")
        await interaction.response.send_message(
            embed=embed, allowed_mentions=discord.AllowedMentions.none()
        )

    async def top_at_game(
        self, interaction: discord.Interaction, game: app_commands.Choice[str]
    ) -> None:
        standings = await self.bot.store.game_standings(
            interaction.guild_id, game.value, TOP, people_from=FIRST_PERSON_ID
        )
        lines = [
            f"**#{s.rank}** <@{s.user_id}> — {s.net:+,} chips over {s.hands:,} hands"
            f" ({s.won:,} won)"
            for s in standings
        ]
        embed = discord.Embed(
            title=f"Standings at {game.name}",
            description="\n".join(lines) or f"Nobody has settled a hand of {game.name} here yet.",
        )
        embed.set_footer(text="Net chips won at this game, hands with computer players included.")
        await interaction.response.send_message(
            embed=embed, allowed_mentions=discord.AllowedMentions.none()
        )

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
