"""The outcome of a finished hand, and its replay-result form (docs/rules/replay.md)."""

from __future__ import annotations

from typing import NamedTuple

from engine.cards import Card
from engine.chips import Transfer

# How a round ended (docs/rules/replay.md `ended`).
INSTANT = "instant"
GOING_OUT = "going_out"
TUNK_OUT = "tunk_out"
DROP = "drop"
CAUGHT = "caught"
STOCK_OUT = "stock_out"

ENDINGS = (INSTANT, GOING_OUT, TUNK_OUT, DROP, CAUGHT, STOCK_OUT)


class Settlement(NamedTuple):
    """A NamedTuple like the events and transfers: as frozen as a dataclass, and with
    thirteen fields, several times cheaper to build at the end of every hand."""

    ended: str
    game_winners: tuple[str, ...]  # seat order
    flip_winner: str | None
    flop_winner: str | None
    stacks: dict[str, int]  # every seat, after everything (GFF-7.2)
    carry: dict[str, int]  # flip and flop pots carried to the next deal
    eliminated: tuple[str, ...]  # seat order (GFF-2.6)
    net: dict[str, int]  # stack after minus stack before, posts included
    posted: dict[str, dict[str, int]]  # seat -> pot -> chips posted this hand
    won: dict[str, dict[str, int]]  # pot -> seat -> chips taken from it
    shown: dict[str, tuple[Card, ...]]  # the hands the rules show at the end
    values: dict[str, int]  # the value of each shown hand
    transfers: tuple[Transfer, ...]  # every chip movement of the hand, posts first

    @property
    def winners(self) -> tuple[str, ...]:
        """The protocol's winners (games.md G3.5): GFF's are the game pot's."""
        return self.game_winners

    def to_result(self) -> dict:
        return {
            "ended": self.ended,
            "game_winners": list(self.game_winners),
            "flip_winner": self.flip_winner,
            "flop_winner": self.flop_winner,
            "stacks": dict(self.stacks),
            "carry": dict(self.carry),
            "eliminated": list(self.eliminated),
        }
