"""Tonk's computer players: `random`, and `easy`, what a sensible beginner does.

`easy` lays every spread it can (the longest first) and hits wherever it can, since
an empty hand is paid by everyone (TONK-5.1, 5.2); takes the discard only when it
makes a spread or a hit or lowers the hand; throws the card worth most; and drops
only on a hand so low that no other is likely to be lower (a caught drop pays
several stakes, TONK-5.3).
"""

from __future__ import annotations

import random

from engine import cards as C
from engine.actions import (
    DISCARD,
    DRAW_DISCARD,
    DROP,
    HIT,
    SPREAD,
    STOCK,
    Action,
    Discard,
    Draw,
    Drop,
    Hit,
    Spread,
)
from engine.rummy.autoplay import highest
from engine.spreads import find_hits, find_spreads
from engine.strategies.random_play import play_random
from engine.tonk.views import PrivateView

# Unseen cards are worth about 6.5 each; a hand under 2 per card an opponent holds is
# rarely beaten, and a caught drop costs the dropper at least two stakes.
DROP_BELOW_PER_CARD = 2


def play_easy(view: PrivateView, rng: random.Random) -> Action:
    if not view.legal:
        raise ValueError(f"it is not {view.seat}'s turn")
    seat, hand, public = view.seat, view.hand, view.public
    if DROP in view.legal:
        fewest = min(s.cards for s in public.seats if s.dealt_in and s.id != seat)
        if view.value < DROP_BELOW_PER_CARD * fewest:
            return Drop(seat)
        top = public.discard_top
        if DRAW_DISCARD in view.legal and top is not None and _wants(view, top):
            return Draw(seat, DISCARD)
        return Draw(seat, STOCK)
    if SPREAD in view.legal:
        return Spread(seat, max(view.spread_options, key=lambda o: (len(o.cards), o.cards)).cards)
    if HIT in view.legal:
        index, cards = max(view.hit_options, key=lambda option: (len(option[1]), option))
        return Hit(seat, index, cards)
    return Discard(seat, highest(hand))


def _wants(view: PrivateView, top: int) -> bool:
    """The discard is worth taking: it makes a spread (TONK-1.2) or a hit, or lowers the hand."""
    if any(top in option.cards for option in find_spreads([*view.hand, top], ace_high=True)):
        return True
    if any(find_hits([top], spread.cards, ace_high=True) for spread in view.public.spreads):
        return True
    return C.value(top) < C.value(highest(view.hand))


STRATEGIES = {
    "random": lambda: play_random,
    "easy": lambda: play_easy,
}
