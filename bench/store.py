"""Store speed with synchronous=FULL: accepted actions and settled hands per second.

The baseline is the raw rate of single-row commits through sqlite3 directly
(WAL, synchronous=FULL) on the same kind of file: the fsync every durable
transaction pays. An action is one transaction, so one table can at best match
it; the target is half. For comparison, the same append done the obvious way
through aiosqlite, as three awaited calls (BEGIN IMMEDIATE, UPDATE, COMMIT),
each a hop to the connection's thread.

How fast a disk syncs can change by ten times from one second to the next on a
shared machine, so the measures take turns in short slices: the store and its
baseline see the same disk. Each figure is the sum over its slices; each share
of the baseline is the median of the rounds' shares, so that a burst of disk
traffic in one slice does not decide it.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

import aiosqlite

from bench.table import Row
from bot.store import GuildSettings, Store
from engine.gff.hand import GffHand
from engine.simulate import random_action

TARGET_SHARE = 0.5  # accepted actions/s against raw single-row commits/s
ROUNDS = 15
SLICE = 0.15  # seconds per measure per round
GUILD, HOST = 1, 1
TABLES_AT_ONCE = 8


class _Rate:
    def __init__(self) -> None:
        self.count = 0
        self.seconds = 0.0
        self.rounds: list[float] = []  # the rate of each round

    @property
    def per_second(self) -> float:
        return self.count / self.seconds

    def close_round(self, count: int, seconds: float) -> None:
        self.rounds.append((self.count - count) / (self.seconds - seconds))

    def share_of(self, baseline: _Rate) -> float:
        """The median over the rounds of this rate against the baseline's."""
        return statistics.median(a / b for a, b in zip(self.rounds, baseline.rounds, strict=True))


class _RawCommits:
    def __init__(self, path: Path) -> None:
        self.db = sqlite3.connect(path, isolation_level=None)
        self.db.execute("PRAGMA journal_mode = WAL")
        self.db.execute("PRAGMA synchronous = FULL")
        self.db.execute("CREATE TABLE t (x INTEGER)")
        self.rate = _Rate()

    def run(self) -> None:
        before = (self.rate.count, self.rate.seconds)
        started = time.perf_counter()
        while time.perf_counter() - started < SLICE:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.execute("INSERT INTO t VALUES (?)", (self.rate.count,))
            self.db.execute("COMMIT")
            self.rate.count += 1
        self.rate.seconds += time.perf_counter() - started
        self.rate.close_round(*before)


class _ThreeHopAppends:
    """The append as BEGIN, UPDATE, COMMIT awaited one by one: three hops a transaction."""

    APPEND = (
        "UPDATE hands SET record = json_insert(record, '$.actions[#]', json(?)),"
        " seq = seq + 1 WHERE id = 1"
    )

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db
        self.rate = _Rate()

    @classmethod
    async def open(cls, path: Path) -> _ThreeHopAppends:
        db = await aiosqlite.connect(path, isolation_level=None)
        await db.execute("PRAGMA journal_mode = WAL")
        await db.execute("PRAGMA synchronous = FULL")
        await db.execute("CREATE TABLE hands (id INTEGER PRIMARY KEY, record TEXT, seq INTEGER)")
        await db.execute("INSERT INTO hands VALUES (1, '{\"actions\": []}', 0)")
        return cls(db)

    async def run(self) -> None:
        action = '{"seat": "1", "do": "draw", "from": "stock"}'
        before = (self.rate.count, self.rate.seconds)
        started = time.perf_counter()
        while time.perf_counter() - started < SLICE:
            await self.db.execute("BEGIN IMMEDIATE")
            await self.db.execute(self.APPEND, (action,))
            await self.db.execute("COMMIT")
            self.rate.count += 1
        self.rate.seconds += time.perf_counter() - started
        self.rate.close_round(*before)


