"""What a seat may see of a game of Page One (PAGEONE-6): cards played, the discard pile,
counts and calls in public; each hand, drawn cards included, only to its holder."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card


@dataclass(frozen=True, slots=True)
class SeatView:
    id: str
    stack: int
    dealt_in: bool
    cards: int  # how many held
    drawn: int  # how many the bot drew for this seat this game (4.4, 4.7)


@dataclass(frozen=True, slots=True)
class PublicView:
    stake: int
    dealer: str
    pot: int
    seats: tuple[SeatView, ...]
    trick: tuple[tuple[str, Card], ...]  # the trick on the table, in the order played
    suit: int | None  # the suit to follow (4.2, 4.3), None before it is set
    discard: tuple[Card, ...]  # completed tricks, the last on top
    stock: int  # cards left in the stock
    turn: str | None
    seq: int
    events: tuple[str, ...]  # calls, penalties and draws, in order (4.4, 4.7)
    ended: str | None


@dataclass(frozen=True, slots=True)
class PrivateView:
    seat: str
    hand: tuple[Card, ...]  # sorted
    legal_cards: tuple[Card, ...]  # what the play menu offers now
    call_due: bool  # 4.7: holding two cards, the play carries the call
    legal: tuple[str, ...]
    public: PublicView
    drawn: tuple[Card, ...] = ()  # drawn for this seat since its last play (4.4, 4.7)
