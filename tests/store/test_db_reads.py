"""SQLite's read connections: a few of their own, so a slow read for one server holds one
of them while short reads for everyone else go on the others."""

from __future__ import annotations

import asyncio
import contextlib
import threading

import pytest

from bot.store import db as db_module
from bot.store.db import Database

pytestmark = pytest.mark.sqlite_only("SQLite's read connections")


def _count(db) -> int:
    return db.execute("SELECT COUNT(*) FROM t").fetchone()[0]


@pytest.fixture
async def table(db_path):
    database = await Database.open(db_path, readers=1)
    try:
        await database.call(lambda db: db.execute("CREATE TABLE t (x INTEGER)"))
    finally:
        await database.close()
    return db_path


def _held_read(started: threading.Event, release: threading.Event):
    """A read that keeps its connection until the test lets it go."""

    def read(db) -> int:
        before = _count(db)
        started.set()
        release.wait(10)
        return before

    return read


@contextlib.asynccontextmanager
async def slow_read(path, readers: int | None = None):
    """A database on `path` with one read holding its connection: yields the database,
    the slow read's task and the event that lets it go (set at the end in any case)."""
    database = await (Database.open(path) if readers is None
                      else Database.open(path, readers=readers))
    started, release = threading.Event(), threading.Event()
    try:
        slow = asyncio.ensure_future(database.read(_held_read(started, release)))
        await asyncio.to_thread(started.wait, 10)
        yield database, slow, release
    finally:
        release.set()
        await database.close()


async def test_reads_run_on_their_own_connections_one_read_each(table):
    database = await Database.open(table)
    started = [threading.Event() for _ in range(db_module.READERS)]
    release = threading.Event()
    try:
        reads = [asyncio.ensure_future(database.read(_held_read(s, release))) for s in started]
        for event in started:
            await asyncio.to_thread(event.wait, 10)
        assert all(event.is_set() for event in started)  # every reader busy at once
        release.set()
        assert await asyncio.gather(*reads) == [0] * db_module.READERS
    finally:
        release.set()
        await database.close()


async def test_a_slow_read_does_not_delay_a_short_read(table):
    async with slow_read(table) as (database, slow, release):
        assert await asyncio.wait_for(database.read(_count), 10) == 0
        assert not slow.done()  # the short read came back while the slow one still ran
        release.set()
        assert await slow == 0


async def test_with_one_reader_a_short_read_waits_behind_a_slow_one(table):
    # The test above with one reader: the short read is served only once the slow one is
    # over, which shows the test above can tell the two apart.
    async with slow_read(table, readers=1) as (database, slow, release):
        short = asyncio.ensure_future(database.read(_count))
        await asyncio.sleep(0.05)
        assert not short.done()
        release.set()
        assert await short == 0 and await slow == 0


async def test_a_cancelled_read_gives_its_connection_back_once_it_is_over(table):
    async with slow_read(table, readers=1) as (database, slow, release):
        slow.cancel()
        release.set()
        assert await asyncio.wait_for(database.read(_count), 10) == 0


async def test_a_read_after_close_is_refused(table):
    database = await Database.open(table)
    await database.close()
    with pytest.raises(ValueError, match="closed"):
        await database.read(_count)
