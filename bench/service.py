"""The table service and the store alone, without Discord: tables built fast, the memory
an open table holds, recovery at start-up, and the standings' query.

- Memory: Python heap per open table with a running hand (500 tables), from
  tracemalloc, the bot without Discord objects (the table service and store).
- Recovery: 1,000 stored tables, each with a running hand of 20 actions: the time from
  opening the file to every table rebuilt and ready.
- Standings: `/bankroll top`'s query over 100,000 wallets in one server.
"""

from __future__ import annotations

import asyncio
import gc
import random
import sqlite3
import statistics
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from bench.table import Row
from bot.store import GuildSettings, Store
from bot.tables import ManualScheduler, SilentListener, TableService
from engine.simulate import random_action

GUILD = 4242


async def service_with_tables(path: str | Path, tables: int, actions: int, seed: int, *,
                              guild_of: Callable[[int], int] = lambda number: GUILD):
    """`tables` tables with a running hand of `actions` actions, built fifty at a time so
    their writes share commits, as many busy tables' writes do; table `number` is in
    server `guild_of(number)`."""
    rng = random.Random(seed)
    store = await Store.open(path, defaults=GuildSettings())
    service = TableService(store, ManualScheduler(), SilentListener())
    service.deck_source = lambda table: rng.sample(range(52), 52)

    async def build(number: int) -> None:
        channel = 10_000 + number
        for n in range(3):
            await service.join(guild_of(number), channel, 10**9 + channel * 10 + n)
        table = service.in_channel(channel)
        await service.deal(table)
        played = 0
        while played < actions:
            hand = table.hand
            if hand is None or hand.is_over:
                await service.deal(table)
                played = 0  # a running hand of `actions` actions, not a finished one
                continue
            action = random_action(hand, rng, 0.0)
            await service.act(table.id, int(action.seat), action, hand.seq)
            played += 1

    for at in range(0, tables, 50):
        await asyncio.gather(*(build(t) for t in range(at, min(at + 50, tables))))
    return store, service


async def memory_per_table(folder: Path, tables: int) -> float:
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    store, service = await service_with_tables(folder / "memory.sqlite3", tables, 8, 3)
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    await store.close()
    assert len(service.tables) == tables
    return (after - before) / tables


async def recovery_seconds(folder: Path, tables: int, actions: int) -> float:
    path = folder / "recovery.sqlite3"
    store, service = await service_with_tables(path, tables, actions, 5)
    running = sum(1 for t in service.tables.values() if t.hand and not t.hand.is_over)
    await store.close()
    started = time.perf_counter()
    store = await Store.open(path, defaults=GuildSettings())
    recovered = TableService(store, ManualScheduler(), SilentListener())
    await recovered.restore(await store.recover())
    seconds = time.perf_counter() - started
    back = sum(1 for t in recovered.tables.values() if t.hand and not t.hand.is_over)
    await store.close()
    assert len(recovered.tables) == tables and back == running
    return seconds


async def standings_ms(folder: Path, wallets: int) -> tuple[float, float]:
    path = folder / "standings.sqlite3"
    store = await Store.open(path, defaults=GuildSettings())
    rng = random.Random(9)

    def fill(db: sqlite3.Connection) -> None:
        rows = [(GUILD, 1 + i, rng.randrange(0, 1_000_000)) for i in range(wallets)]
        db.executemany(
            "INSERT INTO wallets (guild_id, user_id, balance, created_ms) VALUES (?, ?, ?, 0)",
            rows,
        )

    await store.db.write(fill)
    for _ in range(3):
        await store.standings(GUILD, 10)  # warm the page cache, as a live server has it
    times = []
    for _ in range(20):
        started = time.perf_counter()
        top = await store.standings(GUILD, 10)
        times.append((time.perf_counter() - started) * 1000)
    one = []
    for user in range(1, 21):
        started = time.perf_counter()
        await store.standing(GUILD, user * 4000)
        one.append((time.perf_counter() - started) * 1000)
    await store.close()
    assert len(top) == 10
    return statistics.median(times), statistics.median(one)


def rows(folder: Path) -> list[Row]:
    """Memory per table, recovery and standings, each run in this process."""
    per_table = asyncio.run(memory_per_table(folder, 500))
    seconds = asyncio.run(recovery_seconds(folder, 1000, 20))
    top, one = asyncio.run(standings_ms(folder, 100_000))
    return [
        Row("memory per open table with a running hand (500)", per_table / 1024, "KB",
            baseline="tracemalloc, service and store", target="<= 50 KB",
            met=per_table <= 50 * 1024),
        Row("recovery: 1,000 tables, running hands of 20 actions", seconds, "s",
            target="<= 3 s", met=seconds <= 3),
        Row("standings: /bankroll top over 100,000 wallets", top, "ms",
            baseline=f"one player's rank: {one:.1f} ms", target="<= 20 ms", met=top <= 20),
    ]
