"""How a Farmer deal ended and where every chip went (FARMER-5, FARMER-8)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.settlement import SettlementBase


@dataclass(slots=True, kw_only=True)
class FarmerSettlement(SettlementBase):
    """`winners` are the farm winner, or the players on C (5.2); `carry` is {"farm": n},
    0 when won (2.2); the transfers are the antes, then 5.1 or 5.2, then 5.4."""

    farm_winner: str | None
    totals: dict[str, int]  # dealt-in seat -> total, in seat order
    busted: tuple[str, ...]  # seat order
    next_farmer: str | None  # 5.6
    hands: dict[str, tuple[Card, ...]]  # every hand, shown at the end (section 5)

    def page_fields(self) -> dict:
        return {
            "farm_winner": self.farm_winner,
            "totals": dict(self.totals),
            "busted": list(self.busted),
            "carry": dict(self.carry),
            "next_farmer": self.next_farmer,
        }
