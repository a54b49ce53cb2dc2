"""Piquet's combinations and what they score (PIQUET-1.2, 3.1, 3.3, 3.4).

A combination is a frozenset of cards. Its `key` compares two of one kind: the larger
key is the better declaration (3.3). Hands are read through tables made once at import
(a search player finds the combinations of every hand of every deal it plays): see
`suit_masks`.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine import cards as C
from engine.cards import Card
from engine.piquet.actions import POINT, SEQUENCE, SET
from engine.piquet.info import PIQUET_RANKS

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

# Each card's height (1.1: 0 for a seven up to 7 for the ace), value (1.2) and suit,
# indexed by the card and made once: the combinations and the tricks read them for
# every card they look at, a search player millions of times.
HEIGHTS: tuple[int, ...] = tuple(7 if C.rank(card) == 0 else C.rank(card) - 6 for card in C.DECK)
VALUES: tuple[int, ...] = tuple(11 if C.rank(card) == 0 else min(C.rank(card) + 1, 10)
                                for card in C.DECK)
SUITS: tuple[int, ...] = tuple(map(C.suit, C.DECK))

# A hand is read suit by suit as a mask of the heights it holds (bit h: the card of
# height h). Each suit's 256 masks have their point (the suit's cards) and their runs
# made once, and every point and run its key (3.3): finding a hand's combinations is
# then a look-up a suit, not a sort of its cards.
BITS: tuple[int, ...] = tuple(1 << h if h >= 0 else 0 for h in HEIGHTS)  # 0: not of the 32
CARD_AT: tuple[tuple[Card, ...], ...] = tuple(
    tuple(C.make(rank, suit) for rank in PIQUET_RANKS) for suit in range(4)
)  # a suit's cards by height
FACE_CARDS = frozenset(card for card in C.DECK if C.rank(card) in FACES)
MASKS = range(1 << len(RANK_LETTERS))
TENS_UP = sum(1 << h for h in range(SET_LOWEST, len(RANK_LETTERS)))  # the heights of sets


def _held(suit: int, mask: int) -> list[Card]:
    return [card for h, card in enumerate(CARD_AT[suit]) if mask >> h & 1]


def _runs(suit: int, mask: int) -> tuple[Combo, ...]:
    """The maximal runs of 3 or more in `mask`, the lowest first (3.1: the ace high only,
    so a run ends at the ace)."""
    runs, run = [], []
    for h in range(len(RANK_LETTERS) + 1):  # one past the ace: no card, ends the last run
        if mask >> h & 1:
            run.append(CARD_AT[suit][h])
            continue
        if len(run) >= 3:
            runs.append(frozenset(run))
        run = []
    return tuple(runs)


POINT_OF: tuple[tuple[Combo, ...], ...] = tuple(
    tuple(frozenset(_held(suit, mask)) for mask in MASKS) for suit in range(4)
)
RUNS_OF: tuple[tuple[tuple[Combo, ...], ...], ...] = tuple(
    tuple(_runs(suit, mask) for mask in MASKS) for suit in range(4)
)


def _point_key(point: Combo) -> tuple[int, int]:
    """3.3: a point by its number of cards, then their value."""
    return len(point), sum(map(VALUES.__getitem__, point))


def _size_and_top(combo: Combo) -> tuple[int, int]:
    """3.3: a sequence by its length, then its top card; a set by its size, then rank."""
    return len(combo), max(map(HEIGHTS.__getitem__, combo))


POINT_KEYS: dict[Combo, tuple[int, int]] = {
    point: _point_key(point) for points_of_suit in POINT_OF for point in points_of_suit if point
}
RUN_KEYS: dict[Combo, tuple[int, int]] = {
    run: _size_and_top(run) for runs_of_suit in RUNS_OF for runs in runs_of_suit for run in runs
}


def height(card: Card) -> int:
    """PIQUET-1.1: 0 for a seven up to 7 for the ace."""
    return HEIGHTS[card]


def value(card: Card) -> int:
    """PIQUET-1.2: A 11, K Q J T 10, 9 8 7 face value."""
    return VALUES[card]


def is_carte_blanche(hand: Iterable[Card]) -> bool:
    """PIQUET-2.2: no K, Q or J."""
    return FACE_CARDS.isdisjoint(hand)


def suit_masks(hand: Iterable[Card]) -> list[int]:
    """The heights `hand` holds of each suit, spades to clubs, as masks."""
    masks = [0, 0, 0, 0]
    for card in hand:
        masks[SUITS[card]] |= BITS[card]
    return masks


def points(hand: Iterable[Card]) -> list[Combo]:
    """Every point held: all the cards of each suit held (3.1), in suit order."""
    return _points(suit_masks(hand))


def sequences(hand: Iterable[Card]) -> list[Combo]:
    """Every maximal run of 3+ in one suit, ace high only (3.1); by suit, low run first."""
    return _sequences(suit_masks(hand))


def sets(hand: Iterable[Card]) -> list[Combo]:
    """All the cards of one rank T to A, when 3 or 4 are held (3.1); the lowest first."""
    return _sets(suit_masks(hand))


def _points(masks: list[int]) -> list[Combo]:
    return [POINT_OF[suit][mask] for suit, mask in enumerate(masks) if mask]


def _sequences(masks: list[int]) -> list[Combo]:
    return [run for suit, mask in enumerate(masks) for run in RUNS_OF[suit][mask]]


def _sets(masks: list[int]) -> list[Combo]:
    a, b, c, d = masks
    # The heights held in three suits or more: any three of four include both a and b,
    # or both c and d.
    in_three = ((a & b & (c | d)) | (c & d & (a | b))) & TENS_UP
    return [
        frozenset(CARD_AT[suit][h] for suit, mask in enumerate(masks) if mask >> h & 1)
        for h in range(SET_LOWEST, len(RANK_LETTERS))
        if in_three >> h & 1
    ]


FINDERS = {POINT: _points, SEQUENCE: _sequences, SET: _sets}
# Points and runs are the tables' own, so their keys are looked up; a set's is quick.
SORT_KEYS = {POINT: POINT_KEYS.__getitem__, SEQUENCE: RUN_KEYS.__getitem__, SET: _size_and_top}


def combinations(kind: str, hand: Iterable[Card]) -> list[Combo]:
    """What `hand` can declare of `kind`, best first (3.2); equal ones in the finder's
    order (the sort is stable), by suit."""
    return sorted(FINDERS[kind](suit_masks(hand)), key=SORT_KEYS[kind], reverse=True)


def every_combination(hand: Iterable[Card]) -> dict[str, list[Combo]]:
    """`combinations` of each kind, the hand read once."""
    masks = suit_masks(hand)
    return {
        kind: sorted(find(masks), key=SORT_KEYS[kind], reverse=True)
        for kind, find in FINDERS.items()
    }


def key(kind: str, combo: Combo) -> tuple[int, int]:
    """PIQUET-3.3: point by cards then value; sequence by length then top card; set by
    size then rank."""
    return _point_key(combo) if kind == POINT else _size_and_top(combo)


def score_kind(kind: str, declared: Combo, held: Iterable[Combo]) -> int:
    """PIQUET-3.4: the winner of point scores the declared suit's cards; of sequences or
    sets, every one `held` (all their combinations of the kind)."""
    if kind == POINT:
        return len(declared)
    if kind == SEQUENCE:
        return sum(SEQUENCE_POINTS[len(run)] for run in held)
    return sum(SET_POINTS[len(group)] for group in held)


def top_letter(combo: Combo) -> str:
    """The rank said aloud for a sequence's top card or a set's rank (3.6)."""
    return RANK_LETTERS[max(map(HEIGHTS.__getitem__, combo))]
