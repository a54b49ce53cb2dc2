"""The flip and the flop: suits, winners and the order cards are shown (GFF section 4).

A seat's dealt cards come here as a bit set (card c is bit c, see engine/spreads.py):
the cards of one suit are 13 consecutive bits, ace first, so a seat's lowest card of
a suit is the lowest set bit of that suit's slice, found without a loop over the hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

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


def lowest_holder(
    dealt: Mapping[str, int], eligible: Sequence[str], suit: int
) -> tuple[str, Card] | None:
    """GFF-4.2: among `eligible` seats, who was dealt the lowest card of `suit`.

    `dealt` maps each seat to the bit set of its dealt cards. None when no eligible
    seat holds the suit (GFF-4.5).
    """
    best: tuple[str, Card] | None = None
    for seat in eligible:
        low = lowest_of_suit(dealt[seat], suit)
        if low is not None and (best is None or low < best[1]):
            best = (seat, low)
    return best


@dataclass(frozen=True, slots=True)
class Reveal:
    seat: str
    pot: str  # FLIP or FLOP
    card: Card


def reveal_schedule(
    order: Sequence[str],
    dealt: Mapping[str, int],
    posted: Mapping[str, tuple[str, ...]],
    flip_card: Card,
) -> list[list[Reveal]]:
    """GFF-4.3: what each seat shows just before its first turn, in turn order.

    `dealt` maps each seat to the bit set of its dealt cards. A seat shows its lowest
    card of a suit only if it posted to that pot and the card beats the lowest shown
    so far. The flip card is face up from the start, but it only sets the mark to
    beat when the dealer posted to the flip: otherwise it cannot win, and a higher
    flip-suit card still can.
    """
    suits = {FLIP: flip_card // 13, FLOP: flop_suit(flip_card // 13)}
    best: dict[str, Card | None] = {FLIP: None, FLOP: None}
    if FLIP in posted[order[-1]]:
        best[FLIP] = flip_card
    schedule: list[list[Reveal]] = []
    for seat in order:
        shown: list[Reveal] = []
        for pot in posted[seat]:
            if pot not in best:
                continue  # the game pot has nothing to show
            low = lowest_of_suit(dealt[seat], suits[pot])
            mark = best[pot]
            if low is not None and (mark is None or low < mark):
                best[pot] = low
                shown.append(Reveal(seat, pot, low))
        schedule.append(shown)
    return schedule
