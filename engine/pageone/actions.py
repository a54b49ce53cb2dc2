"""Page One's one action, a play (PAGEONE-8.2), and reading it from a record."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from engine import cards as C
from engine.cards import Card, CardError
from engine.errors import EngineError

PLAY = "play"


class Play(NamedTuple):
    seat: str
    card: Card
    call: bool = False  # PAGEONE-4.7: "Page One!" with the play that leaves one card

    def to_json(self) -> dict:
        data: dict[str, Any] = {"seat": self.seat, "do": PLAY, "card": C.code(self.card)}
        if self.call:
            data["call"] = True
        return data


def parse_action(raw: Any, index: int, seat_ids: Sequence[str]) -> Play:
    """One record action, or `bad_record` pinned to its index (PAGEONE-8.4)."""
    if isinstance(raw, Play):
        return raw
    if not isinstance(raw, dict):
        raise EngineError("bad_record", f"action {index} must be an object", index)
    seat = raw.get("seat")
    if not isinstance(seat, str) or seat not in seat_ids:
        raise EngineError(
            "bad_record", f"action {index}: {seat!r} is not a seat at this table", index
        )
    if raw.get("do") != PLAY:
        raise EngineError(
            "bad_record", f"action {index}: unknown action {raw.get('do')!r} (play)", index
        )
    try:
        card = C.parse_with_joker(raw.get("card"))
    except CardError as exc:
        raise EngineError("bad_record", f"action {index}: {exc}", index) from None
    call = raw.get("call", False)
    if not isinstance(call, bool):
        raise EngineError("bad_record", f"action {index}: call must be true or false", index)
    return Play(seat, card, call)
