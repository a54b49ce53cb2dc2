"""How a game of the flush auction ended and where the pot went (AUCTION-5, 8.4)."""

from __future__ import annotations

from typing import NamedTuple

from engine.chips import Transfer

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


class AuctionSettlement(NamedTuple):
    ended: str
    winners: tuple[str, ...]  # who shares the pot, seat order (AUCTION-5.2)
    stacks: dict[str, int]
    eliminated: tuple[str, ...]  # seat order: now below S (AUCTION-5.3)
    net: dict[str, int]
    scores: dict[str, int]  # every dealt-in seat's points
    rounds: tuple[RoundResult, ...]
    game_chips: dict[str, int]  # counters, not chips (AUCTION-1.3): after round 5
    transfers: tuple[Transfer, ...]

    @property
    def carry(self) -> dict[str, int]:
        return {}  # the pot is always shared (AUCTION-5.2)

    def to_result(self) -> dict:
        """AUCTION-8.4: exactly these fields."""
        return {
            "ended": self.ended,
            "winners": list(self.winners),
            "stacks": dict(self.stacks),
            "eliminated": list(self.eliminated),
            "scores": dict(self.scores),
            "rounds": [r.to_json() for r in self.rounds],
            "game_chips": dict(self.game_chips),
        }
