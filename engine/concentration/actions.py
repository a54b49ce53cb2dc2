"""Concentration's one action, the flip of a position (CONC-6.3), and its strict parsing."""

from __future__ import annotations

from typing import NamedTuple

from engine.action_parser import NOT_A_SEAT_HERE, ActionParser, whole_number

FLIP = "flip"


class Flip(NamedTuple):
    """`seat` turns up the card at layout position `pos` (CONC-1.1, 2.2)."""

    seat: str
    pos: int

    def to_json(self) -> dict:
        return {"seat": self.seat, "do": FLIP, "pos": self.pos}


def _read_flip(seat: str, raw: dict, index: int) -> Flip:
    # Out of range is a legal question (illegal_play), not a malformed record.
    return Flip(seat, whole_number(raw, "pos", index, 'a flip needs "pos", a whole number'))


# One record action, or `bad_record` pinned to its index (CONC-6.5).
parse_flip = ActionParser({FLIP: _read_flip}, (Flip,), not_a_seat=NOT_A_SEAT_HERE)
