"""Jack Change It's two actions (JCI-8.2), and reading them from a record."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from engine import cards as C
from engine.cards import Card, CardError
from engine.errors import EngineError
from engine.jackchangeit.info import JACK

PLAY = "play"
DRAW = "draw"


class Play(NamedTuple):
    seat: str
    card: Card
    suit: int | None = None  # JCI-4.5: the suit a jack names
    with_: Card | None = None  # JCI-4.6: the 2 under the A♥

    def to_json(self) -> dict:
        data: dict[str, Any] = {"seat": self.seat, "do": PLAY, "card": C.code(self.card)}
        if self.suit is not None:
            data["suit"] = C.SUITS[self.suit]
        if self.with_ is not None:
            data["with"] = C.code(self.with_)
        return data


class Draw(NamedTuple):
    seat: str  # JCI-4.7: takes the whole pending draw

    def to_json(self) -> dict:
        return {"seat": self.seat, "do": DRAW}


Action = Play | Draw


def _bad(message: str, index: int) -> EngineError:
    return EngineError("bad_record", f"action {index}: {message}", index)


def _card(raw: Any, index: int) -> Card:
    try:
        return C.parse(raw)
    except CardError as exc:
        raise _bad(str(exc), index) from None


def parse_action(raw: Any, index: int, seat_ids: Sequence[str]) -> Action:
    """One record action, or `bad_record` pinned to its index (JCI-8.4)."""
    if isinstance(raw, (Play, Draw)):
        return raw
    if not isinstance(raw, dict):
        raise EngineError("bad_record", f"action {index} must be an object", index)
    seat = raw.get("seat")
    if not isinstance(seat, str) or seat not in seat_ids:
        raise _bad(f"{seat!r} is not a seat at this table", index)
    kind = raw.get("do")
    if kind == DRAW:
        return Draw(seat)
    if kind != PLAY:
        raise _bad(f"unknown action {kind!r} (play, draw)", index)
    card = _card(raw.get("card"), index)
    suit = None
    if C.rank(card) == JACK:
        named = raw.get("suit")
        if not isinstance(named, str) or named.strip().upper() not in C.SUITS:
            raise _bad('a jack names a suit: "suit" is one of S, H, D, C', index)
        suit = C.SUITS.index(named.strip().upper())
    elif "suit" in raw:
        raise _bad("only a jack names a suit", index)
    with_ = _card(raw["with"], index) if "with" in raw else None
    return Play(seat, card, suit, with_)
