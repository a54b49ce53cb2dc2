"""The Discord client: loads the cogs, syncs slash commands, and answers failures politely."""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import Callable, Sequence
from typing import Any

import discord
from discord import AppCommandOptionType as OptionType
from discord import app_commands
from discord.ext import commands

from bot import command_sync
from bot.i18n import N_, Text, _, catalogs, using
from bot.i18n.readers import Readers
from bot.settings import Settings
from bot.store import GuildSettings, Store, StoreError
from bot.tables import (
    AsyncioScheduler,
    LiveTable,
    OtherShard,
    Scheduler,
    SilentListener,
    TableError,
    TableService,
)
from engine import games

log = logging.getLogger(__name__)

# The cogs loaded around the games' own: the table cog first, as each game's cog adds its
# UI to it; the commands of no one game after the games, so /<game> commands come first.
TABLE_COG = "cogs.table.cog"
AFTER_GAMES = ("cogs.games", "cogs.bankroll", "cogs.stats", "cogs.fair", "cogs.admin")


def default_extensions() -> tuple[str, ...]:
    """The table cog, each registered game's cog in the hall's order (engine/games.py),
    then the rest."""
    return (TABLE_COG, *games.GAMES.cogs(), *AFTER_GAMES)


# `python -m bot`'s exit status when the process lost hold of its tables (the shared
# database's connection dropped): nothing to fix in the settings; start it again.
EXIT_TABLES_LOST = 5
YOUNG_COLLECTION_AFTER = 100_000  # new objects; CPython's default is 700
SORRY = N_("Something went wrong on our side; nothing was changed.")
MAX_ANSWER = 2_000  # characters: Discord refuses a longer message


def intents() -> discord.Intents:
    """Servers and their channels only. Commands, buttons and menus arrive as interactions,
    which need no intent; the bot reads no message, reaction or typing event, and each
    one it were sent would be parsed and cached for nothing (the messages intent alone
    is every message of every channel the bot can see)."""
    return discord.Intents(guilds=True)


class OptionRefused(app_commands.AppCommandError):
    """A value the command does not offer, from a modified client or one that still has an
    older list of the commands: the command is not run."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class GffTree(app_commands.CommandTree):
    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Every command: a server another process runs is refused before anything runs,
        and so is a value the command does not offer (answered by on_error)."""
        if not await served_here(interaction):
            return False
        refusal = unoffered(interaction)
        if refusal is not None:
            raise OptionRefused(refusal)
        return True

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """The one error handler of every command: a refusal is its sentence, anything
        else is logged and the player told nothing was changed."""
        if isinstance(error, app_commands.TransformerError):
            # A value discord.py could not turn into what its option takes.
            error = OptionRefused(unoffered(interaction) or not_taken(interaction, error.value))
        if await answer_refusal(interaction, getattr(error, "original", error)):
            return
        command = interaction.command.qualified_name if interaction.command else "?"
        log.error("Command /%s failed", command, exc_info=error)
        await tell_user_it_failed(interaction)


async def served_here(interaction: discord.Interaction) -> bool:
    """Whether this process runs the interaction's server. Discord sends a server's events
    to its shard only, so a False is a misrouted event: it is logged, the user is told
    nothing was changed, and nothing is done for it."""
    tables = getattr(interaction.client, "tables", None)
    if interaction.guild_id is None or tables is None or tables.serves(interaction.guild_id):
        return True
    log.warning("Interaction %s is for server %s, which this process does not serve "
                "(shards %s of %s): refused", interaction.id, interaction.guild_id,
                tables.shards.ids, tables.shards.count)
    await answer_refusal(interaction, OtherShard())
    return False


def unoffered(interaction: discord.Interaction) -> str | None:
    """What the first option of the command whose value it does not take accepts, as a
    sentence: a value not of the option's type, not one of its choices, or past its
    bounds. None when every value fits."""
    command = interaction.command
    if (interaction.type is not discord.InteractionType.application_command
            or not isinstance(command, app_commands.Command)):
        return None
    given = vars(interaction.namespace)
    for option in command.parameters:
        name = option.display_name
        if name in given and not _fits(option, given[name]):
            return _takes(option, name)
    return None


def not_taken(interaction: discord.Interaction, value: Any) -> str:
    """The sentence for a value of the right type that its option's converter refused."""
    name = next((name for name, given in vars(interaction.namespace).items()
                 if given == value), None)
    if name is None:
        return Text("One of the options cannot take that value. Nothing was done.")
    return Text("`{option}` cannot take that value. Nothing was done.", option=name)


