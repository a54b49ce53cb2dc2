"""What a seat may see of a game of Jack Change It (JCI-6): the pile, the called suit,
the direction, a pending draw and the counts in public; hands only to their holders."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.shedding import views as shedding


@dataclass(frozen=True, slots=True, kw_only=True)
class PublicView(shedding.PublicView):
    upcard: Card
    pile: tuple[Card, ...]  # the discard pile, the upcard last
    called: int | None  # the suit a jack named (4.5)
    clockwise: bool  # 4.1: a queen turns play back (4.5)
    pending: int  # cards the next draw takes (4.7), 0 if none


@dataclass(frozen=True, slots=True)
class PrivateView:
    seat: str
    hand: tuple[Card, ...]  # sorted
    plays: tuple[tuple[Card, Card | None], ...]  # (card, the 2 under it) that are legal now
    players: int  # dealt in: queens are trick cards with three or more (1.2)
    legal: tuple[str, ...]  # "play", and "draw" facing a pending draw
    public: PublicView
