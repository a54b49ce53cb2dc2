"""The flip and the flop: suits, winners and the order cards are shown (GFF section 4).

A seat's dealt cards come here as a bit set (card c is bit c, see engine/spreads.py):
the cards of one suit are 13 consecutive bits, ace first, so a seat's lowest card of
a suit is the lowest set bit of that suit's slice, found without a loop over the hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from engine.cards import Card
from engine.gff.posting import FLIP, FLOP
from engine.spreads import SUIT_BITS


def flop_suit(flip_suit: int) -> int:
    """GFF-4.1: the other suit of the same colour (spades-clubs, hearts-diamonds)."""
    return 3 - flip_suit


def lowest_of_suit(cards: int, suit: int) -> Card | None:
    """The lowest card of `suit` in the bit set `cards`, or None when it holds none."""
    ranks = cards >> (13 * suit) & SUIT_BITS
    if not ranks:
        return None
    return 13 * suit + (ranks & -ranks).bit_length() - 1  # ranks & -ranks: the lowest bit


class Reveal(NamedTuple):
    """A card shown for the flip or the flop; a NamedTuple, like the hand's events."""

    seat: str
    pot: str  # FLIP or FLOP
    card: Card


def flip_and_flop(
    order: Sequence[str],
    dealt: Mapping[str, int],
    posted: Mapping[str, tuple[str, ...]],
    flip_card: Card,
) -> tuple[dict[str, tuple[str, Card] | None], tuple[tuple[Reveal, ...], ...]]:
    """Who takes the flip and the flop (GFF-4.2), and what each seat shows (GFF-4.3).

    `order` is the turn order, the dealer last; `dealt` maps each seat to the bit set
    of its dealt cards. Returns for each pot its winner and winning card, None when
    nobody who posted to it holds its suit (the pot carries, GFF-4.5); and what each
    seat shows just before its first turn, in turn order.

    A seat shows its lowest card of a suit only if it posted to that pot and the card
    beats the lowest shown so far. The flip card is face up from the start, but it
    only sets the mark to beat when the dealer posted to the flip: otherwise it cannot
    win, and a higher flip-suit card still can. Every seat that posted shows its
    lowest card unless a lower one was shown, so once the last seat has shown, the
    lowest shown is the lowest dealt to anyone who posted: the winner.
    """
    suits = {FLIP: flip_card // 13, FLOP: flop_suit(flip_card // 13)}
    dealer = order[-1]
    # For each pot, the lowest card shown so far and whose it is: the mark to beat.
    lowest: dict[str, tuple[str, Card] | None] = {
        FLIP: (dealer, flip_card) if FLIP in posted[dealer] else None,
        FLOP: None,
    }
    schedule: list[tuple[Reveal, ...]] = []
    for seat in order:
        shown: list[Reveal] = []
        for pot in posted[seat]:
            if pot not in lowest:
                continue  # the game pot has nothing to show
            low = lowest_of_suit(dealt[seat], suits[pot])
            mark = lowest[pot]
            if low is not None and (mark is None or low < mark[1]):
                lowest[pot] = (seat, low)
                shown.append(Reveal(seat, pot, low))
        schedule.append(tuple(shown))
    # Tuples: the deal alone decides the reveals, and a copy of the hand shares them.
    return lowest, tuple(schedule)