def _fits(option: app_commands.Parameter, value: Any) -> bool:
    kind = option.type
    if kind is OptionType.boolean:
        return isinstance(value, bool)
    if kind is OptionType.string:
        if not isinstance(value, str):
            return False
        size = len(value)  # a text's bounds are its length
    elif kind in (OptionType.integer, OptionType.number):
        wanted = int if kind is OptionType.integer else (int, float)
        if not isinstance(value, wanted) or isinstance(value, bool):
            return False
        size = value
    else:
        return True  # users, channels, roles: Discord sends only what it could resolve
    if option.choices:
        return value in [choice.value for choice in option.choices]
    low, high = option.min_value, option.max_value
    return (low is None or size >= low) and (high is None or size <= high)


# A number option's refusal by (whole number?, lower bound?, upper bound?): whole
# sentences, so that each language words each.
NUMBER_BOUNDS = {
    (True, True, True):
        N_("`{option}` takes a whole number from {low} to {high}. Nothing was done."),
    (True, True, False):
        N_("`{option}` takes a whole number of at least {low}. Nothing was done."),
    (True, False, True):
        N_("`{option}` takes a whole number of at most {high}. Nothing was done."),
    (True, False, False): N_("`{option}` takes a whole number. Nothing was done."),
    (False, True, True): N_("`{option}` takes a number from {low} to {high}. Nothing was done."),
    (False, True, False): N_("`{option}` takes a number of at least {low}. Nothing was done."),
    (False, False, True): N_("`{option}` takes a number of at most {high}. Nothing was done."),
    (False, False, False): N_("`{option}` takes a number. Nothing was done."),
}


def _takes(option: app_commands.Parameter, name: str) -> Text:
    """What the option `name` accepts, as a refusal's sentence."""
    kind, low, high = option.type, option.min_value, option.max_value
    if option.choices:
        # Semicolons: a choice's name may have a comma of its own.
        return Text("`{option}` takes one of the choices offered: {choices}. Nothing was done.",
                    option=name, choices="; ".join(c.name for c in option.choices))
    if kind is OptionType.boolean:
        # Translators: True and False are what Discord shows for a yes/no option.
        return Text("`{option}` takes True or False. Nothing was done.", option=name)
    if kind is OptionType.string:
        if high is not None:
            return Text.plural_of(
                "`{option}` takes text of {low} to {n} character. Nothing was done.",
                "`{option}` takes text of {low} to {n} characters. Nothing was done.",
                high, option=name, low=low or 0)
        if low:
            return Text.plural_of(
                "`{option}` takes text of at least {n} character. Nothing was done.",
                "`{option}` takes text of at least {n} characters. Nothing was done.",
                low, option=name)
        return Text("`{option}` takes text. Nothing was done.", option=name)
    bounds = NUMBER_BOUNDS[kind is OptionType.integer, low is not None, high is not None]
    return Text(bounds, option=name, low=low, high=high)


def fitted(text: str, limit: int = MAX_ANSWER) -> str:
    """`text` cut to `limit` characters, if it is longer, by its middle: a refusal that
    quotes what it was given still ends with what to do."""
    if len(text) <= limit:
        return text
    head = (limit - 1) // 2
    return f"{text[:head]}…{text[len(text) - (limit - 1 - head):]}"


async def answer(interaction: discord.Interaction, text: str) -> None:
    """One ephemeral line: the interaction's answer, or a follow-up if it has one; never
    longer than Discord takes (a longer one would be refused, and the player told nothing)."""
    text = fitted(str(text))  # a message kept for later (Text) renders in the reader's language
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def answer_refusal(interaction: discord.Interaction, error: BaseException) -> bool:
    """Answer a refusal (a table's, the store's, or a command value's) with its own
    sentence; nothing was changed. False when `error` is not a refusal."""
    if not isinstance(error, (TableError, StoreError, OptionRefused)):
        return False
    try:
        await answer(interaction, error.message)
    except discord.HTTPException:
        log.warning("Could not tell the user why interaction %s was refused", interaction.id)
    return True


async def tell_user_it_failed(interaction: discord.Interaction) -> None:
    try:
        await answer(interaction, _(SORRY))
    except discord.HTTPException:
        # The interaction may have expired; the log above already has the cause.
        log.warning("Could not tell the user that interaction %s failed", interaction.id)


