"""What one seat can know of a hand: its own cards and what the table has shown.

Everything here is derived from a PrivateView, so nothing can depend on the deck
order or another seat's hidden cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rummy.views import PrivateView
from engine.spreads import card_mask

ALL_CARDS = (1 << 52) - 1


@dataclass(frozen=True, slots=True)
class Opponent:
    seat: str
    cards: int  # how many cards the seat holds
    known: int  # cards shown to be in that hand and not played since (GFF-3.1, 4.3)


@dataclass(frozen=True, slots=True)
class Knowledge:
    mine: int  # own hand, as a card mask
    played: int  # every card in a spread or in the discard pile
    unknown: int  # cards this seat cannot place: the stock and the unshown part of other hands
    opponents: tuple[Opponent, ...]  # in turn order from this seat's left


def knowledge(view: PrivateView, taken: dict[str, int] | None = None) -> Knowledge:
    """What `view.seat` knows; `taken` adds cards it saw other seats take from the pile."""
    public = view.public
    mine = card_mask(view.hand)
    played = card_mask(public.discard_pile)
    for spread in public.spreads:
        played |= card_mask(spread.cards)
    known: dict[str, int] = {}
    # The flip card is dealt face up to the dealer (GFF-3.1); reveals show dealt cards (4.3).
    shown = [(public.dealer, public.flip_card)] + [(r.seat, r.card) for r in public.revealed]
    for seat, card in shown:
        if seat != view.seat:
            known[seat] = known.get(seat, 0) | 1 << card
    for seat, cards in (taken or {}).items():
        known[seat] = known.get(seat, 0) | cards
    ids = [s.id for s in public.seats]
    at = ids.index(view.seat)
    left_first = ids[at + 1 :] + ids[:at]
    counts = {s.id: s.cards for s in public.seats if s.dealt_in}
    opponents = tuple(
        Opponent(seat, counts[seat], known.get(seat, 0) & ~played & ~mine)
        for seat in left_first
        if seat in counts
    )
    placed = mine | played
    for opponent in opponents:
        placed |= opponent.known
    return Knowledge(mine, played, ALL_CARDS & ~placed, opponents)
