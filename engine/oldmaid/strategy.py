"""Old Maid's computer player: `random`, the only fair level.

The drawer's choice carries no information by design (OLDMAID-3.2): the bot shows the
holder's cards face down in a fresh random order for every draw, so a person's button
is a uniformly random position. A computer level that chose positions knowing they
run in rank order would see through the backs, which no person at the table can do;
so every fair player draws a uniformly random position, and there is no better level.
"""

from __future__ import annotations

import random

from engine.oldmaid.actions import Draw
from engine.oldmaid.views import PrivateView


def play_random(view: PrivateView, rng: random.Random) -> Draw:
    if not view.legal:
        raise ValueError(f"{view.seat} has no draw to make")
    return Draw(view.seat, rng.randrange(view.public.holder_cards))


STRATEGIES = {
    "random": lambda: play_random,
}
