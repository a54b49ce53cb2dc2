"""`python -m engine.replay [RECORD.json]`: replay a hand record (rules/replay.md, G3).

The record's `game` picks the game from the registry; a record without one is GFF's.

Prints one JSON object: the result (exit 0), or `{"error": {...}}` (exit 1).
Whatever it is fed, it answers in JSON and never with a traceback.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from engine import games
from engine.errors import EngineError
from engine.record import parse_record


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def load_record(text: str | bytes) -> Any:
    """Parse JSON strictly (no NaN or Infinity); a failure is a `bad_record`."""
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        return json.loads(text, parse_constant=_no_constants)
    except (ValueError, RecursionError) as exc:
        raise EngineError("bad_record", f"the record is not valid JSON: {exc}") from None


def replay(data: Any) -> dict:
    """The result of a parsed JSON record, or an EngineError."""
    record = parse_record(data)  # through the registry, by the record's `game`
    deal = games.get(record.game).replay(record)
    if deal.settlement is None:
        waiting = " and ".join(deal.to_act())
        raise EngineError(
            "incomplete", f"the actions end before the round does: {waiting} is to play"
        )
    return deal.settlement.to_result()


def run(text: str | bytes) -> tuple[dict, int]:
    """The JSON answer for a record's text, and the exit status."""
    try:
        return replay(load_record(text)), 0
    except EngineError as exc:
        return exc.to_json(), 1
    except Exception as exc:  # a bug must still answer in JSON, never a traceback
        return {"error": {"action": None, "code": "internal", "message": repr(exc)[:200]}}, 1


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) > 1 or (args and args[0] in ("-h", "--help")):
        print(
            "usage: python -m engine.replay [RECORD.json]   (or the record on standard input)",
            file=sys.stderr,
        )
        return 2
    try:
        if args and args[0] != "-":
            with open(args[0], "rb") as file:
                text = file.read()
        else:
            text = sys.stdin.buffer.read()
    except OSError as exc:
        answer = EngineError(
            "bad_record", f"cannot read the record: {exc.strerror or exc}"
        ).to_json()
        print(json.dumps(answer))
        return 1
    answer, status = run(text)
    print(json.dumps(answer))
    return status


if __name__ == "__main__":
    sys.exit(main())
