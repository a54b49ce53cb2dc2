"""How close a hand is to going out: the fewest cards it cannot lay off.

A hand goes out on its turn when, after the draw, every card but at most one can
be spread or hit (GFF-5.4 to 5.6, 6.1). The search here answers that for hands
of up to a few cards against the spreads on the table, with card masks so that a
strategy can ask it many times within one decision.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from engine.spreads import BOOK, card_mask, find_spreads, has_spread, spread_kind

RANK_LOW = sum(1 << (13 * s) for s in range(4))  # the aces
RANK_HIGH = RANK_LOW << 12  # the kings


class Table(NamedTuple):
    """The single cards that could hit the spreads on the table (GFF-5.5).

    Kept by direction, because hitting a run at one end makes the next card
    beyond it wanted: `below` extends runs downwards, `above` upwards, and `book`
    is the missing fourth card of a three-card book.
    """

    below: int = 0
    above: int = 0
    book: int = 0

    @property
    def wants(self) -> int:
        return self.below | self.above | self.book

    def with_spread(self, cards: Sequence[int]) -> Table:
        below, above, book = self.below, self.above, self.book
        if spread_kind(cards) == BOOK:
            if len(cards) == 3:
                rank = cards[0] % 13
                book |= card_mask([s * 13 + rank for s in range(4)]) & ~card_mask(cards)
        else:
            low, high = min(cards), max(cards)
            if low % 13:
                below |= 1 << (low - 1)
            if high % 13 != 12:
                above |= 1 << (high + 1)
        return Table(below, above, book)

    def after_hit(self, bit: int) -> Table:
        # A card one end of a run wants has its table neighbour beyond the run; if it
        # is wanted at both a low and a high end, both new neighbours are on the table
        # already, so adding both is harmless.
        below = self.below & ~bit
        above = self.above & ~bit
        if self.below & bit and not bit & RANK_LOW:
            below |= bit >> 1
        if self.above & bit and not bit & RANK_HIGH:
            above |= bit << 1
        return Table(below, above, self.book & ~bit)


def table_of(spreads: Iterable[Sequence[int]]) -> Table:
    table = Table()
    for cards in spreads:
        table = table.with_spread(cards)
    return table


def _suit_cards(suit: int) -> tuple[tuple[int, ...], ...]:
    return tuple(
        tuple(suit * 13 + r for r in range(13) if ranks >> r & 1) for ranks in range(1 << 13)
    )


_SUIT_CARDS = tuple(_suit_cards(suit) for suit in range(4))
_S, _H, _D, _C = _SUIT_CARDS


def cards_of(mask: int) -> list[int]:
    """The cards of a mask, lowest first: four table look-ups, one per suit."""
    return [
        *_S[mask & 0x1FFF],
        *_H[mask >> 13 & 0x1FFF],
        *_D[mask >> 26 & 0x1FFF],
        *_C[mask >> 39],
    ]


class Layoff:
    """Answers `left(hand, table)` with a memo shared by one decision's searches."""

    __slots__ = ("_memo", "_spreads")

    def __init__(self) -> None:
        self._memo: dict[tuple[int, Table], int] = {}
        self._spreads: dict[int, list[int]] = {}

    def left(self, hand: int, table: Table) -> int:
        """The fewest cards of `hand` that no sequence of spreads and hits lays off."""
        if not hand & table.wants and not has_spread(hand):
            return hand.bit_count()  # the common case, and cheaper than the memo
        key = (hand, table)
        found = self._memo.get(key)
        if found is not None:
            return found
        best = hand.bit_count()
        hittable = hand & table.wants
        while hittable and best:
            bit = hittable & -hittable
            hittable ^= bit
            best = min(best, self.left(hand ^ bit, table.after_hit(bit)))
        if best and has_spread(hand):
            for spread in self.spreads_in(hand):
                rest = hand & ~spread
                best = min(best, self.left(rest, table.with_spread(cards_of(spread))))
                if not best:
                    break
        self._memo[key] = best
        return best

    def spreads_in(self, hand: int) -> list[int]:
        """Every spread that can be laid from `hand`, as masks."""
        found = self._spreads.get(hand)
        if found is None:
            found = [card_mask(option.cards) for option in find_spreads(cards_of(hand))]
            self._spreads[hand] = found
        return found


def is_two_threes(hand: int, layoff: Layoff) -> bool:
    """Six cards that split into two three-card spreads: a tunk out on one turn (GFF-6.3)."""
    return any(
        spread.bit_count() == 3 and (hand & ~spread).bit_count() == 3
        and spread_kind(cards_of(hand & ~spread)) is not None
        for spread in layoff.spreads_in(hand)
    )
