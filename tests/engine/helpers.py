"""What every game's rule tests share: a record's common head, and replaying it as the
replay command would (status 0 for a result, 1 for a refused record)."""

from __future__ import annotations

import json

from engine.replay import run


def seated(seats) -> list[dict]:
    """`(id, stack)` pairs as a record's seats, in seating order."""
    return [{"id": i, "stack": s} for i, s in seats]


def table_record(game: str, seats, stake: int, **fields) -> dict:
    """A record of `game` at `stake` with `seats`; `fields` follow in the order given."""
    return {"game": game, "stake": stake, "seats": seated(seats), **fields}


def replay(record: dict) -> dict:
    """The result of a record the engine must accept."""
    answer, status = run(json.dumps(record))
    assert status == 0, answer
    return answer


def error(record: dict) -> dict:
    """The error of a record the engine must refuse."""
    answer, status = run(json.dumps(record))
    assert status == 1, answer
    return answer["error"]
