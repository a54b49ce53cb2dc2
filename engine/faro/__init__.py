"""Faro (docs/rules/faro.md): players bet against the house on the turns of one pack."""

from engine.faro.deal import FaroDeal
from engine.faro.settlement import FaroSettlement

__all__ = ["FaroDeal", "FaroSettlement"]
