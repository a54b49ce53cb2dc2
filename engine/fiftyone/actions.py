"""Fifty-One's two actions (FIFTYONE-8.2), and reading them from a record."""

from __future__ import annotations

from typing import Any, NamedTuple

from engine import cards as C
from engine.action_parser import ActionParser, bad, card, flag
from engine.cards import Card

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


def _stop(raw: dict, index: int) -> bool:
    return flag(raw, "stop", index, "stop must be true or false")


def _card(raw: dict, key: str, index: int) -> Card:
    if key not in raw:
        raise bad(index, f'a swap needs "{key}", a card code')
    # JK parses here; a deal without the joker option refuses it as bad_record.
    return card(raw[key], index, joker=True, field=key)


def _read_clear(seat: str, raw: dict, index: int) -> Clear:
    if _stop(raw, index):
        raise bad(index, "Stop is called with a swap, not a clear (FIFTYONE-4.5)")
    return Clear(seat)


def _read_swap(seat: str, raw: dict, index: int) -> Swap:
    stop = _stop(raw, index)
    return Swap(seat, _card(raw, "take", index), _card(raw, "give", index), stop)


# One record action, or `bad_record` pinned to its index (FIFTYONE-8.4).
parse_action = ActionParser({CLEAR: _read_clear, SWAP: _read_swap}, (Clear, Swap))
