"""Store speed with synchronous=FULL: accepted actions and settled hands per second.

The baseline is the raw rate of single-row commits through sqlite3 directly
(WAL, synchronous=FULL) on the same kind of file: the fsync every durable
transaction pays. An action is one transaction, so one table can at best match
it; the target is half. For comparison, the same append done the obvious way,
as three separate hops to the connection's thread (BEGIN IMMEDIATE, UPDATE,
COMMIT).

Last, the cost of one empty hop to the store's thread and back, beside the same
hop through a one-worker ThreadPoolExecutor.

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
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from bench.table import Row
from bot.store import GuildSettings, Store
from bot.store.db import WorkThread, connect
from engine import games
from engine.game import Deal
from engine.simulate import random_action

TARGET_SHARE = 0.5  # accepted actions/s against raw single-row commits/s
ROUNDS = 15
SLICE = 0.15  # seconds per measure per round
GUILD, HOST = 1, 1
TABLES_AT_ONCE = 8
HOPS = 2_000  # empty hops per round, to time one

GFF = games.get("gff")  # the game these figures are for


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
    """The append as BEGIN, UPDATE, COMMIT sent one by one to the connection's thread."""

    APPEND = (
        "UPDATE hands SET record = json_insert(record, '$.actions[#]', json(?)),"
        " seq = seq + 1 WHERE id = 1"
    )

    def __init__(self, thread: WorkThread, db: sqlite3.Connection) -> None:
        self.thread = thread
        self.db = db
        self.rate = _Rate()

    @classmethod
    async def open(cls, path: Path) -> _ThreeHopAppends:
        thread = WorkThread("three hops")
        db = await thread.submit(connect, path)
        await thread.submit(
            db.execute, "CREATE TABLE hands (id INTEGER PRIMARY KEY, record TEXT, seq INTEGER)"
        )
        await thread.submit(db.execute, "INSERT INTO hands VALUES (1, '{\"actions\": []}', 0)")
        return cls(thread, db)

    async def run(self) -> None:
        action = '{"seat": "1", "do": "draw", "from": "stock"}'
        before = (self.rate.count, self.rate.seconds)
        started = time.perf_counter()
        while time.perf_counter() - started < SLICE:
            await self.thread.submit(self.db.execute, "BEGIN IMMEDIATE")
            await self.thread.submit(self.db.execute, self.APPEND, (action,))
            await self.thread.submit(self.db.execute, "COMMIT")
            self.rate.count += 1
        self.rate.seconds += time.perf_counter() - started
        self.rate.close_round(*before)

    async def close(self) -> None:
        await self.thread.submit(self.db.close)
        self.thread.stop()


class _Table:
    """One table playing random hands through the store, slice after slice."""

    def __init__(self, store: Store, channel: int, seed: int) -> None:
        self.store = store
        self.channel = channel
        self.rng = random.Random(seed)
        self.table_id = 0
        self.hand: Deal | None = None
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
        self.hand = GFF.start(
            seats=seats,
            stake=table.stake,
            dealer=seats[table.hands_played % len(seats)][0],
            deck_or_decks=self.rng.sample(range(52), 52),
            carry=table.carry,
        )
        self.hand_id = (await self.store.start_hand(self.table_id, self.hand)).running.hand_id

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


class _Stores:
    """One table alone on a file, and several at once on another."""

    def __init__(self, one: _Table, many: list[_Table], stores: list[Store]) -> None:
        self.one = one
        self.many = many
        self.stores = stores
        self.rates = {key: _Rate() for key in ("one", "many", "one hands", "many hands")}

    @classmethod
    async def open(cls, folder: Path) -> _Stores:
        stores = [
            await Store.open(folder / f"{file}.sqlite3", defaults=GuildSettings())
            for file in ("one", "many")
        ]
        one = _Table(stores[0], 100, 1)
        many = [_Table(stores[1], 200 + i, i) for i in range(TABLES_AT_ONCE)]
        for table in (one, *many):
            await table.sit_down()
        return cls(one, many, stores)

    async def run(self) -> None:
        rates = self.rates
        hands = [0]
        before = (rates["one"].count, rates["one"].seconds)
        started = time.perf_counter()
        await self.one.play(started + SLICE, rates["one"], hands)
        rates["one"].close_round(*before)
        rates["one hands"].count += hands[0]
        rates["one hands"].seconds += time.perf_counter() - started

        hands = [0]
        started = time.perf_counter()
        many_actions = _Rate()
        await asyncio.gather(*(t.play(started + SLICE, many_actions, hands) for t in self.many))
        wall = time.perf_counter() - started
        # Tables at once: the wall time, as the tables share it.
        rates["many"].count += many_actions.count
        rates["many"].seconds += wall
        rates["many"].rounds.append(many_actions.count / wall)
        rates["many hands"].count += hands[0]
        rates["many hands"].seconds += wall

    async def close(self) -> None:
        for store in self.stores:
            await store.close()


def _nothing() -> None:
    """The work of an empty hop."""


async def _hop_micros(send: Callable[[], Awaitable[Any]]) -> float:
    """Microseconds for an empty function's hop to a thread and back."""
    started = time.perf_counter()
    for _ in range(HOPS):
        await send()
    return (time.perf_counter() - started) / HOPS * 1e6


async def _measure_hops() -> dict[str, float]:
    """The median per hop of each way to send work to one thread, taking turns."""
    thread = WorkThread("hops")
    executor = ThreadPoolExecutor(max_workers=1)
    loop = asyncio.get_running_loop()
    sends = {
        "thread": lambda: thread.submit(_nothing),
        "executor": lambda: loop.run_in_executor(executor, _nothing),
    }
    micros: dict[str, list[float]] = {name: [] for name in sends}
    try:
        for _ in range(ROUNDS):
            for name, send in sends.items():
                micros[name].append(await _hop_micros(send))
    finally:
        thread.stop()
        executor.shutdown()
    return {name: statistics.median(values) for name, values in micros.items()}


async def _measure(folder: Path) -> tuple[dict[str, _Rate], dict[str, float]]:
    raw = _RawCommits(folder / "raw.sqlite3")
    three_hops = await _ThreeHopAppends.open(folder / "three-hops.sqlite3")
    stores = await _Stores.open(folder)
    try:
        for _ in range(ROUNDS):
            raw.run()
            await three_hops.run()
            await stores.run()
    finally:
        raw.db.close()
        await three_hops.close()
        await stores.close()
    hops = await _measure_hops()
    return {"raw": raw.rate, "three hops": three_hops.rate, **stores.rates}, hops


def run() -> list[Row]:
    with tempfile.TemporaryDirectory(prefix="gff-bench-") as folder:
        rates, hops = asyncio.run(_measure(Path(folder)))
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
            "store: the same append as 3 hops (BEGIN, UPDATE, COMMIT)",
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
        Row(
            "store: an empty hop to the store's thread and back",
            hops["thread"],
            "us",
            baseline=f"ThreadPoolExecutor(max_workers=1): {hops['executor']:.1f} us",
        ),
    ]
