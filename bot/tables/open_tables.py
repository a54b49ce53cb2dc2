"""The tables this process runs: found by channel, kept open while someone plays,
closed with every chip returned; and their timers, which the store may refuse for a
while without stopping a table."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from functools import partial

from bot.i18n import N_, Text
from bot.store import RunningHand, ShardSet, Store, Table
from bot.store.errors import StoreUnavailable
from bot.tables.computer import ComputerPlayers
from bot.tables.errors import TableError
from bot.tables.listener import TableListener
from bot.tables.live import LiveTable
from bot.tables.scheduler import Job, Scheduler

log = logging.getLogger(__name__)

IDLE_SECONDS = 30 * 60  # a table with no hand and no command for this long closes
# Said of an open table the bot has not brought back yet after a restart (it recovers the
# tables a part at a time, answering for those already back meanwhile).
STILL_LOADING = N_(
    "This table is being brought back after a restart: try again in a few seconds."
)
# Why a player's seat was freed, said after their name ("@Ann left the table; ...") and
# why a table closed ("The table is closed: everyone left."): rendered when shown.
# Translators: follows a player's name: "@Ann left the table; 50 chips went back to ..."
LEFT = N_("left the table")
# Translators: why a table closed: "The table is closed: the table was ended."
ENDED = N_("the table was ended")
# Translators: why a table closed: "The table is closed: everyone left."
EVERYONE_LEFT = N_("everyone left")
# A table's timer that the store refused runs again after this, then twice as long
# each time, up to RETRY_MOST_SECONDS, until the store takes it.
RETRY_FIRST_SECONDS = 1
RETRY_MOST_SECONDS = 60


class OpenTables:
    """The part of the table service every other part stands on (bot/tables/__init__.py):
    the open tables and what finds, times and closes them."""

    def __init__(
        self, store: Store, scheduler: Scheduler, listener: TableListener,
        shards: ShardSet | None,
    ) -> None:
        self.store = store
        # The shards this process runs (None: all of them). Only their servers' tables are
        # tracked here, and only a tracked table is ever dealt, timed or closed.
        self.shards = shards
        self.scheduler = scheduler
        self.listener = listener
        self.tables: dict[int, LiveTable] = {}  # by table id
        self._by_channel: dict[int, int] = {}
        self.computers = ComputerPlayers()
        # What a table's channel must be told once it can be reached again (after a restart).
        self.notices: dict[int, list[str]] = {}
        # Open tables not yet brought back after a restart, by table id: their channels.
        self.loading: dict[int, int] = {}
        self._loading_channels: set[int] = set()

    # -- finding tables --------------------------------------------------------------

    def serves(self, guild_id: int | None) -> bool:
        """Whether this process runs the server's tables (Discord sends its events here)."""
        return self.shards is None or (guild_id is not None and self.shards.serves(guild_id))

    def in_channel(self, channel_id: int) -> LiveTable | None:
        """The channel's table, or None; a table still loading after a restart is neither
        there nor absent, so asking for it is refused (TableError) until it is back."""
        table_id = self._by_channel.get(channel_id)
        if table_id is None and channel_id in self._loading_channels:
            raise TableError(Text(STILL_LOADING))
        return self.tables.get(table_id) if table_id is not None else None

    def live(self, table_id: int) -> LiveTable | None:
        """The open table with this id, None if it is closed; TableError while it is still
        being brought back after a restart (its buttons are answered once it is)."""
        if table_id in self.loading:
            raise TableError(Text(STILL_LOADING))
        return self.tables.get(table_id)

    def expect(self, tables: dict[int, int]) -> None:
        """Open tables (id: channel) that recovery will bring back a part at a time."""
        self.loading.update(tables)
        self._loading_channels.update(tables.values())

    def loaded(self, table_ids: Iterable[int]) -> None:
        """These tables are back, or will not come back here: nothing more to wait for."""
        for table_id in table_ids:
            channel_id = self.loading.pop(table_id, None)
            if channel_id is not None:
                self._loading_channels.discard(channel_id)

    def table_here(self, channel_id: int) -> LiveTable:
        """The channel's table; asking for it is activity that keeps it open."""
        table = self.in_channel(channel_id)
        if table is None:
            raise TableError(Text(
                "There is no table in this channel. `/games` lists the games you can start."
            ))
        self.touch(table)
        return table

    def _track(self, info: Table, running: RunningHand | None = None) -> LiveTable:
        table = self.tables.get(info.id)
        if table is None:
            table = LiveTable(info, running)
            self.tables[info.id] = table
            self._by_channel[info.channel_id] = info.id
            self.touch(table)
        else:
            table.info = info
            if running is not None:
                table.running = running
        return table

    async def _refresh(self, table: LiveTable) -> None:
        table.info = await self.store.table(table.id)

    # -- idling ----------------------------------------------------------------------

    def touch(self, table: LiveTable) -> None:
        """Someone did something at the table: the idle clock starts again.

        The table keeps one timer, which looks at the time of the last activity when it
        runs and sets itself again if there was some since: each click moves a time,
        not a timer (setting one is a task live, and a click is many a second)."""
        table.idle_at = self.scheduler.now() + IDLE_SECONDS
        if not table.idle_timer:
            self._idle_in(table, IDLE_SECONDS)

    def _idle_in(self, table: LiveTable, seconds: float) -> None:
        table.idle_timer = True
        self._clock(table, f"idle:{table.id}", seconds, lambda: self._idle(table))

    async def _idle(self, table: LiveTable) -> None:
        table.idle_timer = False
        left = table.idle_at - self.scheduler.now()
        if left > 0:
            self._idle_in(table, left)  # touched since the timer was set
            return
        if table.hand is not None and not table.hand.is_over:
            self.touch(table)  # the turn clock keeps a hand moving; look again later
            return
        # Translators: why a table closed: "The table is closed: nobody played for ..."
        await self._close(table, Text("nobody played for 30 minutes"))

    # -- timers ----------------------------------------------------------------------

    def _clock(self, table: LiveTable, key: str, delay: float, job: Job) -> None:
        """A table's timer (its idle close, a turn's time-out, a computer player's move, the
        next deal). What a timer does is stored first; if the store cannot take it now (a
        full disk, a lost connection), nothing of it happened, and it runs again a little
        later, then less often, until the store can: the table goes on by itself."""
        self.scheduler.call_later(
            delay, key, partial(self._clocked, table, key, job, RETRY_FIRST_SECONDS, 1)
        )

    async def _clocked(
        self, table: LiveTable, key: str, job: Job, pause: float, tries: int
    ) -> None:
        try:
            await job()
        except StoreUnavailable as refused:
            if self.tables.get(table.id) is not table or self.scheduler.pending(key):
                return  # closed since, or the timer was set again for what happens now
            if tries == 1:
                log.warning("Timer %s could not be saved (%s): trying again in %g s, then "
                            "less often", key, refused.fault, pause)
            again = partial(self._clocked, table, key, job,
                            min(pause * 2, RETRY_MOST_SECONDS), tries + 1)
            self.scheduler.call_later(pause, key, again)
            return
        if tries > 1:
            log.info("Timer %s went through at its try %d", key, tries)

    def _stop_clocks(self, table: LiveTable, seats: Sequence[str]) -> None:
        for seat in seats:
            table.clocks.pop(seat, None)
            table.clock_turns.pop(seat, None)
            self.scheduler.cancel(f"turn:{table.id}:{seat}")
            self.scheduler.cancel(f"computer:{table.id}:{seat}")

    # -- closing ---------------------------------------------------------------------

    async def channel_gone(self, channel_id: int, why: str) -> None:
        """The channel was deleted or the bot lost access: close, returning every chip."""
        table_id = self._by_channel.get(channel_id)
        table = self.tables.get(table_id) if table_id is not None else None
        if table is not None:
            await self._close(table, why)

    async def _close(self, table: LiveTable, why: str) -> None:
        async with table.lock:
            await self._close_locked(table, why)

    async def _close_locked(self, table: LiveTable, why: str) -> None:
        """Cash everyone out; carried chips go by the game's own rule (GFF-4.6: to their
        posters)."""
        if table.id not in self.tables:
            return
        returned = await self.store.close_table(table.id)
        # The seeds of its deals, revealed now that none will be dealt (docs/fairness.md).
        table.revealed = await self.store.reveal_house_seeds(table.id)
        self._forget(table)
        self.computers.forget(table.id)
        await self._release(table.id)
        await self.listener.table_closed(table, returned, why)

    async def _close_if_empty(self, table: LiveTable) -> None:
        """A table with nobody but computer players at it closes (they do not play alone)."""
        if not table.has_people():
            await self._close(table, Text(EVERYONE_LEFT))

    def _forget(self, table: LiveTable) -> None:
        self.tables.pop(table.id, None)
        if self._by_channel.get(table.info.channel_id) == table.id:
            del self._by_channel[table.info.channel_id]
        for key in ("deal", "idle"):
            self.scheduler.cancel(f"{key}:{table.id}")
        table.idle_timer = False
        self._stop_clocks(table, list(table.clocks))

    async def _release(self, table_id: int) -> None:
        try:
            await self.store.release_table(table_id)
        except Exception:
            # Whatever failed, the table itself is done with here, and the process ending
            # lets go of it too: a warning, not a failure for whoever closed it.
            log.warning("Could not let go of table %s", table_id, exc_info=True)

    async def release_all(self) -> None:
        """At shutdown: every table this process holds, for another process to take on."""
        for table_id in list(self.tables):
            await self._release(table_id)
