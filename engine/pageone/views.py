"""What a seat may see of a game of Page One (PAGEONE-6): cards played, the discard pile,
counts and calls in public; each hand, drawn cards included, only to its holder."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.shedding import views as shedding


@dataclass(frozen=True, slots=True, kw_only=True)
class PublicView(shedding.PublicView):
    trick: tuple[tuple[str, Card], ...]  # the trick on the table, in the order played
    suit: int | None  # the suit to follow (4.2, 4.3), None before it is set
    discard: tuple[Card, ...]  # completed tricks, the last on top


@dataclass(frozen=True, slots=True)
class PrivateView:
    seat: str
    hand: tuple[Card, ...]  # sorted
    legal_cards: tuple[Card, ...]  # what the play menu offers now
    call_due: bool  # 4.7: holding two cards, the play carries the call
    legal: tuple[str, ...]
    public: PublicView
    drawn: tuple[Card, ...] = ()  # drawn for this seat since its last play (4.4, 4.7)
