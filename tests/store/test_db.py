"""The connection: pragmas, one hop per transaction, BEGIN IMMEDIATE, group commit."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import threading

import pytest

from bot.store import NotEnoughChips, SqliteStore, Store
from bot.store import db as db_module
from bot.store.db import Damaged, Database
from bot.store.migrate import ForeignDatabase
from engine.gff.hand import GffHand
from engine.simulate import random_action
from tests.store.helpers import GUILD, USERS

# PostgreSQL's connection pool has its own tests (test_postgres.py).
pytestmark = pytest.mark.sqlite_only("SQLite's connection thread, pragmas and group commit")


@pytest.fixture
async def database(db_path):
    """A Database whose file has one table, t (x INTEGER); closed after the test."""
    database = await Database.open(db_path)
    try:
        await database.call(lambda db: db.execute("CREATE TABLE t (x INTEGER)"))
        yield database
    finally:
        await database.close()


async def test_every_connection_gets_the_pragmas_chips_need(store):
    def pragmas(db):
        return {
            name: db.execute(f"PRAGMA {name}").fetchone()[0]
            for name in ("journal_mode", "foreign_keys", "synchronous", "busy_timeout")
        }

    assert await store.db.read(pragmas) == {
        "journal_mode": "wal",
        "foreign_keys": 1,
        "synchronous": 2,  # FULL
        "busy_timeout": 5000,
    }


async def test_write_transactions_begin_immediate(store):
    statements: list[str] = []
    await store.db.call(lambda db: db.set_trace_callback(statements.append))
    await store.open_wallet(GUILD, USERS[0])
    await store.db.call(lambda db: db.set_trace_callback(None))
    assert statements[0] == "BEGIN IMMEDIATE"
    assert statements[-1] == "COMMIT"


async def test_writes_run_on_one_thread_of_their_own_and_reads_on_another(db_path):
    database = await Database.open(db_path)
    try:
        seen = await asyncio.gather(
            database.call(lambda db: (type(db), threading.current_thread())),
            *(database.write(lambda db: (type(db), threading.current_thread())) for _ in range(3)),
            database.read(lambda db: (type(db), threading.current_thread())),
        )
        assert {kind for kind, _ in seen} == {sqlite3.Connection}
        writers = {thread for _, thread in seen[:-1]}
        assert len(writers) == 1
        reader = seen[-1][1]
        assert reader not in writers and threading.current_thread() not in (reader, *writers)
    finally:
        await database.close()


async def test_a_write_does_not_wait_for_a_read_still_running(database):
    reading, release = threading.Event(), threading.Event()

    def slow_read(db):
        before = db.execute("SELECT COUNT(*) FROM t").fetchone()[0]  # the snapshot
        reading.set()
        release.wait(10)
        return before, db.execute("SELECT COUNT(*) FROM t").fetchone()[0]

    read = asyncio.ensure_future(database.read(slow_read))
    await asyncio.to_thread(reading.wait, 10)
    await database.write(lambda db: db.execute("INSERT INTO t VALUES (1)"))
    assert not read.done()  # the write landed while the read held its snapshot
    release.set()
    assert await read == (0, 0)  # one snapshot, taken before the write
    count = await database.read(lambda db: db.execute("SELECT COUNT(*) FROM t").fetchone()[0])
    assert count == 1


async def test_every_operation_of_a_hand_costs_one_thread_hop(store):
    table = await store.open_table(GUILD, 1, USERS[0])
    for user in USERS[:2]:
        await store.open_wallet(GUILD, user)

    async def one_hop(operation) -> object:
        before = store.db.hops
        result = await operation
        assert store.db.hops - before == 1
        return result

    for user in USERS[:2]:
        await one_hop(store.buy_in(table.id, user))
    seats = [(str(user), 200) for user in USERS[:2]]
    hand = GffHand.start(seats=seats, stake=10, dealer=seats[0][0], deck=list(range(52)))
    running = (await one_hop(store.start_hand(table.id, hand))).running
    rng = random.Random(1)
    while not hand.is_over:  # the last one stores the action and its settlement
        seq = hand.seq
        hand.apply(random_action(hand, rng))
        await one_hop(store.record_action(running.hand_id, seq, hand.actions[-1], hand.settlement))
    await one_hop(store.table(table.id))
    await one_hop(store.close_table(table.id))


async def test_writes_that_arrive_together_share_one_commit(database):
    commits, hops = database.commits, database.hops

    def insert(db, x):
        db.execute("INSERT INTO t VALUES (?)", (x,))
        return x

    results = await asyncio.gather(*(database.write(insert, x) for x in range(50)))
    assert results == list(range(50))  # each writer gets its own result
    assert database.commits - commits < 50
    assert database.hops - hops == database.commits - commits  # one hop per group
    count = await database.read(lambda db: db.execute("SELECT COUNT(*) FROM t").fetchone()[0])
    assert count == 50


async def test_a_group_with_no_refusal_runs_its_writes_without_savepoints(database):
    statements: list[str] = []
    await database.call(lambda db: db.set_trace_callback(statements.append))

    def insert(db, x):
        db.execute("INSERT INTO t VALUES (?)", (x,))

    await asyncio.gather(*(database.write(insert, x) for x in range(20)))
    await database.call(lambda db: db.set_trace_callback(None))
    assert sum(s.startswith("INSERT") for s in statements) == 20
    assert not [s for s in statements if "SAVEPOINT" in s or "RELEASE" in s]


async def test_a_refused_write_in_a_group_leaves_no_trace_and_spares_the_others(database):

    def insert(db, x):
        db.execute("INSERT INTO t VALUES (?)", (x,))
        if x % 3 == 0:
            raise NotEnoughChips(0, x, "Test")
        return x

    results = await asyncio.gather(
        *(database.write(insert, x) for x in range(1, 31)), return_exceptions=True
    )
    refused = [r for r in results if isinstance(r, NotEnoughChips)]
    assert len(refused) == 10
    rows = await database.read(lambda db: db.execute("SELECT x FROM t ORDER BY x").fetchall())
    assert [x for (x,) in rows] == [x for x in range(1, 31) if x % 3]


async def test_a_write_cancelled_before_its_turn_writes_nothing(database):

    def insert(db, x):
        db.execute("INSERT INTO t VALUES (?)", (x,))

    first = asyncio.ensure_future(database.write(insert, 1))
    await asyncio.sleep(0)  # the first write holds the lock
    second = asyncio.ensure_future(database.write(insert, 2))
    await asyncio.sleep(0)
    second.cancel()
    await first
    with pytest.raises(asyncio.CancelledError):
        await second
    await database.write(insert, 3)
    rows = await database.read(lambda db: db.execute("SELECT x FROM t ORDER BY x").fetchall())
    assert rows == [(1,), (3,)]


async def test_writes_that_come_during_a_migration_run_after_it(database):
    release = threading.Event()
    slow = asyncio.ensure_future(database.call(lambda db: release.wait(5)))
    await asyncio.sleep(0)  # the slow work holds the lock
    writes = [
        asyncio.ensure_future(
            database.write(lambda db, x: db.execute("INSERT INTO t VALUES (?)", (x,)), x)
        )
        for x in range(3)
    ]
    await asyncio.sleep(0.05)
    assert not any(w.done() for w in writes)
    release.set()
    await slow
    await asyncio.wait_for(asyncio.gather(*writes), 5)
    count = await database.read(lambda db: db.execute("SELECT COUNT(*) FROM t").fetchone()[0])
    assert count == 3


async def test_a_write_after_closing_fails_instead_of_waiting_forever(db_path):
    database = await Database.open(db_path)
    await database.close()
    with pytest.raises(ValueError, match="Connection closed"):
        await asyncio.wait_for(database.write(lambda db: None), 5)


async def test_a_failed_commit_fails_its_writes_and_the_next_ones_go_on(database, monkeypatch):
    real = db_module.run_batch
    failures = [sqlite3.OperationalError("disk I/O error")]

    def failing_once(db, works):
        if failures:
            raise failures.pop()
        return real(db, works)

    monkeypatch.setattr(db_module, "run_batch", failing_once)

    def insert(db, x):
        db.execute("INSERT INTO t VALUES (?)", (x,))

    with pytest.raises(sqlite3.OperationalError, match="disk I/O error"):
        await database.write(insert, 1)
    await database.write(insert, 2)
    rows = await database.read(lambda db: db.execute("SELECT x FROM t").fetchall())
    assert rows == [(2,)]



async def test_a_write_slipped_into_a_read_is_undone(database):
    await database.read(lambda db: db.execute("INSERT INTO t VALUES (1)"))
    count = await database.read(lambda db: db.execute("SELECT COUNT(*) FROM t").fetchone()[0])
    assert count == 0


class Refused(Exception):
    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


async def test_a_failing_write_rolls_back_and_its_caller_gets_its_exception(database):

    def insert_then_refuse(db):
        db.execute("INSERT INTO t VALUES (1)")
        raise Refused("no-chips")

    with pytest.raises(Refused) as caught:
        await database.write(insert_then_refuse)
    assert caught.value.code == "no-chips"
    await database.write(lambda db: db.execute("INSERT INTO t VALUES (2)"))
    rows = await database.read(lambda db: db.execute("SELECT x FROM t").fetchall())
    assert rows == [(2,)]
    assert await database.call(lambda db: db.in_transaction) is False


async def test_reads_and_calls_hand_their_exception_to_the_caller(db_path):
    database = await Database.open(db_path)
    try:

        def refuse(db):
            raise Refused("nope")

        with pytest.raises(Refused, match="nope"):
            await database.read(refuse)
        with pytest.raises(Refused, match="nope"):
            await database.call(refuse)
        with pytest.raises(sqlite3.OperationalError, match="no such table"):
            await database.read(lambda db: db.execute("SELECT * FROM missing"))
        assert await database.read(lambda db: db.execute("SELECT 1").fetchone()) == (1,)
    finally:
        await database.close()


async def test_closing_finishes_the_work_already_sent_then_the_thread_ends(db_path):
    database = await Database.open(db_path)
    await database.call(lambda db: db.execute("CREATE TABLE t (x INTEGER)"))
    thread = await database.read(lambda db: threading.current_thread())
    writes = [
        asyncio.ensure_future(
            database.write(lambda db, x: db.execute("INSERT INTO t VALUES (?)", (x,)), x)
        )
        for x in range(20)
    ]
    read = asyncio.ensure_future(database.read(lambda db: "read"))
    await asyncio.sleep(0)  # every write has joined the queue; the first group is sent
    await database.close()
    await asyncio.gather(*writes)
    assert await read == "read"
    assert database.closed
    assert not thread.is_alive()
    with pytest.raises(ValueError, match="Connection closed"):
        await database.read(lambda db: None)
    reopened = await Database.open(db_path)
    try:
        count = await reopened.read(lambda db: db.execute("SELECT COUNT(*) FROM t").fetchone())
    finally:
        await reopened.close()
    assert count == (20,)


async def test_a_file_that_will_not_open_leaves_no_thread_behind(tmp_path):
    before = set(threading.enumerate())
    with pytest.raises(sqlite3.OperationalError):
        await Database.open(tmp_path)  # a folder, not a file
    for thread in set(threading.enumerate()) - before:
        thread.join(5)
        assert not thread.is_alive()


def tables_in(path) -> list[str]:
    db = sqlite3.connect(path)
    try:
        return [name for (name,) in db.execute("SELECT name FROM sqlite_master ORDER BY name")]
    finally:
        db.close()


async def test_another_programs_database_is_refused_and_left_as_it_was(tmp_path):
    path = tmp_path / "theirs.sqlite3"
    theirs = sqlite3.connect(path)
    theirs.executescript("CREATE TABLE wallets (x); CREATE TABLE notes (y);")
    theirs.close()
    with pytest.raises(ForeignDatabase) as caught:
        await Store.open(path)
    assert str(caught.value) == "it holds tables of its own (notes, wallets) and none of this bot's"
    assert tables_in(path) == ["notes", "wallets"]  # no schema_version: nothing was migrated


async def test_a_foreign_database_names_five_of_its_tables_at_most(tmp_path):
    path = tmp_path / "theirs.sqlite3"
    theirs = sqlite3.connect(path)
    theirs.executescript("".join(f"CREATE TABLE t{n} (x);" for n in range(8)))
    theirs.close()
    with pytest.raises(ForeignDatabase, match=r"\(t0, t1, t2, t3, t4 and 3 more\)"):
        await Store.open(path)


async def test_the_check_at_start_up_finds_a_damaged_page_the_opening_does_not(tmp_path):
    path = tmp_path / "chips.sqlite3"
    await (await Store.open(path)).close()
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE filler (x BLOB)")
    db.executemany("INSERT INTO filler VALUES (?)", [(bytes(3000),)] * 300)
    db.commit()
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    data = bytearray(path.read_bytes())
    middle = len(data) // 2 // 4096 * 4096
    data[middle : middle + 4096] = b"\xff" * 4096
    path.write_bytes(bytes(data))
    await (await Store.open(path)).close()  # the damage is in pages nothing read yet
    with pytest.raises(Damaged, match=r"^database disk image is malformed \(Page \d+: "):
        await SqliteStore.open(path, check=True)


async def test_a_sound_file_passes_the_check(tmp_path):
    path = tmp_path / "chips.sqlite3"
    for _ in range(2):  # new, then as the bot left it
        store = await SqliteStore.open(path, check=True)
        await store.open_wallet(GUILD, USERS[0])
        await store.close()
