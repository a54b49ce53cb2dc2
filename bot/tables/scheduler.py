"""Timers behind one small interface, so tests drive time instead of sleeping.

Each timer has a key (one per table and purpose); scheduling a key again
replaces the earlier timer, so a table never has two turn clocks running.
"""

from __future__ import annotations

import asyncio
import heapq
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Protocol

log = logging.getLogger(__name__)

Job = Callable[[], Awaitable[None]]


class Scheduler(Protocol):
    def now(self) -> float:
        """Seconds since the epoch."""

    def call_later(self, delay: float, key: str, job: Job) -> None:
        """Run `job` after `delay` seconds, replacing any timer with the same key."""

    def cancel(self, key: str) -> None: ...

    def cancel_all(self) -> None: ...

    def pending(self, key: str) -> bool:
        """Whether a timer with `key` is set and has not started yet."""


class AsyncioScheduler:
    """Real time, on the running event loop.

    A timer is the loop's own timer (a TimerHandle), and becomes a task only when it
    runs: a turn's clock, its held-back ping and a paced edit are set at nearly every
    click and most are replaced before they fall due, so a task for each (with its
    sleep, and the cancellation that ends it) would cost more than the click's answer.
    A job that has started is not stopped by cancel(); it runs to its end."""

    def __init__(self) -> None:
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._running: set[asyncio.Task[None]] = set()  # started jobs, kept until they end

    def now(self) -> float:
        return time.time()

    def call_later(self, delay: float, key: str, job: Job) -> None:
        self.cancel(key)
        loop = asyncio.get_running_loop()
        self._timers[key] = loop.call_later(max(delay, 0), self._start, key, job)

    def _start(self, key: str, job: Job) -> None:
        del self._timers[key]  # a replaced or cancelled timer never gets here
        # Named `bg:` so the offline harness knows not to wait for a timer.
        task = asyncio.get_running_loop().create_task(self._run(key, job), name=f"bg:{key}")
        self._running.add(task)
        task.add_done_callback(self._running.discard)

    async def _run(self, key: str, job: Job) -> None:
        try:
            await job()
        except Exception:
            log.exception("Timer %s failed", key)

    def cancel(self, key: str) -> None:
        timer = self._timers.pop(key, None)
        if timer is not None:
            timer.cancel()

    def cancel_all(self) -> None:
        for key in list(self._timers):
            self.cancel(key)

    def pending(self, key: str) -> bool:
        return key in self._timers


class ManualScheduler:
    """A clock that moves only when told: `await advance(seconds)` runs what falls due."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self._now = start
        self._jobs: dict[str, tuple[float, int, Job]] = {}  # key -> (when, serial, job)
        # (when, key, serial) of every timer set; one whose serial is no longer its key's
        # was replaced or cancelled and is skipped. A heap, so finding the next due timer
        # does not look at every table's timers each time.
        self._due: list[tuple[float, str, int]] = []
        self._serial = 0

    def now(self) -> float:
        return self._now

    def call_later(self, delay: float, key: str, job: Job) -> None:
        self._serial += 1
        at = self._now + max(delay, 0)
        self._jobs[key] = (at, self._serial, job)
        heapq.heappush(self._due, (at, key, self._serial))
        self._compact()

    def _compact(self) -> None:
        """Replaced and cancelled timers stay in the heap until their time (each click sets
        a table's idle timer again); once they outnumber the live ones, keep those only."""
        if len(self._due) > 2 * len(self._jobs) + 64:
            self._due = [(at, key, serial) for key, (at, serial, _) in self._jobs.items()]
            heapq.heapify(self._due)

    def cancel(self, key: str) -> None:
        self._jobs.pop(key, None)

    def cancel_all(self) -> None:
        self._jobs.clear()
        self._due.clear()

    def pending(self, key: str) -> bool:
        return key in self._jobs

    def due_in(self, key: str) -> float | None:
        found = self._jobs.get(key)
        return None if found is None else found[0] - self._now

    async def advance(self, seconds: float, *, together: bool = False) -> None:
        """Move the clock on, running each job as its time comes, earliest first.

        One job at a time, unless `together`: then each job that falls due starts as a
        task of its own, as AsyncioScheduler runs them, and they run side by side (a
        benchmark's clock: one table's next deal does not wait for another's commit).
        Those jobs see the clock at the end of the step, and a timer one of them sets
        runs at a later advance."""
        until = self._now + seconds
        started: list[asyncio.Task[None]] = []
        while self._due and self._due[0][0] <= until:
            at, key, serial = heapq.heappop(self._due)
            current = self._jobs.get(key)
            if current is None or current[1] != serial:
                continue  # replaced or cancelled since
            del self._jobs[key]
            self._now = max(self._now, at)
            if together:
                started.append(asyncio.ensure_future(current[2]()))
            else:
                await current[2]()
        self._now = until
        self._compact()
        if started:
            await asyncio.gather(*started)
