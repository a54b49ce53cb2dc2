"""Recovery at scale: 10,000 running tables brought back after a restart.

Beside it, in the same run, the floor a recovery cannot go under: the engine alone
parsing and replaying the same records (JSON text to a running deal, as recovery does,
with nothing read from or written to the store). The goal is a recovery within twice
that. The second figure is how soon the bot answers at its first tables: recovery brings
the tables back a part at a time (bot/tables/recovery.py) and the bot answers for the
tables already back while the rest load.

The tables are built once through the table service (three players each, a running hand
of 20 actions), which takes a minute or two; `BENCH_RECOVERY_TABLES` sets a smaller
number for a quick run.
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import sqlite3
import tempfile
import time
from pathlib import Path

from bench.service import service_with_tables
from bench.table import Row
from bot.client import YOUNG_COLLECTION_AFTER, keep_for_good
from bot.store import GuildSettings, Store
from bot.store.hands import replay
from bot.tables import ManualScheduler, SilentListener, TableService

TABLES = int(os.environ.get("BENCH_RECOVERY_TABLES", "10000"))
ACTIONS = 20
GOAL = 2.0  # recovery against the engine's replay of the same records


def _engine_alone(path: Path) -> tuple[float, int]:
    """Seconds to parse and replay every running hand's record, and how many there are."""
    with sqlite3.connect(path) as db:
        records = [text for (text,) in db.execute(
            "SELECT record FROM running_hands")]
    started = time.perf_counter()
    for text in records:
        replay(json.loads(text))
    return time.perf_counter() - started, len(records)


async def _recovery(path: Path) -> tuple[float, float, int]:
    """Seconds from opening the store to every table back, seconds to the first part
    back, and the tables back; with the garbage collector set as the bot sets it."""
    thresholds = gc.get_threshold()
    gc.set_threshold(YOUNG_COLLECTION_AFTER, *thresholds[1:])
    try:
        return await _timed_recovery(path)
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)


async def _timed_recovery(path: Path) -> tuple[float, float, int]:
    started = time.perf_counter()
    store = await Store.open(path, defaults=GuildSettings())
    service = TableService(store, ManualScheduler(), SilentListener())
    loading = await store.open_tables()
    service.expect(loading)
    first: list[float] = []

    async def back(tables: list) -> None:
        keep_for_good()  # as the bot does after each part
        if not first:
            first.append(time.perf_counter() - started)

    await service.recover(list(loading), back)
    seconds = time.perf_counter() - started
    count = len(service.tables)
    await store.close()
    return seconds, first[0] if first else seconds, count


async def _build(path: Path) -> None:
    store, _ = await service_with_tables(path, TABLES, ACTIONS, 11)
    await store.close()


def run() -> list[Row]:
    with tempfile.TemporaryDirectory(prefix="gff-bench-") as folder:
        path = Path(folder) / "recovery.sqlite3"
        asyncio.run(_build(path))
        gc.collect()  # the building's garbage is not recovery's to collect
        engine, running = _engine_alone(path)
        whole, first, back = asyncio.run(_recovery(path))
        engine_again, _ = _engine_alone(path)  # on either side: the machine's drift
    floor = min(engine, engine_again)
    assert back == TABLES, f"{back} of {TABLES} tables came back"
    return [
        Row(
            f"recovery: {TABLES:,} running tables back after a restart",
            whole,
            "s",
            baseline=f"engine alone, parse + replay of the {running:,} records: {floor:.2f} s"
            f" ({whole / floor:.1f}x)",
            target=f"<= {GOAL:.0f}x the engine",
            met=whole <= GOAL * floor,
        ),
        Row(
            f"recovery: the first tables answering, of {TABLES:,}",
            first,
            "s",
            baseline=f"every table back: {whole:.2f} s",
        ),
    ]
