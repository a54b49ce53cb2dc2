"""Server administration: `/config` and `/audit`, for members with Manage Server.

They are top-level commands, not subcommands of a game's group, because Discord applies
default member permissions to a top-level command only: a subcommand's are dropped, and
a whole group would then be offered to everyone. With Manage Server as the default,
Discord does not even show them to other members; a server's admins may change who sees
them, so each still checks Manage Server when it runs.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import bounds
from bot.client import answer
from bot.i18n import LANGUAGES, _, ngettext, signed
from bot.store import GuildSettings, HouseLine, StoreError
from engine import games

if TYPE_CHECKING:
    from bot.client import HallBot

log = logging.getLogger(__name__)

# An audit's answer is edited as it goes at most this often: Discord limits edits, and
# the count of hands checked needs no more.
AUDIT_EDIT_SECONDS = 1.0

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
    return _(
        "Not saved: new players would start with {chips} chips, less than a new table's"
        " buy-in of {buy_in} (stake {stake} × {stakes} stakes), so they could not join. Raise"
        " the starting chips to at least {buy_in}, or lower the stake or the buy-in.",
        chips=house.starting_chips, buy_in=buy_in, stake=house.stake,
        stakes=house.buy_in_stakes,
    )


def house_book(lines: tuple[HouseLine, ...]) -> str:
    """Minted, burned and the house's net (burned − minted) per banking game, and for
    the computer players' seats."""
    if not lines:
        return _("The house has minted and burned nothing here.")
    return "\n".join(
        # Translators: the house's book of one game: chips minted (made) and burned
        # (destroyed) there, and net = burned − minted, with its sign.
        _("{account}: minted {minted}, burned {burned}, net {net}",
          account=_(games.get(line.game).info.name) if line.game else _("Computer players"),
          minted=line.minted, burned=line.burned, net=signed(line.net))
        for line in lines
    )


class AuditAnswer:
    """An audit's ephemeral answer: sent at once, then edited as the audit goes ("checked
    N of M hands"), no more than once every AUDIT_EDIT_SECONDS, and last made its result."""

    def __init__(self, interaction: discord.Interaction, clock: Callable[[], float]) -> None:
        self.interaction = interaction
        self.clock = clock
        self.shown_at = 0.0
        self.counting = False  # the answer shows a count of hands already

    async def progress(self, checked: int, total: int) -> None:
        text = ngettext(
            "Auditing… checked {checked} of {n} hand.", "Auditing… checked {checked} of {n} hands.",
            total, checked=checked,
        ) if total else _("Auditing…")
        now = self.clock()
        # The first count always replaces the bare "Auditing…"; then once a second at most.
        if self.counting and now - self.shown_at < AUDIT_EDIT_SECONDS:
            return
        try:
            if not self.interaction.response.is_done():
                await self.interaction.response.send_message(text, ephemeral=True)
            else:
                await self.interaction.edit_original_response(content=text)
        except discord.HTTPException as error:  # the audit goes on all the same
            log.warning("Could not show the audit's progress: %s", error)
        self.shown_at, self.counting = now, bool(total)

    async def finish(self, **shown: Any) -> None:
        """The answer made the result (or the refusal), its progress line gone."""
        try:
            if not self.interaction.response.is_done():
                await self.interaction.response.send_message(ephemeral=True, **shown)
                return
            try:
                await self.interaction.edit_original_response(**{"content": None, **shown})
            except discord.HTTPException as error:  # its answer expired: a new message
                log.warning("Could not edit the audit's answer: %s", error)
                await self.interaction.followup.send(ephemeral=True, **shown)
        except discord.HTTPException as error:
            log.warning("Could not give the audit's answer: %s", error)


# /config language: each language the bot has a catalog for, in its own name, or the
# server's own language as Discord gives it.
SERVERS_OWN = "server"
LANGUAGE_CHOICES = [
    app_commands.Choice(name="The server's own language (Discord's)", value=SERVERS_OWN),
    *(app_commands.Choice(name=name, value=language) for language, name in LANGUAGES.items()),
]


