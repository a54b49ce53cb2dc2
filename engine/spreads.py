"""Spreads (books and runs) and hits on them (GFF-5.4, GFF-5.5).

Game-agnostic: Tonk also allows Q-K-A, so the run check takes `ace_high`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from engine.cards import Card

BOOK = "book"
RUN = "run"


def spread_kind(cards: Sequence[Card], *, ace_high: bool = False) -> str | None:
    """`book`, `run`, or None when the distinct `cards` are not a spread.

    A book is 3 or 4 cards of one rank; a run is 3 or more consecutive cards of
    one suit, ace low (A-2-3) and, where `ace_high`, also ace high (Q-K-A),
    never both at once (K-A-2 is never a run).
    """
    n = len(cards)
    if n < 3 or len(set(cards)) != n:
        return None
    first_rank = cards[0] % 13
    if all(c % 13 == first_rank for c in cards):
        return BOOK if n <= 4 else None
    first_suit = cards[0] // 13
    if any(c // 13 != first_suit for c in cards):
        return None
    ranks = sorted(c % 13 for c in cards)
    if ranks[-1] - ranks[0] == n - 1:
        return RUN
    if ace_high and ranks[0] == 0:
        # Count the ace as 13, above the king.
        high = sorted(r if r else 13 for r in ranks)
        if high[-1] - high[0] == n - 1:
            return RUN
    return None


def hit_kind(
    spread: Sequence[Card], added: Sequence[Card], *, ace_high: bool = False
) -> str | None:
    """GFF-5.5: the kind of spread that `spread` plus `added` makes, or None.

    A book may grow to at most four cards; a run may only grow at its ends, so the
    result must be a run again (a run of one suit with no gap contains the old one
    as a block). A book cannot become a run or the other way round.
    """
    if not added:
        return None
    before = spread_kind(spread, ace_high=ace_high)
    after = spread_kind([*spread, *added], ace_high=ace_high)
    return after if after == before else None


SUIT_BITS = 0x1FFF  # the 13 ranks of one suit, ace in bit 0
# For each 13-bit set of ranks of one suit: does it hold three in a row (ace low)?
# Splitting the 52-bit hand into four small ints and looking runs up is about
# twice as fast as shifting the whole hand, and this check runs after every draw.
# A tuple rather than bytes: indexing a tuple is the interpreter's fast path.
_HAS_RUN = tuple(bool(ranks & (ranks >> 1) & (ranks >> 2)) for ranks in range(1 << 13))


def card_mask(cards: Sequence[Card]) -> int:
    """The set of `cards` as bits: card c is bit c."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def has_spread(mask: int) -> bool:
    """Whether any spread (GFF-5.4, ace low) can be laid from the cards in `mask`.

    The legal-action check runs after every draw; enumerating spreads there would
    cost far more than these few table look-ups and bit operations.
    """
    a, b = mask & SUIT_BITS, (mask >> 13) & SUIT_BITS
    c, d = (mask >> 26) & SUIT_BITS, mask >> 39
    if _HAS_RUN[a] or _HAS_RUN[b] or _HAS_RUN[c] or _HAS_RUN[d]:
        return True
    # A book: some rank present in at least three of the four suits.
    return bool((a & b & (c | d)) | (c & d & (a | b)))


def hit_wants(spread: Sequence[Card], ace_high: bool = False) -> int:
    """The cards that could hit `spread` one at a time (GFF-5.5; TONK-1.2 with `ace_high`).

    Any legal hit includes one of these, so a hand can hit the spread exactly
    when it holds one of them.
    """
    if ace_high:
        return _hit_wants_ace_high(spread)
    kind = spread_kind(spread)
    if kind == BOOK:
        if len(spread) >= 4:
            return 0
        rank_index = spread[0] % 13
        return card_mask([s * 13 + rank_index for s in range(4)]) & ~card_mask(spread)
    if kind == RUN:
        low, high = min(spread), max(spread)
        wants = 0
        if low % 13:
            wants |= 1 << (low - 1)
        if high % 13 != 12:
            wants |= 1 << (high + 1)
        return wants
    return 0


def has_spread_ace_high(mask: int) -> bool:
    """`has_spread` where a run may also end with the ace above the king (TONK-1.2)."""
    if has_spread(mask):
        return True
    for suit in range(4):
        ranks = mask >> (13 * suit) & SUIT_BITS
        if ranks & _QKA == _QKA:
            return True
    return False


_QKA = 1 << 11 | 1 << 12 | 1  # queen, king and ace of one suit


def _run_positions(cards: Sequence[Card]) -> list[int]:
    """The ranks of a run in order, the ace counted 13 when it sits above the king."""
    ranks = sorted(c % 13 for c in cards)
    if ranks[0] == 0 and ranks[-1] == 12:
        ranks = sorted(r if r else 13 for r in ranks)
    return ranks


def _hit_wants_ace_high(spread: Sequence[Card]) -> int:
    kind = spread_kind(spread, ace_high=True)
    if kind == BOOK:
        return hit_wants(spread)
    if kind != RUN:
        return 0
    suit = spread[0] // 13
    held = {c % 13 for c in spread}
    positions = _run_positions(spread)
    wants = 0
    for position in (positions[0] - 1, positions[-1] + 1):
        rank_index = position % 13
        # An ace may sit below the two or above the king, never at both ends (K-A-2).
        if 0 <= position <= 13 and rank_index not in held:
            wants |= 1 << (suit * 13 + rank_index)
    return wants


