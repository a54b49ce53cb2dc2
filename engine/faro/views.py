"""What a seat may see of a Faro deal: everything is public (FARO-8); a private view adds
only the seat's own choices."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.faro.actions import Position


@dataclass(frozen=True, slots=True)
class LayoutBet:
    owner: str
    position: Position
    amount: int


@dataclass(frozen=True, slots=True)
class SeatView:
    id: str
    stack: int
    in_deal: bool
    ready: bool
    left: bool


@dataclass(frozen=True, slots=True)
class PublicView:
    stake: int
    max_bet: int
    soda: Card
    turns: tuple[tuple[Card, Card], ...]  # (losing, winning), in the order dealt
    hoc: Card | None  # shown at the end (FARO-5.4)
    casekeeper: dict[int, int]  # rank -> cards of it still to come, the hoc included (1.4)
    last_three: tuple[Card, ...]  # before the last turn, the three cards left (1.4)
    layout: tuple[LayoutBet, ...]
    seats: tuple[SeatView, ...]
    round: int  # the betting round (1 to 25), the turn it comes before
    seq: int
    ended: str | None


@dataclass(frozen=True, slots=True)
class PrivateView:
    seat: str
    stack: int
    legal: tuple[str, ...]
    bets: tuple[LayoutBet, ...]  # this seat's own
    can_call: bool  # round 25 and the three left are not of one rank (6.1)
    public: PublicView
