"""What a seat may see of a GFF hand: the rummy views (engine/rummy/views.py) with the
pots, the flip and the flop, and what each seat posted."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.gff.flipflop import Reveal
from engine.rummy import views as rummy
from engine.rummy.views import TableSpread

__all__ = ["PrivateView", "PublicView", "SeatView", "TableSpread"]


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatView(rummy.SeatView):
    posted: tuple[str, ...]  # pots this seat posted to this hand
    all_in: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class PublicView(rummy.PublicView):
    pots: dict[str, int]  # what is in game, flip and flop now
    carried: dict[str, int]  # of which carried in from earlier deals
    flip_card: Card
    flip_suit: int
    flop_suit: int
    revealed: tuple[Reveal, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class PrivateView(rummy.PrivateView):
    posted: dict[str, int]
