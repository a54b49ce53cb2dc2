"""What a seat may see of a Tonk hand: the rummy views (engine/rummy/views.py), each
seat's hit lock besides."""

from __future__ import annotations

from dataclasses import dataclass

from engine.rummy import views as rummy
from engine.rummy.views import PrivateView, PublicView, TableSpread

__all__ = ["PrivateView", "PublicView", "SeatView", "TableSpread"]


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatView(rummy.SeatView):
    hit_locked: bool  # may not spread or hit on this or their next turn (TONK-4.2)
