"""Piquet (docs/rules/piquet.md): a partie of six deals for two, the Rubicon settling it."""

from engine.piquet.deal import PiquetDeal
from engine.piquet.settlement import PiquetSettlement

__all__ = ["PiquetDeal", "PiquetSettlement"]
