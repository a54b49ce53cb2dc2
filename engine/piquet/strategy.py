"""Piquet's computer players: `random`, and `easy`, what a sensible player does.

`easy` keeps its longest suit and its aces and kings and throws the low rest at the
talon (as many as allowed), always declares its best combination, leads from its
longest suit high, wins a trick with the lowest card that does, and otherwise gives
up its lowest card.
"""

from __future__ import annotations

import random

from engine import cards as C
from engine.cards import Card
from engine.piquet.actions import KINDS, Action, Declare, Exchange, Play, Sink
from engine.piquet.scoring import height, value
from engine.piquet.views import PrivateView
from engine.search import HARD, hard_maker

KEPT_HEIGHT = 6  # kings and aces are never exchanged by `easy`


def _codes(cards) -> tuple[str, ...]:
    return tuple(C.code(card) for card in cards)


def _kind(view: PrivateView) -> str:
    return view.public.kind or KINDS[0]


def play_random(view: PrivateView, rng: random.Random) -> Action:
    if not view.legal:
        raise ValueError(f"{view.seat} has nothing to do now")
    if view.exchange_limit:
        count = rng.randint(1, view.exchange_limit)
        return Exchange(view.seat, _codes(rng.sample(view.hand, count)))
    if view.choices:
        options = len(view.choices) + 1
        pick = rng.randrange(options)
        if pick == len(view.choices):
            return Sink(view.seat, _kind(view))
        return Declare(view.seat, _kind(view), _codes(view.choices[pick]))
    return Play(view.seat, C.code(rng.choice(view.playable)))


def _suits(hand: tuple[Card, ...]) -> dict[int, list[Card]]:
    by_suit: dict[int, list[Card]] = {}
    for card in hand:
        by_suit.setdefault(C.suit(card), []).append(card)
    return by_suit


def _best_suit(hand: tuple[Card, ...]) -> int:
    by_suit = _suits(hand)
    return max(by_suit, key=lambda s: (len(by_suit[s]), sum(map(value, by_suit[s]))))


def easy_discards(hand: tuple[Card, ...], limit: int) -> list[Card]:
    """`easy`'s exchange (2.3, 2.4): the low cards outside its best suit, aces and kings
    kept, as many as allowed; `hand` in the order a view lists it."""
    keep_suit = _best_suit(hand)
    spare = sorted(
        (c for c in hand if C.suit(c) != keep_suit and height(c) < KEPT_HEIGHT),
        key=height,
    )
    if not spare:
        spare = sorted(hand, key=height)
    return spare[:limit]


def play_easy(view: PrivateView, rng: random.Random) -> Action:
    if not view.legal:
        raise ValueError(f"{view.seat} has nothing to do now")
    hand = view.hand
    if view.exchange_limit:
        return Exchange(view.seat, _codes(easy_discards(hand, view.exchange_limit)))
    if view.choices:
        return Declare(view.seat, _kind(view), _codes(view.choices[0]))
    playable = view.playable
    trick = view.public.trick
    if not trick:
        keep_suit = _best_suit(playable)
        return Play(view.seat, C.code(max(_suits(playable)[keep_suit], key=height)))
    led = trick[0][1]
    if C.suit(playable[0]) == C.suit(led):
        winning = [c for c in playable if height(c) > height(led)]
        choice = min(winning or playable, key=height)
        return Play(view.seat, C.code(choice))
    by_suit = _suits(playable)
    short = min(by_suit, key=lambda s: (len(by_suit[s]), sum(map(value, by_suit[s]))))
    return Play(view.seat, C.code(min(by_suit[short], key=height)))


STRATEGIES = {
    "random": lambda: play_random,
    "easy": lambda: play_easy,
    HARD: hard_maker("piquet"),  # the search player (engine/piquet/sample.py)
}
