"""What a seat may see of a Tonk hand: the public view and one seat's private view."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.rummy.views import TableSpread
from engine.spreads import SpreadOption


@dataclass(frozen=True, slots=True)
class SeatView:
    id: str
    stack: int
    dealt_in: bool
    cards: int  # cards in hand
    hit_locked: bool  # may not spread or hit on this or their next turn (TONK-4.2)


@dataclass(frozen=True, slots=True)
class PublicView:
    stake: int
    dealer: str
    seats: tuple[SeatView, ...]
    spreads: tuple[TableSpread, ...]
    discard_pile: tuple[Card, ...]  # bottom first: the upcard, then the discards
    stock: int
    turn: str | None
    phase: str
    seq: int
    ended: str | None

    @property
    def discard_top(self) -> Card | None:
        return self.discard_pile[-1] if self.discard_pile else None


@dataclass(frozen=True, slots=True)
class PrivateView:
    seat: str
    hand: tuple[Card, ...]
    value: int
    legal: tuple[str, ...]
    spread_options: tuple[SpreadOption, ...]
    hit_options: tuple[tuple[int, tuple[Card, ...]], ...]
    public: PublicView
