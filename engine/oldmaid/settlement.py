"""How a deal of Old Maid ended and where the pot went (OLDMAID-4, 7.4)."""

from __future__ import annotations

from dataclasses import dataclass

from engine import cards as C
from engine.cards import Card
from engine.settlement import SettlementBase

OLD_MAID = "old_maid"  # OLDMAID-4.1: the last draw left one player holding cards
ON_DEAL = "on_deal"  # OLDMAID-4.1: the pairs thrown after the deal already did
ENDINGS = (OLD_MAID, ON_DEAL)


@dataclass(slots=True, kw_only=True)
class OldMaidSettlement(SettlementBase):
    """OLDMAID-7.4: the winners are everyone dealt in but the loser (OLDMAID-4.2); the
    pot is always shared, so nothing carries."""

    loser: str  # who kept the Old Maid
    old_maid: Card  # the unpaired queen

    def page_fields(self) -> dict:
        return {"loser": self.loser, "old_maid": C.code(self.old_maid)}
