"""The outcome of a finished hand, and its replay-result form (docs/rules/replay.md)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.settlement import SettlementBase

# How a round ended (docs/rules/replay.md `ended`).
INSTANT = "instant"
GOING_OUT = "going_out"
TUNK_OUT = "tunk_out"
DROP = "drop"
CAUGHT = "caught"
STOCK_OUT = "stock_out"

ENDINGS = (INSTANT, GOING_OUT, TUNK_OUT, DROP, CAUGHT, STOCK_OUT)


@dataclass(slots=True, kw_only=True)
class Settlement(SettlementBase):
    """`winners` are the game pot's (GFF-7); `carry` holds the flip and flop pots
    carried to the next deal."""

    flip_winner: str | None
    flop_winner: str | None
    posted: dict[str, dict[str, int]]  # seat -> pot -> chips posted this hand
    won: dict[str, dict[str, int]]  # pot -> seat -> chips taken from it
    shown: dict[str, tuple[Card, ...]]  # the hands the rules show at the end
    values: dict[str, int]  # the value of each shown hand

    @property
    def game_winners(self) -> tuple[str, ...]:
        """The game pot's winners, seat order: the protocol's winners (G3.5)."""
        return self.winners

    def to_result(self) -> dict:
        """GFF's result names its winners `game_winners`, beside the flip's and the
        flop's, and shows the carried pots (docs/rules/replay.md)."""
        return {
            "ended": self.ended,
            "game_winners": list(self.winners),
            "flip_winner": self.flip_winner,
            "flop_winner": self.flop_winner,
            "stacks": dict(self.stacks),
            "carry": dict(self.carry),
            "eliminated": list(self.eliminated),
        }
