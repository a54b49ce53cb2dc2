"""The connection: pragmas, one hop per transaction, BEGIN IMMEDIATE, group commit."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import threading

import aiosqlite
import pytest

from bot.store import NotEnoughChips
from bot.store import db as db_module
from bot.store.db import Database, hop, submit
from engine.gff.hand import GffHand
from engine.simulate import random_action
from tests.store.helpers import GUILD, USERS


async def test_the_aiosqlite_internals_the_store_relies_on_still_work(db_path):
    # submit() puts work on aiosqlite's thread through its queue, as aiosqlite's
    # own calls do; an upgrade that changes that must fail here, not in production.
    conn = await aiosqlite.connect(db_path)
    try:
        landed = submit(conn, lambda db, x: (type(db), threading.current_thread(), x), 7)
        kind, thread, x = await landed
        assert (kind, x) == (sqlite3.Connection, 7)
        assert thread is not threading.current_thread()
    finally:
        await conn.close()
    with pytest.raises(ValueError, match="Connection closed"):
        submit(conn, lambda db: None)


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
    await hop(store.db._conn, lambda db: db.set_trace_callback(statements.append))
    await store.open_wallet(GUILD, USERS[0])
    await hop(store.db._conn, lambda db: db.set_trace_callback(None))
    assert statements[0] == "BEGIN IMMEDIATE"
    assert statements[-1] == "COMMIT"


async def test_every_operation_of_a_hand_costs_one_thread_hop(store, monkeypatch):
    table = await store.open_table(GUILD, 1, USERS[0])
    for user in USERS[:2]:
        await store.open_wallet(GUILD, user)
    hops = []

    def counting(conn, fn, *args):
        hops.append(fn)
        return submit(conn, fn, *args)

    monkeypatch.setattr(db_module, "submit", counting)

    async def one_hop(operation) -> object:
        hops.clear()
        result = await operation
        assert len(hops) == 1
        return result

    for user in USERS[:2]:
        await one_hop(store.buy_in(table.id, user))
    seats = [(str(user), 200) for user in USERS[:2]]
    hand = GffHand.start(seats=seats, stake=10, dealer=seats[0][0], deck=list(range(52)))
    running = await one_hop(store.start_hand(table.id, hand))
    rng = random.Random(1)
    while not hand.is_over:  # the last one stores the action and its settlement
        seq = hand.seq
        hand.apply(random_action(hand, rng))
        await one_hop(store.record_action(running.hand_id, seq, hand.actions[-1], hand.settlement))
    await one_hop(store.close_table(table.id))


async def test_writes_that_arrive_together_share_one_commit(db_path):
    database = await Database.open(db_path)
    try:
        await database.call(lambda db: db.execute("CREATE TABLE t (x INTEGER)"))
        before = database.commits

        def insert(db, x):
            db.execute("INSERT INTO t VALUES (?)", (x,))
            return x

        results = await asyncio.gather(*(database.write(insert, x) for x in range(50)))
        assert results == list(range(50))
        assert database.commits - before < 50
        count = await database.read(lambda db: db.execute("SELECT COUNT(*) FROM t").fetchone()[0])
        assert count == 50
    finally:
        await database.close()


async def test_a_refused_write_in_a_group_leaves_no_trace_and_spares_the_others(db_path):
    database = await Database.open(db_path)
    try:
        await database.call(lambda db: db.execute("CREATE TABLE t (x INTEGER)"))

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
    finally:
        await database.close()


async def test_a_write_cancelled_before_its_turn_writes_nothing(db_path):
    database = await Database.open(db_path)
    try:
        await database.call(lambda db: db.execute("CREATE TABLE t (x INTEGER)"))

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
    finally:
        await database.close()


async def test_writes_that_come_during_a_migration_run_after_it(db_path):
    database = await Database.open(db_path)
    try:
        await database.call(lambda db: db.execute("CREATE TABLE t (x INTEGER)"))
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
    finally:
        await database.close()


async def test_a_write_after_closing_fails_instead_of_waiting_forever(db_path):
    database = await Database.open(db_path)
    await database.close()
    with pytest.raises(ValueError, match="Connection closed"):
        await asyncio.wait_for(database.write(lambda db: None), 5)


async def test_a_failed_commit_fails_its_writes_and_the_next_ones_go_on(db_path, monkeypatch):
    database = await Database.open(db_path)
    try:
        await database.call(lambda db: db.execute("CREATE TABLE t (x INTEGER)"))
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
    finally:
        await database.close()



async def test_a_write_slipped_into_a_read_is_undone(db_path):
    database = await Database.open(db_path)
    try:
        await database.call(lambda db: db.execute("CREATE TABLE t (x INTEGER)"))
        await database.read(lambda db: db.execute("INSERT INTO t VALUES (1)"))
        count = await database.read(lambda db: db.execute("SELECT COUNT(*) FROM t").fetchone()[0])
        assert count == 0
    finally:
        await database.close()
