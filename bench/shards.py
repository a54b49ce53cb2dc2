"""Recovery by shard: 1,000 stored tables on the servers of 4 shards, each with a running hand
of 20 actions, brought back by 4 processes at once (one per shard, each its quarter), beside
one process bringing back all 1,000, from the same file in the same run.

Each process times itself from opening the store to every one of its tables rebuilt,
claimed and ready; the 4 start together at an agreed moment (after their imports), and
their figure is the time until the last is ready. On SQLite the recoveries' write
transactions take turns on the file's one write lock; on PostgreSQL (a server started for
the run, as the tests start theirs) each process also claims its tables as it recovers.

`python -m bench.shards recover PATH SHARD COUNT START` is one such process.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.service import service_with_tables
from bench.table import Row
from bot.store import GuildSettings, ShardSet, Store
from bot.tables import ManualScheduler, SilentListener, TableService

TABLES, ACTIONS, SHARDS = 1000, 20, 4
ROOT = Path(__file__).resolve().parents[1]


def guild_on(shard: int, count: int) -> int:
    """A server id Discord sends to `shard` of `count`."""
    return ((1_000 * count + shard) << 22) | 7


async def _build(path: str | Path) -> int:
    """The tables, spread evenly over the shards' servers; how many hands still run."""
    store, service = await service_with_tables(
        path, TABLES, ACTIONS, 11, guild_of=lambda number: guild_on(number % SHARDS, SHARDS))
    running = sum(1 for t in service.tables.values() if t.hand and not t.hand.is_over)
    await store.close()
    return running


async def recover(path: str | Path, shards: ShardSet | None) -> tuple[float, int, int]:
    """Seconds from opening the store to its tables ready, the tables, and running hands."""
    started = time.perf_counter()
    store = await Store.open(path, defaults=GuildSettings())
    service = TableService(store, ManualScheduler(), SilentListener(), shards=shards)
    await service.restore(await store.recover(shards))
    seconds = time.perf_counter() - started
    running = sum(1 for t in service.tables.values() if t.hand and not t.hand.is_over)
    await store.close()
    return seconds, len(service.tables), running


def _one_shard(path: str, shard: str, count: str, start_at: str) -> None:
    time.sleep(max(0.0, float(start_at) - time.time()))
    began = time.time()
    seconds, tables, running = asyncio.run(
        recover(path, ShardSet((int(shard),), int(count)))
    )
    print(json.dumps({"began": began, "ended": began + seconds, "tables": tables,
                      "running": running}))


def _four_processes(path: str | Path) -> tuple[float, int, int]:
    start_at = time.time() + 5  # every process has imported by then
    children = [
        subprocess.Popen(
            [sys.executable, "-m", "bench.shards", "recover", str(path), str(shard),
             str(SHARDS), str(start_at)],
            cwd=ROOT, stdout=subprocess.PIPE, text=True,
        )
        for shard in range(SHARDS)
    ]
    done = [json.loads(child.communicate(timeout=600)[0]) for child in children]
    assert all(child.returncode == 0 for child in children)
    wall = max(d["ended"] for d in done) - min(d["began"] for d in done)
    return wall, sum(d["tables"] for d in done), sum(d["running"] for d in done)


def _rows(target: str | Path, database: str) -> list[Row]:
    running = asyncio.run(_build(target))
    # Recovery books nothing for hands that can go on, so every run finds the same.
    alone, tables, back = asyncio.run(recover(target, None))
    assert (tables, back) == (TABLES, running)
    quarter, quarter_tables, _ = asyncio.run(recover(target, ShardSet((0,), SHARDS)))
    assert quarter_tables == TABLES // SHARDS
    wall, tables, back = _four_processes(target)
    assert (tables, back) == (TABLES, running)
    return [
        Row(f"recovery by shard: {SHARDS} processes at once, each its quarter of "
            f"{TABLES:,} tables ({database})", wall, "s",
            baseline=f"one process, all {TABLES:,}: {alone:.2f} s; one quarter alone: "
                     f"{quarter:.2f} s",
            target="<= 3 s", met=wall <= 3),
    ]


def run() -> list[Row]:
    with tempfile.TemporaryDirectory(dir=ROOT / "data") as tmp:
        rows = _rows(Path(tmp) / "shards.sqlite3", "SQLite")
    from tests.pg_server import ENABLE, TempPostgres

    try:
        server = TempPostgres(durable=True).start()
    except (FileNotFoundError, RuntimeError) as error:
        print(f"bench.shards on PostgreSQL skipped: {error}; {ENABLE}", file=sys.stderr)
        return rows
    try:
        url = asyncio.run(server.new_database("shards"))
        rows += _rows(url, "PostgreSQL")
    finally:
        server.stop()
    return rows


if __name__ == "__main__":
    if sys.argv[1:2] == ["recover"]:
        _one_shard(*sys.argv[2:6])
    else:
        from bench.table import machine, render

        print(f"Machine: {machine()}")
        print(render(run()))
