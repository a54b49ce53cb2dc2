"""How a deal of Old Maid ended and where the pot went (OLDMAID-4, 7.4)."""

from __future__ import annotations

from typing import NamedTuple

from engine import cards as C
from engine.cards import Card
from engine.chips import Transfer

OLD_MAID = "old_maid"  # OLDMAID-4.1: the last draw left one player holding cards
ON_DEAL = "on_deal"  # OLDMAID-4.1: the pairs thrown after the deal already did
ENDINGS = (OLD_MAID, ON_DEAL)


class OldMaidSettlement(NamedTuple):
    ended: str
    winners: tuple[str, ...]  # everyone dealt in but the loser, seat order (OLDMAID-4.2)
    stacks: dict[str, int]  # every seat, after the pot is shared
    eliminated: tuple[str, ...]  # seat order: now below S (OLDMAID-4.4)
    net: dict[str, int]  # stack after minus stack before, the post included
    loser: str  # who kept the Old Maid
    old_maid: Card  # the unpaired queen
    transfers: tuple[Transfer, ...]  # the posts, then the pot's shares

    @property
    def carry(self) -> dict[str, int]:
        return {}  # the pot is always shared (OLDMAID-4.2): nothing carries

    def to_result(self) -> dict:
        """OLDMAID-7.4: exactly these fields."""
        return {
            "ended": self.ended,
            "winners": list(self.winners),
            "stacks": dict(self.stacks),
            "eliminated": list(self.eliminated),
            "loser": self.loser,
            "old_maid": C.code(self.old_maid),
        }
