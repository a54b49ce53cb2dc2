"""The flush auction's one action, the bid (AUCTION-8.3), and its strict parsing."""

from __future__ import annotations

from typing import NamedTuple

from engine.action_parser import NOT_A_SEAT_HERE, ActionParser, whole_number

BID = "bid"


class Bid(NamedTuple):
    seat: str
    amount: int  # game chips (AUCTION-1.3)

    def to_json(self) -> dict:
        return {"seat": self.seat, "do": BID, "amount": self.amount}


def _read_bid(seat: str, raw: dict, index: int) -> Bid:
    return Bid(seat, whole_number(raw, "amount", index, 'a bid needs an "amount", a whole number'))


# One record action, or `bad_record` pinned to its index (AUCTION-8.5).
parse_bid = ActionParser({BID: _read_bid}, (Bid,), not_a_seat=NOT_A_SEAT_HERE)
