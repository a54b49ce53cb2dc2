"""What every game's rule tests share: a record's common head, and replaying it as the
replay command would (status 0 for a result, 1 for a refused record)."""

from __future__ import annotations

import json
import random
from collections import Counter

from engine import cards as C
from engine.replay import run


def seated(seats) -> list[dict]:
    """`(id, stack)` pairs as a record's seats, in seating order."""
    return [{"id": i, "stack": s} for i, s in seats]


def table_record(game: str, seats, stake: int, **fields) -> dict:
    """A record of `game` at `stake` with `seats`; `fields` follow in the order given."""
    return {"game": game, "stake": stake, "seats": seated(seats), **fields}


def replay(record: dict) -> dict:
    """The result of a record the engine must accept."""
    answer, status = run(json.dumps(record))
    assert status == 0, answer
    return answer


def error(record: dict) -> dict:
    """The error of a record the engine must refuse."""
    answer, status = run(json.dumps(record))
    assert status == 1, answer
    return answer["error"]


def assert_placed_uniformly(placed, places, cards, *, seed: int, runs: int = 3000,
                            within: int = 150) -> None:
    """A sampler's hidden places (engine/<game>/sample.py): over `runs` samples, each of
    `places` holds every one of `cards` and each about equally often. `placed(rng)` is
    one sample's card at each place."""
    rng = random.Random(seed)
    counts = {place: Counter() for place in places}
    for _ in range(runs):
        sample = placed(rng)
        for place in places:
            counts[place][sample[place]] += 1
    for place, seen in counts.items():
        assert set(seen) == set(cards), place
        for card in cards:
            assert abs(seen[card] - runs / len(cards)) < within, (place, C.label(card))
