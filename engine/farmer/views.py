"""What a seat may see of a Farmer deal (FARMER-6): hits are public, the face-down card
and the running total only in the player's own view, everything at the end."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card


@dataclass(frozen=True, slots=True)
class SeatView:
    id: str
    stack: int
    dealt_in: bool
    hits: tuple[Card, ...]  # face up, in the order taken
    stayed: bool
    shown: tuple[Card, ...] | None  # the whole hand, once the deal is over
    total: int | None  # once the deal is over


@dataclass(frozen=True, slots=True)
class PublicView:
    stake: int
    farmer: str
    farm: int  # carried chips and this deal's antes (and 5.2's odd chips at the end)
    seats: tuple[SeatView, ...]
    stock: int
    turn: str | None
    seq: int
    ended: str | None


@dataclass(frozen=True, slots=True)
class PrivateView:
    seat: str
    face_down: Card | None  # None if not dealt in
    total: int
    bust: bool  # 4.4: only the player knows
    hits_taken: int
    legal: tuple[str, ...]
    public: PublicView
