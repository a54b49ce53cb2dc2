"""Page One's one action, a play (PAGEONE-8.2), and reading it from a record."""

from __future__ import annotations

from typing import Any, NamedTuple

from engine import cards as C
from engine.action_parser import ActionParser, card, flag
from engine.cards import Card

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


def _read_play(seat: str, raw: dict, index: int) -> Play:
    played = card(raw.get("card"), index, joker=True)
    return Play(seat, played, flag(raw, "call", index, "call must be true or false"))


# One record action, or `bad_record` pinned to its index (PAGEONE-8.4).
parse_action = ActionParser({PLAY: _read_play}, (Play,))
