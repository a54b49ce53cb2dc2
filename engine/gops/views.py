"""What a seat may see of a game of Gops (GOPS-4): no bid before its round's reveal."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card


@dataclass(frozen=True, slots=True)
class RoundView:
    """One resolved round: every bid is public once the last one is in (GOPS-4.1)."""

    prize: Card
    bids: tuple[tuple[str, Card], ...]  # (seat, card), from the dealer's left
    winner: str | None  # None: a tie for highest discarded the prize (GOPS-2.3)


@dataclass(frozen=True, slots=True)
class SeatView:
    id: str
    stack: int
    dealt_in: bool
    suit: int | None  # the suit this seat bids with (GOPS-1.2)
    cards: int  # cards left in hand
    has_bid: bool  # has bid this round (never what: GOPS-4.2)
    score: int
    won: tuple[Card, ...]  # the prizes won, in the order won


@dataclass(frozen=True, slots=True)
class PublicView:
    stake: int
    dealer: str
    seats: tuple[SeatView, ...]
    prize: Card | None  # the prize now up; None once the game is over
    round: int  # 1 to 13; 14 once over
    prizes_left: int  # face down after this one
    rounds: tuple[RoundView, ...]  # the resolved rounds, first first
    discarded: tuple[Card, ...]  # prizes nobody won (GOPS-2.3)
    pot: int
    seq: int
    ended: str | None


@dataclass(frozen=True, slots=True)
class PrivateView:
    seat: str
    hand: tuple[Card, ...]  # ace low first: up to 13 card buttons (GOPS-4.2)
    bid: Card | None  # this seat's own bid this round, until the reveal
    legal: tuple[str, ...]
    public: PublicView
