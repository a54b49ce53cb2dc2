"""The `easy` level: what a sensible beginner does.

Lay every spread it can, hit wherever it can, throw the card worth most, take
the discard only when that lowers the hand, and drop only when its hand is so
low that no other hand is likely to be lower. Tonk's `easy` is this player with
Tonk's runs (engine/tonk/strategy.py).
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
from engine.rummy.views import PrivateView
from engine.spreads import card_mask, find_hits, find_spreads, has_spread, has_spread_ace_high

# A hand of n unknown cards is worth about 6.5 per card; 2 per card is clearly low.
CLEARLY_LOW_PER_CARD = 2


def play_easy(view: PrivateView, rng: random.Random, *, ace_high: bool = False) -> Action:
    """`ace_high`: runs may end with the ace above the king (TONK-1.2)."""
    if not view.legal:
        raise ValueError(f"it is not {view.seat}'s turn")
    seat, hand, public = view.seat, view.hand, view.public
    if DROP in view.legal:
        fewest = min(s.cards for s in public.seats if s.dealt_in and s.id != seat)
        if view.value < CLEARLY_LOW_PER_CARD * fewest:
            return Drop(seat)  # GFF-6.2: a drop wins only when strictly lowest
        top = public.discard_top
        if DRAW_DISCARD in view.legal and top is not None and _wants(hand, top, view, ace_high):
            return Draw(seat, DISCARD)
        return Draw(seat, STOCK)
    if SPREAD in view.legal:
        # The longest spread first: it takes the most value out of the hand.
        return Spread(seat, max(view.spread_options, key=lambda o: (len(o.cards), o.cards)).cards)
    if HIT in view.legal:
        index, cards = max(view.hit_options, key=lambda option: (len(option[1]), option))
        return Hit(seat, index, cards)
    return Discard(seat, highest(hand))


def _wants(hand: tuple[int, ...], top: int, view: PrivateView, ace_high: bool) -> bool:
    """Take the discard when it makes a spread or a hit, or is worth less than the worst card."""
    can_spread = has_spread_ace_high if ace_high else has_spread  # a quick test first
    if can_spread(card_mask(hand) | 1 << top) and any(
        top in option.cards for option in find_spreads([*hand, top], ace_high)
    ):
        return True
    if any(find_hits([top], spread.cards, ace_high) for spread in view.public.spreads):
        return True
    return C.value(top) < C.value(highest(hand))
