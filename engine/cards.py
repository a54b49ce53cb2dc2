"""Cards as small ints, with parsing and formatting in one place (GFF-1.1 to 1.3).

A card is `suit * 13 + rank`, rank 0 = ace ... 12 = king (ace low, GFF-1.2), suit
0..3 = spades, hearts, diamonds, clubs. Ints keep hands, decks and spread searches
cheap: the random-play simulator deals tens of thousands of hands a second.
"""

from __future__ import annotations

from collections.abc import Iterable

Card = int

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
DECK: tuple[Card, ...] = tuple(range(52))
# G1.1: the joker, `JK`, for the games whose pack adds one (Page One, Fifty-One's
# option). It has no suit or rank: a game that holds it tests for it first. `parse`
# refuses it, so a game without a joker reads `JK` as a bad card code as before;
# `parse_with_joker` reads it.
JOKER: Card = 52
JOKER_CODE = "JK"

# GFF-1.3: ace 1, two to ten face value, court cards 10.
VALUES: tuple[int, ...] = tuple(min(card % 13 + 1, 10) for card in DECK)

_SUIT_INPUT = {**{s: i for i, s in enumerate(SUITS)}, **{s: i for i, s in enumerate(SUIT_SYMBOLS)}}
_RANK_INPUT = {**{r: i for i, r in enumerate(RANKS)}, "10": 9}


class CardError(ValueError):
    """Text that is not a card code."""


def rank(card: Card) -> int:
    return card % 13


def suit(card: Card) -> int:
    return card // 13


def make(rank_index: int, suit_index: int) -> Card:
    return suit_index * 13 + rank_index


def value(card: Card) -> int:
    return VALUES[card]


def hand_value(cards: Iterable[Card]) -> int:
    """GFF-1.3: the sum of the cards still in the hand."""
    return sum(map(VALUES.__getitem__, cards))


def parse(text: str) -> Card:
    """GFF-1.1: rank then suit, case-insensitive; `10` for `T`; suit symbols accepted."""
    if not isinstance(text, str):
        raise CardError(f"{text!r} is not a card code")
    code = text.strip().upper()
    if len(code) < 2:
        raise CardError(f"{text!r} is not a card (try codes like AS, 10H, KD)")
    rank_index = _RANK_INPUT.get(code[:-1])
    suit_index = _SUIT_INPUT.get(code[-1])
    if rank_index is None or suit_index is None:
        raise CardError(f"{text!r} is not a card (try codes like AS, 10H, KD)")
    return make(rank_index, suit_index)


def parse_with_joker(text: str) -> Card:
    """`parse`, and `JK` for the joker (G1.1)."""
    if isinstance(text, str) and text.strip().upper() == JOKER_CODE:
        return JOKER
    return parse(text)


# Each card's two names, made once: every hand view and menu names its cards.
_CODES = (*(RANKS[card % 13] + SUITS[card // 13] for card in DECK), JOKER_CODE)
_LABELS = (*(RANK_NAMES[card % 13] + SUIT_SYMBOLS[card // 13] for card in DECK), "🃏")


def code(card: Card) -> str:
    """The record form: `TH`, `AS`, `JK`."""
    return _CODES[card]


def label(card: Card) -> str:
    """The form people read: `10♥`, `A♠`, and `🃏` for the joker."""
    return _LABELS[card]


def labels(cards: Iterable[Card]) -> str:
    return " ".join([_LABELS[card] for card in cards])


def sorted_cards(cards: Iterable[Card]) -> list[Card]:
    """Grouped by suit, ace low within a suit: the order of the ints themselves."""
    return sorted(cards)
