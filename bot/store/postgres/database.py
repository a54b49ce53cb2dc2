"""The store's transactions on PostgreSQL, running the rules written once for both databases.

The store's rules are synchronous functions over a connection (`db.execute(sql,
params).fetchone()`, as sqlite3 has it; see bot/store/db.py). Here a few workers each
keep one asyncpg connection on a thread of their own with an event loop of its own,
and run each transaction whole there, as SQLite's connection thread does: the rules'
statements go to PostgreSQL from that thread (`Connection` below), and the bot's
event loop pays one hop per transaction, not one per statement. Several tables'
transactions run at once, one per worker; PostgreSQL makes their commits durable
together (its own group commit).

The rules were written for SQLite's one writer: each reads, decides, then writes.
Here writes run at once, so each write first takes a transaction lock on what it
works on, named by its function's parameters: a hand's or a table's writes take the
table's lock (and a house seat, whose chips are minted, the server's too), a wallet's
or the server settings' take the server's. Writes to one table (or one server's
money supply) therefore run one after the other, as on SQLite, and writes to
different tables run together; what tables share (a wallet, the ledger, the players'
totals) is changed by single conditional statements that row locks keep exact. A
write that names none of these (recovery at start-up) runs SERIALIZABLE instead.
A write that PostgreSQL cancels (a deadlock, a serialization failure) is run again
from the start: the functions only read and write the database, so that is safe.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import random
import sqlite3
from collections.abc import Callable, Iterator
from decimal import Decimal
from typing import Any, TypeVar

import asyncpg

from bot.store.db import WorkThread
from bot.store.errors import Faults
from bot.store.postgres.dialect import translate

T = TypeVar("T")

POOL_SIZE = 10
RETRIES = 20  # serialization failures in a row before a write gives up
# Every connection: commits wait for the WAL flush (these are chips), whatever the
# server's default; times in UTC; a name in pg_stat_activity.
SESSION = {"synchronous_commit": "on", "application_name": "gff-bot", "TimeZone": "UTC"}


# What a write works on, by the names of its function's parameters (bot/store/*.py).
SCOPES = ("hand_id", "table_id", "guild_id")


def _scope(work: Callable[..., Any], args: tuple) -> tuple[str, int, bool] | None:
    """(parameter, its value, a house seat?) naming what the write works on, if any."""
    try:
        bound = _signature(work).bind(None, *args).arguments
    except (TypeError, ValueError):
        return None
    for name in SCOPES:
        if isinstance(bound.get(name), int):
            return name, bound[name], bool(bound.get("house"))
    return None


@functools.lru_cache(maxsize=256)  # the store's rules are few
def _signature(work: Callable[..., Any]) -> inspect.Signature:
    return inspect.signature(work)


class Cursor:
    """What a statement gave: sqlite3's cursor as far as the store reads it."""

    def __init__(self, rows: list[tuple], rowcount: int) -> None:
        self._rows = rows
        self._next = 0
        self.rowcount = rowcount

    @property
    def lastrowid(self) -> int | None:
        return self._rows[0][0] if self._rows else None

    def fetchone(self) -> tuple | None:
        if self._next >= len(self._rows):
            return None
        self._next += 1
        return self._rows[self._next - 1]

    def fetchall(self) -> list[tuple]:
        rest, self._next = self._rows[self._next :], len(self._rows)
        return rest

    def __iter__(self) -> Iterator[tuple]:
        return iter(self.fetchall())


def _plain(value: Any) -> Any:
    # PostgreSQL sums 64-bit integers as numeric; chips are ints.
    if isinstance(value, Decimal) and value == value.to_integral_value():
        return int(value)
    return value


def _rows(records: list[asyncpg.Record]) -> list[tuple]:
    return [tuple(_plain(value) for value in record) for record in records]


def integrity_error(error: asyncpg.IntegrityConstraintViolationError) -> sqlite3.IntegrityError:
    """The error SQLite would raise, which the store's rules catch: a unique key
    `<table>_<column>` is named `<table>.<column>` as in SQLite's message."""
    constraint = getattr(error, "constraint_name", None) or ""
    if isinstance(error, asyncpg.UniqueViolationError):
        return sqlite3.IntegrityError(
            f"UNIQUE constraint failed: {constraint.replace('_', '.', 1)} ({error})"
        )
    return sqlite3.IntegrityError(f"{error} ({constraint})" if constraint else str(error))


