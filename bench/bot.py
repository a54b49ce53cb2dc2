"""The whole bot, in-process: latency, throughput, memory, recovery and standings.

- Tables played at once: the real bot behind the offline harness, with 10, 100
  and 500 tables live, each played by scripted players clicking their hand views
  (real INTERACTION_CREATE payloads): Refresh when their view is out of date (the
  bot brings it up to date at their turn), a button to draw, the discard menu to
  discard. Table edits are paced, and turn pings held back, as live. Clicks arrive
  in waves of up to ten at a time, as bursts of players acting together, and each
  waits only for its own work, so the table edits and turn pings of earlier clicks
  run beside later ones. The latency of a click is the time inside the bot from its gateway
  payload to its interaction response. The harness keeps only what Discord
  would (no request log, no old versions, no deleted messages).
  Accepted actions per second are measured with the store at synchronous=FULL:
  once at that load, and once with every table's click in flight at once, which
  is the most the bot sustains: each player clicks again as soon as their last
  click is answered (bench/flow.py). Waves of ten leave the process idle while each
  wave's commits reach the disk. At 100 tables the target is 60% of discord.py
  alone's clicks/s (below) in the same run; at 500, 90% of the 100-table figure.
  The same rows with HallBot's gc tuning off, and for Tonk. Every other game's 100
  tables against discord.py alone too, played by clicks from each player's view
  (bench/clicks.py), the slowest first, with its latency rows. Each run has a process
  of its own (bench/isolated.py), and each ratio is the median of PAIRS runs, each
  right after the floor (or the run) it is held against.
- discord.py alone: clicks per second when discord.py only parses each click and
  edits a view of the hand view's size, with no game and no store behind it. Each
  accepted action needs at least one click, so this bounds the bot's actions/s.
- Memory, recovery and standings: the table service and the store alone.

The jobs, one module each: bench/scripted.py plays GFF and Tonk tables, bench/clicks.py
any game's, bench/floor.py measures discord.py alone and holds runs against it, and
bench/service.py measures the service and store alone; this module makes the rows.
"""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path

from bench import service
from bench.clicks import game_played
from bench.floor import (
    PAIRED_FLOOR_CLICKS,
    PAIRS,
    against_floor,
    beside_floor,
    floor_rate,
    median_pair,
    rate_of,
)
from bench.scripted import WAVE, tables_played
from bench.table import Row
from engine import games

# The games played by clicks from each player's view (bench/clicks.py) and held against
# discord.py alone: every game but GFF and Tonk, whose players bench/scripted.py scripts.
OTHER_GAMES = tuple(g for g in games.GAMES if g not in ("gff", "tonk"))


