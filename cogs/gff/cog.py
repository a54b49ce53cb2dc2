"""The `/gff` command group. Each subcommand asks the table service and answers in a sentence."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import answer
from bot.store import StoreError
from bot.tables import TableError
from cogs.gff.play import HandControls
from cogs.gff.presenter import TablePresenter
from cogs.gff.rules import rules_embed

if TYPE_CHECKING:
    from bot.client import GffBot

log = logging.getLogger(__name__)

HISTORY_HANDS = 10

Stake = app_commands.Range[int, 1, 1_000_000]
BuyIn = app_commands.Range[int, 4, 1_000_000_000]
Players = app_commands.Range[int, 2, 5]
TurnSeconds = app_commands.Range[int, 15, 600]


async def refusing(
    interaction: discord.Interaction, work: Callable[[], Awaitable[str | None]]
) -> None:
    """Run a command; a refusal is one ephemeral sentence and nothing changed."""
    try:
        text = await work()
    except (TableError, StoreError) as refused:
        await answer(interaction, refused.message)
        return
    if text:
        await answer(interaction, text)


@app_commands.guild_only()
class GffCog(commands.Cog):
    gff = app_commands.Group(name="gff", description="Play Game, Flip and Flop", guild_only=True)

    def __init__(self, bot: GffBot) -> None:
        self.bot = bot
        self.controls = HandControls(bot)
        self.presenter = TablePresenter(bot, self.controls)
        bot.tables.listener = self.presenter

    @property
    def tables(self):
        return self.bot.tables

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self.tables.channel_gone(channel.id, "its channel was deleted")

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.tables.channel_gone(payload.thread_id, "its thread was deleted")

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        for guild in self.bot.guilds:
            await self.on_guild_available(guild)

    @commands.Cog.listener()
    async def on_guild_available(self, guild: discord.Guild) -> None:
        """Tables whose channel went away while the bot was down close now, chips returned.

        Only once the server itself is there: a server that is briefly unavailable
        has no channels to look at, and its tables must not be closed for it.
        """
        if guild.unavailable:
            return
        for table in list(self.tables.tables.values()):
            if table.info.guild_id != guild.id:
                continue
            if guild.get_channel_or_thread(table.info.channel_id) is None:
                await self.tables.channel_gone(table.info.channel_id, "its channel is gone")
                continue
            for notice in self.tables.notices.pop(table.id, []):
                await self.presenter.say(table, notice)
            await self.presenter.table_changed(table)  # the table message, fresh after a restart

    @gff.command(name="rules", description="How to play Game, Flip and Flop")
    async def rules(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            embed=rules_embed(self.bot.settings), ephemeral=True
        )

    # -- seats ------------------------------------------------------------------------

    @gff.command(name="join", description="Take a seat at this channel's table (or open one)")
    async def join(self, interaction: discord.Interaction) -> None:
        await self.join_table(interaction)

    async def join_table(self, interaction: discord.Interaction) -> None:
        async def work() -> str:
            table, created = await self.tables.join(
                interaction.guild_id, interaction.channel_id, interaction.user.id
            )
            seat = table.seat_of(interaction.user.id)
            wallet = await self.bot.store.wallet(interaction.guild_id, interaction.user.id)
            left = f" ({wallet.balance} left in your bankroll)" if wallet else ""
            text = f"You sat down with {seat.stack if seat else 0} chips{left}."
            if created:
                text += " You opened this table, so you are its host: `/gff start` deals."
            elif table.hand is not None and not table.hand.is_over:
                text += " You are dealt in from the next hand."
            return text

        await refusing(interaction, work)

    @gff.command(name="create", description="Open a table here with your own settings")
    @app_commands.describe(
        stake="chips posted to each pot",
        buy_in="chips you bring to the table (at least 4 stakes)",
        max_players="seats at the table, 2 to 5",
        turn_seconds="time for a turn, 15 to 600 seconds",
    )
    async def create(
        self,
        interaction: discord.Interaction,
        stake: Stake | None = None,
        buy_in: BuyIn | None = None,
        max_players: Players | None = None,
        turn_seconds: TurnSeconds | None = None,
    ) -> None:
        async def work() -> str:
            table = await self.tables.create(
                interaction.guild_id, interaction.channel_id, interaction.user.id,
                stake=stake, buy_in=buy_in, max_players=max_players, turn_seconds=turn_seconds,
            )
            info = table.info
            return (
                f"Table open: stake {info.stake}, buy-in {info.buy_in}, up to "
                f"{info.max_players} players, {info.turn_seconds} s a turn. You are seated "
                "and host; `/gff start` deals once someone joins."
            )

        await refusing(interaction, work)

    @gff.command(name="start", description="Deal the first hand (host)")
    async def start(self, interaction: discord.Interaction) -> None:
        async def work() -> str:
            await self.tables.start(interaction.channel_id, interaction.user.id)
            return "Dealt. Open your cards with **Your hand** on the table message."

        await refusing(interaction, work)

    @gff.command(name="leave", description="Cash out and leave this channel's table")
    async def leave(self, interaction: discord.Interaction) -> None:
        await refusing(
            interaction, lambda: self.tables.leave(interaction.channel_id, interaction.user.id)
        )

    @gff.command(name="end", description="Close the table after this hand (host or Manage Server)")
    async def end(self, interaction: discord.Interaction) -> None:
        can_manage = bool(interaction.permissions and interaction.permissions.manage_guild)
        await refusing(
            interaction,
            lambda: self.tables.end(
                interaction.channel_id, interaction.user.id, can_manage=can_manage
            ),
        )

    @gff.command(name="addbot", description="Seat a computer player (host)")
    @app_commands.describe(level="how well it plays")
    @app_commands.choices(level=[
        app_commands.Choice(name="random: any legal move", value="random"),
        app_commands.Choice(name="easy: sensible", value="easy"),
        app_commands.Choice(name="sharp: the best it can", value="sharp"),
    ])
    async def addbot(self, interaction: discord.Interaction, level: str) -> None:
        await refusing(
            interaction,
            lambda: self.tables.add_computer(interaction.channel_id, interaction.user.id, level),
        )

    @gff.command(name="removebot", description="Take a computer player out, between hands (host)")
    async def removebot(self, interaction: discord.Interaction) -> None:
        await refusing(
            interaction,
            lambda: self.tables.remove_computer(interaction.channel_id, interaction.user.id),
        )

    # -- looking ------------------------------------------------------------------------

    @gff.command(name="hand", description="Your cards and your moves, only for you")
    async def hand(self, interaction: discord.Interaction) -> None:
        try:
            table = self.tables.table_here(interaction.channel_id)
            await self.controls.show_hand(interaction, table)
        except TableError as refused:
            await answer(interaction, refused.message)

    @gff.command(name="table", description="Post the table again at the bottom of the channel")
    async def table(self, interaction: discord.Interaction) -> None:
        async def work() -> str:
            table = self.tables.table_here(interaction.channel_id)
            await self.presenter.repost(table)
            return "The table is below."

        await refusing(interaction, work)

    @gff.command(name="history", description="The last hands at this table, or one hand's record")
    @app_commands.describe(hand="a hand number: its full record as a file")
    async def history(
        self, interaction: discord.Interaction, hand: app_commands.Range[int, 1] | None = None
    ) -> None:
        try:
            table = self.tables.table_here(interaction.channel_id)
            if hand is None:
                embed = await self._history_embed(table.id)
                await interaction.response.send_message(embed=embed, ephemeral=True)
                return
            stored = await self.bot.store.hand_by_number(table.id, hand)
        except (TableError, StoreError) as refused:
            await answer(interaction, refused.message)
            return
        if stored is None or stored.status == "running":
            # A running hand's record holds the deck: it is shown once the hand is over.
            await answer(interaction, f"Hand {hand} is not finished at this table.")
            return
        data = json.dumps({**stored.record, "result": stored.result}, indent=1).encode()
        await interaction.response.send_message(
            f"Hand {hand}: replay it with `python -m engine.replay hand-{hand}.json`.",
            file=discord.File(io.BytesIO(data), filename=f"hand-{hand}.json"),
            ephemeral=True,
        )

    async def _history_embed(self, table_id: int) -> discord.Embed:
        hands = await self.bot.store.recent_hands(table_id, HISTORY_HANDS)
        embed = discord.Embed(title="The last hands at this table")
        lines = []
        for stored in hands:
            result = stored.result or {}
            if stored.status == "void":
                lines.append(f"**{stored.number}.** void: {result.get('void', 'not resumed')}")
                continue
            if stored.status == "running":
                lines.append(f"**{stored.number}.** being played")
                continue
            winners = ", ".join(f"<@{w}>" for w in result.get("game_winners", [])) or "nobody"
            lines.append(f"**{stored.number}.** {result.get('ended', '?')}: game to {winners}")
        embed.description = "\n".join(lines) or "No hands yet."
        embed.set_footer(text="/gff history hand:<number> gives a finished hand's full record.")
        return embed

    @gff.command(name="audit", description="Check that every chip here is accounted for")
    @app_commands.default_permissions(manage_guild=True)
    async def audit(self, interaction: discord.Interaction) -> None:
        if not (interaction.permissions and interaction.permissions.manage_guild):
            await answer(interaction, "The audit needs Manage Server.")
            return
        found = await self.bot.store.audit(interaction.guild_id)
        verdict = (
            "Every chip is accounted for." if found.balances
            else "The chips do NOT add up: the log has the details."
        )
        if not found.balances:
            log.error("Audit of guild %s failed: %s", interaction.guild_id, found)
        embed = discord.Embed(title="Chip audit", description=verdict,
                              colour=discord.Colour.green() if found.balances
                              else discord.Colour.red())
        for name, value in (
            ("Minted", found.minted), ("Burned", found.burned),
            ("In bankrolls", found.wallets), ("At tables", found.stacks),
            ("In pots of hands being played", found.in_play),
            ("Carried to the next deal", found.carried),
            ("Held in all", found.held), ("Minted − burned", found.minted - found.burned),
        ):
            embed.add_field(name=name, value=str(value))
        if found.mismatches:
            embed.add_field(name="Accounts off", value=str(len(found.mismatches)), inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    # -- server settings ------------------------------------------------------------------

    @gff.command(name="config", description="This server's table defaults (Manage Server)")
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.describe(
        stake="chips posted to each pot",
        buy_in_stakes="the buy-in, in stakes (at least 4)",
        starting_chips="chips in a new player's bankroll",
        daily_chips="chips /daily gives",
        turn_seconds="time for a turn, 15 to 600 seconds",
    )
    async def config(
        self,
        interaction: discord.Interaction,
        stake: Stake | None = None,
        buy_in_stakes: app_commands.Range[int, 4, 1000] | None = None,
        starting_chips: app_commands.Range[int, 0, 1_000_000_000] | None = None,
        daily_chips: app_commands.Range[int, 0, 1_000_000_000] | None = None,
        turn_seconds: TurnSeconds | None = None,
    ) -> None:
        if not (interaction.permissions and interaction.permissions.manage_guild):
            await answer(interaction, "Changing the server's defaults needs Manage Server.")
            return
        changes = {
            name: value
            for name, value in (
                ("stake", stake), ("buy_in_stakes", buy_in_stakes),
                ("starting_chips", starting_chips), ("daily_chips", daily_chips),
                ("turn_seconds", turn_seconds),
            )
            if value is not None
        }

        async def work() -> str:
            store = self.bot.store
            if changes:
                house = await store.update_guild_settings(interaction.guild_id, **changes)
            else:
                house = await store.guild_settings(interaction.guild_id)
            said = "Saved. " if changes else ""
            return (
                f"{said}New tables here: stake {house.stake}, buy-in {house.buy_in_stakes} "
                f"stakes ({house.buy_in} chips), {house.turn_seconds} s a turn. New players "
                f"start with {house.starting_chips} chips; /daily gives {house.daily_chips}."
            )

        await refusing(interaction, work)
