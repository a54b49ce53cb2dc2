"""How a partie of Piquet ended and the chips it moved (PIQUET-5, 6, 7.3)."""

from __future__ import annotations

from typing import NamedTuple

from engine.chips import Transfer


class PiquetSettlement(NamedTuple):
    ended: str  # won | rubicon | tie (5.1, 5.2)
    winners: tuple[str, ...]  # () on a tie
    stacks: dict[str, int]
    eliminated: tuple[str, ...]  # seat order: under 5S (1.4)
    net: dict[str, int]
    scores: dict[str, int]  # the partie's totals
    deals: tuple[dict, ...]  # six {"dealer", "scores", "detail"}
    margin: int | None  # None on a tie
    paid: int
    transfers: tuple[Transfer, ...]

    @property
    def carry(self) -> dict[str, int]:
        return {}  # no pot (1.4)

    def to_result(self) -> dict:
        """PIQUET-7.3: exactly these fields."""
        return {
            "ended": self.ended,
            "winners": list(self.winners),
            "stacks": dict(self.stacks),
            "eliminated": list(self.eliminated),
            "scores": dict(self.scores),
            "deals": [dict(deal) for deal in self.deals],
            "margin": self.margin,
            "paid": self.paid,
        }


def margin(winner_total: int, loser_total: int) -> tuple[int, bool]:
    """PIQUET-5.2: the margin, and whether the loser was rubiconed (under 100)."""
    if loser_total < 100:
        return winner_total + loser_total + 100, True
    return winner_total - loser_total + 100, False
