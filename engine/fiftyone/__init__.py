"""Fifty-One (docs/rules/fiftyone.md): swap with a five-card board for the best suit, clear
it once round the table has gone by, and call Stop for one last round."""

from engine.fiftyone.deal import FiftyOneDeal
from engine.fiftyone.settlement import FiftyOneSettlement

__all__ = ["FiftyOneDeal", "FiftyOneSettlement"]
