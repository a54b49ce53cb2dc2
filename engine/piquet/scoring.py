"""Piquet's combinations and what they score (PIQUET-1.2, 3.1, 3.3, 3.4).

A combination is a frozenset of cards. Its `key` compares two of one kind: the larger
key is the better declaration (3.3).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine import cards as C
from engine.cards import Card
from engine.piquet.actions import POINT, SEQUENCE, SET

Combo = frozenset[Card]

RANK_LETTERS = "789TJQKA"  # PIQUET-1.1, low to high: a card's `height` indexes this
FACES = frozenset({10, 11, 12})  # engine ranks of J Q K (PIQUET-1.1)
SET_LOWEST = 3  # height of the ten: sets are of T J Q K A (3.1)
SEQUENCE_POINTS = {3: 3, 4: 4, 5: 15, 6: 16, 7: 17, 8: 18}  # PIQUET-3.4
SET_POINTS = {3: 3, 4: 14}
CARTE_BLANCHE = 10  # 2.2
REPIQUE = 60  # 3.5
PIQUE = 30  # 4.3
THE_CARDS = 10  # 4.2
CAPOT = 30
THRESHOLD = 30  # 3.5, 4.3: 30 or more while the opponent has 0


def height(card: Card) -> int:
    """PIQUET-1.1: 0 for a seven up to 7 for the ace."""
    rank = C.rank(card)
    return 7 if rank == 0 else rank - 6


def value(card: Card) -> int:
    """PIQUET-1.2: A 11, K Q J T 10, 9 8 7 face value."""
    rank = C.rank(card)
    return 11 if rank == 0 else min(rank + 1, 10)


def is_carte_blanche(hand: Iterable[Card]) -> bool:
    """PIQUET-2.2: no K, Q or J."""
    return not any(C.rank(card) in FACES for card in hand)


def points(hand: Iterable[Card]) -> list[Combo]:
    """Every point held: all the cards of each suit held (3.1)."""
    by_suit: dict[int, set[Card]] = {}
    for card in hand:
        by_suit.setdefault(C.suit(card), set()).add(card)
    return [frozenset(cards) for _, cards in sorted(by_suit.items())]


def sequences(hand: Iterable[Card]) -> list[Combo]:
    """Every maximal run of 3+ in one suit, ace high only (3.1)."""
    found = []
    by_suit: dict[int, list[Card]] = {}
    for card in hand:
        by_suit.setdefault(C.suit(card), []).append(card)
    for suit in sorted(by_suit):
        run: list[Card] = []
        for card in sorted(by_suit[suit], key=height):
            if run and height(card) != height(run[-1]) + 1:
                if len(run) >= 3:
                    found.append(frozenset(run))
                run = []
            run.append(card)
        if len(run) >= 3:
            found.append(frozenset(run))
    return found


def sets(hand: Iterable[Card]) -> list[Combo]:
    """All the cards of one rank T to A, when 3 or 4 are held (3.1)."""
    by_height: dict[int, set[Card]] = {}
    for card in hand:
        if height(card) >= SET_LOWEST:
            by_height.setdefault(height(card), set()).add(card)
    return [frozenset(cards) for _, cards in sorted(by_height.items()) if len(cards) >= 3]


FINDERS = {POINT: points, SEQUENCE: sequences, SET: sets}


def combinations(kind: str, hand: Iterable[Card]) -> list[Combo]:
    """What `hand` can declare of `kind`, best first (3.2)."""
    return sorted(FINDERS[kind](hand), key=lambda combo: key(kind, combo), reverse=True)


def key(kind: str, combo: Combo) -> tuple[int, int]:
    """PIQUET-3.3: point by cards then value; sequence by length then top card; set by
    size then rank."""
    if kind == POINT:
        return len(combo), sum(map(value, combo))
    return len(combo), max(map(height, combo))


def score_kind(kind: str, declared: Combo, hand: Iterable[Card]) -> int:
    """PIQUET-3.4: the winner of point scores the declared suit's cards; of sequences or
    sets, every one held."""
    if kind == POINT:
        return len(declared)
    if kind == SEQUENCE:
        return sum(SEQUENCE_POINTS[len(run)] for run in sequences(hand))
    return sum(SET_POINTS[len(group)] for group in sets(hand))


def top_letter(combo: Combo) -> str:
    """The rank said aloud for a sequence's top card or a set's rank (3.6)."""
    return RANK_LETTERS[max(map(height, combo))]
