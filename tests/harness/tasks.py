"""Knows which tasks a dispatched gateway event started, so a test can wait for exactly those.

discord.py runs every command and every click in a task of its own, and those tasks start
more (follow-ups, database work). A task is tracked when it is created while an event is
being dispatched, or by a tracked task. Long-lived tasks (view time-outs, delayed deletes,
the bot's own timers named with BACKGROUND_PREFIX) are tracked but not waited for.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

# Name a long-running task of the bot (a turn timer, say) "bg:..." so tests don't wait on it.
BACKGROUND_PREFIX = "bg:"
# Tasks discord.py starts that sleep for minutes: a view's time-out, `delete_after`.
_SLEEPERS = ("__timeout_task_impl", "inner_call", "discord-ui-view-timeout")

WAIT_SECONDS = 10.0

# The waitable tasks of the event being dispatched. Tasks copy the context they are made
# in, so everything an event starts, however deep, lands in that event's own set: a test
# (or a benchmark) sending many events at once waits for its own event's work only.
_event_tasks: contextvars.ContextVar[set[asyncio.Task[Any]]] = contextvars.ContextVar(
    "harness_event_tasks"
)


def is_background(task: asyncio.Task[Any]) -> bool:
    if task.get_name().startswith(BACKGROUND_PREFIX):
        return True
    coro = task.get_coro()
    label = f"{task.get_name()} {getattr(coro, '__qualname__', '')}"
    return any(sleeper in label for sleeper in _SLEEPERS)


def label(task: asyncio.Task[Any]) -> str:
    coro = task.get_coro()
    return f"{task.get_name()} ({getattr(coro, '__qualname__', coro)})"


class TaskTracker:
    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.tracked: set[asyncio.Task[Any]] = set()
        # The tracked tasks a test waits for; decided once, when a task is made, since
        # a drain runs after every event and may see hundreds of long-lived tasks.
        self._waitable: set[asyncio.Task[Any]] = set()
        self._dispatching = False
        self._previous_factory = loop.get_task_factory()

    def install(self) -> None:
        self.loop.set_task_factory(self._factory)

    def uninstall(self) -> None:
        self.loop.set_task_factory(self._previous_factory)

    def _factory(self, loop: asyncio.AbstractEventLoop, coro: Any, **kwargs: Any) -> Any:
        if self._previous_factory is not None:
            task = self._previous_factory(loop, coro, **kwargs)
        else:
            task = asyncio.Task(coro, loop=loop, **kwargs)
        parent = asyncio.current_task(loop)
        if self._dispatching or parent in self.tracked:
            self.tracked.add(task)
            task.add_done_callback(self.tracked.discard)
            if not is_background(task):
                self._waitable.add(task)
                task.add_done_callback(self._waitable.discard)
                event = _event_tasks.get(None)
                if event is not None:
                    event.add(task)
                    task.add_done_callback(event.discard)
        return task

    @contextmanager
    def dispatching(self) -> Iterator[set[asyncio.Task[Any]]]:
        """Around one event's dispatch: yields the set its waitable tasks will be in."""
        event: set[asyncio.Task[Any]] = set()
        token = _event_tasks.set(event)
        self._dispatching = True
        try:
            yield event
        finally:
            self._dispatching = False
            _event_tasks.reset(token)

    async def drain(self, event: set[asyncio.Task[Any]] | None = None) -> None:
        """Wait until the waitable tasks of `event` (or every waitable task) have finished."""
        deadline = self.loop.time() + WAIT_SECONDS
        tasks = self._waitable if event is None else event
        while True:
            waiting = [task for task in tasks if not task.done()]
            if not waiting:
                return
            left = deadline - self.loop.time()
            if left <= 0:
                names = ", ".join(sorted(label(task) for task in waiting))
                raise AssertionError(
                    f"tasks still running after {WAIT_SECONDS:.0f} s: {names}. "
                    f"Name a long-lived task '{BACKGROUND_PREFIX}...' so tests don't wait for it."
                )
            await asyncio.wait(waiting, timeout=left)

    async def cancel_all(self) -> None:
        pending = [task for task in self.tracked if not task.done()]
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
        self.tracked.clear()
        self._waitable.clear()
