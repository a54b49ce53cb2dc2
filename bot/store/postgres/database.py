"""A small asyncpg pool that runs the store's transactions, written once for both databases.

The store's rules are synchronous functions over a connection (`db.execute(sql,
params).fetchone()`, as sqlite3 has it; see bot/store/db.py). Here each transaction
runs such a function on a worker thread of its own, over `Connection` below: each
statement is sent to the event loop, where asyncpg runs it on the transaction's pooled
connection, and the thread waits for its rows. So every rule stays written once, and
several tables' transactions run at once, each on its own connection; PostgreSQL
makes their commits durable together (its own group commit).

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
import inspect
import logging
import random
import sqlite3
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal
from typing import Any, TypeVar

import asyncpg

from bot.store.postgres.dialect import translate

T = TypeVar("T")

POOL_SIZE = 10
RETRIES = 20  # serialization failures in a row before a write gives up
# Every connection: commits wait for the WAL flush (these are chips), whatever the
# server's default; times in UTC; a name in pg_stat_activity.
SESSION = {"synchronous_commit": "on", "application_name": "gff-bot", "TimeZone": "UTC"}

log = logging.getLogger(__name__)


LOCK = "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))"
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


_signatures: dict[Callable[..., Any], inspect.Signature] = {}


def _signature(work: Callable[..., Any]) -> inspect.Signature:
    found = _signatures.get(work)
    if found is None:
        found = _signatures[work] = inspect.signature(work)
    return found


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
    """sqlite3.Connection's `execute` and `executemany`, on a worker thread, over one
    pooled asyncpg connection owned by the event loop."""

    def __init__(self, conn: asyncpg.Connection, loop: asyncio.AbstractEventLoop) -> None:
        self._conn = conn
        self._loop = loop

    def execute(self, sql: str, params: Any = ()) -> Cursor:
        statement = translate(sql)
        arguments = statement.arguments(params)
        if statement.reads:
            rows = _rows(self._wait(self._conn.fetch(statement.sql, *arguments)))
            return Cursor(rows, len(rows))
        status = self._wait(self._conn.execute(statement.sql, *arguments))
        changed = status.rsplit(" ", 1)[-1]
        return Cursor([], int(changed) if changed.isdigit() else -1)

    def executemany(self, sql: str, rows: Any) -> None:
        statement = translate(sql)
        arguments = [statement.arguments(row) for row in rows]
        if arguments:
            self._wait(self._conn.executemany(statement.sql, arguments))

    def _wait(self, work: Any) -> Any:
        try:
            return asyncio.run_coroutine_threadsafe(work, self._loop).result()
        except asyncpg.IntegrityConstraintViolationError as error:
            raise integrity_error(error) from error


class Database:
    """The store's `Database` (bot/store/db.py's methods) over PostgreSQL."""

    def __init__(self, pool: asyncpg.Pool, size: int = POOL_SIZE) -> None:
        self.pool = pool
        # A thread for each connection: each runs one transaction's rules at a time.
        self._threads = ThreadPoolExecutor(size, thread_name_prefix="postgres")
        self._table_of_hand: dict[int, int] = {}  # a hand never moves to another table
        self.commits = 0
        self.retries = 0  # writes run again after a serialization failure
        self.closed = False

    @classmethod
    async def open(cls, url: str, *, size: int = POOL_SIZE) -> Database:
        pool = await asyncpg.create_pool(
            url, min_size=1, max_size=size, server_settings=SESSION, command_timeout=60
        )
        return cls(pool, size)

    async def close(self) -> None:
        if not self.closed:
            self.closed = True
            await self.pool.close()
            self._threads.shutdown(wait=True)

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """fn(db, *args) with no transaction around it."""
        return await self._run(None, fn, args)

    async def read(self, work: Callable[..., T], *args: Any) -> T:
        """work(db, *args) in one read-only snapshot."""
        return await self._run("read", work, args)

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
            self.commits += 1
            return result
        raise RuntimeError(f"a write kept colliding with others {RETRIES} times; try again")

    async def _run(self, kind: str | None, work: Callable[..., T], args: tuple) -> T:
        if self.closed:
            raise ValueError("Connection closed")
        # Shielded: a caller cancelled mid-transaction does not cut it short; as on
        # SQLite, a write already sent stands or falls whole.
        task = asyncio.get_running_loop().create_task(self._transaction(kind, work, args))
        return await asyncio.shield(task)

    async def _transaction(self, kind: str | None, work: Callable[..., T], args: tuple) -> T:
        loop = asyncio.get_running_loop()
        async with self.pool.acquire() as conn:
            bridge = Connection(conn, loop)
            if kind is None:
                return await loop.run_in_executor(self._threads, lambda: work(bridge, *args))
            scope = _scope(work, args) if kind == "write" else None
            if kind == "read":
                isolation = "repeatable_read"  # one snapshot for the whole read
            else:
                isolation = "serializable" if scope is None else "read_committed"
            async with conn.transaction(isolation=isolation, readonly=kind == "read"):
                if scope is not None:
                    await self._lock(conn, *scope)
                return await loop.run_in_executor(self._threads, lambda: work(bridge, *args))

    async def _lock(self, conn: asyncpg.Connection, kind: str, key: int, house: bool) -> None:
        """The transaction locks a write takes, server before table, so none waits in a
        circle. A hand or table that does not exist takes none: the rule says so."""
        if kind == "hand_id":
            table_id = self._table_of_hand.get(key)
            if table_id is None:
                table_id = await conn.fetchval("SELECT table_id FROM hands WHERE id = $1", key)
                if table_id is None:
                    return
                self._table_of_hand[key] = table_id
            kind, key = "table_id", table_id
        names = []
        if kind == "table_id" and house:
            guild_id = await conn.fetchval("SELECT guild_id FROM tables WHERE id = $1", key)
            if guild_id is not None:
                names.append(f"guild:{guild_id}")
        names.append(f"{kind.removesuffix('_id')}:{key}")
        for name in names:
            await conn.execute(LOCK, name)
