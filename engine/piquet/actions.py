"""Piquet's four actions (PIQUET-7.2), and reading their shape from a record.

Card codes stay as written here: PIQUET-7.4 checks them only after the phase and the
turn, so the deal reads them in its own check.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from engine.errors import EngineError

EXCHANGE = "exchange"
DECLARE = "declare"
SINK = "sink"
PLAY = "play"
DOS = (EXCHANGE, DECLARE, SINK, PLAY)

POINT = "point"
SEQUENCE = "sequence"
SET = "set"
KINDS = (POINT, SEQUENCE, SET)  # PIQUET-3.1, in the order they are declared


class Exchange(NamedTuple):
    seat: str
    cards: tuple[Any, ...]  # the discards, as card codes
    show_rest: bool = False  # PIQUET-2.4, the dealer's only

    def to_json(self) -> dict:
        data: dict[str, Any] = {"seat": self.seat, "do": EXCHANGE, "cards": list(self.cards)}
        if self.show_rest:
            data["show_rest"] = True
        return data


class Declare(NamedTuple):
    seat: str
    kind: str
    cards: tuple[Any, ...]  # one whole combination (PIQUET-3.1)

    def to_json(self) -> dict:
        return {"seat": self.seat, "do": DECLARE, "kind": self.kind, "cards": list(self.cards)}


class Sink(NamedTuple):
    seat: str
    kind: str

    def to_json(self) -> dict:
        return {"seat": self.seat, "do": SINK, "kind": self.kind}


class Play(NamedTuple):
    seat: str
    card: Any

    def to_json(self) -> dict:
        return {"seat": self.seat, "do": PLAY, "card": self.card}


Action = Exchange | Declare | Sink | Play


def _bad(message: str, index: int) -> EngineError:
    return EngineError("bad_record", f"action {index}: {message}", index)


def parse_action(raw: Any, index: int, seat_ids: Sequence[str]) -> Action:
    """PIQUET-7.4's first check, the shape: `bad_record` pinned to the action's index."""
    if isinstance(raw, (Exchange, Declare, Sink, Play)):
        return raw
    if not isinstance(raw, dict):
        raise EngineError("bad_record", f"action {index} must be an object", index)
    seat = raw.get("seat")
    if not isinstance(seat, str) or seat not in seat_ids:
        raise _bad(f"{seat!r} is not a seat at this table", index)
    do = raw.get("do")
    if do not in DOS:
        raise _bad(f"unknown action {do!r} ({', '.join(DOS)})", index)
    if do in (DECLARE, SINK) and raw.get("kind") not in KINDS:
        raise _bad(f'"kind" must be one of {", ".join(KINDS)}', index)
    if do in (EXCHANGE, DECLARE) and not isinstance(raw.get("cards"), list):
        raise _bad(f'{do} needs "cards", a list of card codes', index)
    if do == PLAY and "card" not in raw:
        raise _bad('play needs a "card"', index)
    if do == EXCHANGE:
        show_rest = raw.get("show_rest", False)
        if not isinstance(show_rest, bool):
            raise _bad("show_rest must be true or false", index)
        return Exchange(seat, tuple(raw["cards"]), show_rest)
    if do == DECLARE:
        return Declare(seat, raw["kind"], tuple(raw["cards"]))
    if do == SINK:
        return Sink(seat, raw["kind"])
    return Play(seat, raw["card"])
