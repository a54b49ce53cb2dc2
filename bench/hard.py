"""The search player (`hard`, engine/search.py): how long it thinks, and what it costs the
bot while it does.

- Move time, p50 and p99, per game that offers `hard`, at a table's budget
  (DEFAULT_PLAYOUTS playouts or TABLE_MS, whichever ends first), timed in hands where it
  plays against `easy` and is shown every view as at a table. Baseline: `easy` deciding
  on the same views. Target: at most 1 s (a table's deadline, bot/tables/computer.py).
- The bot's click latency p99 at 100 tables of three people with one hard computer at
  each, beside the same tables with none, each run in a process of its own (the click
  bench, bench/clicks.py). Target: at most twice the latency without.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

from bench.clicks import game_played
from bench.table import Row, machine, render
from engine import games, search

DECISIONS = 20  # timed hard moves per game
MOVE_TARGET_SECONDS = 1.0
LATENCY_GAME = "gops"
TABLES = 100
ROUNDS = 12


def move_times(game_id: str, decisions: int = DECISIONS, seed: int = 1) -> dict[str, list[float]]:
    """Seconds per decision of `hard` and of `easy` on the same views, over whole hands
    of hard against easy until `decisions` hard moves are timed."""
    game = games.get(game_id)
    rng = random.Random(seed)
    times: dict[str, list[float]] = {"hard": [], "easy": []}
    seats = max(game.info.min_seats, min(3, game.info.max_seats))
    ids = [f"s{i}" for i in range(seats)]
    number = 0
    while len(times["hard"]) < decisions:
        players = {seat: game.strategies["easy"]() for seat in ids}
        hard_seat = ids[number % seats]
        players[hard_seat] = game.strategies[search.HARD]()
        shadow = game.strategies["easy"]()  # easy's decision on hard's views
        decks = [rng.sample(game.info.pack, len(game.info.pack))
                 for _ in range(game.info.deals_per_game)]
        hand = game.start(seats=[(seat, 200) for seat in ids], stake=10,
                          dealer=ids[number % seats],
                          deck_or_decks=decks[0] if len(decks) == 1 else decks)
        if game.info.reshuffles:
            hand.shuffle_with(lambda pile: rng.sample(pile, len(pile)))  # type: ignore[attr-defined]
        while not hand.is_over:
            seat = hand.to_act()[0]
            view = hand.private_view(seat)
            if seat == hard_seat and len(times["hard"]) < decisions:
                began = time.perf_counter()
                action = players[seat](view, rng)
                times["hard"].append(time.perf_counter() - began)
                began = time.perf_counter()
                shadow(view, random.Random(0))
                times["easy"].append(time.perf_counter() - began)
            else:
                action = players[seat](view, rng)
            hand.apply(action)
            observe = getattr(players[hard_seat], "observe", None)
            if observe is not None and not hand.is_over:
                observe(hand.private_view(hard_seat))
        number += 1
    return times


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _move_rows() -> list[Row]:
    rows = []
    for game_id, game in games.GAMES.items():
        if search.HARD not in game.strategies:
            continue
        times = move_times(game_id)
        p50, p99 = percentile(times["hard"], 0.5), percentile(times["hard"], 0.99)
        rows.append(Row(
            f"{game_id}: a hard move, p50 / p99 ({DECISIONS} moves)", p50 * 1000, "ms",
            baseline=f"p99 {p99 * 1000:,.0f} ms; easy on the same views p50 "
                     f"{percentile(times['easy'], 0.5) * 1e6:,.0f} µs",
            target=f"p99 ≤ {MOVE_TARGET_SECONDS * 1000:.0f} ms",
            met=p99 <= MOVE_TARGET_SECONDS))
    return rows


def _latency_rows(folder: Path) -> list[Row]:
    none = game_played(folder, LATENCY_GAME, TABLES, ROUNDS)
    hard = game_played(folder, LATENCY_GAME, TABLES, ROUNDS, computers=(search.HARD,))
    alone, beside = (percentile(run["latencies"], 0.99) for run in (none, hard))
    return [Row(
        f"bot, {TABLES} {LATENCY_GAME} tables with a hard computer at each: click p99",
        beside * 1000, "ms",
        baseline=f"{alone * 1000:,.1f} ms with no computer (same run); "
                 f"p50 {percentile(hard['latencies'], 0.5) * 1000:,.1f} against "
                 f"{percentile(none['latencies'], 0.5) * 1000:,.1f} ms",
        target="≤ 2× without", met=beside <= 2 * alone)]


def run() -> list[Row]:
    with tempfile.TemporaryDirectory(dir=Path("data")) as tmp:
        return _move_rows() + _latency_rows(Path(tmp))


def main(argv: list[str]) -> int:
    rows = _move_rows() if argv == ["moves"] else run()
    print(f"Machine: {machine()}")
    print(render(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
