"""Gops (docs/rules/gops.md): thirteen sealed rounds of bidding whole suits for the diamonds."""

from engine.gops.deal import GopsDeal
from engine.gops.settlement import GopsSettlement

__all__ = ["GopsDeal", "GopsSettlement"]
