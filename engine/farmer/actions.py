"""A Farmer player's two moves (FARMER-4.1), and reading them from a record (FARMER-8)."""

from __future__ import annotations

from typing import NamedTuple

from engine.action_parser import ActionParser

HIT = "hit"
STAY = "stay"


class FarmerAction(NamedTuple):
    seat: str
    do: str  # HIT or STAY

    def to_json(self) -> dict:
        return {"seat": self.seat, "do": self.do}


def _read_hit(seat: str, raw: dict, index: int) -> FarmerAction:
    return FarmerAction(seat, HIT)


def _read_stay(seat: str, raw: dict, index: int) -> FarmerAction:
    return FarmerAction(seat, STAY)


# One record action, or `bad_record` pinned to its index (FARMER-8).
parse_action = ActionParser({HIT: _read_hit, STAY: _read_stay}, (FarmerAction,))
