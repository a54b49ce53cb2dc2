"""`python -m engine.replay [RECORD.json]`: replay a hand record (docs/rules/replay.md, G3).

The record's `game` picks the game from the registry; a record without one is GFF's.

Prints one JSON object: the result (exit 0), or `{"error": {...}}` (exit 1).
Whatever it is fed, it answers in JSON and never with a traceback. Standard error
carries the rest: the usage (exit 2 when the command is misused), and, for a record
that carries the `result` the bot settled (as `/<game> history` gives it), whether
the recomputed result matches it.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any, BinaryIO

from engine import games
from engine.errors import EngineError
from engine.record import parse_record

USAGE = (
    "usage: python -m engine.replay RECORD.json   (or the record on standard input)\n"
    "Replays a hand record and prints its result as JSON; try docs/sample-record.json."
)

# The most a record may be: it is read whole, and parsed JSON can take 30 times its size
# in memory (8 MiB of empty lists: 230 MB; without a cap, 96 MB of record took 950 MB).
# Random play of about 900,000 games of every game, at their fewest and most seats,
# written as `/<game> history` writes a record (indented), gave a longest of 372 KB: a
# two-player Page One game of 5,409 actions, a game with no bound on its length. One
# such game in 10,000 passes 213 KB; every other game stayed under 80 KB (a Piquet
# partie under 20 KB). 8 MiB is over twenty times the longest seen.
MAX_RECORD_BYTES = 8 * 1024 * 1024
MAX_RECORD_TEXT = "8 MiB"

# How many differing fields a mismatch names before it only counts the rest.
NAMED_FIELDS = 8


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def load_record(text: str | bytes) -> Any:
    """Parse JSON strictly (no NaN or Infinity); a failure is a `bad_record`."""
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        return json.loads(text, parse_constant=_no_constants)
    except (ValueError, RecursionError) as exc:
        raise EngineError(
            "bad_record", "the record is not valid JSON: {problem}", problem=str(exc)
        ) from None


def replay(data: Any) -> dict:
    """The result of a parsed JSON record, or an EngineError."""
    record = parse_record(data)  # through the registry, by the record's `game`
    deal = games.get(record.game).replay(record)
    if deal.settlement is None:
        waiting = deal.to_act()
        if len(waiting) == 1:
            raise EngineError(
                "incomplete",
                "the actions end before the round does: {seat} is to play",
                seat=waiting[0],
            )
        if len(waiting) == 2:
            raise EngineError(
                "incomplete",
                "the actions end before the round does: {first} and {second} is to play",
                first=waiting[0],
                second=waiting[1],
            )
        raise EngineError(  # none, or three or more: the seats joined by an English "and"
            "incomplete",
            "the actions end before the round does: {seats} is to play",
            seats=" and ".join(waiting),
        )
    return deal.settlement.to_result()


def run(text: str | bytes) -> tuple[dict, int]:
    """The JSON answer for a record's text, and the exit status."""
    answer, status, _ = run_and_compare(text)
    return answer, status


def run_and_compare(text: str | bytes) -> tuple[dict, int, str | None]:
    """`run`'s answer and status, and for a record that replays and carries a `result`,
    the line that says whether the two match (None otherwise)."""
    try:
        data = load_record(text)
        result = replay(data)
    except EngineError as exc:
        return exc.to_json(), 1, None
    except Exception as exc:  # a bug must still answer in JSON, never a traceback
        return {"error": {"action": None, "code": "internal", "message": repr(exc)[:200]}}, 1, None
    note = compare_results(data["result"], result) if "result" in data else None
    return result, 0, note


def compare_results(claimed: Any, result: dict) -> str:
    """One line: whether the recomputed `result` is the one the record carries.

    A mismatch is information, not a malformed record: the answer is still the result.
    """
    if not isinstance(claimed, dict):
        return "The record's result is not a JSON object, so it was not compared."
    fields = [*result, *(name for name in claimed if name not in result)]
    try:
        differ = [name for name in fields if not _same(claimed, result, name)]
    except RecursionError:
        return "The record's result is nested too deeply to compare."
    if not differ:
        return "The recomputed result matches the record's result."
    named = ", ".join(name if name.isidentifier() else json.dumps(name)
                      for name in differ[:NAMED_FIELDS])
    more = len(differ) - NAMED_FIELDS
    if more > 0:
        named += f" and {more} more"
    return f"The recomputed result differs from the record's result in: {named}."


def _same(claimed: dict, result: dict, name: str) -> bool:
    # Compared as JSON: `true` is not `1`, and a tuple is the list it is written as.
    return (
        name in claimed and name in result
        and json.dumps(claimed[name], sort_keys=True) == json.dumps(result[name], sort_keys=True)
    )


def read_record(path: str | None) -> bytes:
    """The record's bytes, from the file `path` or, without one, standard input.

    Never more than MAX_RECORD_BYTES are read: a larger record is a `bad_record`,
    as is a file that cannot be read, whose name the message gives.
    """
    if path is None:
        where = "the record"
        if sys.stdin is None:  # started with standard input closed
            raise EngineError("bad_record", "cannot read the record: standard input is closed")
        stream = sys.stdin.buffer
        try:
            return _read_capped(stream, where)
        except OSError as exc:
            raise _unreadable(where, exc) from None
    where = f"the record file {path}"
    try:
        with open(path, "rb") as file:
            # A regular file says its size: a large one is refused before any of it is read.
            if os.fstat(file.fileno()).st_size > MAX_RECORD_BYTES:
                raise _too_large(where)
            return _read_capped(file, where)
    except OSError as exc:
        raise _unreadable(where, exc) from None


def _read_capped(stream: BinaryIO, where: str) -> bytes:
    text = stream.read(MAX_RECORD_BYTES + 1)  # one byte more tells a record that is too large
    if len(text) > MAX_RECORD_BYTES:
        raise _too_large(where)
    return text


def _too_large(where: str) -> EngineError:
    return EngineError(
        "bad_record",
        "{where} is larger than {most}, the most a replay reads; "
        "no game's record comes near that size",
        where=where,
        most=MAX_RECORD_TEXT,
    )


def _unreadable(where: str, exc: OSError) -> EngineError:
    return EngineError(
        "bad_record",
        "cannot read {where}: {problem}",
        where=where,
        problem=str(exc.strerror or exc),
    )


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if any(arg in ("-h", "--help") for arg in args):
        print(USAGE)
        return 0
    # Without a file, a terminal on standard input would wait in silence for a record
    # nobody is about to type: the usage says what to give instead.
    at_terminal = not args and sys.stdin is not None and sys.stdin.isatty()
    if len(args) > 1 or at_terminal:
        print(USAGE, file=sys.stderr)
        return 2
    try:
        text = read_record(args[0] if args and args[0] != "-" else None)
    except EngineError as exc:
        print(json.dumps(exc.to_json()))
        return 1
    answer, status, note = run_and_compare(text)
    print(json.dumps(answer))
    if note is not None:
        print(note, file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
