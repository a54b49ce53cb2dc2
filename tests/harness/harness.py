"""The real bot, logged in against a recorder instead of Discord, driven by raw gateway events.

    async with Harness(database_path=tmp_path / "gff.sqlite3") as h:
        alice = h.user("alice")
        await h.slash(alice, "gff rules")
        assert h.last_response(alice).ephemeral

See tests/harness/__init__.py for the whole API.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import Any

import discord
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.client import HallBot
from bot.settings import Settings
from bot.tables import ManualScheduler
from tests.harness import payloads
from tests.harness.errors import ErrorLog, Expectation
from tests.harness.ids import Snowflakes, new_token
from tests.harness.messages import COMPONENT, SLASH, Interaction, Message
from tests.harness.payloads import BOT_PERMISSIONS, Channel, Thread, User
from tests.harness.pictures import picture_problems
from tests.harness.recorder import Recorder
from tests.harness.schema import CommandError, build_command_data
from tests.harness.tasks import TaskTracker

# READY waits this long for more guilds before firing; Discord's default is 2 s.
GUILD_READY_SECONDS = 0.01
SELECTS = (3, 5, 6, 7, 8)


# A hard computer's search in tests (bot/tables/computer.py `budget`): a few playouts a
# move, not a table's second, so a hand against it is played in moments; the same moves on
# any machine. None: a table's own budget (tests/discord/test_hard_computer.py).
SEARCH_BUDGET = (16, None)

class Harness:
    active: Harness | None = None

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        extensions: Sequence[str] | None = None,
        dev_guild: bool = False,
        scheduler: Any = None,
        guild_id: int | None = None,
        channel_id: int | None = None,
        tune_gc: bool = True,
        wait_for_recovery: bool = True,
        search_budget: tuple[int | None, float | None] | None = SEARCH_BUDGET,
        guild_locale: str = "en-US",
        user_locale: str = "en-US",
        **setting_values: Any,
    ) -> None:
        self.snowflake = Snowflakes()
        self.guild_locale = guild_locale  # the server's language, as Discord sends it
        self.user_locale = user_locale  # a user's, unless `user` is told another
        self.search_budget = search_budget
        # A given server id puts the server on the shard it maps to ((id >> 22) % count).
        self.guild_id = guild_id if guild_id is not None else self.snowflake()
        if settings is None:
            setting_values.setdefault("discord_token", "harness-token")
            # Tests read the table message after each click, and time moves only when a
            # test moves it: the table message's edits are not paced unless a test asks.
            setting_values.setdefault("table_edit_seconds", 0)
            # Nor are turn pings held back: a test reads the ping as the turn begins.
            setting_values.setdefault("turn_ping_seconds", 0)
            if dev_guild:
                setting_values["dev_guild_id"] = self.guild_id
            settings = Settings.from_values(**setting_values)
        elif setting_values or dev_guild:
            raise TypeError("pass either a Settings object or setting values, not both")
        self.settings = settings
        self.extensions = extensions
        self.tune_gc = tune_gc  # HallBot's garbage collector tuning, as in production
        self.wait_for_recovery = wait_for_recovery
        # Time moves only when a test says so: tables.ManualScheduler.advance.
        self.scheduler = scheduler if scheduler is not None else ManualScheduler()
        self.application_id = self.snowflake()
        self.bot_user = User(self.application_id, "GFF", bot=True)
        # On Discord the server owner has every permission, Manage Server included.
        self.owner = User(self.snowflake(), "owner", permissions=discord.Permissions.all().value)
        # A given channel id: the channel of a table an earlier bot left open.
        self.channel = Channel(channel_id or self.snowflake(), self.guild_id, "gff")
        self.channels = {self.channel.id: self.channel}
        self.users: dict[int, User] = {self.owner.id: self.owner}
        self.recorder = Recorder(
            snowflake=self.snowflake,
            application_id=self.application_id,
            bot=self.bot_user,
            owner=self.owner,
            guild_id=self.guild_id,
            channels=self.channels,
            users=self.users,
        )
        self.errors = ErrorLog()
        self.bot: HallBot | None = None
        self._tasks: TaskTracker | None = None
        self._originals: list[tuple[type, str, Any]] = []

    # --- lifecycle ----------------------------------------------------------------------

    async def __aenter__(self) -> Harness:
        await self.start()
        return self

    async def __aexit__(self, kind, error, traceback) -> None:
        await self.close(check=error is None)

    async def start(self) -> None:
        if Harness.active is not None:
            raise RuntimeError("another Harness is running; close it first")
        Harness.active = self
        self._patch()
        self.errors.install()
        self._tasks = TaskTracker(asyncio.get_running_loop())
        self._tasks.install()
        try:
            await self._boot()
        except BaseException:
            await self.close(check=False)
            raise

    async def _boot(self) -> None:
        # No extensions given: the bot's own list, from the games registered now.
        self.bot = HallBot(self.settings, self.extensions, scheduler=self.scheduler,
                           tune_gc=self.tune_gc)
        # login runs the real setup_hook: extensions load and commands sync, as in production.
        with self._tasks.dispatching():
            await self.bot.login("harness-token")
            self.bot.tables.computers.budget = self.search_budget
            if self.wait_for_recovery and self.bot.recovered is not None:
                # Every table back before the gateway speaks, unless a test wants to act
                # while recovery still runs.
                await self.bot.recovered
            cog = self.bot.get_cog("TableCog")
            synced = getattr(cog, "faces_synced", None)
            if synced is not None:
                # The card faces uploaded (or found wanting) before play: a test sees the
                # look a player gets once the bot has been up a moment.
                await synced
        self.bot._connection.guild_ready_timeout = GUILD_READY_SECONDS
        # What discord.py's launch_shards sets before connecting each shard; a bot given no
        # shards runs one here (Discord's answer for a small bot).
        count = self.bot.shard_count or 1
        shard_ids = list(self.bot.shard_ids or range(count))
        self.bot.shard_count = self.bot._connection.shard_count = count
        self.bot._connection.shard_ids = shard_ids
        for shard_id in shard_ids:  # each shard's READY lists its own servers
            mine = [self.guild_id] if (self.guild_id >> 22) % count == shard_id else []
            ready = payloads.ready(self.bot_user, self.application_id, mine)
            await self.dispatch("READY", {**ready, "shard": [shard_id, count]})
        guild = payloads.guild_create(
            self.guild_id, "Card Room", self.owner, self.bot_user, list(self.channels.values()),
            locale=self.guild_locale,
        )
        await self.dispatch("GUILD_CREATE", guild)
        await asyncio.wait_for(self.bot.wait_until_ready(), timeout=5)
        self.check()

    async def restart(self) -> None:
        """Close the bot and start a new one on the same settings, as after a crash or deploy.

        Messages stay, as they do on Discord; views stored in memory are gone.
        """
        assert self.bot is not None
        await self.bot.close()
        await self._tasks.cancel_all()
        await self._boot()

    async def close(self, *, check: bool = True) -> None:
        try:
            if self.bot is not None:
                await self.bot.close()
            if self._tasks is not None:
                await self._tasks.cancel_all()
                self._tasks.uninstall()
        finally:
            self.errors.uninstall()
            self._unpatch()
            Harness.active = None
        if check:
            self.check()

    def _patch(self) -> None:
        recorder = self.recorder

        async def rest(http, route, **kwargs):
            return await recorder.rest(route, **kwargs)

        async def webhook(adapter, route, session, **kwargs):
            return await recorder.webhook(route, **kwargs)

        for owner, name, replacement in (
            (discord.http.HTTPClient, "request", rest),
            (AsyncWebhookAdapter, "request", webhook),
        ):
            self._originals.append((owner, name, owner.__dict__[name]))
            setattr(owner, name, replacement)

    def _unpatch(self) -> None:
        while self._originals:
            owner, name, original = self._originals.pop()
            setattr(owner, name, original)

    # --- failures -----------------------------------------------------------------------

    def check(self) -> None:
        """Fail on any route the recorder could not answer and any unexpected ERROR log."""
        problems = [f"unknown Discord route: {route}" for route in self.recorder.unknown]
        self.recorder.unknown.clear()
        problems += [f"past Discord's limits: {sent}" for sent in self.recorder.over_limits]
        self.recorder.over_limits.clear()
        problems += picture_problems(self.recorder)
        problems += [f"error logged: {text}" for text in self.errors.take()]
        if problems:
            raise AssertionError("\n".join(problems))

    async def advance(
        self, seconds: float, *, wait_for_all: bool = True, together: bool = False
    ) -> None:
        """Move the bot's clock on; what falls due runs as if Discord had sent an event,
        and the test waits for every send it causes. With `wait_for_all` off, it waits
        only for the work of the timers that fell due, not for clicks in flight beside
        it (a benchmark's clock, ticking while its players click). With `together`, the
        timers that fall due run side by side, as the live scheduler runs them."""
        with self._tasks.dispatching() as started:
            await self.scheduler.advance(seconds, together=together)
        await self._tasks.drain(None if wait_for_all else started)
        self.check()

    def expect_error(self, pattern: str) -> AbstractContextManager[Expectation]:
        """Inside this block, ERROR logs matching `pattern` are expected (at least one)."""
        return self.errors.expect(pattern)

    # --- people and places --------------------------------------------------------------

    def user(self, name: str, *, permissions: discord.Permissions | None = None,
             locale: str | None = None) -> User:
        chosen = permissions or payloads.MEMBER_PERMISSIONS
        user = User(self.snowflake(), name, permissions=chosen.value,
                    locale=locale or self.user_locale)
        self.users[user.id] = user
        return user

    async def add_channel(self, name: str) -> Channel:
        channel = Channel(self.snowflake(), self.guild_id, name)
        self.channels[channel.id] = channel
        await self.dispatch("CHANNEL_CREATE", channel.payload())
        return channel

    async def add_thread(self, name: str, parent: Channel | None = None) -> Thread:
        """A public thread in `parent` (the harness's channel unless told)."""
        parent = parent or self.channel
        thread = Thread(self.snowflake(), self.guild_id, name, parent_id=parent.id)
        self.channels[thread.id] = thread
        await self.dispatch("THREAD_CREATE", {**thread.payload(), "newly_created": True})
        return thread

    # --- driving the bot ----------------------------------------------------------------

    async def dispatch(self, event: str, payload: dict[str, Any]) -> None:
        """Feed one raw gateway event to discord.py and wait for everything it started."""
        assert self.bot is not None and self._tasks is not None
        with self._tasks.dispatching() as started:
            self.bot._connection.parsers[event](payload)
        await self._tasks.drain(started)

    @property
    def commands(self) -> list[dict[str, Any]]:
        """The command schema the bot synced, where it synced it."""
        if self.settings.dev_guild_id is not None:
            return self.recorder.guild_commands.get(self.settings.dev_guild_id, [])
        return self.recorder.global_commands

    async def slash(
        self,
        user: User,
        command: str,
        *,
        channel: Channel | None = None,
        expect_answer: bool = True,
        forged: bool = False,
        **options: Any,
    ) -> Interaction:
        """Run a slash command as `user` types it, e.g. slash(alice, "gff join", buy_in=200).

        `forged` sends values a client would not (outside an option's min and max, its
        length or its choices), as a modified client could.
        """
        channel = channel or self.channel
        guild_id = self.settings.dev_guild_id
        data = build_command_data(
            self.commands, command, options, guild_id=guild_id, channels=self.channels,
            forged=forged,
        )
        return await self._interact(SLASH, user, channel, data, expect_answer=expect_answer)

    async def click(
        self,
        user: User,
        message: Message | int,
        custom_id: str,
        *,
        values: Sequence[str] | None = None,
        expect_answer: bool = True,
        forged: bool = False,
    ) -> Interaction:
        """Click a button (or pick `values` in a select) on a message `user` can see.

        `forged` sends the click even if `user` cannot see the message or the button is
        disabled, and any menu values, as a modified client could, to test that the bot
        refuses it.
        """
        message = self.message(message)
        if not forged and not message.visible_to(user):
            raise AssertionError(f"{user.name} cannot see {message!r}")
        component = message.component(custom_id)
        if component is None:
            raise CommandError(f"no component {custom_id!r} on {message!r}: {message.custom_ids}")
        if component.get("disabled") and not forged:
            raise AssertionError(f"{custom_id!r} is disabled on {message!r}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component["type"]}
        if component["type"] in SELECTS:
            data["values"] = list(values or []) if forged else _checked_values(component, values)
        elif values is not None:
            raise CommandError(f"{custom_id!r} is a button; it takes no values")
        channel = self.channels[message.channel_id]
        return await self._interact(
            COMPONENT, user, channel, data, message=message, expect_answer=expect_answer
        )

    async def _interact(
        self,
        kind: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        *,
        message: Message | None = None,
        expect_answer: bool = True,
    ) -> Interaction:
        interaction_id, token = self.snowflake(), new_token()
        payload = payloads.interaction(
            interaction_id=interaction_id,
            application_id=self.application_id,
            kind=kind,
            token=token,
            user=user,
            channel=channel,
            data=data,
            app_permissions=BOT_PERMISSIONS.value,
            message=message.data if message is not None else None,
            guild_locale=self.guild_locale,
        )
        record = Interaction(
            id=interaction_id,
            token=token,
            kind=kind,
            user=user,
            channel=channel,
            # The event itself is Discord's to send, not to keep: without a history it
            # is dropped with the click (its dozens of lists each are what the process's
            # garbage collections would otherwise walk, for every recent click).
            payload=payload if self.recorder.keep_history else {},
            clicked_message_id=message.id if message is not None else None,
        )
        self.recorder.open_interaction(record)
        record.dispatched_at = time.perf_counter()
        await self.dispatch("INTERACTION_CREATE", payload)
        self.check()
        if expect_answer and not record.answered:
            raise AssertionError(
                "the bot never answered this interaction; Discord would show "
                "'This interaction failed'"
            )
        return record

    # --- what users see -----------------------------------------------------------------

    def message(self, message: Message | int) -> Message:
        found = self.recorder.messages.get(message if isinstance(message, int) else message.id)
        if found is None:
            raise LookupError(f"no message {message!r}")
        return found

    @property
    def messages(self) -> list[Message]:
        return list(self.recorder.messages.values())

    def public_messages(self, channel: Channel | None = None) -> list[Message]:
        channel = channel or self.channel
        return [
            m
            for m in self.recorder.by_channel.get(channel.id, {}).values()
            if m.viewer is None and not m.deleted
        ]

    def ephemeral_for(self, user: User) -> list[Message]:
        return [m for m in self.messages if m.viewer == user.id and not m.deleted]

    def visible_to(self, user: User, channel: Channel | None = None) -> list[Message]:
        channel = channel or self.channel
        return [m for m in self.messages if m.channel_id == channel.id and m.visible_to(user)]

    def last_response(self, user: User) -> Message:
        """The message an interaction of `user` most recently created or changed."""
        for user_id, message_id in reversed(self.recorder.activity):
            if user_id == user.id:
                return self.recorder.messages[message_id]
        raise AssertionError(f"the bot has not answered {user.name} yet")


def _checked_values(component: dict[str, Any], values: Sequence[str] | None) -> list[str]:
    if values is None:
        raise CommandError(f"{component['custom_id']!r} is a select menu; pass values=[...]")
    chosen = list(values)
    low, high = component.get("min_values", 1), component.get("max_values", 1)
    if not low <= len(chosen) <= high:
        raise CommandError(f"{component['custom_id']!r} takes {low} to {high} values, not {chosen}")
    if component["type"] == 3:
        offered = [option["value"] for option in component.get("options", [])]
        missing = [value for value in chosen if value not in offered]
        if missing:
            raise CommandError(f"{component['custom_id']!r} does not offer {missing}: {offered}")
    return chosen
