"""Computer players: how long a decision takes, and tournament hands per second.

Decisions are timed in the hands they are made in: a table of sharp, easy and
random (hands end early, as random drops often) and a table of three sharps
(hands that last longer). The baseline, in the same run and on the same views,
is the random strategy's decision: the cost of listing the choices and picking one.
"""

from __future__ import annotations

import random
import time
from collections import defaultdict

from bench.table import Row
from engine import games
from engine.cards import DECK
from engine.strategies import get_strategy
from engine.strategies.random_play import play_random
from engine.tournament import run_tournament

TARGET_MS = 5.0  # a sharp decision, on average

GFF = games.get("gff")  # the game these figures are for


def _decision_times(names: list[str], hands: int, seed: int) -> dict[str, list[float]]:
    """Seconds per decision by level; "baseline" is random's on the views sharp saw."""
    rng, other = random.Random(seed), random.Random(seed + 1)
    ids = [f"p{i}" for i in range(len(names))]
    times: dict[str, list[float]] = defaultdict(list)
    deck = list(DECK)
    for number in range(hands):
        rng.shuffle(deck)
        seating = names[number % len(names):] + names[: number % len(names)]
        players = {seat: (name, get_strategy(name)) for seat, name in zip(ids, seating,
                                                                           strict=True)}
        hand = GFF.start(seats=[(seat, 200) for seat in ids], stake=10,
                         dealer=ids[number % len(ids)], deck_or_decks=deck)
        while hand.settlement is None:
            seat = hand.order[hand.turn]
            name, player = players[seat]
            view = hand.private_view(seat)
            started = time.perf_counter()
            action = player(view, rng)
            times[name].append(time.perf_counter() - started)
            if name == "sharp":
                started = time.perf_counter()
                play_random(view, other)
                times["baseline"].append(time.perf_counter() - started)
            hand.apply(action)
    return times


def _mean_ms(samples: list[float]) -> float:
    return 1000 * sum(samples) / len(samples)


def _p99_ms(samples: list[float]) -> float:
    return 1000 * sorted(samples)[int(0.99 * (len(samples) - 1))]


def run() -> list[Row]:
    rows = []
    for names, hands in ((["sharp", "easy", "random"], 3_000), (["sharp"] * 3, 600)):
        times = _decision_times(names, hands, seed=1)
        sharp = times["sharp"]
        rows.append(
            Row(
                f"strategies: sharp decision, mean ({','.join(names)}; "
                f"{len(sharp):,} decisions, p99 {_p99_ms(sharp):.1f} ms)",
                _mean_ms(sharp),
                "ms",
                baseline=f"random, same views: {_mean_ms(times['baseline']):.3f} ms",
                target=f"< {TARGET_MS:g} ms",
                met=_mean_ms(sharp) < TARGET_MS,
            )
        )
    started = time.perf_counter()
    report = run_tournament(3_000, ["sharp", "easy", "random"], seed=1, jobs=1)
    rate = report.hands / (time.perf_counter() - started)
    rows.append(Row("strategies: tournament hands/s, sharp,easy,random, one process",
                    rate, "hands/s"))
    return rows