@dataclass(frozen=True, slots=True)
class SpreadOption:
    """A set of cards from a hand that could be laid as a spread."""

    cards: tuple[Card, ...]
    kind: str


def find_spreads(hand: Sequence[Card], ace_high: bool = False) -> list[SpreadOption]:
    """Every spread (GFF-5.4, ace low; TONK-1.2 with `ace_high`) that can be laid from `hand`.

    Grouping by rank and by suit first keeps this linear in the hand for the
    usual case, instead of testing every subset.
    """
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[int, list[Card]] = {}
    for card in hand:
        by_rank.setdefault(card % 13, []).append(card)
        by_suit.setdefault(card // 13, []).append(card)
    found: list[SpreadOption] = []
    for same_rank in by_rank.values():
        if len(same_rank) >= 3:
            same_rank.sort()
            for size in range(3, min(len(same_rank), 4) + 1):
                for combo in combinations(same_rank, size):
                    found.append(SpreadOption(combo, BOOK))
    for same_suit in by_suit.values():
        if len(same_suit) < 3:
            continue
        same_suit.sort()
        for block in _consecutive_blocks(same_suit):
            for start in range(len(block) - 2):
                for end in range(start + 3, len(block) + 1):
                    found.append(SpreadOption(tuple(block[start:end]), RUN))
        if ace_high:
            found.extend(_ace_high_runs(same_suit))
    return found


def _ace_high_runs(sorted_same_suit: list[Card]) -> list[SpreadOption]:
    """TONK-1.2: the runs that end with the ace above the king (Q-K-A, J-Q-K-A, ...)."""
    suit_base = sorted_same_suit[0] // 13 * 13
    held = set(sorted_same_suit)
    if suit_base not in held or suit_base + 12 not in held or suit_base + 11 not in held:
        return []
    below = [suit_base + 12, suit_base + 11]  # king, queen
    while below[-1] - 1 > suit_base and below[-1] - 1 in held:
        below.append(below[-1] - 1)
    return [
        SpreadOption((*sorted(below[:length]), suit_base), RUN)
        for length in range(2, len(below) + 1)
    ]


def _consecutive_blocks(sorted_same_suit: list[Card]) -> list[list[Card]]:
    blocks: list[list[Card]] = []
    current = [sorted_same_suit[0]]
    for card in sorted_same_suit[1:]:
        if card == current[-1] + 1:
            current.append(card)
        else:
            if len(current) >= 3:
                blocks.append(current)
            current = [card]
    if len(current) >= 3:
        blocks.append(current)
    return blocks


def find_hits(
    hand: Sequence[Card], spread: Sequence[Card], ace_high: bool = False
) -> list[tuple[Card, ...]]:
    """Every set of cards from `hand` that may be added to `spread` (GFF-5.5, ace low)."""
    if ace_high:
        return _find_hits_ace_high(hand, spread)
    held = set(hand)
    kind = spread_kind(spread)
    if kind == BOOK:
        room = 4 - len(spread)
        same = sorted(c for c in held if c % 13 == spread[0] % 13)
        return [
            combo
            for size in range(1, min(room, len(same)) + 1)
            for combo in combinations(same, size)
        ]
    if kind != RUN:
        return []
    low, high = min(spread), max(spread)
    below: list[Card] = []
    card = low - 1
    # Stay inside the suit: the ace (rank 0) ends a run going down, the king going up.
    while low % 13 - len(below) > 0 and card in held:
        below.append(card)
        card -= 1
    above: list[Card] = []
    card = high + 1
    while high % 13 + len(above) < 12 and card in held:
        above.append(card)
        card += 1
    return [
        tuple(below[:down]) + tuple(above[:up])
        for down in range(len(below) + 1)
        for up in range(len(above) + 1)
        if down or up
    ]


def _find_hits_ace_high(hand: Sequence[Card], spread: Sequence[Card]) -> list[tuple[Card, ...]]:
    """`find_hits` where a run may also end with the ace above the king (TONK-1.2)."""
    kind = spread_kind(spread, ace_high=True)
    if kind == BOOK:
        return find_hits(hand, spread)
    if kind != RUN:
        return []
    held, suit_base = set(hand), spread[0] // 13 * 13
    positions = _run_positions(spread)
    used = {c % 13 for c in spread}
    below: list[Card] = []
    position = positions[0] - 1
    while position >= 0 and position % 13 not in used and suit_base + position % 13 in held:
        below.append(suit_base + position % 13)
        used.add(position % 13)
        position -= 1
    above: list[Card] = []
    position = positions[-1] + 1
    while position <= 13 and position % 13 not in used and suit_base + position % 13 in held:
        above.append(suit_base + position % 13)
        used.add(position % 13)
        position += 1
    return [
        tuple(below[:down]) + tuple(above[:up])
        for down in range(len(below) + 1)
        for up in range(len(above) + 1)
        if (down or up) and hit_kind(spread, below[:down] + above[:up], ace_high=True)
    ]
