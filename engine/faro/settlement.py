"""How a Faro deal ended and where every chip went (FARO-5, 6, 9)."""

from __future__ import annotations

from typing import NamedTuple

from engine.chips import Transfer


class FaroSettlement(NamedTuple):
    ended: str  # hoc | abandoned
    winners: tuple[str, ...]  # seats that end above their starting stack, seat order
    stacks: dict[str, int]  # every seat, after the deal
    eliminated: tuple[str, ...]  # seat order: now below S (FARO-2.3)
    net: dict[str, int]  # stack after minus stack before
    transfers: tuple[Transfer, ...]  # every bet placed, taken down, won and lost, in order
    house: int  # chips the house won, negative if it paid (G2.7)
    turns: int  # turns dealt
    left: tuple[str, ...]  # seats that left, seat order (FARO-2.4)

    @property
    def carry(self) -> dict[str, int]:
        return {}  # nothing carries: every bet is settled or returned (FARO-5.4)

    def to_result(self) -> dict:
        return {
            "ended": self.ended,
            "winners": list(self.winners),
            "stacks": dict(self.stacks),
            "eliminated": list(self.eliminated),
            "house": self.house,
            "turns": self.turns,
            "left": list(self.left),
        }
