"""Page One's computer players: `random`, and `easy`, who keeps the lead.

Only a follower ever has to draw (PAGEONE-4.4), so the lead is worth having. `easy`
follows with the lowest card that wins the trick, or its lowest card of the suit when
none wins; it keeps the joker, which wins any trick, for when it is the only play or
the last card but one. It leads the highest card of its longest suit: a long suit is
the one the others are likeliest to lack, and a high card likely wins the lead back.
Both always call Page One when it is due (the menu's toggle).
"""

from __future__ import annotations

import random
from collections import Counter

from engine import cards as C
from engine.cards import JOKER
from engine.pageone.actions import Play
from engine.pageone.deal import high
from engine.pageone.views import PrivateView
from engine.search import HARD, hard_maker


def play_random(view: PrivateView, rng: random.Random) -> Play:
    if not view.legal_cards:
        raise ValueError(f"it is not {view.seat}'s turn")
    return Play(view.seat, rng.choice(view.legal_cards), view.call_due)


def play_easy(view: PrivateView, rng: random.Random) -> Play:
    if not view.legal_cards:
        raise ValueError(f"it is not {view.seat}'s turn")
    return Play(view.seat, easy_card(view), view.call_due)


def easy_card(view: PrivateView) -> int:
    """The card `easy` plays (the search's rollouts play it too: engine/pageone/sample.py)."""
    legal = view.legal_cards
    plain = [c for c in legal if c != JOKER]
    if not plain or (JOKER in legal and len(view.hand) == 2):
        return JOKER
    trick = view.public.trick
    suit = view.public.suit
    if not trick or suit is None:  # leading, or after a joker lead
        if any(card == JOKER for _, card in trick):
            return min(plain, key=high)  # the joker wins this trick anyway: shed low
        counts = Counter(C.suit(c) for c in plain)
        longest = max(counts, key=lambda s: (counts[s], s))
        return max((c for c in plain if C.suit(c) == longest), key=high)
    if any(card == JOKER for _, card in trick):
        return min(plain, key=high)
    best = max(high(card) for _, card in trick if card != JOKER and C.suit(card) == suit)
    winning = [c for c in plain if high(c) > best]
    return min(winning or plain, key=high)


STRATEGIES = {
    "random": lambda: play_random,
    "easy": lambda: play_easy,
    HARD: hard_maker("pageone"),  # the search player (engine/pageone/sample.py)
}
