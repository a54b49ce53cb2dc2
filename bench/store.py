"""Store speed with synchronous=FULL: accepted actions and settled hands per second.

The baseline, in the same run and on the same kind of file, is the raw rate of
single-row commits through sqlite3 directly (WAL, synchronous=FULL): the fsync
every durable transaction pays. An action is one transaction, so the store can
at best match it; the target is half. For comparison, the same append done the
obvious way through aiosqlite, as three awaited calls (BEGIN IMMEDIATE, UPDATE,
COMMIT), each a hop to the connection's thread.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
import tempfile
import time
from pathlib import Path

import aiosqlite

from bench.table import Row
from bot.store import GuildSettings, Store
from engine.gff.hand import GffHand
from engine.simulate import random_action

TARGET_SHARE = 0.5  # accepted actions/s against raw single-row commits/s
SECONDS = 1.5  # per measure
GUILD, HOST = 1, 1
TABLES_AT_ONCE = 8


def _raw_commits(path: Path) -> float:
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = FULL")
    db.execute("CREATE TABLE t (x INTEGER)")
    count, started = 0, time.perf_counter()
    while time.perf_counter() - started < SECONDS:
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO t VALUES (?)", (count,))
        db.execute("COMMIT")
        count += 1
    rate = count / (time.perf_counter() - started)
    db.close()
    return rate


async def _three_hop_appends(path: Path) -> float:
    """The append as BEGIN, UPDATE, COMMIT awaited one by one: three hops a transaction."""
    async with aiosqlite.connect(path, isolation_level=None) as db:
        await db.execute("PRAGMA journal_mode = WAL")
        await db.execute("PRAGMA synchronous = FULL")
        await db.execute("CREATE TABLE hands (id INTEGER PRIMARY KEY, record TEXT, seq INTEGER)")
        await db.execute("INSERT INTO hands VALUES (1, '{\"actions\": []}', 0)")
        action = '{"seat": "1", "do": "draw", "from": "stock"}'
        count, started = 0, time.perf_counter()
        while time.perf_counter() - started < SECONDS:
            await db.execute("BEGIN IMMEDIATE")
            await db.execute(
                "UPDATE hands SET record = json_insert(record, '$.actions[#]', json(?)),"
                " seq = seq + 1 WHERE id = 1 AND seq = ?",
                (action, count),
            )
            await db.execute("COMMIT")
            count += 1
        return count / (time.perf_counter() - started)


async def _new_table(store: Store, channel: int) -> int:
    table = await store.open_table(GUILD, channel, HOST)
    for i in range(3):
        user = channel * 10 + i
        await store.open_wallet(GUILD, user)
        await store.grant(GUILD, user, 1_000_000, "benchmark")
        await store.buy_in(table.id, user)
    return table.id


class _Tally:
    def __init__(self) -> None:
        self.actions = 0
        self.hands = 0
        self.action_seconds = 0.0  # inside record_action only


async def _play(store: Store, channel: int, seed: int, deadline: float, tally: _Tally) -> None:
    """Hands at one table until the deadline; engine time is the table's own, not timed."""
    rng = random.Random(seed)
    table_id = await _new_table(store, channel)
    while time.perf_counter() < deadline:
        table = await store.table(table_id)
        if sum(s.stack >= 2 * table.stake for s in table.seats) < 2:
            await store.close_table(table_id)
            table_id = await _new_table(store, channel)
            continue
        seats = [(s.seat_id, s.stack) for s in table.seats]
        hand = GffHand.start(
            seats=seats,
            stake=table.stake,
            dealer=seats[table.hands_played % len(seats)][0],
            deck=rng.sample(range(52), 52),
            carry=table.carry,
        )
        running = await store.start_hand(table_id, hand)
        while not hand.is_over:
            seq = hand.seq
            action = random_action(hand, rng)
            hand.apply(action)
            started = time.perf_counter()
            await store.record_action(running.hand_id, seq, action, hand.settlement)
            tally.action_seconds += time.perf_counter() - started
            tally.actions += 1
        tally.hands += 1


async def _store_rates(path: Path, tables: int) -> tuple[float, float]:
    """(accepted actions/s, settled hands/s) with `tables` tables playing at once."""
    async with await Store.open(path, defaults=GuildSettings()) as store:
        tally = _Tally()
        started = time.perf_counter()
        await asyncio.gather(
            *(_play(store, 100 + i, i, started + SECONDS, tally) for i in range(tables))
        )
        seconds = time.perf_counter() - started
        if tables == 1:
            # One table: the store's own rate, without the engine's time between actions.
            return tally.actions / tally.action_seconds, tally.hands / seconds
        return tally.actions / seconds, tally.hands / seconds


def run() -> list[Row]:
    with tempfile.TemporaryDirectory(prefix="gff-bench-") as folder:
        here = Path(folder)
        raw = _raw_commits(here / "raw.sqlite3")
        three_hops = asyncio.run(_three_hop_appends(here / "three-hops.sqlite3"))
        actions, hands = asyncio.run(_store_rates(here / "one.sqlite3", 1))
        many_actions, many_hands = asyncio.run(_store_rates(here / "many.sqlite3", TABLES_AT_ONCE))
    baseline = f"raw single-row commits: {raw:,.0f}/s"
    share = actions / raw
    return [
        Row("store: raw sqlite3 single-row commits (WAL, FULL)", raw, "commits/s"),
        Row(
            "store: accepted actions/s, one table (one hop each)",
            actions,
            "actions/s",
            baseline=f"{baseline} ({share:.0%})",
            target=f">= {TARGET_SHARE:.0%} of raw",
            met=share >= TARGET_SHARE,
        ),
        Row(
            "store: the same append as 3 awaited aiosqlite calls",
            three_hops,
            "actions/s",
            baseline=f"{baseline} ({three_hops / raw:.0%})",
        ),
        Row(
            f"store: accepted actions/s, {TABLES_AT_ONCE} tables at once (group commit)",
            many_actions,
            "actions/s",
            baseline=f"{baseline} ({many_actions / raw:.0%})",
        ),
        Row("store: settled hands/s, one table, 3 players", hands, "hands/s", baseline=baseline),
        Row(
            f"store: settled hands/s, {TABLES_AT_ONCE} tables at once",
            many_hands,
            "hands/s",
            baseline=baseline,
        ),
    ]
