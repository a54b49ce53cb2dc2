"""Each measured run in a Python process of its own, as the bot runs.

Runs one after another in one interpreter measure each other: the garbage a run
leaves, its fragmented heap and its last full collection fall on the next. In one
`make bench`, 500 tables played right after 100 in the same process measured 72-81%
of them, and 93% each in a new process. A run here starts a new interpreter
(`spawn`), imports what it needs and hands back what the run returned.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")
_RUNS = itertools.count(1)


def new_database(folder: Path, name: str) -> Path:
    """A database file no run has used, in `folder`: a bot that finds its commands' last
    sync beside its database does not sync them again, and a new harness would know no
    commands. With the process id, as each run's process counts from one."""
    return folder / f"{name}-{os.getpid()}-{next(_RUNS)}.sqlite3"


def in_own_process(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """fn(*args, **kwargs) in a new Python process; its result, or its error re-raised
    here with the child's traceback. `fn` and its arguments must pickle."""
    context = multiprocessing.get_context("spawn")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_run, args=(send, fn, args, kwargs))
    child.start()
    send.close()
    try:
        ok, value = receive.recv()
    except EOFError:
        child.join()
        ended = child.exitcode
        raise RuntimeError(f"the run's process ended without an answer ({ended})") from None
    child.join()
    if not ok:
        raise RuntimeError(f"the run failed in its own process:\n{value}")
    return value


def _run(send: Any, fn: Callable[..., Any], args: tuple, kwargs: dict) -> None:
    try:
        answer = (True, fn(*args, **kwargs))
    except BaseException:  # noqa: B036 - told to the parent, which raises it
        answer = (False, traceback.format_exc())
    send.send(answer)
    send.close()
