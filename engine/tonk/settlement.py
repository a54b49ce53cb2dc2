"""How a Tonk hand ended and who paid whom (TONK-5, TONK-6)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.settlement import SettlementBase

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


@dataclass(slots=True, kw_only=True)
class TonkSettlement(SettlementBase):
    """TONK-6: G3.5's fields and nothing more. The winners are who was paid; the
    transfers every payment, seat to seat, in the order made. There are no pots, so
    nothing carries (TONK-2.2)."""

    paid: dict[str, int]  # seat -> chips received this hand
    shown: dict[str, tuple[Card, ...]]  # the hands the rules show at the end
    values: dict[str, int]  # the value of each shown hand
