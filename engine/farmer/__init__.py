"""Farmer (docs/rules/farmer.md): hit towards 16 for the farm, a pot carried between deals."""

from engine.farmer.deal import FarmerDeal
from engine.farmer.settlement import FarmerSettlement

__all__ = ["FarmerDeal", "FarmerSettlement"]
