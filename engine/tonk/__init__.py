"""Tonk (docs/rules/tonk.md): the rummy turn with payments between players and the hit lock."""

from engine.tonk.hand import TonkHand
from engine.tonk.settlement import TonkSettlement

__all__ = ["TonkHand", "TonkSettlement"]