class _Table:
    """One table playing random hands through the store, slice after slice."""

    def __init__(self, store: Store, channel: int, seed: int) -> None:
        self.store = store
        self.channel = channel
        self.rng = random.Random(seed)
        self.table_id = 0
        self.hand: GffHand | None = None
        self.hand_id = 0

    async def sit_down(self) -> None:
        table = await self.store.open_table(GUILD, self.channel, HOST)
        for i in range(3):
            user = self.channel * 10 + i
            await self.store.open_wallet(GUILD, user)
            await self.store.grant(GUILD, user, 1_000_000, "benchmark")
            await self.store.buy_in(table.id, user)
        self.table_id = table.id

    async def deal(self) -> None:
        table = await self.store.table(self.table_id)
        if sum(s.stack >= 2 * table.stake for s in table.seats) < 2:
            await self.store.close_table(self.table_id)
            await self.sit_down()
            table = await self.store.table(self.table_id)
        seats = [(s.seat_id, s.stack) for s in table.seats]
        self.hand = GffHand.start(
            seats=seats,
            stake=table.stake,
            dealer=seats[table.hands_played % len(seats)][0],
            deck=self.rng.sample(range(52), 52),
            carry=table.carry,
        )
        self.hand_id = (await self.store.start_hand(self.table_id, self.hand)).hand_id

    async def play(self, deadline: float, actions: _Rate, hands: list[int]) -> None:
        """Until the deadline; only the time inside record_action counts as the store's."""
        while time.perf_counter() < deadline:
            if self.hand is None or self.hand.is_over:
                await self.deal()
                continue
            seq = self.hand.seq
            action = random_action(self.hand, self.rng)
            self.hand.apply(action)
            started = time.perf_counter()
            await self.store.record_action(self.hand_id, seq, action, self.hand.settlement)
            actions.seconds += time.perf_counter() - started
            actions.count += 1
            hands[0] += self.hand.is_over


async def _measure(folder: Path) -> dict[str, _Rate]:
    raw = _RawCommits(folder / "raw.sqlite3")
    three_hops = await _ThreeHopAppends.open(folder / "three-hops.sqlite3")
    one_store = await Store.open(folder / "one.sqlite3", defaults=GuildSettings())
    many_store = await Store.open(folder / "many.sqlite3", defaults=GuildSettings())
    one = _Table(one_store, 100, 1)
    many = [_Table(many_store, 200 + i, i) for i in range(TABLES_AT_ONCE)]
    for table in (one, *many):
        await table.sit_down()
    rates = {name: _Rate() for name in ("one", "many", "one hands", "many hands")}
    try:
        for _ in range(ROUNDS):
            raw.run()
            await three_hops.run()

            hands = [0]
            before = (rates["one"].count, rates["one"].seconds)
            started = time.perf_counter()
            await one.play(started + SLICE, rates["one"], hands)
            rates["one"].close_round(*before)
            rates["one hands"].count += hands[0]
            rates["one hands"].seconds += time.perf_counter() - started

            hands = [0]
            started = time.perf_counter()
            many_actions = _Rate()
            await asyncio.gather(*(t.play(started + SLICE, many_actions, hands) for t in many))
            wall = time.perf_counter() - started
            # Tables at once: the wall time, as the tables share it.
            rates["many"].count += many_actions.count
            rates["many"].seconds += wall
            rates["many"].rounds.append(many_actions.count / wall)
            rates["many hands"].count += hands[0]
            rates["many hands"].seconds += wall
    finally:
        raw.db.close()
        await three_hops.db.close()
        await one_store.close()
        await many_store.close()
    return {"raw": raw.rate, "three hops": three_hops.rate, **rates}


def run() -> list[Row]:
    with tempfile.TemporaryDirectory(prefix="gff-bench-") as folder:
        rates = asyncio.run(_measure(Path(folder)))
    raw = rates["raw"]
    baseline = f"raw single-row commits: {raw.per_second:,.0f}/s"

    def share(name: str) -> str:
        return f"{baseline} (median {rates[name].share_of(raw):.0%})"

    one_share = rates["one"].share_of(raw)
    return [
        Row("store: raw sqlite3 single-row commits (WAL, FULL)", raw.per_second, "commits/s"),
        Row(
            "store: accepted actions/s, one table (one hop each)",
            rates["one"].per_second,
            "actions/s",
            baseline=share("one"),
            target=f">= {TARGET_SHARE:.0%} of raw",
            met=one_share >= TARGET_SHARE,
        ),
        Row(
            "store: the same append as 3 awaited aiosqlite calls",
            rates["three hops"].per_second,
            "actions/s",
            baseline=share("three hops"),
        ),
        Row(
            f"store: accepted actions/s, {TABLES_AT_ONCE} tables at once (group commit)",
            rates["many"].per_second,
            "actions/s",
            baseline=share("many"),
        ),
        Row(
            "store: settled hands/s, one table, 3 players",
            rates["one hands"].per_second,
            "hands/s",
            baseline=baseline,
        ),
        Row(
            f"store: settled hands/s, {TABLES_AT_ONCE} tables at once",
            rates["many hands"].per_second,
            "hands/s",
            baseline=baseline,
        ),
    ]
