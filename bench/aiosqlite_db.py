"""The store's former driver, kept as the benchmark's baseline: aiosqlite's private queue.

bot/store/db.py as it was when the store ran on aiosqlite: the same group commit
and one hop per transaction, sent through aiosqlite's private `_tx` queue.

aiosqlite runs every call on the connection's own thread, and each awaited call
costs a hop there and back. A transaction made of awaited calls (BEGIN, the
statements, COMMIT) pays several hops; here a transaction is one synchronous
function run on that thread, so it costs one hop however many statements it has.

Writes are serialised by one asyncio.Lock, held while a write transaction is on
its way to disk. Writes that arrive meanwhile wait, then share the next
transaction (group commit): one fsync for many tables' actions. Each write still
runs in a SAVEPOINT of its own, so a refused one leaves no trace and does not
disturb the others, and no caller hears of its write before the COMMIT that
makes it durable. The transaction is sent and its outcome handed out by
callbacks, not by a task: no task's cancellation can strand the writes that
share it, and no extra turn of the event loop is spent on the way.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

T = TypeVar("T")
Work = Callable[[sqlite3.Connection], Any]

BUSY_TIMEOUT_MS = 5_000  # another process holding the write lock (a backup, a shell)
# json_insert() with '$[#]' (3.31); window functions, upserts and partial indexes are older.
OLDEST_SQLITE = (3, 31)

log = logging.getLogger(__name__)


def submit(conn: aiosqlite.Connection, fn: Callable[..., T], *args: Any) -> asyncio.Future[T]:
    """Queue fn(sqlite3_connection, *args) on the connection's thread; its future.

    aiosqlite has no public call for this. Its own `Connection._execute` puts
    (future, function) on the thread's queue `_tx` and awaits the future; this
    does the same without awaiting, so that what happens when the work lands does
    not depend on the task that sent it.
    """
    if not conn._running or conn._connection is None:
        raise ValueError("Connection closed")
    future = asyncio.get_running_loop().create_future()
    conn._tx.put_nowait((future, partial(fn, conn._connection, *args)))
    return future


async def hop(conn: aiosqlite.Connection, fn: Callable[..., T], *args: Any) -> T:
    """Run fn(sqlite3_connection, *args) on the connection's thread, as one hop."""
    return await submit(conn, fn, *args)


def configure(db: sqlite3.Connection) -> None:
    """The pragmas every connection needs."""
    mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
    if mode != "wal":
        # Still correct, only slower and blocking readers: worth a line in the log.
        log.warning("SQLite would not use WAL on this file; journal mode is %s", mode)
    db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA synchronous = FULL")  # these are chips: a commit survives power loss


@dataclass(slots=True)
class _Job:
    work: Work
    future: asyncio.Future


class Database:
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()  # held while a write transaction (or a migration) runs
        self._waiting: list[_Job] = []
        self.commits = 0  # transactions committed, for tests and the benchmark
        self.closed = False

    @classmethod
    async def open(cls, path: str | Path) -> Database:
        if sqlite3.sqlite_version_info < OLDEST_SQLITE:
            raise RuntimeError(
                f"SQLite {sqlite3.sqlite_version} is too old for the chip store; "
                f"it needs {'.'.join(map(str, OLDEST_SQLITE))} or newer"
            )
        # isolation_level=None: the sqlite3 module opens no transaction of its own;
        # every write transaction here starts with an explicit BEGIN IMMEDIATE.
        conn = await aiosqlite.connect(path, isolation_level=None)
        try:
            await hop(conn, configure)
        except BaseException:
            await conn.close()
            raise
        return cls(conn)

    async def close(self) -> None:
        await self._lock.acquire()
        try:
            if not self.closed:
                self.closed = True
                await self._conn.close()
        finally:
            self._send_or_release()  # writes that came in meanwhile fail: it is closed

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """fn(db, *args) with no transaction around it, for work that makes its own (migrations)."""
        await self._lock.acquire()
        try:
            return await hop(self._conn, fn, *args)
        finally:
            self._send_or_release()

    async def read(self, work: Callable[..., T], *args: Any) -> T:
        """work(db, *args) in a read transaction: one consistent snapshot, one hop."""
        return await hop(self._conn, _read, _bind(work, args))

    async def write(self, work: Callable[..., T], *args: Any) -> T:
        """work(db, *args) in a write transaction; its exception, if any, rolls it back."""
        job = _Job(_bind(work, args), asyncio.get_running_loop().create_future())
        self._waiting.append(job)
        try:
            if not self._lock.locked():
                # Free: taken at once. Held, its holder sends this write when it is done.
                await self._lock.acquire()
                self._send_or_release()
            return await job.future
        except asyncio.CancelledError:
            if job in self._waiting:
                self._waiting.remove(job)  # it never ran: nothing was written
            raise

    def _send_or_release(self) -> None:
        """With the lock held: send all that waits as one transaction, or let the lock go."""
        if not self._waiting:
            self._lock.release()
            return
        batch, self._waiting = self._waiting, []
        try:
            landed = submit(self._conn, run_batch, [job.work for job in batch])
        except Exception as error:  # the connection is closed
            self._settle(batch, error, [])
            self._lock.release()
            return
        landed.add_done_callback(partial(self._landed, batch))

    def _landed(self, batch: list[_Job], landed: asyncio.Future) -> None:
        error = landed.exception() if not landed.cancelled() else asyncio.CancelledError()
        if error is None:
            self.commits += 1
        self._settle(batch, error, [] if error else landed.result())
        self._send_or_release()

    @staticmethod
    def _settle(
        batch: list[_Job], error: BaseException | None, outcomes: list[tuple[bool, Any]]
    ) -> None:
        """Tell each write how it went: the batch's error, or its own outcome."""
        for index, job in enumerate(batch):
            if job.future.done():
                continue  # its caller was cancelled; the write stands
            if error is not None:
                job.future.set_exception(error)
            elif outcomes[index][0]:
                job.future.set_result(outcomes[index][1])
            else:
                job.future.set_exception(outcomes[index][1])


def _bind(work: Callable[..., Any], args: tuple[Any, ...]) -> Work:
    """work(db, *args) as a function of the connection alone."""
    return lambda db: work(db, *args)


def _read(db: sqlite3.Connection, work: Work) -> Any:
    db.execute("BEGIN")
    try:
        return work(db)
    finally:
        # Nothing to make durable: a read ends with ROLLBACK, which would also undo a
        # write that slipped into a read by mistake.
        db.execute("ROLLBACK")


def run_batch(db: sqlite3.Connection, works: list[Work]) -> list[tuple[bool, Any]]:
    """One transaction for all `works`; (True, result) or (False, exception) for each."""
    db.execute("BEGIN IMMEDIATE")
    try:
        if len(works) == 1:
            outcomes = [_alone(db, works[0])]
        else:
            outcomes = [_in_savepoint(db, work) for work in works]
        if db.in_transaction:
            db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    return outcomes


def _alone(db: sqlite3.Connection, work: Work) -> tuple[bool, Any]:
    try:
        return True, work(db)
    except Exception as error:
        if db.in_transaction:
            db.execute("ROLLBACK")
        return False, error


def _in_savepoint(db: sqlite3.Connection, work: Work) -> tuple[bool, Any]:
    db.execute("SAVEPOINT operation")
    try:
        result = work(db)
    except Exception as error:
        if not db.in_transaction:
            raise  # SQLite rolled the whole transaction back (disk full, I/O error)
        db.execute("ROLLBACK TO operation")
        db.execute("RELEASE operation")
        return False, error
    db.execute("RELEASE operation")
    return True, result
