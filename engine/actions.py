"""What a player can do on a turn of a rummy game (GFF-5.2), as frozen values, and
reading them from a record (`parse_action`, GFF's and Tonk's).

The same values are the actions of a hand record, the messages a Discord view
sends, and what a computer player returns. NamedTuples rather than frozen
dataclasses: just as immutable, and cheaper to build, which counts when the
simulator plays thousands of hands a second. The engine dispatches on the type,
so two kinds never stand in for each other.
"""

from __future__ import annotations

from typing import NamedTuple

from engine import cards as C
from engine.action_parser import ActionParser, bad, card, whole_number
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

# What a turn offers (GFF-5.2): before the draw, by whether the discard pile has a card;
BEFORE_DRAW = {False: (DROP, DRAW_STOCK), True: (DROP, DRAW_STOCK, DRAW_DISCARD)}
# after it, by (a spread can be laid, a hit can be made).
AFTER_DRAW = {
    False: {False: (DISCARD_CARD,), True: (HIT, DISCARD_CARD)},
    True: {False: (SPREAD, DISCARD_CARD), True: (SPREAD, HIT, DISCARD_CARD)},
}


def _read_drop(seat: str, raw: dict, index: int) -> Drop:
    return Drop(seat)


def _read_draw(seat: str, raw: dict, index: int) -> Draw:
    source = raw.get("from")
    if source not in (STOCK, DISCARD):
        raise bad(index, 'draw needs "from": "stock" or "discard"')
    return Draw(seat, source)


def _cards(raw: dict, index: int) -> tuple[Card, ...]:
    listed = raw.get("cards")
    if not isinstance(listed, list):
        raise bad(index, '"cards" must be a list of card codes')
    return tuple(card(code, index) for code in listed)


def _read_spread(seat: str, raw: dict, index: int) -> Spread:
    return Spread(seat, _cards(raw, index))


def _read_hit(seat: str, raw: dict, index: int) -> Hit:
    target = whole_number(raw, "spread", index, 'hit needs "spread", the index of a spread')
    return Hit(seat, target, _cards(raw, index))


def _read_discard(seat: str, raw: dict, index: int) -> Discard:
    if "card" not in raw:
        raise bad(index, 'discard needs a "card"')
    return Discard(seat, card(raw["card"], index))


# One record action, or `bad_record` pinned to its index (GFF's and Tonk's records).
parse_action = ActionParser(
    {"drop": _read_drop, "draw": _read_draw, "spread": _read_spread, "hit": _read_hit,
     "discard": _read_discard},
    (Drop, Draw, Spread, Hit, Discard),
)
