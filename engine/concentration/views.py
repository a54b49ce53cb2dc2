"""What everyone sees of a game of Concentration (CONC-2.5, 4): the layout's gaps, the
pairs taken, and the current turn's flips only. Earlier flips are never listed while
the game runs: remembering them is the game."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card


@dataclass(frozen=True, slots=True)
class SeatView:
    id: str
    stack: int
    dealt_in: bool
    pairs: tuple[tuple[Card, Card], ...]  # the pairs taken, in the order taken


@dataclass(frozen=True, slots=True)
class PublicView:
    stake: int
    dealer: str
    match: str  # "rank" or "colour" (CONC-1.3)
    seats: tuple[SeatView, ...]
    pot: int
    gone: frozenset[int]  # the positions already taken; every other one is face down
    shown: tuple[tuple[int, Card], ...]  # (position, card): this turn's flips (CONC-2.5)
    shown_by: str | None  # who flipped them
    first: int | None  # the position flipped first in the turn in progress, if any
    turn: str | None  # whose flip it is; None once over
    seq: int
    ended: str | None


@dataclass(frozen=True, slots=True)
class PrivateView:
    """Nothing is private (CONC-4.1): the public view and the seat's legal moves."""

    seat: str
    legal: tuple[str, ...]
    public: PublicView
