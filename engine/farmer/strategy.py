"""Farmer's computer players: `random`, and `easy`, who hits to a safe total.

`easy` hits while a further card cannot bust them or while their total is low (on
11 or less; 16 is reachable in one card from 6 up, and a bust pays the farmer,
FARMER-5.4), and otherwise stays. It never hits a bust hand, which the rules forbid.
"""

from __future__ import annotations

import random

from engine.farmer.actions import HIT, STAY, FarmerAction
from engine.farmer.views import PrivateView
from engine.search import HARD, hard_maker

HIT_UP_TO = 11


def play_random(view: PrivateView, rng: random.Random) -> FarmerAction:
    if not view.legal:
        raise ValueError(f"it is not {view.seat}'s turn")
    return FarmerAction(view.seat, rng.choice(view.legal))


def play_easy(view: PrivateView, rng: random.Random) -> FarmerAction:
    if not view.legal:
        raise ValueError(f"it is not {view.seat}'s turn")
    if HIT in view.legal and (STAY not in view.legal or view.total <= HIT_UP_TO):
        return FarmerAction(view.seat, HIT)
    return FarmerAction(view.seat, STAY)


STRATEGIES = {
    "random": lambda: play_random,
    "easy": lambda: play_easy,
    HARD: hard_maker("farmer"),  # the search player (engine/farmer/sample.py)
}
