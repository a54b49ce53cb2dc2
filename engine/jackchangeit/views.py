"""What a seat may see of a game of Jack Change It (JCI-6): the pile, the called suit,
the direction, a pending draw and the counts in public; hands only to their holders."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card


@dataclass(frozen=True, slots=True)
class SeatView:
    id: str
    stack: int
    dealt_in: bool
    cards: int  # how many held
    drawn: int  # how many the bot drew for this seat this game


@dataclass(frozen=True, slots=True)
class PublicView:
    stake: int
    dealer: str
    pot: int
    seats: tuple[SeatView, ...]
    upcard: Card
    pile: tuple[Card, ...]  # the discard pile, the upcard last
    called: int | None  # the suit a jack named (4.5)
    clockwise: bool  # 4.1: a queen turns play back (4.5)
    pending: int  # cards the next draw takes (4.7), 0 if none
    stock: int
    turn: str | None
    seq: int
    events: tuple[str, ...]  # the bot's draws and new stocks, in order
    ended: str | None


@dataclass(frozen=True, slots=True)
class PrivateView:
    seat: str
    hand: tuple[Card, ...]  # sorted
    plays: tuple[tuple[Card, Card | None], ...]  # (card, the 2 under it) that are legal now
    players: int  # dealt in: queens are trick cards with three or more (1.2)
    legal: tuple[str, ...]  # "play", and "draw" facing a pending draw
    public: PublicView
