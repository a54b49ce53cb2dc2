"""Jack Change It's two actions (JCI-8.2), and reading them from a record."""

from __future__ import annotations

from typing import Any, NamedTuple

from engine import cards as C
from engine.action_parser import ActionParser, bad, card
from engine.cards import Card
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


def _read_play(seat: str, raw: dict, index: int) -> Play:
    played = card(raw.get("card"), index)
    suit = None
    if C.rank(played) == JACK:
        named = raw.get("suit")
        if not isinstance(named, str) or named.strip().upper() not in C.SUITS:
            raise bad(index, 'a jack names a suit: "suit" is one of S, H, D, C')
        suit = C.SUITS.index(named.strip().upper())
    elif "suit" in raw:
        raise bad(index, "only a jack names a suit")
    with_ = card(raw["with"], index) if "with" in raw else None
    return Play(seat, played, suit, with_)


def _read_draw(seat: str, raw: dict, index: int) -> Draw:
    return Draw(seat)


# One record action, or `bad_record` pinned to its index (JCI-8.4).
parse_action = ActionParser({PLAY: _read_play, DRAW: _read_draw}, (Play, Draw))
