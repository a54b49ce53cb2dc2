"""`python -m engine.replay`: output, codes and exit statuses of rules/replay.md."""

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import CODES
from engine.replay import run
from tests.engine.decks import discard, draw, drop, record

QUIET = ["2H 3H 4H 8D 9D", "5H 6H 7H TD JD", "2D 3D 4D 5D 9C"]
SEATS = [("ann", 200), ("bob", 200), ("cy", 35)]


def valid_record() -> dict:
    return record(SEATS, "cy", QUIET, [draw("ann"), discard("ann", "9D"), drop("bob")],
                  stock="AS", carry={"flip": 0, "flop": 30})


def replay_process(args: list[str], stdin: bytes | None = None) -> tuple[dict, int, str]:
    done = subprocess.run(
        [sys.executable, "-m", "engine.replay", *args], input=stdin, capture_output=True,
        timeout=60,
    )
    return json.loads(done.stdout), done.returncode, done.stderr.decode()


def test_a_record_file_prints_the_result_and_exits_0(tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(valid_record()))
    answer, status, stderr = replay_process([str(path)])
    assert status == 0 and stderr == ""
    # bob (38) drops; ann has 18: caught. cy (3 stakes) posted game and flip only.
    assert answer == {
        "ended": "caught",
        "game_winners": ["ann"],
        "flip_winner": "cy",
        "flop_winner": None,
        "stacks": {"ann": 210, "bob": 160, "cy": 35 - 20 + 30},
        "carry": {"flip": 0, "flop": 50},
        "eliminated": [],
    }


def test_the_record_can_come_on_standard_input():
    answer, status, _ = replay_process([], json.dumps(valid_record()).encode())
    assert status == 0 and answer["ended"] == "caught"


@pytest.mark.parametrize(
    "stdin",
    [b"", b"{", b"\xff\xfe\x00", b"[" * 100_000, b"null", b"NaN", b'{"stake": 1e999}', b"9" * 5000],
)
def test_garbage_is_a_bad_record_without_a_traceback(stdin):
    answer, status, stderr = replay_process([], stdin)
    assert status == 1
    assert answer["error"]["code"] == "bad_record" and answer["error"]["action"] is None
    assert "Traceback" not in stderr


def test_a_missing_file_is_an_error_in_json(tmp_path):
    answer, status, stderr = replay_process([str(tmp_path / "nope.json")])
    assert status == 1 and answer["error"]["code"] == "bad_record"
    assert "Traceback" not in stderr


def test_an_illegal_action_names_its_index_and_exits_1():
    data = valid_record()
    data["actions"].insert(0, draw("bob"))
    answer, status = run(json.dumps(data))
    assert status == 1
    assert answer["error"]["action"] == 0 and answer["error"]["code"] == "not_your_turn"
    assert answer["error"]["message"] == "bob acted, but it is ann's turn"


@pytest.mark.parametrize(
    ("change", "action"),
    [
        (lambda d: d.pop("deck"), None),
        (lambda d: d.pop("seats"), None),
        (lambda d: d.update(game="poker"), None),
        (lambda d: d.update(stake=0), None),
        (lambda d: d.update(stake=True), None),
        (lambda d: d.update(stake=2.5), None),
        (lambda d: d["seats"][0].update(stack=-1), None),
        (lambda d: d["seats"].append({"id": "ann", "stack": 5}), None),
        (lambda d: d.update(seats=[{"id": str(i), "stack": 100} for i in range(6)], dealer="0"),
         None),
        (lambda d: d.update(dealer="zed"), None),
        (lambda d: d["deck"].pop(), None),
        (lambda d: d["deck"].__setitem__(0, d["deck"][1]), None),
        (lambda d: d["deck"].__setitem__(0, "ZZ"), None),
        (lambda d: d.update(carry={"flip": -3}), None),
        (lambda d: d.update(actions={}), None),
        (lambda d: d["actions"].__setitem__(0, {"seat": "zed", "do": "draw", "from": "stock"}), 0),
        (lambda d: d["actions"].__setitem__(1, {"seat": "ann", "do": "discard", "card": "1X"}), 1),
        (lambda d: d["actions"].__setitem__(0, {"seat": "ann", "do": "fly"}), 0),
        (lambda d: d["actions"].__setitem__(0, {"seat": "ann", "do": "draw", "from": "sky"}), 0),
        (lambda d: d["actions"].__setitem__(0, "draw"), 0),
    ],
)
def test_malformed_records_are_bad_records(change, action):
    data = valid_record()
    change(data)
    answer, status = run(json.dumps(data))
    assert status == 1
    assert answer["error"]["code"] == "bad_record"
    assert answer["error"]["action"] == action
    assert answer["error"]["message"]


def test_unknown_fields_are_ignored_and_carry_is_optional():
    data = valid_record()
    data["table"] = "#general"
    data["actions"][0]["note"] = "quick"
    del data["carry"]
    answer, status = run(json.dumps(data))
    assert status == 0 and answer["carry"] == {"flip": 0, "flop": 20}


def test_huge_stacks_are_whole_numbers_like_any_other():
    data = valid_record()
    for seat in data["seats"]:
        seat["stack"] = 10**30
    answer, status = run(json.dumps(data))
    assert status == 0
    assert sum(answer["stacks"].values()) + sum(answer["carry"].values()) == 3 * 10**30 + 30


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_any_json_gets_a_known_error_code(value):
    answer, status = run(json.dumps(value))
    assert status == 1 and answer["error"]["code"] in CODES


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_a_record_with_any_field_replaced_gets_an_answer_never_a_crash(data):
    rec = valid_record()
    paths = [("stake",), ("dealer",), ("seats", 0), ("seats", 1, "stack"), ("deck", 3), ("carry",),
             ("actions", 0), ("actions", 1, "card"), ("actions", 2, "seat"), ("game",)]
    path = data.draw(st.sampled_from(paths))
    target = rec
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = data.draw(json_values)
    answer, status = run(json.dumps(rec))
    if status == 0:
        assert set(answer) == {"ended", "game_winners", "flip_winner", "flop_winner", "stacks",
                               "carry", "eliminated"}
    else:
        assert answer["error"]["code"] in CODES
