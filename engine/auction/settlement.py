"""How a game of the flush auction ended and where the pot went (AUCTION-5, 8.4)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from engine.settlement import ScoredSettlement

FIVE_ROUNDS = "five_rounds"  # AUCTION-5.1: the game's only ending
ENDINGS = (FIVE_ROUNDS,)

# How a round ends (AUCTION-4).
FLUSH = "flush"
DEALT_FLUSH = "dealt_flush"
DECK_OUT = "deck_out"


class RoundResult(NamedTuple):
    ended: str  # FLUSH, DEALT_FLUSH or DECK_OUT
    winners: tuple[str, ...]  # seat order

    def to_json(self) -> dict:
        return {"ended": self.ended, "winners": list(self.winners)}


@dataclass(slots=True, kw_only=True)
class AuctionSettlement(ScoredSettlement):
    """AUCTION-8.4: the pot is always shared (AUCTION-5.2), so nothing carries."""

    rounds: tuple[RoundResult, ...]
    game_chips: dict[str, int]  # counters, not chips (AUCTION-1.3): after round 5

    def page_fields(self) -> dict:
        return {
            "scores": dict(self.scores),
            "rounds": [r.to_json() for r in self.rounds],
            "game_chips": dict(self.game_chips),
        }
