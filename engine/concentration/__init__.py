"""Concentration (docs/rules/concentration.md): 52 cards face down, two flips a turn, pairs."""

from engine.concentration.deal import ConcentrationDeal
from engine.concentration.settlement import ConcentrationSettlement

__all__ = ["ConcentrationDeal", "ConcentrationSettlement"]
