"""How a Tonk hand ended and who paid whom (TONK-5, TONK-6)."""

from __future__ import annotations

from typing import NamedTuple

from engine.cards import Card
from engine.chips import Transfer

# The result's `ended` (TONK-6).
INSTANT = "instant"  # one tonk on the deal (3.2)
INSTANT_DRAW = "instant_draw"  # two or more (3.3)
RUNNING_OUT = "running_out"  # 5.1
TONK_OUT = "tonk_out"  # 5.2
DROP = "drop"  # 5.3, the dropper strictly lowest
CAUGHT = "caught"  # 5.3
STOCK_OUT = "stock_out"  # 5.4, one lowest hand
STOCK_OUT_DRAW = "stock_out_draw"  # 5.4, a tie for lowest

ENDINGS = (INSTANT, INSTANT_DRAW, RUNNING_OUT, TONK_OUT, DROP, CAUGHT, STOCK_OUT, STOCK_OUT_DRAW)


class TonkSettlement(NamedTuple):
    ended: str
    winners: tuple[str, ...]  # who was paid, in seat order (TONK-6)
    stacks: dict[str, int]  # every seat, after the payments
    eliminated: tuple[str, ...]  # seat order: now below 2S (TONK-2.3)
    net: dict[str, int]  # stack after minus stack before
    paid: dict[str, int]  # seat -> chips received this hand
    shown: dict[str, tuple[Card, ...]]  # the hands the rules show at the end
    values: dict[str, int]  # the value of each shown hand
    transfers: tuple[Transfer, ...]  # every payment, seat to seat, in the order made

    @property
    def carry(self) -> dict[str, int]:
        return {}  # TONK-2.2: no pots, nothing carries

    def to_result(self) -> dict:
        return {
            "ended": self.ended,
            "winners": list(self.winners),
            "stacks": dict(self.stacks),
            "eliminated": list(self.eliminated),
        }
