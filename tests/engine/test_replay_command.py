"""`python -m engine.replay`: output, codes and exit statuses of docs/rules/replay.md."""

import io
import json
import os
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import games, replay
from engine.errors import CODES
from engine.record import parse_record
from engine.replay import MAX_RECORD_BYTES, main, run
from tests.engine.decks import discard, draw, drop, record

SAMPLE = Path(__file__).resolve().parents[2] / "docs" / "sample-record.json"

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


def test_a_missing_file_is_an_error_in_json_that_names_it(tmp_path):
    path = tmp_path / "nope.json"
    answer, status, stderr = replay_process([str(path)])
    assert status == 1
    assert answer["error"] == {
        "action": None, "code": "bad_record",
        "message": f"cannot read the record file {path}: No such file or directory",
    }
    assert "Traceback" not in stderr


def replay_main(args: list[str], capsys) -> tuple[dict, int, str]:
    """main() in this process: its JSON answer, exit status and standard error."""
    status = main(args)
    out, err = capsys.readouterr()
    return json.loads(out), status, err


def test_a_directory_is_named_in_its_error(tmp_path, capsys):
    answer, status, _ = replay_main([str(tmp_path)], capsys)
    assert status == 1
    assert answer["error"]["message"] == f"cannot read the record file {tmp_path}: Is a directory"


def test_a_file_without_permission_is_named_in_its_error(tmp_path, capsys, monkeypatch):
    # Refused by a stand-in for open(): as root, a real file's mode would not stop the read.
    path = tmp_path / "locked.json"

    def refuse(name, *args, **kwargs):
        raise PermissionError(13, "Permission denied", name)

    monkeypatch.setattr(replay, "open", refuse, raising=False)
    answer, status, _ = replay_main([str(path)], capsys)
    assert status == 1
    assert answer["error"]["message"] == f"cannot read the record file {path}: Permission denied"


def test_closed_standard_input_is_an_error_in_json():
    done = subprocess.run(
        [sys.executable, "-m", "engine.replay"], stdin=subprocess.DEVNULL,
        preexec_fn=lambda: os.close(0), capture_output=True, timeout=60,
    )
    assert done.returncode == 1 and b"Traceback" not in done.stderr
    assert json.loads(done.stdout)["error"]["message"] == (
        "cannot read the record: standard input is closed"
    )


def test_a_terminal_on_standard_input_gets_the_usage_instead_of_a_silent_wait():
    controller, terminal = os.openpty()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "engine.replay"], stdin=terminal, capture_output=True,
            timeout=60,
        )
    finally:
        os.close(terminal)
        os.close(controller)
    assert done.returncode == 2 and done.stdout == b""
    usage = done.stderr.decode().splitlines()
    assert len(usage) == 2
    assert usage[0].startswith("usage: python -m engine.replay RECORD.json")
    assert "docs/sample-record.json" in usage[1]


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help_prints_the_usage_and_exits_0(flag):
    done = subprocess.run(
        [sys.executable, "-m", "engine.replay", flag], capture_output=True, timeout=60
    )
    assert done.returncode == 0 and done.stderr == b""
    assert done.stdout.decode() == replay.USAGE + "\n"


def test_two_files_are_a_usage_error():
    done = subprocess.run(
        [sys.executable, "-m", "engine.replay", "a.json", "b.json"], capture_output=True,
        timeout=60,
    )
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.decode() == replay.USAGE + "\n"


def test_the_sample_record_in_docs_replays_to_the_result_it_carries():
    data = json.loads(SAMPLE.read_text())
    answer, status, stderr = replay_process([str(SAMPLE)])
    assert status == 0
    assert answer == data["result"] and answer["ended"] == "drop"
    assert stderr == "The recomputed result matches the record's result.\n"
    # It is what the engine writes for that hand, the result aside, as `/gff history` does.
    parsed = parse_record(data)
    assert games.get("gff").replay(parsed).record().to_json() == {
        name: value for name, value in data.items() if name != "result"
    }
    assert {action["do"] for action in data["actions"]} == {
        "draw", "spread", "hit", "discard", "drop",
    }


TOO_LARGE = "is larger than 8 MiB, the most a replay reads; no game's record comes near that size"


