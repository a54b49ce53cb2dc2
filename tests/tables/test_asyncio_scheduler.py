"""The live clock: timers on the event loop, a task only for a job that runs."""

from __future__ import annotations

import asyncio
import logging

from bot.tables import AsyncioScheduler


async def test_a_timer_runs_once_due_and_a_replaced_or_cancelled_one_never():
    clock = AsyncioScheduler()
    ran: list[str] = []

    def job(name: str):
        async def run() -> None:
            ran.append(name)
        return run

    clock.call_later(0.01, "a", job("a-first"))
    clock.call_later(0.02, "a", job("a-again"))  # replaces a's first timer
    clock.call_later(0.01, "b", job("b"))
    clock.cancel("b")
    await asyncio.sleep(0.05)
    assert ran == ["a-again"]


async def test_setting_a_timer_makes_no_task_until_it_runs():
    clock = AsyncioScheduler()
    before = len(asyncio.all_tasks())
    for n in range(100):  # a click sets its table's clocks again each time
        clock.call_later(60, f"turn:{n % 3}", _nothing)
    assert len(asyncio.all_tasks()) == before
    clock.cancel_all()


async def test_a_job_that_has_started_is_not_stopped_by_cancelling_its_key():
    clock = AsyncioScheduler()
    started, finish = asyncio.Event(), asyncio.Event()
    ended: list[bool] = []

    async def long_job() -> None:
        started.set()
        await finish.wait()
        ended.append(True)

    clock.call_later(0, "deal:1", long_job)
    await asyncio.wait_for(started.wait(), 1)
    clock.cancel("deal:1")  # too late: it is dealing
    finish.set()
    await asyncio.sleep(0.01)
    assert ended == [True]


async def test_a_failing_job_is_logged_and_later_timers_still_run(caplog):
    clock = AsyncioScheduler()
    ran: list[str] = []

    async def failing() -> None:
        raise RuntimeError("boom")

    async def fine() -> None:
        ran.append("fine")

    with caplog.at_level(logging.ERROR, logger="bot.tables.scheduler"):
        clock.call_later(0, "bad", failing)
        clock.call_later(0.01, "good", fine)
        await asyncio.sleep(0.05)
    assert ran == ["fine"]
    assert "Timer bad failed" in caplog.text


async def _nothing() -> None:
    return None


async def test_a_timer_is_pending_until_its_job_starts():
    clock = AsyncioScheduler()
    seen: list[bool] = []

    async def job() -> None:
        seen.append(clock.pending("deal:1"))

    clock.call_later(0, "deal:1", job)
    assert clock.pending("deal:1") and not clock.pending("deal:2")
    await asyncio.sleep(0.01)
    assert seen == [False] and not clock.pending("deal:1")  # a job may set its key again