class Connection:
    """sqlite3.Connection's `execute` and `executemany`, over a worker's asyncpg
    connection, on the worker's thread and event loop."""

    def __init__(self, conn: asyncpg.Connection, loop: asyncio.AbstractEventLoop) -> None:
        self.conn = conn
        self._loop = loop

    def execute(self, sql: str, params: Any = ()) -> Cursor:
        statement = translate(sql)
        arguments = statement.arguments(params)
        if statement.reads:
            rows = _rows(self._wait(self.conn.fetch(statement.sql, *arguments)))
            return Cursor(rows, len(rows))
        status = self._wait(self.conn.execute(statement.sql, *arguments))
        changed = status.rsplit(" ", 1)[-1]
        return Cursor([], int(changed) if changed.isdigit() else -1)

    def executemany(self, sql: str, rows: Any) -> None:
        statement = translate(sql)
        arguments = [statement.arguments(row) for row in rows]
        if arguments:
            self._wait(self.conn.executemany(statement.sql, arguments))

    def _wait(self, work: Any) -> Any:
        try:
            return self._loop.run_until_complete(work)
        except asyncpg.IntegrityConstraintViolationError as error:
            raise integrity_error(error) from error

    def run(self, sql: str, *args: Any) -> Any:
        """PostgreSQL's own SQL, as it is: the first value it gives."""
        return self._loop.run_until_complete(self.conn.fetchval(sql, *args))

    def script(self, sql: str) -> None:
        """PostgreSQL's own statements, without parameters, in one round trip."""
        self._loop.run_until_complete(self.conn.execute(sql))


class Worker:
    """A thread of its own (bot/store/db.py's WorkThread) with an event loop and one
    connection, made there: each function sent runs whole on it, as one hop."""

    def __init__(self, url: str, name: str) -> None:
        self.url = url
        self.loop = asyncio.new_event_loop()  # run by the thread only
        self.thread = WorkThread(name)
        self.bridge: Connection | None = None

    def connection(self) -> Connection:
        """The worker's connection (on its thread), made again if it was lost."""
        if self.bridge is None or self.bridge.conn.is_closed():
            conn = self.loop.run_until_complete(
                asyncpg.connect(self.url, server_settings=SESSION, command_timeout=60)
            )
            self.bridge = Connection(conn, self.loop)
        return self.bridge

    def submit(self, fn: Callable[..., T], *args: Any) -> asyncio.Future[T]:
        return self.thread.submit(fn, *args)

    async def stop(self) -> None:
        """Once the work sent before is done: the connection closed, the thread ended."""
        await self.thread.submit(self._disconnect)
        self.thread.stop()
        await asyncio.to_thread(self.thread.thread.join)

    def _disconnect(self) -> None:
        if self.bridge is not None and not self.bridge.conn.is_closed():
            self.loop.run_until_complete(self.bridge.conn.close())
        self.loop.close()


