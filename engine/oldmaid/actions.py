"""Old Maid's one action, the draw by position (OLDMAID-7.3), and its strict parsing."""

from __future__ import annotations

from typing import NamedTuple

from engine.action_parser import NOT_A_SEAT_HERE, ActionParser, whole_number

DRAW = "draw"


class Draw(NamedTuple):
    """`seat` draws the card at `pos` of the holder's hand in rank order (OLDMAID-3.2)."""

    seat: str
    pos: int

    def to_json(self) -> dict:
        return {"seat": self.seat, "do": DRAW, "pos": self.pos}


def _read_draw(seat: str, raw: dict, index: int) -> Draw:
    return Draw(seat, whole_number(raw, "pos", index, 'a draw needs "pos", a whole number'))


# One record action, or `bad_record` pinned to its index (OLDMAID-7.5).
parse_draw = ActionParser({DRAW: _read_draw}, (Draw,), not_a_seat=NOT_A_SEAT_HERE)
