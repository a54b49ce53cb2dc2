"""How a game of Gops ended and where the pot went (GOPS-3, GOPS-6.4)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.settlement import ScoredSettlement

ALL_PRIZES = "all_prizes"  # GOPS-2.6: the only ending
ENDINGS = (ALL_PRIZES,)


@dataclass(slots=True, kw_only=True)
class GopsSettlement(ScoredSettlement):
    """GOPS-6.4: G3.5's fields and every dealt-in seat's points (GOPS-3.1). The pot is
    always won (GOPS-3.3): nothing carries."""
