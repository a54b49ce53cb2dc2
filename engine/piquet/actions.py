"""Piquet's four actions (PIQUET-7.2), and reading their shape from a record.

Card codes stay as written here: PIQUET-7.4 checks them only after the phase and the
turn, so the deal reads them in its own check.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.action_parser import ActionParser, bad, flag

EXCHANGE = "exchange"
DECLARE = "declare"
SINK = "sink"
PLAY = "play"

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


def _kind(raw: dict, index: int) -> str:
    if raw.get("kind") not in KINDS:
        raise bad(index, f'"kind" must be one of {", ".join(KINDS)}')
    return raw["kind"]


def _cards(raw: dict, index: int) -> tuple[Any, ...]:
    if not isinstance(raw.get("cards"), list):
        raise bad(index, f'{raw["do"]} needs "cards", a list of card codes')
    return tuple(raw["cards"])


def _read_exchange(seat: str, raw: dict, index: int) -> Exchange:
    cards = _cards(raw, index)
    return Exchange(seat, cards, flag(raw, "show_rest", index, "show_rest must be true or false"))


def _read_declare(seat: str, raw: dict, index: int) -> Declare:
    kind = _kind(raw, index)
    return Declare(seat, kind, _cards(raw, index))


def _read_sink(seat: str, raw: dict, index: int) -> Sink:
    return Sink(seat, _kind(raw, index))


def _read_play(seat: str, raw: dict, index: int) -> Play:
    if "card" not in raw:
        raise bad(index, 'play needs a "card"')
    return Play(seat, raw["card"])


# PIQUET-7.4's first check, the shape: `bad_record` pinned to the action's index.
parse_action = ActionParser(
    {EXCHANGE: _read_exchange, DECLARE: _read_declare, SINK: _read_sink, PLAY: _read_play},
    (Exchange, Declare, Sink, Play),
)