def keep_for_good() -> None:
    """What is alive now lives as long as the process (the tables just brought back after
    a restart): collected once, then frozen, so that no later collection walks it again.
    Frozen a part at a time, 10,000 tables' deals cost recovery no collection over them
    all, again and again."""
    gc.collect()
    gc.freeze()


class HallBot(commands.AutoShardedBot):
    store: Store
    tables: TableService

    def __init__(
        self,
        settings: Settings,
        extensions: Sequence[str] | None = None,
        *,
        scheduler: Scheduler | None = None,
        tune_gc: bool = True,
    ) -> None:
        shards = settings.shards
        super().__init__(
            # Without SHARD_COUNT and SHARD_IDS, discord.py asks Discord how many shards the
            # bot needs and runs them all here.
            shard_count=shards.count if shards else None,
            shard_ids=list(shards.ids) if shards else None,
            # Mentions only: there are no prefix commands, and no message content intent.
            command_prefix=commands.when_mentioned,
            help_command=None,
            intents=intents(),
            max_messages=None,  # no message events arrive: nothing to cache
            tree_cls=GffTree,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
        )
        self.settings = settings
        self.initial_extensions = (
            default_extensions() if extensions is None else tuple(extensions)
        )
        self.scheduler = scheduler or AsyncioScheduler()
        # Whether on_ready freezes the heap and collects the young generation less often
        # (below); off only to measure what that earns (bench/bot.py).
        self.tune_gc = tune_gc
        self._heap_frozen = False
        self._gc_thresholds = gc.get_threshold()
        # What `python -m bot` exits with once the bot has closed: 0, or why it stopped.
        self.exit_status = 0
        self._stopping: asyncio.Task[None] | None = None
        self.recovered: asyncio.Task[None] | None = None  # the tables' recovery, at start-up
        self._click_takers: list[Callable[[dict[str, Any]], bool]] = []
        # Each user's and server's language (bot/i18n/readers.py).
        self.readers = Readers(self._preferred_locale)
        parsers = self._connection.parsers  # the gateway looks each event up here
        self._parse_interaction = parsers["INTERACTION_CREATE"]
        parsers["INTERACTION_CREATE"] = self._interaction_created

    def _preferred_locale(self, guild_id: int) -> object:
        guild = self.get_guild(guild_id)
        return guild.preferred_locale if guild is not None else None

    def take_clicks(self, taker: Callable[[dict[str, Any]], bool]) -> None:
        """Let `taker` see each interaction's raw payload before discord.py parses it; it
        returns True for a click it has answered (bot.replies, cogs.table.items)."""
        self._click_takers.append(taker)

    def stop_taking_clicks(self, taker: Callable[[dict[str, Any]], bool]) -> None:
        if taker in self._click_takers:
            self._click_takers.remove(taker)

    def _interaction_created(self, event: dict[str, Any]) -> None:
        # What this interaction causes is worded in its user's language: the tasks started
        # for it (a click's, a command's) copy the language set here.
        with using(self.readers.heard_interaction(event)):
            for taker in self._click_takers:
                try:
                    if taker(event):
                        return
                except Exception:
                    # A payload its taker cannot read: logged and dropped, as the gateway
                    # must go on reading events (discord.py's own parser would fail alike).
                    log.exception("An interaction could not be read: dropped")
                    return
            self._parse_interaction(event)

    async def setup_hook(self) -> None:
        # The store first: cogs may read it as they load, and recovery must come before
        # any interaction can reach a table. `python -m bot` opens and checks it before
        # logging in and hands it over (bot.startup); a bot started otherwise (the test
        # harness) opens it here. Either way the bot closes it.
        if getattr(self, "store", None) is None:
            self.store = await Store.open(
                self.settings.database_url or self.settings.database_path,
                defaults=self.house_defaults(),
            )
        self.store.on_claims_lost(self.tables_lost)
        # Until the table cog is loaded and listens, nothing is sent.
        shards = self.settings.shards
        self.tables = TableService(self.store, self.scheduler, SilentListener(), shards=shards)
        if shards is not None:
            log.info("Running shards %s of %s: only their servers' tables", shards.ids,
                     shards.count)
        # Which tables are open is known at once; they are brought back a part at a time
        # while the bot already answers (a table still loading says so), so a bot with
        # thousands of tables is playing at the first ones within a moment of starting.
        loading = await self.store.open_tables(shards)
        self.tables.expect(loading)
        self._collect_less_often()
        for extension in self.initial_extensions:
            await self.load_extension(extension)
        self.recovered = asyncio.get_running_loop().create_task(
            self.tables.recover(list(loading), self._tables_back), name="recovery"
        )
        self.recovered.add_done_callback(lambda _: self._freeze_heap())
        await asyncio.to_thread(catalogs.read_all)
        await self.sync_commands()

    async def _tables_back(self, tables: list[LiveTable]) -> None:
        if self.tune_gc:
            keep_for_good()
        cog = self.get_cog("TableCog")
        if cog is not None:  # loaded by then, unless the bot is closing
            await cog.tables_back(tables)  # type: ignore[attr-defined]

    def tables_lost(self) -> None:
        """The database no longer holds this process's tables for it: another process may
        run them now. Stop at once, acting on none of them again; started again (the
        launcher does so), the process takes back what it can."""
        if self._stopping is not None:
            return
        log.critical("This process lost hold of its tables; stopping so that no table is "
                     "run by two processes. Start it again to take them back.")
        self.exit_status = EXIT_TABLES_LOST
        self._stopping = asyncio.get_running_loop().create_task(self.close())

    def house_defaults(self) -> GuildSettings:
        s = self.settings
        return GuildSettings(
            stake=s.default_stake,
            buy_in_stakes=s.default_buy_in_stakes,
            starting_chips=s.starting_chips,
            daily_chips=s.daily_chips,
            turn_seconds=s.turn_seconds,
            pictures=int(s.pictures),
        )

    async def close(self) -> None:
        if self.recovered is not None and not self.recovered.done():
            # A part being written finishes whole (the store's transactions are atomic);
            # the rest is recovered at the next start.
            self.recovered.cancel()
            await asyncio.gather(self.recovered, return_exceptions=True)
        self.scheduler.cancel_all()
        # Frozen objects are never collected: give them back before this bot's go.
        gc.unfreeze()
        gc.set_threshold(*self._gc_thresholds)
        await super().close()
        tables = getattr(self, "tables", None)
        if tables is not None:
            tables.computers.close()
            await tables.release_all()
        store = getattr(self, "store", None)
        if store is not None:
            await store.close()

    async def sync_commands(self) -> None:
        shards = self.settings.shards
        if shards is not None and 0 not in shards.ids:
            # Commands belong to the application, not to a shard: one process syncs them.
            log.info("Commands are synced by the process that runs shard 0")
            return
        path = command_sync.record_path(self.settings.database_path)
        await command_sync.sync_commands(self.tree, self.settings.dev_guild_id, path)

    async def on_ready(self) -> None:
        log.info("Logged in as %s (id %s) in %d servers", self.user, self.user.id, len(self.guilds))
        self._freeze_heap()

    def _freeze_heap(self) -> None:
        """Once the bot is ready and every table is back: what exists then (modules,
        discord.py's caches, the tables brought back) lives as long as the process.
        Frozen, it is no longer walked by every full garbage collection, whose pauses are
        what the slowest clicks wait on. Only once: a reconnect would freeze short-lived
        objects too."""
        recovering = self.recovered is not None and not self.recovered.done()
        if (self.tune_gc and not self._heap_frozen and self.is_ready() and not recovering
                and not self.is_closed()):
            gc.collect()
            gc.freeze()
            self._heap_frozen = True

    def _collect_less_often(self) -> None:
        if self.tune_gc:
            # With the first collection after 100,000 new objects rather than 700, fewer
            # of the clicks in flight are still in use when it runs, so fewer of their
            # objects live on into the older generations, whose collections are the long
            # pauses. A collection walks the young objects still alive, and with more
            # tables more are (a table's state lives until its next action, a player's
            # last click until their next): with every click of 500 busy tables in
            # flight, the collector took 105 us an action after 10,000 new objects, 37-45
            # after 50,000 and 17-18 after 100,000, while its longest pause stayed about
            # 100 ms (it is set by the objects alive, not by the threshold). Earlier,
            # 10,000 against 2,000: one full collection where 2,000 had seven and 700
            # twenty-two.
            # The same holds while the tables are brought back: every deal replayed is
            # kept, and with 700 a collection walked them all again and again, which
            # doubled the time recovery took.
            gc.set_threshold(YOUNG_COLLECTION_AFTER, *gc.get_threshold()[1:])
