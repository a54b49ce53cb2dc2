"""How a Faro deal ended and where every chip went (FARO-5, 6, 9)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.settlement import SettlementBase


@dataclass(slots=True, kw_only=True)
class FaroSettlement(SettlementBase):
    """`ended` is hoc or abandoned; the winners end above their starting stack; the
    transfers are every bet placed, taken down, won and lost, in order. Nothing carries:
    every bet is settled or returned (FARO-5.4)."""

    house: int  # chips the house won, negative if it paid (G2.7)
    turns: int  # turns dealt
    left: tuple[str, ...]  # seats that left, seat order (FARO-2.4)

    def page_fields(self) -> dict:
        return {"house": self.house, "turns": self.turns, "left": list(self.left)}