class AdminCog(commands.Cog):
    def __init__(self, bot: HallBot) -> None:
        self.bot = bot
        self.clock: Callable[[], float] = time.monotonic  # paces the audit's edits

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
        language="the language of the tables, pings and results here",
    )
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def config(
        self,
        interaction: discord.Interaction,
        stake: Stake | None = None,
        buy_in_stakes: BuyInStakes | None = None,
        starting_chips: StartingChips | None = None,
        daily_chips: DailyChips | None = None,
        turn_seconds: TurnSeconds | None = None,
        pictures: bool | None = None,
        language: app_commands.Choice[str] | None = None,
    ) -> None:
        if not can_manage(interaction):
            await answer(interaction, _("Changing the server's defaults needs Manage Server."))
            return
        changes = {
            name: value
            for name, value in (
                ("stake", stake), ("buy_in_stakes", buy_in_stakes),
                ("starting_chips", starting_chips), ("daily_chips", daily_chips),
                ("turn_seconds", turn_seconds),
                ("pictures", None if pictures is None else int(pictures)),
                ("language", None if language is None else
                 "" if language.value == SERVERS_OWN else language.value),
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
        self.bot.readers.choose(interaction.guild_id, house.language)
        said = [_("Saved.")] if changes else []
        said.append(_("New tables here: stake {stake}, buy-in {stakes} stakes ({buy_in} chips), "
                      "{seconds} s a turn.", stake=house.stake,
                      stakes=str(house.buy_in_stakes), buy_in=house.buy_in,
                      seconds=str(house.turn_seconds)))
        said.append(_("New players start with {chips} chips; /daily gives {daily}.",
                      chips=house.starting_chips, daily=house.daily_chips))
        said.append(_("Card pictures on.") if house.pictures else _("Card pictures off."))
        if house.language:
            said.append(_("Tables speak {language}.", language=LANGUAGES[house.language]))
        else:
            said.append(_("Tables speak the server's language, as Discord gives it."))
        await answer(interaction, " ".join(said))

    @app_commands.command(name="audit", description="Check that every chip here is accounted for")
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def audit(self, interaction: discord.Interaction) -> None:
        if not can_manage(interaction):
            await answer(interaction, _("The audit needs Manage Server."))
            return
        told = AuditAnswer(interaction, self.clock)
        # Answered before the store is asked anything: Discord waits three seconds for an
        # answer, and a busy store's first read of a big server can take longer.
        await told.progress(0, 0)
        try:
            found = await self.bot.store.audit(interaction.guild_id, progress=told.progress)
        except StoreError as refused:  # another audit of this server is running, say
            await told.finish(content=str(refused.message))
            return
        verdict = (
            _("Every chip is accounted for.") if found.balances
            else _("The chips do NOT add up: the log has the details.")
        )
        if not found.balances:
            log.error("Audit of guild %s failed: %s", interaction.guild_id, found)
        embed = discord.Embed(title=_("Chip audit"), description=verdict,
                              colour=discord.Colour.green() if found.balances
                              else discord.Colour.red())
        for name, value in (
            # Translators: chips made by the bot (daily chips, new bankrolls, the house).
            (_("Minted"), found.minted),
            # Translators: chips destroyed by the bot (the house's winnings, cash-outs).
            (_("Burned"), found.burned),
            (_("In bankrolls"), found.wallets), (_("At tables"), found.stacks),
            (_("In pots of hands being played"), found.in_play),
            (_("Carried to the next deal"), found.carried),
            (_("Held in all"), found.held),
            (_("Minted − burned"), found.minted - found.burned),
        ):
            embed.add_field(name=name, value=str(value))
        if found.mismatches:
            embed.add_field(name=_("Accounts off"), value=str(len(found.mismatches)),
                            inline=False)
        embed.add_field(name=_("The house's book"), value=house_book(found.house), inline=False)
        if found.records_off:
            log.error("Players' records of guild %s differ from their hands: %s rows",
                      interaction.guild_id, found.records_off)
        embed.add_field(
            name=_("Players' records"),
            value=_("Agree with the hands.") if not found.records_off
            else ngettext("{n} row differs from the hands: the log has the details.",
                          "{n} rows differ from the hands: the log has the details.",
                          found.records_off),
            inline=False,
        )
        await told.finish(embed=embed)


async def setup(bot: HallBot) -> None:
    await bot.add_cog(AdminCog(bot))
