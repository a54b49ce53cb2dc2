"""A hand's score (FIFTYONE-1.2, 5.1, 5.2): its longest suit's values minus the rest."""

from __future__ import annotations

from collections.abc import Sequence

from engine import cards as C
from engine.cards import JOKER, Card

# FIFTYONE-1.2: ace 11; K, Q, J, 10 are 10; 2 to 9 their face value.
VALUES: tuple[int, ...] = tuple(
    11 if C.rank(card) == 0 else min(C.rank(card) + 1, 10) for card in C.DECK
)


def value(card: Card) -> int:
    return VALUES[card]


def plain_score(hand: Sequence[Card]) -> int:
    """5.1 for a hand without the joker: of the longest suits, the best reading."""
    return suits_score(*suit_counts(hand))


def suit_counts(hand: Sequence[Card]) -> tuple[list[int], list[int]]:
    """Each suit's number of cards and their values, without the joker."""
    lengths = [0, 0, 0, 0]
    sums = [0, 0, 0, 0]
    for card in hand:
        suit = card // 13
        lengths[suit] += 1
        sums[suit] += VALUES[card]
    return lengths, sums


def suits_score(lengths: Sequence[int], sums: Sequence[int]) -> int:
    """5.1 from each suit's length and values: the longest suit's values minus the rest,
    and of equally long suits the one scoring most."""
    # The best reading is the longest suit with the most value: 2 * its value - total.
    # (Spelled out for the four suits: each turn's hand view scores 25 swaps with it.)
    spades, hearts, diamonds, clubs = lengths  # engine/cards.py's order, "SHDC"
    longest = max(spades, hearts, diamonds, clubs)
    best = max(sums[0] if spades == longest else -1, sums[1] if hearts == longest else -1,
               sums[2] if diamonds == longest else -1, sums[3] if clubs == longest else -1)
    return 2 * best - (sums[0] + sums[1] + sums[2] + sums[3])


def score(hand: Sequence[Card]) -> int:
    """5.1, 5.2: the joker is whichever card not in the hand scores the most."""
    if JOKER not in hand:
        return plain_score(hand)
    rest = [card for card in hand if card != JOKER]
    return max(plain_score([*rest, card]) for card in C.DECK if card not in rest)


def joker_reading(hand: Sequence[Card]) -> Card | None:
    """The card the joker counts as in `hand` (5.2), for the summary; None without it."""
    if JOKER not in hand:
        return None
    rest = [card for card in hand if card != JOKER]
    return max(
        (card for card in C.DECK if card not in rest),
        key=lambda card: plain_score([*rest, card]),
    )
