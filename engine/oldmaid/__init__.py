"""Old Maid (docs/rules/oldmaid.md): draw from your neighbour, pair off, don't keep the queen."""

from engine.oldmaid.deal import OldMaidDeal
from engine.oldmaid.settlement import OldMaidSettlement

__all__ = ["OldMaidDeal", "OldMaidSettlement"]
