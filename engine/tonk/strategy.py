"""Tonk's computer players: `random`, and `easy`, what a sensible beginner does.

`easy` lays every spread it can (the longest first) and hits wherever it can, since
an empty hand is paid by everyone (TONK-5.1, 5.2); takes the discard only when it
makes a spread or a hit or lowers the hand; throws the card worth most; and drops
only on a hand so low that no other is likely to be lower (a caught drop pays
several stakes, TONK-5.3).
"""

from __future__ import annotations

import random

from engine.actions import Action
from engine.search import HARD, hard_maker
from engine.strategies import easy
from engine.strategies.random_play import play_random
from engine.tonk.views import PrivateView


def play_easy(view: PrivateView, rng: random.Random) -> Action:
    """GFF's `easy` player (engine/strategies/easy.py) on Tonk's runs (TONK-1.2)."""
    return easy.play_easy(view, rng, ace_high=True)


STRATEGIES = {
    "random": lambda: play_random,
    "easy": lambda: play_easy,
    HARD: hard_maker("tonk"),  # the search player (engine/tonk/sample.py)
}
