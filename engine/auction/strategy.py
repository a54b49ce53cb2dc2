"""The flush auction's computer players: `random`, and `easy`, a sensible saver.

Every bid is paid, won or lost (AUCTION-3.3), so `easy` spends only where it
counts: everything it may on cards that make its flush, half its range on cards
that bring it to four of a suit, and the least it may otherwise.
"""

from __future__ import annotations

import random

from engine.auction.actions import Bid
from engine.auction.views import PrivateView
from engine.search import HARD, hard_maker


def play_random(view: PrivateView, rng: random.Random) -> Bid:
    if not view.legal:
        raise ValueError(f"{view.seat} has no bid to make")
    return Bid(view.seat, rng.randint(view.low, view.high))


def play_easy(view: PrivateView, rng: random.Random) -> Bid:
    if not view.legal:
        raise ValueError(f"{view.seat} has no bid to make")
    counts = [0, 0, 0, 0]
    for card in (*view.hand, *view.public.table):
        counts[card // 13] += 1
    best = max(counts)
    if best >= 5:
        return Bid(view.seat, view.high)
    if best == 4:
        return Bid(view.seat, (view.low + view.high) // 2)
    return Bid(view.seat, view.low)


STRATEGIES = {
    "random": lambda: play_random,
    "easy": lambda: play_easy,
    HARD: hard_maker("auction"),  # the search player (engine/auction/sample.py)
}
