"""The fair deck (engine/fairness.py, docs/fairness.md): what a 52-card deck costs.

- v1, a deal's stream: a new HMAC-SHA256 stream (seeds, nonce) and its first shuffle,
  as each deal at a table makes one; and a deck further along one stream, as the mid-deal
  reshuffles and a game of several decks take theirs.
- Beside it, in the same run: `secrets.SystemRandom().sample`, the shuffle the bot used
  before seeds (the operating system's randomness, a system call per card), and
  `random.Random(0).sample`, Python's Mersenne Twister, which nothing fair may use.
- Also: verifying a finished one-deck record, as `/<game> history verify:True` and
  `python -m engine.fairness verify` do (the seed's hash, then the shuffle again).

Each figure is the best of 7 rounds of 2,000 decks: the least the machine's noise added.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable

from bench.table import Row
from engine import cards as C
from engine import fairness as F

DECKS, ROUNDS = 2_000, 7
SEED = bytes(range(32))
CLIENT = ",".join(F.computer_seed(f"cpu{i}", F.house_hash(SEED)) for i in range(1, 5))


def _best_us(make: Callable[[int], object]) -> float:
    """µs per call of make(n), the best round."""
    best = float("inf")
    for _ in range(ROUNDS):
        started = time.perf_counter()
        for n in range(DECKS):
            make(n)
        best = min(best, time.perf_counter() - started)
    return best / DECKS * 1e6


def run() -> list[Row]:
    pack = list(C.DECK)
    system, twister = secrets.SystemRandom(), random.Random(0)
    along = F.Stream(SEED, CLIENT, 1)
    fresh = _best_us(lambda n: F.Stream(SEED, CLIENT, n).shuffle(pack))
    further = _best_us(lambda n: along.shuffle(pack))
    sys_us = _best_us(lambda n: system.sample(pack, 52))
    mt_us = _best_us(lambda n: twister.sample(pack, 52))
    committed = F.house_hash(SEED)
    record = {"deck": [C.code(card) for card in F.Stream(SEED, CLIENT, 1).shuffle(pack)],
              "fair": F.fair_block(committed, CLIENT, 1, SEED)}
    assert F.verify_fair(record).ok
    check_us = _best_us(lambda n: F.verify_fair(record))
    same_run = f"SystemRandom().sample {sys_us:.1f} µs; Random(0).sample {mt_us:.1f} µs"
    return [
        Row("fairness: 52-card deck, v1, a deal's new stream", fresh, "µs", baseline=same_run,
            target="no slower than SystemRandom().sample", met=fresh <= sys_us),
        Row("fairness: 52-card deck, v1, further along a stream", further, "µs",
            baseline=same_run),
        Row("fairness: verify a one-deck record", check_us, "µs",
            baseline=f"the deck alone: {fresh:.1f} µs"),
    ]


if __name__ == "__main__":
    from bench.table import machine, render

    print(f"Machine: {machine()}")
    print(render(run()))
