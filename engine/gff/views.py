"""What a seat may see of a GFF hand: the public view and one seat's private view.

These are plain frozen values with no link back to the hand, so whoever holds
one (a Discord view, a computer player) cannot reach the deck or another hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.gff.flipflop import Reveal
from engine.rummy.views import TableSpread
from engine.spreads import SpreadOption


@dataclass(frozen=True, slots=True)
class SeatView:
    id: str
    stack: int
    dealt_in: bool
    posted: tuple[str, ...]  # pots this seat posted to this hand
    cards: int  # cards in hand
    all_in: bool


@dataclass(frozen=True, slots=True)
class PublicView:
    stake: int
    dealer: str
    seats: tuple[SeatView, ...]
    pots: dict[str, int]  # what is in game, flip and flop now
    carried: dict[str, int]  # of which carried in from earlier deals
    flip_card: Card
    flip_suit: int
    flop_suit: int
    revealed: tuple[Reveal, ...]
    spreads: tuple[TableSpread, ...]
    discard_pile: tuple[Card, ...]  # bottom first; every card here was seen face up
    stock: int
    turn: str | None
    phase: str
    seq: int  # actions applied so far; a view built at seq n is stale after
    ended: str | None

    @property
    def discard_top(self) -> Card | None:
        return self.discard_pile[-1] if self.discard_pile else None


@dataclass(frozen=True, slots=True)
class PrivateView:
    seat: str
    hand: tuple[Card, ...]  # sorted by suit, then ace low
    value: int
    posted: dict[str, int]
    legal: tuple[str, ...]  # action kinds this seat may take now
    spread_options: tuple[SpreadOption, ...]
    hit_options: tuple[tuple[int, tuple[Card, ...]], ...]  # (spread index, cards)
    public: PublicView
