"""A `hard` computer player (the search, engine/search.py) at a table: it thinks off the
event loop, so the bot answers everyone while it does, and its move is due within a
second. Played through the offline harness: ann against a hard computer at Gops."""

from __future__ import annotations

import asyncio
import time

from bot.tables.computer import is_computer, level_of
from engine import cards as C
from engine import search
from tests.discord.sealed_driver import SealedDriver
from tests.discord.table_checks import assert_chips_conserved

PRIZES = [C.make(rank, C.DIAMONDS) for rank in range(13)]
SLICE = 0.002  # the watch's sleep: a longer gap is the loop held by something


class LoopWatch:
    """The longest the event loop went without running a short sleep's wake-up while a
    computer player was thinking (at the gap's start or end)."""

    def __init__(self, computers) -> None:
        self.computers = computers
        self.longest = 0.0
        self.gaps_while_thinking = 0

    async def run(self) -> None:
        before, thinking_before = time.perf_counter(), self.computers.thinking
        while True:
            await asyncio.sleep(SLICE)
            now, thinking = time.perf_counter(), self.computers.thinking
            if thinking or thinking_before:
                self.gaps_while_thinking += 1
                self.longest = max(self.longest, now - before - SLICE)
            before, thinking_before = now, thinking


async def against_hard(h) -> SealedDriver:
    d = SealedDriver(h, names=("ann",))
    await d.seat_everyone()
    await h.slash(d.host, "gops addbot", level="hard")
    assert "🤖 Hard 1 sits down" in h.last_response(d.host).text()
    await d.start_with(list(PRIZES))
    return d


async def test_a_hand_against_hard_never_holds_the_loop_50_ms(harness):
    h = harness
    d = await against_hard(h)
    robot = next(s.user_id for s in d.table.info.seats if is_computer(s.user_id))
    assert level_of(robot) == "hard"
    watch = LoopWatch(h.bot.tables.computers)
    watching = asyncio.create_task(watch.run(), name="bg:loop-watch")
    try:
        for rank in range(13):
            await d.bid("ann", C.code(C.make(rank, C.SPADES)))
            for _ in range(5):
                if d.table.last_result or d.hand.seq == 2 * (rank + 1):
                    break
                await h.advance(2)  # the computer bids after its pause, then thinks
    finally:
        watching.cancel()
    assert d.table.last_result is not None  # the whole game, 13 bids each
    assert watch.gaps_while_thinking > 13  # it was watched while each bid was thought
    assert watch.longest < 0.050, f"the loop was held {watch.longest * 1000:.0f} ms"
    await assert_chips_conserved(h)
    d.scan()


async def test_the_bot_answers_a_command_while_hard_thinks(harness, monkeypatch):
    h = harness
    # A move bound by time alone: the search thinks for the table's whole second.
    monkeypatch.setattr(search, "DEFAULT_PLAYOUTS", None)
    d = await against_hard(h)
    computers = h.bot.tables.computers
    await d.bid("ann", C.code(C.make(0, C.SPADES)))
    moving = asyncio.create_task(h.advance(2), name="bg:computer-moves")
    for _ in range(200):
        if computers.thinking:
            break
        await asyncio.sleep(0.005)
    assert computers.thinking == 1
    asked = time.perf_counter()
    await h.slash(d.host, "gops rules")
    answered = time.perf_counter() - asked
    assert h.last_response(d.host).embed["title"].startswith("Gops")
    assert computers.thinking == 1, "the command waited for the computer's move"
    await moving
    assert d.hand.seq == 2  # the computer's bid came, once
    thought = time.perf_counter() - asked
    assert answered < 0.5 < thought <= 1.2


async def test_a_hard_move_is_due_within_a_second_however_long_it_may_search(
    harness, monkeypatch
):
    h = harness
    monkeypatch.setattr(search, "DEFAULT_PLAYOUTS", None)
    monkeypatch.setattr(search, "TABLE_MS", 60_000)  # only the table's deadline ends it
    d = await against_hard(h)
    await d.bid("ann", C.code(C.make(0, C.SPADES)))
    began = time.perf_counter()
    await h.advance(2)
    assert d.hand.seq == 2
    # advance(2) runs the 1.5 s pause on the harness's clock, not the wall's.
    assert time.perf_counter() - began <= 1.2
