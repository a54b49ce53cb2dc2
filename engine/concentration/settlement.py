"""How a game of Concentration ended and where the pot went (CONC-3, 6.4)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.settlement import ScoredSettlement

CLEARED = "cleared"  # CONC-3.1: the only ending
ENDINGS = (CLEARED,)


@dataclass(slots=True, kw_only=True)
class ConcentrationSettlement(ScoredSettlement):
    """CONC-6.4: G3.5's fields and every dealt-in seat's pairs, seat order (CONC-3.2).
    The pot is always won (CONC-3.3): nothing carries."""
