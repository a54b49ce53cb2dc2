"""What the rummy games' views share: the spreads on the table, and the fields a
computer player or the stand-in reads, whichever game the view comes from.

Each game has its own frozen view values (engine/gff/views.py, engine/tonk/views.py);
the Protocols here name only what GFF's and Tonk's views both hold.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from engine.cards import Card
from engine.spreads import SpreadOption


@dataclass(frozen=True, slots=True)
class TableSpread:
    index: int
    owner: str
    cards: tuple[Card, ...]
    kind: str


class SeatView(Protocol):
    id: str
    stack: int
    dealt_in: bool
    cards: int  # cards in hand


class PublicView(Protocol):
    stake: int
    dealer: str
    seats: tuple[SeatView, ...]
    spreads: tuple[TableSpread, ...]
    discard_pile: tuple[Card, ...]  # bottom first
    stock: int
    turn: str | None
    phase: str
    seq: int
    ended: str | None

    @property
    def discard_top(self) -> Card | None: ...


class PrivateView(Protocol):
    seat: str
    hand: tuple[Card, ...]
    value: int
    legal: tuple[str, ...]
    spread_options: tuple[SpreadOption, ...]
    hit_options: tuple[tuple[int, tuple[Card, ...]], ...]
    public: PublicView
