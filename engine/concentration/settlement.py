"""How a game of Concentration ended and where the pot went (CONC-3, 6.4)."""

from __future__ import annotations

from typing import NamedTuple

from engine.chips import Transfer

CLEARED = "cleared"  # CONC-3.1: the only ending
ENDINGS = (CLEARED,)


class ConcentrationSettlement(NamedTuple):
    ended: str
    winners: tuple[str, ...]  # who shares the pot, seat order (CONC-3.3)
    stacks: dict[str, int]  # every seat, after the pot is shared
    eliminated: tuple[str, ...]  # seat order: now below S (CONC-3.5)
    net: dict[str, int]  # stack after minus stack before, the post included
    scores: dict[str, int]  # every dealt-in seat's pairs, seat order (CONC-3.2)
    transfers: tuple[Transfer, ...]  # the posts, then the pot's shares

    @property
    def carry(self) -> dict[str, int]:
        return {}  # the pot is always won (CONC-3.3): nothing carries

    def to_result(self) -> dict:
        """CONC-6.4: exactly these fields."""
        return {
            "ended": self.ended,
            "winners": list(self.winners),
            "stacks": dict(self.stacks),
            "eliminated": list(self.eliminated),
            "scores": dict(self.scores),
        }
