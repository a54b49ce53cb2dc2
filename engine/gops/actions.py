"""Gops's one action, the bid (GOPS-6.3), and its strict parsing from a record."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from engine import cards as C
from engine.cards import Card, CardError
from engine.errors import EngineError

BID = "bid"


class Bid(NamedTuple):
    seat: str
    card: Card

    def to_json(self) -> dict:
        return {"seat": self.seat, "do": BID, "card": C.code(self.card)}


def parse_bid(raw: Any, index: int, seat_ids: Sequence[str]) -> Bid:
    """One record action, or `bad_record` pinned to its index (GOPS-6.5)."""
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
    if "card" not in raw:
        raise EngineError("bad_record", f'action {index}: a bid needs a "card"', index)
    try:
        return Bid(seat, C.parse(raw["card"]))
    except CardError as exc:
        raise EngineError("bad_record", f"action {index}: {exc}", index) from None
