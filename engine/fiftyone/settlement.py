"""How a game of Fifty-One ended and where every chip went (FIFTYONE-2, 5, 8.3)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.settlement import ScoredSettlement


@dataclass(slots=True, kw_only=True)
class FiftyOneSettlement(ScoredSettlement):
    """`ended` is always "stop" (4.5), the winners are in seat order (5.3) and the
    scores are each dealt-in seat's (5.1, 5.2); the pot never carries."""

    stopped_by: str

    def page_fields(self) -> dict:
        return {"scores": dict(self.scores), "stopped_by": self.stopped_by}
