"""The `random` level: the baseline every other level is measured against."""

from __future__ import annotations

import random

from engine.actions import Action
from engine.rummy.views import PrivateView
from engine.strategies.moves import legal_moves


def play_random(view: PrivateView, rng: random.Random) -> Action:
    """A uniformly random choice among every legal action, a drop included."""
    moves = legal_moves(view)
    return moves[int(rng.random() * len(moves))]
