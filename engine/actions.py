"""What a player can do on a turn (GFF-5.2), as frozen values.

The same values are the actions of a hand record, the messages a Discord view
sends, and what a computer player returns. NamedTuples rather than frozen
dataclasses: just as immutable, and cheaper to build, which counts when the
simulator plays thousands of hands a second. The engine dispatches on the type,
so two kinds never stand in for each other.
"""

from __future__ import annotations

from typing import NamedTuple

from engine import cards as C
from engine.cards import Card

STOCK = "stock"
DISCARD = "discard"


class Drop(NamedTuple):
    seat: str

    def to_json(self) -> dict:
        return {"seat": self.seat, "do": "drop"}


class Draw(NamedTuple):
    seat: str
    source: str  # STOCK or DISCARD

    def to_json(self) -> dict:
        return {"seat": self.seat, "do": "draw", "from": self.source}


class Spread(NamedTuple):
    seat: str
    cards: tuple[Card, ...]

    def to_json(self) -> dict:
        return {"seat": self.seat, "do": "spread", "cards": [C.code(c) for c in self.cards]}


class Hit(NamedTuple):
    seat: str
    spread: int  # index in the order spreads were laid this hand
    cards: tuple[Card, ...]

    def to_json(self) -> dict:
        return {
            "seat": self.seat,
            "do": "hit",
            "spread": self.spread,
            "cards": [C.code(c) for c in self.cards],
        }


class Discard(NamedTuple):
    seat: str
    card: Card

    def to_json(self) -> dict:
        return {"seat": self.seat, "do": "discard", "card": C.code(self.card)}


Action = Drop | Draw | Spread | Hit | Discard

# The kinds a view offers as buttons; `legal_actions` answers with these.
DROP = "drop"
DRAW_STOCK = "draw_stock"
DRAW_DISCARD = "draw_discard"
SPREAD = "spread"
HIT = "hit"
DISCARD_CARD = "discard"
