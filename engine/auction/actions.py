"""The flush auction's one action, the bid (AUCTION-8.3), and its strict parsing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from engine.errors import EngineError

BID = "bid"


class Bid(NamedTuple):
    seat: str
    amount: int  # game chips (AUCTION-1.3)

    def to_json(self) -> dict:
        return {"seat": self.seat, "do": BID, "amount": self.amount}


def parse_bid(raw: Any, index: int, seat_ids: Sequence[str]) -> Bid:
    """One record action, or `bad_record` pinned to its index (AUCTION-8.5)."""
    if isinstance(raw, Bid):
        return raw
    if not isinstance(raw, dict):
        raise EngineError("bad_record", f"action {index} must be an object", index)
    seat = raw.get("seat")
    if not isinstance(seat, str) or seat not in seat_ids:
        raise EngineError("bad_record", f"action {index}: {seat!r} is not a seat here", index)
    if raw.get("do") != BID:
        raise EngineError(
            "bad_record", f"action {index}: unknown action {raw.get('do')!r} (bid)", index
        )
    amount = raw.get("amount")
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise EngineError(
            "bad_record", f'action {index}: a bid needs an "amount", a whole number', index
        )
    return Bid(seat, amount)
