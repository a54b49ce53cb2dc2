"""`python -m engine.fingerprint`: the same code gives the same hashes, and a replay that
answers differently changes its game's hash."""

from __future__ import annotations

import json

import pytest

from engine import fingerprint as fp
from engine.games import GAMES


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_same_code_gives_the_same_hash_and_replays_both_kinds(game_id):
    first = fp.fingerprint(game_id, 6, seed=3)
    assert first == fp.fingerprint(game_id, 6, seed=3)
    assert first[0] % 2 == 0 and first[0] > 0  # each record as it is and corrupted


def test_a_changed_answer_changes_the_hash(monkeypatch):
    before = fp.fingerprint("gff", 6, seed=3)
    real = fp.run

    def off_by_one(text):
        answer, status = real(text)
        if "stacks" in answer:
            answer = {**answer, "stacks": {k: v + 1 for k, v in answer["stacks"].items()}}
        return answer, status

    monkeypatch.setattr(fp, "run", off_by_one)
    assert fp.fingerprint("gff", 6, seed=3) != before


def test_most_random_records_replay_to_a_result():
    statuses = []
    for record in fp.records("tonk", 30, fp.random.Random(5)):
        statuses.append(fp.run(json.dumps(record))[1])
    assert statuses.count(0) > len(statuses) // 2  # the cut-short ones are `incomplete`
