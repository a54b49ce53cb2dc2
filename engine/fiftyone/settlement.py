"""How a game of Fifty-One ended and where every chip went (FIFTYONE-2, 5, 8.3)."""

from __future__ import annotations

from typing import NamedTuple

from engine.chips import Transfer


class FiftyOneSettlement(NamedTuple):
    ended: str  # always "stop" (4.5)
    winners: tuple[str, ...]  # seat order (5.3)
    stacks: dict[str, int]  # every seat, after settlement
    eliminated: tuple[str, ...]  # seat order: below S (2.1)
    net: dict[str, int]
    carry: dict[str, int]  # {}: the pot never carries
    transfers: tuple[Transfer, ...]  # antes first, then the shares
    scores: dict[str, int]  # dealt-in seat -> score (5.1, 5.2)
    stopped_by: str

    def to_result(self) -> dict:
        return {
            "ended": self.ended,
            "winners": list(self.winners),
            "stacks": dict(self.stacks),
            "eliminated": list(self.eliminated),
            "scores": dict(self.scores),
            "stopped_by": self.stopped_by,
        }
