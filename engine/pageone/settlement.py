"""How a game of Page One ended and where every chip went (PAGEONE-2, 5, 8.3)."""

from __future__ import annotations

from typing import NamedTuple

from engine.chips import Transfer


class PageOneSettlement(NamedTuple):
    ended: str  # out | drawn
    winners: tuple[str, ...]  # the player who went out, or () when drawn
    stacks: dict[str, int]  # every seat, after settlement
    eliminated: tuple[str, ...]  # seat order: below S (2.1)
    net: dict[str, int]
    carry: dict[str, int]  # {}: the pot never carries
    transfers: tuple[Transfer, ...]  # antes first, then the pot
    cards_left: dict[str, int]  # dealt-in seat -> cards held at the end

    def to_result(self) -> dict:
        return {
            "ended": self.ended,
            "winners": list(self.winners),
            "stacks": dict(self.stacks),
            "eliminated": list(self.eliminated),
            "cards_left": dict(self.cards_left),
        }
