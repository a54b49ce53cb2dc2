"""How a partie of Piquet ended and the chips it moved (PIQUET-5, 6, 7.3)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.settlement import ScoredSettlement


@dataclass(slots=True, kw_only=True)
class PiquetSettlement(ScoredSettlement):
    """PIQUET-7.3: `ended` is won, rubicon or tie (5.1, 5.2), with no winner on a tie;
    the scores are the partie's totals. There is no pot (1.4): nothing carries."""

    deals: tuple[dict, ...]  # six {"dealer", "scores", "detail"}
    margin: int | None  # None on a tie
    paid: int

    def page_fields(self) -> dict:
        return {
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
