"""Reading a record's actions (G3.4): each one `{"seat", "do", ...}`, read by one parser.

A game names its kinds of action (the `do` values) and gives each a reader of its own
fields; `ActionParser` checks what every action shares, in one order: an object, a seat
at the table, a known `do`. Parsing is strict and every refusal is a `bad_record`
pinned to the action's index, so the first action that cannot be read is the one
reported (G3.6). The field readers below say, in the game's own words, what is wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine import cards as C
from engine.cards import Card, CardError
from engine.errors import EngineError

# (seat, the raw action, its index) -> the game's action value
Reader = Callable[[str, dict, int], Any]

NOT_AN_OBJECT = "action {index} must be an object"
NOT_A_SEAT = "action {index}: {seat!r} is not a seat at this table"
NOT_A_SEAT_HERE = "action {index}: {seat!r} is not a seat here"


def bad(index: int, message: str) -> EngineError:
    """The `bad_record` refusing action `index`, its message led by the action's number.

    Only a record's raw actions are read here (a replay): `message` stays English."""
    return EngineError(
        "bad_record", "action {index}: {message}", index, index=index, message=message
    )


def whole_number(raw: dict, key: str, index: int, needs: str, *, least: int | None = None) -> int:
    """`raw[key]`, a JSON integer (`true` and 2.0 are not), at least `least` if given;
    `needs` says what the action needs when it is not."""
    value = raw.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise bad(index, needs)
    if least is not None and value < least:
        raise bad(index, needs)
    return value


def flag(raw: dict, key: str, index: int, message: str) -> bool:
    """`raw[key]`, true or false, false when absent; `message` when it is neither."""
    value = raw.get(key, False)
    if not isinstance(value, bool):
        raise bad(index, message)
    return value


def card(code: Any, index: int, *, joker: bool = False, field: str = "") -> Card:
    """A card code (G1.1), the joker's too with `joker`; `field` names where it was."""
    try:
        return C.parse_with_joker(code) if joker else C.parse(code)
    except CardError as exc:
        raise bad(index, f"{field}: {exc}" if field else str(exc)) from None


class ActionParser:
    """A game's `parse_action` (engine/base.py): one record action, raw or already read,
    or `bad_record` pinned to its index.

    `readers` maps each `do` to the reader of its fields, in the order a refusal lists
    them; `types` are the game's action values, which pass through as they are. The two
    messages are the page's words for an action that is not an object and for a seat
    that is not at the table (templates of `index` and `seat`).
    """

    __slots__ = ("readers", "types", "not_an_object", "not_a_seat", "_unknown")

    def __init__(
        self,
        readers: Mapping[str, Reader],
        types: tuple[type, ...],
        *,
        not_an_object: str = NOT_AN_OBJECT,
        not_a_seat: str = NOT_A_SEAT,
    ) -> None:
        self.readers = dict(readers)
        self.types = types
        self.not_an_object = not_an_object
        self.not_a_seat = not_a_seat
        self._unknown = ", ".join(self.readers)

    def __call__(self, raw: Any, index: int, seat_ids: Sequence[str]) -> Any:
        if isinstance(raw, self.types):
            return raw
        if not isinstance(raw, dict):
            raise EngineError("bad_record", self.not_an_object, index, index=index)
        seat = raw.get("seat")
        if not isinstance(seat, str) or seat not in seat_ids:
            raise EngineError("bad_record", self.not_a_seat, index, index=index, seat=seat)
        kind = raw.get("do")
        reader = self.readers.get(kind) if isinstance(kind, str) else None
        if reader is None:
            raise bad(index, f"unknown action {kind!r} ({self._unknown})")
        return reader(seat, raw, index)