def latency(played: dict) -> tuple[int, float, float]:
    """A run's clicks, and their latency's p50 and p99 in ms."""
    ms = sorted(x * 1000 for x in played["latencies"])
    return len(ms), ms[len(ms) // 2], ms[int(len(ms) * 0.99) - 1]


def _tonk_rows(folder: Path, tables: int = 100, rounds: int = 20) -> list[Row]:
    """The same measurement at Tonk tables: the shared table UI with the other rummy game."""
    clicks, _, p99 = latency(tables_played(folder, tables, rounds, tables, game="tonk"))
    rows = [Row(f"bot, {tables} Tonk tables: click latency p99", p99, "ms",
                baseline=f"{clicks} clicks, waves of {WAVE}", target="<= 20 ms", met=p99 <= 20)]
    pairs = beside_floor(folder, lambda: tables_played(folder, tables, rounds, tables,
                                                       wave=tables, game="tonk"))
    rows.append(against_floor(f"bot, {tables} Tonk tables: accepted actions/s, every table at "
                               "once", pairs))
    return rows


def _other_game_rows(folder: Path, tables: int = 100, rounds: int = 20) -> list[Row]:
    """Every other game's 100 tables against discord.py alone, the median of PAIRS pairs
    each, the slowest first; and the slowest one's latency rows, as GFF's."""
    held = []
    for game in OTHER_GAMES:
        pairs = beside_floor(folder, lambda game=game: game_played(folder, game, tables, rounds))
        floor, played, _ = median_pair(pairs)
        held.append((rate_of(played) / floor, game, pairs))
    held.sort()
    slowest = held[0][1]
    played = game_played(folder, slowest, tables, rounds, wave=WAVE)
    clicks, p50, p99 = latency(played)
    rows = [
        Row(f"bot, {tables} {slowest} tables (the slowest): click latency p50", p50, "ms",
            baseline=f"{clicks} clicks, waves of {WAVE}"),
        Row(f"bot, {tables} {slowest} tables (the slowest): click latency p99", p99, "ms",
            target="<= 20 ms", met=p99 <= 20),
        Row(f"bot, {tables} {slowest} tables (the slowest): accepted actions/s, waves of {WAVE}",
            rate_of(played), "actions/s", baseline=f"{played['clicks']} clicks"),
    ]
    rows += [against_floor(f"bot, {tables} {game} tables: accepted actions/s, every table at "
                            "once", pairs) for _, game, pairs in held]
    return rows


def run() -> list[Row]:
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(dir=Path("data")) as tmp:
        folder = Path(tmp)
        at_once: dict[int, float] = {}
        # Latency in waves of ten; (tables, rounds). At 10 tables a wave is every table.
        for tables, rounds in ((10, 60), (100, 20), (500, 6)):
            played = tables_played(folder, tables, rounds, tables)
            clicks, p50, p99 = latency(played)
            target_here = tables == 100
            rows.append(Row(f"bot, {tables} tables: click latency p50", p50, "ms",
                            baseline=f"{clicks} clicks, waves of {WAVE}"))
            rows.append(Row(f"bot, {tables} tables: click latency p99", p99, "ms",
                            target="<= 20 ms" if target_here else "",
                            met=p99 <= 20 if target_here else None))
            rate = rate_of(played)
            if tables > WAVE:
                rows.append(Row(f"bot, {tables} tables: accepted actions/s, waves of {WAVE}",
                                rate, "actions/s", baseline=f"{played['clicks']} clicks"))
            else:
                at_once[tables] = rate
                rows.append(Row(f"bot, {tables} tables: accepted actions/s, every table at once",
                                rate, "actions/s", baseline=f"{played['clicks']} clicks"))
        # Throughput is what the bot sustains with every table's click in flight: 100
        # tables right after a floor of discord.py alone, then 500 right after the 100,
        # PAIRS times; as many rounds at 500 tables as at 100, so both do the same mix of
        # first views, moves and new hands.
        runs = []
        for _ in range(PAIRS):
            floor = floor_rate(folder, PAIRED_FLOOR_CLICKS)
            hundred = tables_played(folder, 100, 20, 100, wave=100)
            five_hundred = tables_played(folder, 500, 20, 500, wave=500)
            runs.append((floor, hundred, five_hundred))
        floors = sorted(floor for floor, _, _ in runs)
        rows.insert(0, Row("discord.py alone: a click answered with an edit, no game",
                           statistics.median(floors), "clicks/s",
                           baseline=f"one at a time, a view of the hand view's size; median "
                                    f"of {len(floors)} ({floors[0]:,.0f}-{floors[-1]:,.0f})"))
        hundreds = [(floor, hundred) for floor, hundred, _ in runs]
        rows.append(against_floor("bot, 100 tables: accepted actions/s, every table at once",
                                   hundreds))
        at_once[100] = rate_of(median_pair(hundreds)[1])
        # 500 tables against the 100 played just before them, the median of the runs.
        before, played, ratios = median_pair([(rate_of(hundred), five)
                                              for _, hundred, five in runs])
        rate = at_once[500] = rate_of(played)
        ratio = rate / before
        rows.append(Row("bot, 500 tables: accepted actions/s, every table at once", rate,
                        "actions/s",
                        baseline=f"{ratio:.1%} of 100 tables ({before:,.0f}/s) played just "
                                 f"before, median of {len(ratios)} "
                                 f"({ratios[0]:.0%}-{ratios[-1]:.0%}); "
                                 f"{played['clicks']} clicks",
                        target=">= 90% of 100 tables", met=ratio >= 0.9))
        # With pictures on, each round waits until every picture it asked for is drawn
        # (the harness waits for all the work a round causes): the render process's pace.
        played = tables_played(folder, 100, 20, 100, wave=100, pictures=True)
        rate = rate_of(played)
        rows.append(Row("bot, 100 tables, pictures on: accepted actions/s, every table at once",
                        rate, "actions/s",
                        baseline=f"pictures off: {at_once[100]:,.0f}/s; every picture drawn, "
                                 f"{played['asked']:,} asked for"))
        # HallBot.on_ready's garbage collector tuning, off, each run right after one with
        # it on: the median of PAIRS such pairs, as for the floor.
        for tables in (100, 500):
            on_rate, off, ratios = median_pair([
                (rate_of(tables_played(folder, tables, 20, tables, wave=tables)),
                 tables_played(folder, tables, 20, tables, wave=tables, tune_gc=False))
                for _ in range(PAIRS)
            ])
            rows.append(Row(f"bot, {tables} tables, gc tuning off: accepted actions/s, every "
                            "table at once", rate_of(off), "actions/s",
                            baseline=f"{rate_of(off) / on_rate:.0%} of tuning on "
                                     f"({on_rate:,.0f}/s) played just before, median of "
                                     f"{len(ratios)} ({ratios[0]:.0%}-{ratios[-1]:.0%})"))
        rows += _tonk_rows(folder)
        rows += _other_game_rows(folder)
        rows += service.rows(folder)
    return rows
