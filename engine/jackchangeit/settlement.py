"""How a game of Jack Change It ended and where every chip went (JCI-2, 5, 8.3)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.shedding.settlement import SheddingSettlement


@dataclass(slots=True, kw_only=True)
class JackChangeItSettlement(SheddingSettlement):
    """JCI-8.3: the shedding games' result (engine/shedding/settlement.py)."""
