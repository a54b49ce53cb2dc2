"""One SQLite connection through aiosqlite: each transaction in one thread hop, with group commit.

aiosqlite runs every call on the connection's own thread, and each awaited call
costs a hop there and back. A transaction made of awaited calls (BEGIN, the
statements, COMMIT) pays several hops; here a transaction is one synchronous
function run on that thread, so it costs one hop however many statements it has.

Writes are serialised by one asyncio.Lock, held by one flushing task. Writes
that arrive while a commit is on its way to disk wait, then share the next
transaction (group commit): one fsync for many tables' actions. Each write
still runs in a SAVEPOINT of its own, so a refused one leaves no trace and does
not disturb the others, and no caller hears of its write before the COMMIT
that makes it durable.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

T = TypeVar("T")
Work = Callable[[sqlite3.Connection], Any]

BUSY_TIMEOUT_MS = 5_000  # another process holding the write lock (a backup, a shell)
# json_insert() with '$[#]' (3.31); window functions, upserts and partial indexes are older.
OLDEST_SQLITE = (3, 31)

log = logging.getLogger(__name__)


def hop(conn: aiosqlite.Connection, fn: Callable[..., T], *args: Any) -> Awaitable[T]:
    """Run fn(sqlite3_connection, *args) on the connection's thread, as one hop.

    aiosqlite has no public call for this, but all its own methods are built on
    `Connection._execute`, which runs any function on that thread, and its
    `_conn` property is the sqlite3 connection. tests/store pin both.
    """
    return conn._execute(fn, conn._conn, *args)


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
        self._lock = asyncio.Lock()
        self._waiting: list[_Job] = []
        self._flusher: asyncio.Task[None] | None = None
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
        async with self._lock:
            if not self.closed:
                self.closed = True
                await self._conn.close()

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """fn(db, *args) with no transaction around it, for work that makes its own (migrations)."""
        async with self._lock:
            return await hop(self._conn, fn, *args)

    async def read(self, work: Callable[..., T], *args: Any) -> T:
        """work(db, *args) in a read transaction: one consistent snapshot, one hop."""
        return await hop(self._conn, _read, _bind(work, args))

    async def write(self, work: Callable[..., T], *args: Any) -> T:
        """work(db, *args) in a write transaction; its exception, if any, rolls it back."""
        job = _Job(_bind(work, args), asyncio.get_running_loop().create_future())
        self._waiting.append(job)
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush())
        try:
            return await job.future
        except asyncio.CancelledError:
            if job in self._waiting:
                self._waiting.remove(job)  # it never ran: nothing was written
            raise

    async def _flush(self) -> None:
        """Commit what is waiting, again and again, until nothing is.

        Callers wait for their own job only, not for the lock: a caller that had
        to take the lock to learn its job was done would commit whatever came in
        meanwhile on its own, and writes would go one to a commit again. This task
        is not the caller's, so cancelling a caller never strands the others.
        """
        async with self._lock:
            while self._waiting:
                batch, self._waiting = self._waiting, []
                await self._commit(batch)

    async def _commit(self, batch: list[_Job]) -> None:
        try:
            outcomes = await hop(self._conn, run_batch, [job.work for job in batch])
        except BaseException as error:
            for job in batch:
                if not job.future.done():
                    job.future.set_exception(error)
            if not isinstance(error, Exception):
                raise
            return
        self.commits += 1
        for job, (ok, value) in zip(batch, outcomes, strict=True):
            if job.future.done():
                continue  # its caller was cancelled; the write stands
            if ok:
                job.future.set_result(value)
            else:
                job.future.set_exception(value)


def _bind(work: Callable[..., Any], args: tuple[Any, ...]) -> Work:
    """work(db, *args) as a function of the connection alone."""
    return lambda db: work(db, *args)


def _read(db: sqlite3.Connection, work: Work) -> Any:
    db.execute("BEGIN")
    try:
        return work(db)
    finally:
        db.execute("COMMIT")  # a read-only transaction: nothing to make durable


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