class Database:
    """The store's `Database` (bot/store/db.py's methods) over PostgreSQL."""

    def __init__(self, workers: list[Worker]) -> None:
        self._workers = workers
        self._idle: asyncio.Queue[Worker] = asyncio.Queue()
        for worker in workers:
            self._idle.put_nowait(worker)
        self._table_of_hand: dict[int, int] = {}
        self._guild_of_table: dict[int, int] = {}
        self.commits = 0
        self.retries = 0  # writes run again after a serialization failure or a deadlock
        self.closed = False
        self.faults = Faults()  # a full disk, a lost connection: StoreUnavailable

    @classmethod
    async def open(cls, url: str, *, size: int = POOL_SIZE) -> Database:
        workers = [Worker(url, f"postgres {n}") for n in range(size)]
        try:
            # The first connection says at once whether the server can be used.
            await workers[0].submit(workers[0].connection)
        except BaseException:
            for worker in workers:
                await worker.stop()
            raise
        return cls(workers)

    async def close(self) -> None:
        """Once the work already sent is done; then the workers end."""
        if self.closed:
            return
        self.closed = True
        for _ in self._workers:
            worker = await self._idle.get()  # idle: its work is done
            await worker.stop()

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """fn(db, *args) with no transaction around it."""
        return await self._run(None, fn, args)

    async def read(self, work: Callable[..., T], *args: Any) -> T:
        """work(db, *args) in one read-only snapshot."""
        try:
            return await self._run("read", work, args)
        except Exception as error:
            self.faults.raise_unavailable(error)
            raise

    async def write(self, work: Callable[..., T], *args: Any) -> T:
        """work(db, *args) in a write transaction; its exception, if any, rolls it back."""
        for attempt in range(RETRIES):
            try:
                result = await self._run("write", work, args)
            except (asyncpg.SerializationError, asyncpg.DeadlockDetectedError):
                # PostgreSQL cancelled it, whole, for another's sake: run it again.
                self.retries += 1
                await asyncio.sleep(random.uniform(0, 0.002 * (attempt + 1)))
                continue
            except Exception as error:
                self.faults.raise_unavailable(error)  # rolled back, or never sent
                raise
            self.commits += 1
            return result
        raise RuntimeError(f"a write kept colliding with others {RETRIES} times; try again")

    async def _run(self, kind: str | None, work: Callable[..., T], args: tuple) -> T:
        if self.closed:
            raise ValueError("Connection closed")
        worker = await self._idle.get()
        if self.closed:
            self._idle.put_nowait(worker)
            raise ValueError("Connection closed")
        # The worker goes back once its transaction is over, even if the caller was
        # cancelled meanwhile: as on SQLite, a write already sent stands or falls whole.
        done = worker.submit(self._transaction, worker, kind, work, args)
        done.add_done_callback(lambda _: self._idle.put_nowait(worker))
        return await asyncio.shield(done)

    def _transaction(
        self, worker: Worker, kind: str | None, work: Callable[..., T], args: tuple
    ) -> T:
        """On the worker's thread: the whole transaction."""
        db = worker.connection()
        if kind is None:
            return work(db, *args)
        scope = _scope(work, args) if kind == "write" else None
        if kind == "read":
            begin = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"  # one snapshot
        elif scope is None:
            begin = "BEGIN ISOLATION LEVEL SERIALIZABLE"
        else:
            # The locks are sent with the BEGIN, in one round trip; their names are
            # made of ids (ints) only.
            locks = "".join(
                f"; SELECT pg_advisory_xact_lock(hashtextextended('{name}', 0))"
                for name in self._locks(db, *scope)
            )
            begin = f"BEGIN ISOLATION LEVEL READ COMMITTED{locks}"
        db.script(begin)
        try:
            result = work(db, *args)
        except BaseException:
            if not db.conn.is_closed():
                db.script("ROLLBACK")
            raise
        db.script("COMMIT" if kind == "write" else "ROLLBACK")
        return result

    def _locks(self, db: Connection, kind: str, key: int, house: bool) -> list[str]:
        """The names of the transaction locks a write takes, server before table, so
        none waits in a circle. A hand or table that does not exist takes none: the
        rule says so. Which table a hand is at, and which server a table is on, never
        change, so they are read once."""
        if kind == "hand_id":
            table_id = self._table_of_hand.get(key)
            if table_id is None:
                table_id = db.run("SELECT table_id FROM hands WHERE id = $1", key)
                if table_id is None:
                    return []
                self._table_of_hand[key] = table_id
            kind, key = "table_id", table_id
        names = []
        if kind == "table_id" and house:
            guild_id = self._guild_of_table.get(key)
            if guild_id is None:
                guild_id = db.run("SELECT guild_id FROM tables WHERE id = $1", key)
                if guild_id is not None:
                    self._guild_of_table[key] = guild_id
            if guild_id is not None:
                names.append(f"guild:{int(guild_id)}")
        names.append(f"{kind.removesuffix('_id')}:{int(key)}")
        return names
