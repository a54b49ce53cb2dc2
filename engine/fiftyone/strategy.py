"""Fifty-One's computer players: `random`, and `easy`, who swaps for the best score and
calls Stop on a good hand.

`easy` makes the swap that leaves its best score (as the time-out does, FIFTYONE-7).
When no swap on the board improves its hand and it may clear (4.3), it clears for a
fresh board, since the swap that follows can still put back its worst card. It calls
Stop with a hand of at least STOP_AT: a caller who ties loses the tie (5.3), so it
waits for a hand the others are unlikely to match in one more turn each.
"""

from __future__ import annotations

import random

from engine.fiftyone.actions import Action, Clear, Swap
from engine.fiftyone.deal import best_swap
from engine.fiftyone.scoring import score
from engine.fiftyone.views import PrivateView
from engine.search import HARD, hard_maker

STOP_AT = 35
CLEAR_CHANCE = 0.2  # random: how often it clears when it may
STOP_CHANCE = 0.1  # random: how often its swap calls Stop when it may


def play_random(view: PrivateView, rng: random.Random) -> Action:
    if not view.legal:
        raise ValueError(f"it is not {view.seat}'s turn")
    if view.can_clear and rng.random() < CLEAR_CHANCE:
        return Clear(view.seat)
    take = rng.choice(view.public.board)
    give = rng.choice(view.hand)
    return Swap(view.seat, take, give, view.can_stop and rng.random() < STOP_CHANCE)


def play_easy(view: PrivateView, rng: random.Random) -> Action:
    if not view.legal:
        raise ValueError(f"it is not {view.seat}'s turn")
    swap = best_swap(view.seat, list(view.hand), list(view.public.board))
    after = _score_after(view, swap)
    if view.can_clear and after <= view.score:
        return Clear(view.seat)
    return swap._replace(stop=view.can_stop and after >= STOP_AT)


def _score_after(view: PrivateView, swap: Swap) -> int:
    hand = [swap.take if card == swap.give else card for card in view.hand]
    return score(hand)


STRATEGIES = {
    "random": lambda: play_random,
    "easy": lambda: play_easy,
    HARD: hard_maker("fiftyone"),  # the search player (engine/fiftyone/sample.py)
}
