"""Gops's computer players: `random`, and `easy`, what a sensible player does.

`easy` reads what is public (GOPS-4.1: every bid is shown, so every hand left is
known). It wins a prize outright with its lowest card above every card the others
still hold when the prize is worth it; throws its lowest card at a small prize; and
otherwise bids the card that matches the prize's value, the classic steady line.
"""

from __future__ import annotations

import random

from engine import cards as C
from engine.gops.actions import Bid
from engine.gops.deal import prize_value
from engine.gops.views import PrivateView
from engine.search import HARD, hard_maker

SMALL_PRIZE = 4  # values up to this are not worth a good card
SURE_WIN_AT = 9  # a prize this high is worth a sure win


def play_random(view: PrivateView, rng: random.Random) -> Bid:
    if not view.legal:
        raise ValueError(f"{view.seat} has no bid to make")
    return Bid(view.seat, rng.choice(view.hand))


def play_easy(view: PrivateView, rng: random.Random) -> Bid:
    if not view.legal:
        raise ValueError(f"{view.seat} has no bid to make")
    hand = view.hand  # ace low first
    public = view.public
    value = prize_value(public.prize) if public.prize is not None else 1
    ranks = [C.rank(card) for card in hand]
    others_top = max(_left_ranks(view), default=-1)
    sure = [card for card in hand if C.rank(card) > others_top]
    if sure and value >= SURE_WIN_AT:
        return Bid(view.seat, sure[0])
    if value <= SMALL_PRIZE:
        return Bid(view.seat, hand[0])
    # The card nearest the prize's value, the higher one on a tie.
    target = value - 1
    best = min(range(len(hand)), key=lambda i: (abs(ranks[i] - target), -ranks[i]))
    return Bid(view.seat, hand[best])


def _left_ranks(view: PrivateView) -> list[int]:
    """The ranks every other dealt-in seat still holds: its suit less what it bid."""
    played: dict[str, set[int]] = {}
    for resolved in view.public.rounds:
        for seat, card in resolved.bids:
            played.setdefault(seat, set()).add(C.rank(card))
    return [
        rank
        for seat in view.public.seats
        if seat.dealt_in and seat.id != view.seat
        for rank in range(13)
        if rank not in played.get(seat.id, set())
    ]


STRATEGIES = {
    "random": lambda: play_random,
    "easy": lambda: play_easy,
    HARD: hard_maker("gops"),  # the search player (engine/gops/sample.py)
}
