"""What the rummy games' views share: the spreads on the table, and the fields every
view of GFF and of Tonk holds, which a computer player, the stand-in and the shared
rummy UI read whichever game the view comes from.

Each game's views (engine/gff/views.py, engine/tonk/views.py) add the fields its page
shows; the hand fills in the shared ones (engine/rummy/hand.py). All are plain frozen
values with no link back to the hand, so whoever holds one (a Discord view, a computer
player) cannot reach the deck or another hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.spreads import SpreadOption


@dataclass(frozen=True, slots=True)
class TableSpread:
    index: int
    owner: str
    cards: tuple[Card, ...]
    kind: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatView:
    id: str
    stack: int
    dealt_in: bool
    cards: int  # cards in hand


@dataclass(frozen=True, slots=True, kw_only=True)
class PublicView:
    stake: int
    dealer: str
    seats: tuple[SeatView, ...]
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


@dataclass(frozen=True, slots=True, kw_only=True)
class PrivateView:
    seat: str
    hand: tuple[Card, ...]  # sorted by suit, then ace low
    value: int
    legal: tuple[str, ...]  # action kinds this seat may take now
    spread_options: tuple[SpreadOption, ...]
    hit_options: tuple[tuple[int, tuple[Card, ...]], ...]  # (spread index, cards)
    public: PublicView

