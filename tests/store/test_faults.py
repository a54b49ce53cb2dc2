"""A database that cannot take a write now (a full disk, a read-only file, a lost
connection) is one refusal, StoreUnavailable, on both databases: nothing written, the
same operation taken once the database can, and the log told once a minute per fault."""

from __future__ import annotations

import logging
import sqlite3

import asyncpg
import pytest

from bot.store import Store, StoreError
from bot.store.errors import Faults, StoreUnavailable, fault_of
from tests.store.helpers import DEFAULTS, GUILD, USERS
from tests.tables.store_faults import disk_full, disk_io_error

ANN = USERS[0]


def sqlite_error(make) -> sqlite3.Error:
    """The error SQLite itself raises doing `make(connection)`."""
    db = sqlite3.connect(":memory:")
    try:
        make(db)
    except sqlite3.Error as error:
        return error
    finally:
        db.close()
    raise AssertionError("SQLite raised nothing")


def fill_the_disk(db: sqlite3.Connection) -> None:
    db.execute("PRAGMA max_page_count = 1")  # a database that may not grow past one page
    db.execute("CREATE TABLE t (x)")
    db.execute("CREATE TABLE u (x)")


def write_read_only(db: sqlite3.Connection) -> None:
    db.execute("CREATE TABLE t (x)")
    db.execute("PRAGMA query_only = ON")
    db.execute("INSERT INTO t VALUES (1)")


@pytest.mark.parametrize(
    ("error", "fault"),
    [
        (sqlite_error(fill_the_disk), "disk full"),
        (sqlite_error(write_read_only), "read-only"),
        (disk_full(), "disk full"),
        (disk_io_error(), "disk I/O error"),  # an extended code: SQLITE_IOERR_READ
        (asyncpg.DiskFullError("no space left on device"), "disk full"),
        (asyncpg.ReadOnlySQLTransactionError("read-only transaction"), "read-only"),
        (asyncpg.OutOfMemoryError("out of memory"), "out of resources"),
        (asyncpg.ConnectionDoesNotExistError("connection was closed"), "unreachable"),
        (asyncpg.AdminShutdownError("terminating connection"), "unreachable"),
        (asyncpg.CannotConnectNowError("the database system is starting up"), "unreachable"),
        (ConnectionRefusedError(111, "Connection refused"), "unreachable"),
    ],
)
def test_each_database_fault_is_named(error, fault):
    assert fault_of(error) == fault


@pytest.mark.parametrize(
    "error",
    [
        sqlite_error(lambda db: db.execute("SELECT * FROM missing")),
        sqlite_error(lambda db: db.executescript(
            "CREATE TABLE t (x UNIQUE); INSERT INTO t VALUES (1); INSERT INTO t VALUES (1)")),
        sqlite3.OperationalError("disk I/O error"),  # no code: not SQLite's own
        asyncpg.UniqueViolationError("duplicate key"),
        asyncpg.SerializationError("could not serialize access"),
        ValueError("Connection closed"),
    ],
)
def test_an_error_of_the_operation_itself_is_not_a_fault(error):
    assert fault_of(error) is None


def test_each_fault_is_logged_once_a_minute(caplog):
    now = [0.0]
    faults = Faults(clock=lambda: now[0])

    def meet(error: Exception) -> StoreUnavailable:
        with pytest.raises(StoreUnavailable) as raised:
            faults.raise_unavailable(error)
        assert raised.value.__cause__ is error
        return raised.value

    with caplog.at_level(logging.WARNING, logger="bot.store.errors"):
        for seconds in (0, 10, 49):
            now[0] += seconds
            assert meet(disk_full()).fault == "disk full"
        meet(disk_io_error())  # another fault is said at once
        assert len(caplog.records) == 2
        now[0] += 1  # a minute after the disk was said to be full
        meet(disk_full())
        assert len(caplog.records) == 3
    faults.raise_unavailable(ValueError("not a fault"))  # returns: the caller raises it


def read_only(db, on: bool) -> None:
    """Make the write connection refuse writes, as a read-only database does."""
    if isinstance(db, sqlite3.Connection):
        db.execute(f"PRAGMA query_only = {int(on)}")
    else:
        db.script(f"SET SESSION default_transaction_read_only = {'on' if on else 'off'}")


async def test_a_read_only_database_refuses_a_write_and_takes_it_later(db_path, backend):
    one_connection = {"pool_size": 1} if backend == "postgres" else {}
    async with await Store.open(db_path, defaults=DEFAULTS, **one_connection) as store:
        await store.db.call(read_only, True)
        with pytest.raises(StoreUnavailable) as refused:
            await store.open_wallet(GUILD, ANN)
        assert isinstance(refused.value, StoreError) and refused.value.fault == "read-only"
        assert await store.wallet(GUILD, ANN) is None  # reads go on
        await store.db.call(read_only, False)
        wallet, created = await store.open_wallet(GUILD, ANN)
        assert created and wallet.balance == DEFAULTS.starting_chips


async def test_a_lost_connection_refuses_a_write_and_the_next_one_connects_again(
        postgres_url):
    async with await Store.open(postgres_url, defaults=DEFAULTS, pool_size=1) as store:
        worker = await store.db.call(lambda db: db.run("SELECT pg_backend_pid()"))
        admin = await asyncpg.connect(postgres_url)
        try:
            assert await admin.fetchval("SELECT pg_terminate_backend($1)", worker)
        finally:
            await admin.close()
        with pytest.raises(StoreUnavailable) as refused:
            await store.open_wallet(GUILD, ANN)
        assert refused.value.fault == "unreachable"
        wallet, created = await store.open_wallet(GUILD, ANN)
        assert created and wallet.balance == DEFAULTS.starting_chips
