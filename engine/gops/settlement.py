"""How a game of Gops ended and where the pot went (GOPS-3, GOPS-6.4)."""

from __future__ import annotations

from typing import NamedTuple

from engine.chips import Transfer

ALL_PRIZES = "all_prizes"  # GOPS-2.6: the only ending
ENDINGS = (ALL_PRIZES,)


class GopsSettlement(NamedTuple):
    ended: str
    winners: tuple[str, ...]  # who shares the pot, seat order (GOPS-3.3)
    stacks: dict[str, int]  # every seat, after the pot is shared
    eliminated: tuple[str, ...]  # seat order: now below S (GOPS-3.4)
    net: dict[str, int]  # stack after minus stack before, the post included
    scores: dict[str, int]  # every dealt-in seat's points (GOPS-3.1)
    transfers: tuple[Transfer, ...]  # the posts, then the pot's shares

    @property
    def carry(self) -> dict[str, int]:
        return {}  # the pot is always won (GOPS-3.3): nothing carries

    def to_result(self) -> dict:
        """GOPS-6.4: exactly these fields."""
        return {
            "ended": self.ended,
            "winners": list(self.winners),
            "stacks": dict(self.stacks),
            "eliminated": list(self.eliminated),
            "scores": dict(self.scores),
        }
