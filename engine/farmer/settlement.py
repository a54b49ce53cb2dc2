"""How a Farmer deal ended and where every chip went (FARMER-5, FARMER-8)."""

from __future__ import annotations

from typing import NamedTuple

from engine.cards import Card
from engine.chips import Transfer


class FarmerSettlement(NamedTuple):
    ended: str  # sixteen | closest | all_bust
    winners: tuple[str, ...]  # the farm winner, or the players on C (5.2), seat order
    stacks: dict[str, int]  # every seat, after the payments
    eliminated: tuple[str, ...]  # seat order: now below 2S (2.3)
    net: dict[str, int]  # stack after minus stack before, the ante included
    carry: dict[str, int]  # {"farm": n}: 0 when won (2.2)
    transfers: tuple[Transfer, ...]  # antes first, then 5.1 or 5.2, then 5.4
    farm_winner: str | None
    totals: dict[str, int]  # dealt-in seat -> total, in seat order
    busted: tuple[str, ...]  # seat order
    next_farmer: str | None  # 5.6
    hands: dict[str, tuple[Card, ...]]  # every hand, shown at the end (section 5)

    def to_result(self) -> dict:
        return {
            "ended": self.ended,
            "winners": list(self.winners),
            "stacks": dict(self.stacks),
            "eliminated": list(self.eliminated),
            "farm_winner": self.farm_winner,
            "totals": dict(self.totals),
            "busted": list(self.busted),
            "carry": dict(self.carry),
            "next_farmer": self.next_farmer,
        }
