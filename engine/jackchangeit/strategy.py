"""Jack Change It's computer players: `random`, and `easy`, who attacks and keeps
its counters.

`easy` answers a pending draw with a counter whenever it holds one (a 2 passes the
total on, the 5♥ cancels the A♥). Otherwise it prefers the plays that hurt the next
player most (the A♥ with a 2, then the A♥, then a 2, then an 8), then an ordinary card
of the suit it holds most of, so its next turns find a match, and it keeps jacks, which
always match the called suit, for when nothing else does; a jack names its longest
other suit. It keeps the 5♥ back while it has another play.
"""

from __future__ import annotations

import random
from collections import Counter

from engine import cards as C
from engine.jackchangeit.actions import Draw, Play
from engine.jackchangeit.info import ACE_OF_HEARTS, EIGHT, FIVE_OF_HEARTS, JACK, TWO
from engine.jackchangeit.views import PrivateView
from engine.search import HARD, hard_maker


def _named(card: int, hand: tuple[int, ...]) -> int | None:
    if C.rank(card) != JACK:
        return None
    counts = Counter(C.suit(c) for c in hand if c != card and C.suit(c) != C.suit(card))
    others = [s for s in range(4) if s != C.suit(card)]
    return max(others, key=lambda s: (counts[s], -s))


def play_random(view: PrivateView, rng: random.Random) -> Play | Draw:
    if not view.legal:
        raise ValueError(f"it is not {view.seat}'s turn")
    choices: list[Play | Draw] = [Draw(view.seat)] if "draw" in view.legal else []
    for card, two in view.plays:
        suit = None
        if C.rank(card) == JACK:
            suit = rng.choice([s for s in range(4) if s != C.suit(card)])
        choices.append(Play(view.seat, card, suit, two))
    return rng.choice(choices)


def play_easy(view: PrivateView, rng: random.Random) -> Play | Draw:
    if not view.legal:
        raise ValueError(f"it is not {view.seat}'s turn")
    if not view.plays:
        return Draw(view.seat)
    counts = Counter(C.suit(c) for c in view.hand)

    def worth(play: tuple[int, int | None]) -> tuple[int, int]:
        card, two = play
        if two is not None:
            rank = 6
        elif card == ACE_OF_HEARTS:
            rank = 5
        elif C.rank(card) == TWO:
            rank = 4
        elif C.rank(card) == EIGHT:
            rank = 3
        elif C.rank(card) == JACK:
            rank = 0
        elif card == FIVE_OF_HEARTS and not view.public.pending:
            rank = 1
        else:
            rank = 2
        return rank, counts[C.suit(card)]

    card, two = max(view.plays, key=worth)
    return Play(view.seat, card, _named(card, view.hand), two)


STRATEGIES = {
    "random": lambda: play_random,
    "easy": lambda: play_easy,
    HARD: hard_maker("jackchangeit"),  # the search player (engine/jackchangeit/sample.py)
}
