"""Old Maid's one action, the draw by position (OLDMAID-7.3), and its strict parsing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from engine.errors import EngineError

DRAW = "draw"


class Draw(NamedTuple):
    """`seat` draws the card at `pos` of the holder's hand in rank order (OLDMAID-3.2)."""

    seat: str
    pos: int

    def to_json(self) -> dict:
        return {"seat": self.seat, "do": DRAW, "pos": self.pos}


def parse_draw(raw: Any, index: int, seat_ids: Sequence[str]) -> Draw:
    """One record action, or `bad_record` pinned to its index (OLDMAID-7.5)."""
    if isinstance(raw, Draw):
        return raw
    if not isinstance(raw, dict):
        raise EngineError("bad_record", f"action {index} must be an object", index)
    seat = raw.get("seat")
    if not isinstance(seat, str) or seat not in seat_ids:
        raise EngineError("bad_record", f"action {index}: {seat!r} is not a seat here", index)
    if raw.get("do") != DRAW:
        raise EngineError(
            "bad_record", f"action {index}: unknown action {raw.get('do')!r} (draw)", index
        )
    pos = raw.get("pos")
    # A JSON integer only: `true` and 2.0 are not positions.
    if isinstance(pos, bool) or not isinstance(pos, int):
        raise EngineError(
            "bad_record", f'action {index}: a draw needs "pos", a whole number', index
        )
    return Draw(seat, pos)
