"""Concentration's computer players: `random`, and `easy`, who remembers.

`easy` remembers every card it is shown when asked to move (CONC-2.5: the current
turn's flips, which at the start of its turn are the last player's two) — what a
player at the table who watches the game would know, and less. It takes a pair it
knows; otherwise it flips an unseen card, and then its mate if it remembers one.
"""

from __future__ import annotations

import random

from engine.cards import Card
from engine.concentration.actions import Flip
from engine.concentration.deal import POSITIONS, is_match
from engine.concentration.views import PrivateView
from engine.search import HARD, hard_maker


def play_random(view: PrivateView, rng: random.Random) -> Flip:
    if not view.legal:
        raise ValueError(f"{view.seat} has no flip to make")
    public = view.public
    choices = [p for p in range(POSITIONS) if p not in public.gone and p != public.first]
    return Flip(view.seat, rng.choice(choices))


class Memory:
    """One `easy` player for one game: what it has seen, position by position."""

    def __init__(self) -> None:
        self.known: dict[int, Card] = {}

    def __call__(self, view: PrivateView, rng: random.Random) -> Flip:
        if not view.legal:
            raise ValueError(f"{view.seat} has no flip to make")
        public, seat = view.public, view.seat
        self.known.update(public.shown)
        for pos in public.gone:
            self.known.pop(pos, None)
        face_down = [p for p in range(POSITIONS) if p not in public.gone]
        if public.first is None:
            pair = self._known_pair(public.match)
            if pair is not None:
                return Flip(seat, pair)
            return Flip(seat, self._unseen_or_any(face_down, None, rng))
        first_card = self.known[public.first]
        for pos, card in self.known.items():
            if pos != public.first and is_match(first_card, card, public.match):
                return Flip(seat, pos)
        return Flip(seat, self._unseen_or_any(face_down, public.first, rng))

    def _known_pair(self, match: str) -> int | None:
        positions = sorted(self.known)
        for i, pos in enumerate(positions):
            for other in positions[i + 1 :]:
                if is_match(self.known[pos], self.known[other], match):
                    return pos
        return None

    def _unseen_or_any(self, face_down: list[int], first: int | None, rng: random.Random) -> int:
        unseen = [p for p in face_down if p not in self.known and p != first]
        return rng.choice(unseen or [p for p in face_down if p != first])


STRATEGIES = {
    "random": lambda: play_random,
    "easy": Memory,
    HARD: hard_maker("concentration"),  # the search player (engine/concentration/sample.py)
}
