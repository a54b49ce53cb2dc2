"""Reading a record's "seat + do" actions (G3.4, G3.6), as every game's parser does."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from engine import cards as C
from engine.action_parser import NOT_A_SEAT_HERE, ActionParser, bad, card, flag, whole_number
from engine.errors import EngineError

SEATS = ["ann", "bob"]


class Tap(NamedTuple):
    seat: str
    times: int


class Pass(NamedTuple):
    seat: str


def read_tap(seat: str, raw: dict, index: int) -> Tap:
    return Tap(seat, whole_number(raw, "times", index, 'a tap needs "times", a whole number'))


def read_pass(seat: str, raw: dict, index: int) -> Pass:
    return Pass(seat)


PARSE = ActionParser({"tap": read_tap, "pass": read_pass}, (Tap, Pass))


def refusal(parse, raw) -> EngineError:
    with pytest.raises(EngineError) as caught:
        parse(raw, 3, SEATS)
    assert caught.value.code == "bad_record" and caught.value.action == 3
    return caught.value


def test_g3_4_each_do_is_read_by_its_own_reader():
    assert PARSE({"seat": "bob", "do": "tap", "times": 2}, 0, SEATS) == Tap("bob", 2)
    assert PARSE({"seat": "ann", "do": "pass", "extra": 1}, 0, SEATS) == Pass("ann")


def test_an_action_already_read_passes_as_it_is():
    tap = Tap("zed", 1)  # not re-checked: the deal checks who may act
    assert PARSE(tap, 0, SEATS) is tap


def test_g3_6_the_shared_refusals_name_the_action_and_what_is_wrong():
    assert refusal(PARSE, [1]).message == "action 3 must be an object"
    assert refusal(PARSE, {"seat": "cy", "do": "tap"}).message == (
        "action 3: 'cy' is not a seat at this table"
    )
    assert refusal(PARSE, {"seat": "ann", "do": "jump"}).message == (
        "action 3: unknown action 'jump' (tap, pass)"  # the kinds in the game's order
    )


def test_a_do_that_is_no_string_is_refused_not_a_crash():
    for do in ([], {}, None, 7):
        assert refusal(PARSE, {"seat": "ann", "do": do}).message.startswith(
            "action 3: unknown action"
        )


def test_a_page_words_its_refusals_its_own_way():
    here = ActionParser({"tap": read_tap}, (Tap,), not_a_seat=NOT_A_SEAT_HERE,
                        not_an_object="action {index}: must be an object")
    assert refusal(here, {"seat": 5, "do": "tap"}).message == "action 3: 5 is not a seat here"
    assert refusal(here, "tap").message == "action 3: must be an object"


def test_the_field_readers_are_strict():
    assert refusal(PARSE, {"seat": "ann", "do": "tap", "times": True}).message == (
        'action 3: a tap needs "times", a whole number'  # true is not a number
    )
    with pytest.raises(EngineError, match="at least"):
        whole_number({"n": 0}, "n", 1, "n must be at least 1", least=1)
    assert flag({}, "call", 1, "no") is False
    with pytest.raises(EngineError, match="call must be true or false"):
        flag({"call": "yes"}, "call", 1, "call must be true or false")
    assert card("jk", 1, joker=True) == C.JOKER
    with pytest.raises(EngineError) as caught:
        card("ZZ", 4, field="take")
    assert caught.value.message.startswith("action 4: take: ") and caught.value.action == 4
    assert bad(2, "why").message == "action 2: why"
