"""The shared rule-test helpers fail a test when the engine answers otherwise than expected."""

from __future__ import annotations

import pytest

from tests.engine.decks import drop, record
from tests.engine.helpers import error, replay, table_record

QUIET = ["2H 3H 4H 8D 9D", "5H 6H 7H TD JD", "2D 3D 4D 5D 9C"]
ACCEPTED = record([("ann", 200), ("bob", 200), ("cy", 35)], "cy", QUIET, [drop("ann")])
REFUSED = {**ACCEPTED, "stake": -1}


def test_a_table_record_starts_with_game_stake_and_seats_then_the_fields_in_order():
    data = table_record("gops", [("a", 100), ("b", 90)], 5, dealer="b", options={}, deck=[])
    assert list(data) == ["game", "stake", "seats", "dealer", "options", "deck"]
    assert data["seats"] == [{"id": "a", "stack": 100}, {"id": "b", "stack": 90}]


def test_replay_answers_an_accepted_record_and_fails_on_a_refused_one():
    assert "stacks" in replay(ACCEPTED)
    with pytest.raises(AssertionError):
        replay(REFUSED)


def test_error_answers_a_refused_record_and_fails_on_an_accepted_one():
    assert error(REFUSED)["code"] == "bad_record"
    with pytest.raises(AssertionError):
        error(ACCEPTED)
