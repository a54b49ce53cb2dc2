"""Game, Flip and Flop: what only this game has (three pots, posting tiers, flip and flop)."""

from engine.gff.hand import GffHand
from engine.gff.settlement import Settlement
from engine.gff.views import PrivateView, PublicView

__all__ = ["GffHand", "PrivateView", "PublicView", "Settlement"]
