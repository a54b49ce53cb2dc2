"""Faro's computer players: `random`, and `easy`, who bets only where the house has no edge.

The house's only edge on a card, combination or high-card bet is the split, which
takes half the stake (FARO-5.2); a rank with one card left cannot split, so a bet on
it wins or loses at even money with equal chances. A call pays 4 to 1 against 5 to 1
(a loss), or 2 to 1 on a cat-hop against 2 to 1: only the cat-hop call is fair. So
`easy` puts the minimum on the lowest rank with one card left that it has no bet on
yet, calls a cat-hop in the last round, and otherwise says ready.
"""

from __future__ import annotations

import itertools
import random

from engine.faro.actions import (
    BET,
    CALL,
    CALL_DO,
    CARD,
    COMBO,
    EVEN,
    EVEN_KIND,
    HIGH,
    ODD,
    ODD_KIND,
    READY,
    REMOVE,
    Bet,
    Call,
    FaroAction,
    Position,
    Ready,
    Remove,
)
from engine.faro.views import PrivateView

MAX_RANDOM_BETS_A_ROUND = 3


def _ranks_left(view: PrivateView) -> list[int]:
    return [rank for rank, count in view.public.casekeeper.items() if count]


def _calls(view: PrivateView) -> list[tuple[int, ...]]:
    from engine.faro.deal import faro_rank  # the view's cards as the page's ranks

    three = [faro_rank(card) for card in view.public.last_three]
    return sorted(set(itertools.permutations(three)))


def _fits(view: PrivateView, position: Position, amount: int) -> bool:
    held = next((b.amount for b in view.bets if b.position == position), 0)
    return held + amount <= view.public.max_bet and amount <= view.stack


def play_random(view: PrivateView, rng: random.Random) -> FaroAction:
    """Any legal move: a few random bets of one or two stakes a round, then ready."""
    if not view.legal:
        raise ValueError(f"{view.seat} has nothing to do")
    seat, stake = view.seat, view.public.stake
    if READY not in view.legal:
        raise ValueError(f"{seat} is ready: nothing to do until the next turn")
    if rng.random() < 1 / MAX_RANDOM_BETS_A_ROUND:
        return Ready(seat)
    if REMOVE in view.legal and rng.random() < 0.1:
        return Remove(seat, rng.choice(view.bets).position)
    amount = stake * rng.choice((1, 2))
    if CALL_DO in view.legal and rng.random() < 0.5:
        position = Position(CALL, rng.choice(_calls(view)))
        return Call(seat, position, amount) if _fits(view, position, amount) else Ready(seat)
    if BET not in view.legal:
        return Ready(seat)
    alive = _ranks_left(view)
    kind = rng.choice((CARD, CARD, COMBO, EVEN_KIND, ODD_KIND, HIGH))
    copper = rng.random() < 0.3
    if kind == CARD:
        position = Position(CARD, (rng.choice(alive),), copper)
    elif kind == COMBO and len(alive) >= 2:
        ranks = rng.sample(alive, rng.randint(2, min(4, len(alive))))
        position = Position(COMBO, tuple(sorted(ranks)), copper)
    else:
        kind = kind if kind != COMBO else HIGH
        ranks = {EVEN_KIND: EVEN, ODD_KIND: ODD, HIGH: ()}[kind]
        position = Position(kind, ranks, copper)
    return Bet(seat, position, amount) if _fits(view, position, amount) else Ready(seat)


def play_easy(view: PrivateView, rng: random.Random) -> FaroAction:
    if not view.legal:
        raise ValueError(f"{view.seat} has nothing to do")
    seat, stake = view.seat, view.public.stake
    if READY not in view.legal:
        raise ValueError(f"{seat} is ready: nothing to do until the next turn")
    if CALL_DO in view.legal:
        three = [c % 13 for c in view.public.last_three]
        calls = _calls(view)
        if len(set(three)) == 2 and not any(b.position.kind == CALL for b in view.bets):
            position = Position(CALL, calls[0])
            if _fits(view, position, stake):
                return Call(seat, position, stake)
    if BET in view.legal:
        held = {b.position for b in view.bets}
        for rank, count in sorted(view.public.casekeeper.items()):
            position = Position(CARD, (rank,))
            if count == 1 and position not in held and _fits(view, position, stake):
                return Bet(seat, position, stake)
    return Ready(seat)


STRATEGIES = {
    "random": lambda: play_random,
    "easy": lambda: play_easy,
}
