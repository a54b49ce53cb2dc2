"""Page One (docs/rules/pageone.md): follow suit or draw until you can, the joker as trump,
and the call when one card is left."""

from engine.pageone.deal import PageOneDeal
from engine.pageone.settlement import PageOneSettlement

__all__ = ["PageOneDeal", "PageOneSettlement"]
