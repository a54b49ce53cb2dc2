"""How a shedding game ended and where the pot went: the first player out takes it, or a
drawn game gives every ante back (PAGEONE-5, JCI-5)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.settlement import SettlementBase

POT = "pot"  # the one pot, every ante in it (PAGEONE-2.1, JCI-2.1)

# The result's `ended` (PAGEONE-5, JCI-5).
OUT = "out"  # 5.1: a player went out
DRAWN = "drawn"  # 5.2: a card had to be drawn and there was none
ENDINGS = (OUT, DRAWN)


@dataclass(slots=True, kw_only=True)
class SheddingSettlement(SettlementBase):
    """PAGEONE-8.3, JCI-8.3: the winner is the player who went out, none when drawn; the
    pot never carries."""

    cards_left: dict[str, int]  # dealt-in seat -> cards held at the end

    def page_fields(self) -> dict:
        return {"cards_left": dict(self.cards_left)}
