"""The clock tests and benchmarks drive: timers run in time order, replaced ones never."""

from __future__ import annotations

import asyncio

from bot.tables import ManualScheduler


async def test_timers_run_earliest_first_and_a_replaced_timer_never_runs():
    clock = ManualScheduler(start=0)
    ran: list[str] = []

    def job(name: str):
        async def run() -> None:
            ran.append(f"{name}@{clock.now():g}")
        return run

    clock.call_later(5, "a", job("a-first"))
    clock.call_later(2, "b", job("b"))
    clock.call_later(3, "a", job("a-again"))  # replaces a's first timer
    clock.call_later(1, "c", job("c"))
    clock.cancel("c")
    await clock.advance(10)
    assert ran == ["b@2", "a-again@3"]
    assert clock.now() == 10 and clock.due_in("a") is None


async def test_a_timer_set_by_a_timer_runs_in_the_same_advance_when_due():
    clock = ManualScheduler(start=0)
    ran: list[float] = []

    async def again() -> None:
        ran.append(clock.now())
        if len(ran) < 3:
            clock.call_later(2, "tick", again)

    clock.call_later(2, "tick", again)
    await clock.advance(5)
    assert ran == [2, 4]
    assert clock.due_in("tick") == 1


async def test_many_replaced_timers_leave_only_the_live_ones():
    clock = ManualScheduler(start=0)
    ran: list[int] = []
    for n in range(1_000):  # a click sets its table's idle timer again each time
        clock.call_later(100 + n, "idle", lambda n=n: _record(ran, n))
    assert len(clock._due) <= 64 + 2  # kept small as timers are set, not only as they run
    await clock.advance(1)
    assert len(clock._due) <= 64 + 2
    await clock.advance(10_000)
    assert ran == [999]


async def _record(ran: list[int], n: int) -> None:
    ran.append(n)


async def test_together_the_jobs_that_fall_due_run_side_by_side():
    clock = ManualScheduler(start=0)
    ran: list[str] = []

    def job(name: str):
        async def run() -> None:
            ran.append(f"{name} starts")
            await asyncio.sleep(0)  # a commit, a send: the other job goes on meanwhile
            ran.append(f"{name} ends")
        return run

    for together in (False, True):
        ran.clear()
        clock.call_later(1, "a", job("a"))
        clock.call_later(2, "b", job("b"))
        await clock.advance(5, together=together)
        if together:
            assert ran == ["a starts", "b starts", "a ends", "b ends"]
        else:
            assert ran == ["a starts", "a ends", "b starts", "b ends"]


async def test_a_timer_is_pending_until_its_job_starts():
    clock = ManualScheduler(start=0)
    seen: list[bool] = []

    async def job() -> None:
        seen.append(clock.pending("deal:1"))

    clock.call_later(5, "deal:1", job)
    assert clock.pending("deal:1") and not clock.pending("deal:2")
    await clock.advance(5)
    assert seen == [False] and not clock.pending("deal:1")  # a job may set its key again
