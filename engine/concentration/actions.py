"""Concentration's one action, the flip of a position (CONC-6.3), and its strict parsing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from engine.errors import EngineError

FLIP = "flip"


class Flip(NamedTuple):
    """`seat` turns up the card at layout position `pos` (CONC-1.1, 2.2)."""

    seat: str
    pos: int

    def to_json(self) -> dict:
        return {"seat": self.seat, "do": FLIP, "pos": self.pos}


def parse_flip(raw: Any, index: int, seat_ids: Sequence[str]) -> Flip:
    """One record action, or `bad_record` pinned to its index (CONC-6.5)."""
    if isinstance(raw, Flip):
        return raw
    if not isinstance(raw, dict):
        raise EngineError("bad_record", f"action {index} must be an object", index)
    seat = raw.get("seat")
    if not isinstance(seat, str) or seat not in seat_ids:
        raise EngineError("bad_record", f"action {index}: {seat!r} is not a seat here", index)
    if raw.get("do") != FLIP:
        raise EngineError(
            "bad_record", f"action {index}: unknown action {raw.get('do')!r} (flip)", index
        )
    pos = raw.get("pos")
    # A JSON integer only: `true` and 17.0 are not positions. Out of range is a legal
    # question (illegal_play), not a malformed record.
    if isinstance(pos, bool) or not isinstance(pos, int):
        raise EngineError(
            "bad_record", f'action {index}: a flip needs "pos", a whole number', index
        )
    return Flip(seat, pos)
