"""A Farmer player's two moves (FARMER-4.1), and reading them from a record (FARMER-8)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from engine.errors import EngineError

HIT = "hit"
STAY = "stay"


class FarmerAction(NamedTuple):
    seat: str
    do: str  # HIT or STAY

    def to_json(self) -> dict:
        return {"seat": self.seat, "do": self.do}


def parse_action(raw: Any, index: int, seat_ids: Sequence[str]) -> FarmerAction:
    """One record action, or `bad_record` pinned to its index."""
    if isinstance(raw, FarmerAction):
        return raw
    if not isinstance(raw, dict):
        raise EngineError("bad_record", f"action {index} must be an object", index)
    seat = raw.get("seat")
    if not isinstance(seat, str) or seat not in seat_ids:
        raise EngineError("bad_record", f"action {index}: {seat!r} is not a seat at this table",
                          index)
    kind = raw.get("do")
    if kind not in (HIT, STAY):
        raise EngineError("bad_record", f"action {index}: unknown action {kind!r} (hit, stay)",
                          index)
    return FarmerAction(seat, kind)