def test_a_record_file_over_the_cap_is_refused_by_its_size_before_it_is_read(
    tmp_path, capsys
):
    path = tmp_path / "huge.json"
    with path.open("wb") as file:
        file.truncate(8 * MAX_RECORD_BYTES)  # sparse: no disk is used
    tracemalloc.start()
    try:
        answer, status, _ = replay_main([str(path)], capsys)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert status == 1 and answer["error"]["code"] == "bad_record"
    assert answer["error"]["message"] == f"the record file {path} {TOO_LARGE}"
    assert peak < MAX_RECORD_BYTES // 8


class Zeros(io.RawIOBase):
    """A stream of `size` zero bytes that counts how many were read."""

    def __init__(self, size: int) -> None:
        self.left = size
        self.given = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        n = min(len(buffer), self.left)
        buffer[:n] = bytes(n)
        self.left -= n
        self.given += n
        return n


def test_standard_input_over_the_cap_is_refused_after_the_cap_is_read(capsys, monkeypatch):
    stream = Zeros(8 * MAX_RECORD_BYTES)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BufferedReader(stream)))
    answer, status, _ = replay_main([], capsys)
    assert status == 1 and answer["error"]["code"] == "bad_record"
    assert answer["error"]["message"] == f"the record {TOO_LARGE}"
    assert stream.given <= MAX_RECORD_BYTES + 1 + io.DEFAULT_BUFFER_SIZE


def test_a_record_of_exactly_the_cap_still_replays(tmp_path, capsys, monkeypatch):
    text = json.dumps(valid_record()).encode()
    padded = text + b" " * (MAX_RECORD_BYTES - len(text))
    path = tmp_path / "padded.json"
    path.write_bytes(padded)
    assert replay_main([str(path)], capsys)[1] == 0
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(padded)))
    answer, status, _ = replay_main(["-"], capsys)
    assert status == 0 and answer["ended"] == "caught"


def test_a_result_that_matches_is_said_on_standard_error(capsys, monkeypatch):
    data = valid_record()
    data["result"] = run(json.dumps(data))[0]
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(json.dumps(data).encode())))
    answer, status, stderr = replay_main([], capsys)
    assert status == 0 and answer == data["result"]
    assert stderr == "The recomputed result matches the record's result.\n"


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda r: r.update(ended="drop", stacks={"ann": 1}),
         "The recomputed result differs from the record's result in: ended, stacks."),
        (lambda r: (r.pop("eliminated"), r.update(note="kept")),
         "The recomputed result differs from the record's result in: eliminated, note."),
        # Compared as JSON: 45.0 is not the whole chips 45; the order of keys does not count.
        (lambda r: r.update(stacks={**r["stacks"], "cy": 45.0}, carry={"flop": 50, "flip": 0}),
         "The recomputed result differs from the record's result in: stacks."),
        (lambda r: r.update({f"extra {i}": i for i in range(10)}),
         'The recomputed result differs from the record\'s result in: "extra 0", "extra 1", '
         '"extra 2", "extra 3", "extra 4", "extra 5", "extra 6", "extra 7" and 2 more.'),
    ],
)
def test_a_result_that_differs_names_the_fields_and_the_answer_stays_the_replay(
    change, said, tmp_path, capsys
):
    data = valid_record()
    recomputed = run(json.dumps(data))[0]
    data["result"] = json.loads(json.dumps(recomputed))
    change(data["result"])
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(data))
    answer, status, stderr = replay_main([str(path)], capsys)
    assert status == 0 and answer == recomputed  # a mismatch is not a malformed record
    assert stderr == said + "\n"


@pytest.mark.parametrize("claimed", [None, [], "caught", 3])
def test_a_result_that_is_not_an_object_is_not_compared(claimed, tmp_path, capsys):
    data = valid_record()
    data["result"] = claimed
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(data))
    answer, status, stderr = replay_main([str(path)], capsys)
    assert status == 0 and answer["ended"] == "caught"
    assert stderr == "The record's result is not a JSON object, so it was not compared.\n"


def test_a_record_that_fails_says_nothing_of_its_result(capsys, tmp_path):
    data = valid_record()
    data["result"] = run(json.dumps(data))[0]
    data["actions"].pop()
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(data))
    answer, status, stderr = replay_main([str(path)], capsys)
    assert status == 1 and answer["error"]["code"] == "incomplete" and stderr == ""


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
