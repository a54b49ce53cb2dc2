"""Server administration: `/config` and `/audit`, for members with Manage Server.

They are top-level commands, not subcommands of a game's group, because Discord applies
default member permissions to a top-level command only: a subcommand's are dropped, and
a whole group would then be offered to everyone. With Manage Server as the default,
Discord does not even show them to other members; a server's admins may change who sees
them, so each still checks Manage Server when it runs.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import bounds
from bot.client import answer
from bot.store import GuildSettings, HouseLine
from engine import games

if TYPE_CHECKING:
    from bot.client import HallBot

log = logging.getLogger(__name__)

# The same bounds as the process's settings and the store's (bot/bounds.py).
Stake = app_commands.Range[int, bounds.STAKE.low, bounds.STAKE.high]
BuyInStakes = app_commands.Range[int, bounds.BUY_IN_STAKES.low, bounds.BUY_IN_STAKES.high]
StartingChips = app_commands.Range[int, bounds.STARTING_CHIPS.low, bounds.STARTING_CHIPS.high]
DailyChips = app_commands.Range[int, bounds.DAILY_CHIPS.low, bounds.DAILY_CHIPS.high]
TurnSeconds = app_commands.Range[int, bounds.TURN_SECONDS.low, bounds.TURN_SECONDS.high]


def can_manage(interaction: discord.Interaction) -> bool:
    return bool(interaction.permissions and interaction.permissions.manage_guild)


def newcomers_priced_out(house: GuildSettings) -> str | None:
    """Why these settings cannot be saved, when a new player's starting chips would not
    buy them into a new table (the settings refuse the same at start, bot/settings.py)."""
    buy_in = bounds.buy_in_out_of_reach(house.stake, house.buy_in_stakes, house.starting_chips)
    if buy_in is None:
        return None
    return (
        f"Not saved: new players would start with {house.starting_chips:,} chips, less than"
        f" a new table's buy-in of {buy_in:,} (stake {house.stake:,} × {house.buy_in_stakes:,}"
        " stakes), so they could not join. Raise the starting chips to at least"
        f" {buy_in:,}, or lower the stake or the buy-in."
    )


def house_book(lines: tuple[HouseLine, ...]) -> str:
    """Minted, burned and the house's net (burned − minted) per banking game, and for
    the computer players' seats."""
    if not lines:
        return "The house has minted and burned nothing here."
    return "\n".join(
        f"{games.get(line.game).info.name if line.game else 'Computer players'}: "
        f"minted {line.minted:,}, burned {line.burned:,}, net {line.net:+,}"
        for line in lines
    )


class AdminCog(commands.Cog):
    def __init__(self, bot: HallBot) -> None:
        self.bot = bot

    @app_commands.command(name="config", description="This server's table defaults (Manage Server)")
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    @app_commands.describe(
        stake="a new table's stake in chips: the unit of every game's antes, posts and bets",
        buy_in_stakes="chips a player brings to a new table, in stakes (some games ask more)",
        starting_chips="chips in a new player's bankroll (at least a buy-in)",
        daily_chips="chips /daily gives",
        turn_seconds="time for a turn, 15 to 600 seconds",
        pictures="card pictures on table messages and hand views",
    )
    async def config(
        self,
        interaction: discord.Interaction,
        stake: Stake | None = None,
        buy_in_stakes: BuyInStakes | None = None,
        starting_chips: StartingChips | None = None,
        daily_chips: DailyChips | None = None,
        turn_seconds: TurnSeconds | None = None,
        pictures: bool | None = None,
    ) -> None:
        if not can_manage(interaction):
            await answer(interaction, "Changing the server's defaults needs Manage Server.")
            return
        changes = {
            name: value
            for name, value in (
                ("stake", stake), ("buy_in_stakes", buy_in_stakes),
                ("starting_chips", starting_chips), ("daily_chips", daily_chips),
                ("turn_seconds", turn_seconds),
                ("pictures", None if pictures is None else int(pictures)),
            )
            if value is not None
        }
        store = self.bot.store
        if changes.keys() & {"stake", "buy_in_stakes", "starting_chips"}:
            now = await store.guild_settings(interaction.guild_id)
            refusal = newcomers_priced_out(replace(now, **changes))
            if refusal is not None:
                await answer(interaction, refusal)
                return
        if changes:  # a refusal is answered by the tree's handler (bot/client.py)
            house = await store.update_guild_settings(interaction.guild_id, **changes)
        else:
            house = await store.guild_settings(interaction.guild_id)
        tables = self.bot.get_cog("TableCog")
        if tables is not None:  # tables already open follow the setting from now on
            tables.pictures.switch.set(interaction.guild_id, bool(house.pictures))  # type: ignore[attr-defined]
        said = "Saved. " if changes else ""
        await answer(
            interaction,
            f"{said}New tables here: stake {house.stake}, buy-in {house.buy_in_stakes} "
            f"stakes ({house.buy_in} chips), {house.turn_seconds} s a turn. New players "
            f"start with {house.starting_chips} chips; /daily gives {house.daily_chips}. "
            f"Card pictures {'on' if house.pictures else 'off'}.",
        )

    @app_commands.command(name="audit", description="Check that every chip here is accounted for")
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def audit(self, interaction: discord.Interaction) -> None:
        if not can_manage(interaction):
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
        embed.add_field(name="The house's book", value=house_book(found.house), inline=False)
        if found.records_off:
            log.error("Players' records of guild %s differ from their hands: %s rows",
                      interaction.guild_id, found.records_off)
        embed.add_field(
            name="Players' records",
            value="Agree with the hands." if not found.records_off
            else f"{found.records_off} rows differ from the hands: the log has the details.",
            inline=False,
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: HallBot) -> None:
    await bot.add_cog(AdminCog(bot))
