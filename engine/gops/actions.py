"""Gops's one action, the bid (GOPS-6.3), and its strict parsing from a record."""

from __future__ import annotations

from typing import NamedTuple

from engine import cards as C
from engine.action_parser import NOT_A_SEAT_HERE, ActionParser, bad, card
from engine.cards import Card

BID = "bid"


class Bid(NamedTuple):
    seat: str
    card: Card

    def to_json(self) -> dict:
        return {"seat": self.seat, "do": BID, "card": C.code(self.card)}


def _read_bid(seat: str, raw: dict, index: int) -> Bid:
    if "card" not in raw:
        raise bad(index, 'a bid needs a "card"')
    return Bid(seat, card(raw["card"], index))


# One record action, or `bad_record` pinned to its index (GOPS-6.5).
parse_bid = ActionParser({BID: _read_bid}, (Bid,), not_a_seat=NOT_A_SEAT_HERE)
