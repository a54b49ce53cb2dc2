"""Card pictures: how long one takes to draw, how often the cache saves a drawing, and
what pictures cost a click at 100 tables.

- Render time: distinct pictures drawn to PNG on this thread, a five-card hand and a
  mid-hand GFF table, from random deals (the faces are made once before timing).
- Cache hit rate: the bot's own picture cache over the 100-table run below, every
  picture as the bot asked for it; and how many asked-for pictures were dropped unseen
  because their view changed before their turn to be drawn. A hand picture is drawn
  only when its player presses the hand view's Picture button, which nobody presses in
  the scripted play: these are the table messages' pictures, drawn at their paced edits
  (bench/faces.py has a run where players ask for hand pictures).
- Click latency p99 at 100 tables with pictures on, beside the same run with pictures
  off; each is run twice, so the spread between two identical runs is printed too.
  Pictures are off by default (bot/settings.py); a server turns them on.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from bench.scripted import play_scripted
from bench.table import Row
from cogs.gff.pictures import hand_picture, table_picture
from cogs.table.pictures import faces
from cogs.table.pictures.render import render
from engine.gff.game import GFF
from engine.simulate import BUY_IN, STAKE, random_action

TABLES, ROUNDS = 100, 20


def _pictures(count: int, seed: int = 7):
    """(hand, table) pictures of random GFF deals, a few actions in."""
    rng = random.Random(seed)
    hands, tables = [], []
    while len(hands) < count:
        seats = [(f"p{i}", BUY_IN) for i in range(3)]
        hand = GFF.start(seats=seats, stake=STAKE, dealer="p0",
                         deck_or_decks=rng.sample(range(52), 52), carry={})
        for _ in range(rng.randrange(2, 12)):
            if hand.is_over:
                break
            hand.apply(random_action(hand, rng, 0.0))
        if hand.is_over:
            continue
        seat = hand.to_act()[0]
        hands.append(hand_picture(hand.private_view(seat), ()))
        tables.append(table_picture(hand.public_view()))
    return hands, tables


def _timed(pictures) -> list[float]:
    times = []
    for picture in pictures:
        started = time.perf_counter()
        render(picture)
        times.append((time.perf_counter() - started) * 1000)
    return sorted(times)


def _p(ms: list[float], q: float) -> float:
    return ms[min(len(ms) - 1, int(len(ms) * q))]


def run() -> list[Row]:
    rows: list[Row] = []
    started = time.perf_counter()
    faces.load_all()
    made = (time.perf_counter() - started) * 1000
    hands, tables = _pictures(300)
    for name, pictures in (("a hand", hands), ("a table", tables)):
        ms = _timed(pictures)
        rows.append(Row(f"pictures: render {name}, p50", _p(ms, 0.5), "ms",
                        baseline=f"{len(ms)} distinct; 53 faces made once in {made:.0f} ms"))
        rows.append(Row(f"pictures: render {name}, p99", _p(ms, 0.99), "ms",
                        baseline=f"mean {statistics.fmean(ms):.1f} ms"))
    with tempfile.TemporaryDirectory(dir=Path("data")) as tmp:
        folder = Path(tmp)
        runs: dict[bool, list[dict]] = {False: [], True: []}
        for number, pictures in enumerate((False, True, False, True)):  # alternated: the
            here = folder / f"run{number}"  # machine drifts; each run on a fresh database
            here.mkdir()
            runs[pictures].append(asyncio.run(
                play_scripted(here, TABLES, ROUNDS, TABLES, pictures=pictures)))
    p99 = {on: [_p(sorted(x * 1000 for x in r["latencies"]), 0.99) for r in runs[on]]
           for on in (False, True)}
    spread = abs(p99[False][0] - p99[False][1])
    worse = min(p99[True]) - max(p99[False])
    rows.append(Row(f"pictures: click latency p99, {TABLES} tables, pictures off",
                    statistics.fmean(p99[False]), "ms",
                    baseline="two runs: " + ", ".join(f"{x:.1f}" for x in p99[False])))
    rows.append(Row(f"pictures: click latency p99, {TABLES} tables, pictures on",
                    statistics.fmean(p99[True]), "ms",
                    baseline="two runs: " + ", ".join(f"{x:.1f}" for x in p99[True])
                    + f"; off runs' spread {spread:.1f} ms",
                    target="no worse than off by more than the spread",
                    met=worse <= spread))
    on = runs[True]
    rate = sum(r["hit_rate"] * r["asked"] for r in on) / max(1, sum(r["asked"] for r in on))
    rows.append(Row(f"pictures: cache hit rate, {TABLES} tables", rate * 100, "%",
                    baseline=f"{sum(r['asked'] for r in on)} pictures asked for, "
                             f"{sum(r['dropped'] for r in on)} dropped as stale"))
    return rows
