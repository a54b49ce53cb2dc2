"""Fifty-One's two actions (FIFTYONE-8.2), and reading them from a record."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from engine import cards as C
from engine.cards import Card, CardError
from engine.errors import EngineError

CLEAR = "clear"
SWAP = "swap"


class Clear(NamedTuple):
    seat: str  # FIFTYONE-4.3: the board to the discard pile, five new from the stock

    def to_json(self) -> dict:
        return {"seat": self.seat, "do": CLEAR}


class Swap(NamedTuple):
    seat: str
    take: Card  # FIFTYONE-4.2: a board card into the hand
    give: Card  # the card held before the take that goes in its place
    stop: bool = False  # FIFTYONE-4.5: Swap and Stop

    def to_json(self) -> dict:
        data: dict[str, Any] = {
            "seat": self.seat, "do": SWAP, "take": C.code(self.take), "give": C.code(self.give)
        }
        if self.stop:
            data["stop"] = True
        return data


Action = Clear | Swap


def _bad(message: str, index: int) -> EngineError:
    return EngineError("bad_record", f"action {index}: {message}", index)


def _card(raw: dict, key: str, index: int) -> Card:
    if key not in raw:
        raise _bad(f'a swap needs "{key}", a card code', index)
    try:
        # JK parses here; a deal without the joker option refuses it as bad_record.
        return C.parse_with_joker(raw[key])
    except CardError as exc:
        raise _bad(f"{key}: {exc}", index) from None


def parse_action(raw: Any, index: int, seat_ids: Sequence[str]) -> Action:
    """One record action, or `bad_record` pinned to its index (FIFTYONE-8.4)."""
    if isinstance(raw, (Clear, Swap)):
        return raw
    if not isinstance(raw, dict):
        raise EngineError("bad_record", f"action {index} must be an object", index)
    seat = raw.get("seat")
    if not isinstance(seat, str) or seat not in seat_ids:
        raise _bad(f"{seat!r} is not a seat at this table", index)
    kind = raw.get("do")
    if kind not in (CLEAR, SWAP):
        raise _bad(f"unknown action {kind!r} (clear, swap)", index)
    stop = raw.get("stop", False)
    if not isinstance(stop, bool):
        raise _bad("stop must be true or false", index)
    if kind == CLEAR:
        if stop:
            raise _bad("Stop is called with a swap, not a clear (FIFTYONE-4.5)", index)
        return Clear(seat)
    return Swap(seat, _card(raw, "take", index), _card(raw, "give", index), stop)
