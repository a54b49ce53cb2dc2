"""What every seat may see of a shedding game (PAGEONE-6, JCI-6): each seat's counts,
never its cards, and the public fields both games show. Each game's views
(engine/pageone/views.py, engine/jackchangeit/views.py) add what its page shows."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SeatView:
    id: str
    stack: int
    dealt_in: bool
    cards: int  # how many held
    drawn: int  # how many the bot drew for this seat this game (PAGEONE-4.4, 4.7)


@dataclass(frozen=True, slots=True, kw_only=True)
class PublicView:
    stake: int
    dealer: str
    pot: int
    seats: tuple[SeatView, ...]
    stock: int  # cards left in the stock
    turn: str | None
    seq: int
    events: tuple[str, ...]  # the bot's draws, new stocks and calls, in order
    ended: str | None
