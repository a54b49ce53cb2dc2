"""How the bench's players take turns at many tables: in rounds, or all at once.

`in_rounds`: each round every table's player makes a move, `wave` tables at a time,
and the bot's clock then moves on with real time (paced edits, timers, next hands).
Waves of ten are bursts of players acting together, for the latency rows.

`at_once`: every table's player moves again as soon as their last click is answered,
while the bot's clock ticks beside them: every table's click stays in flight the whole
run. Rounds would end each with the slowest few tables' commits and leave the process
idle while they reach the disk, so they measure that wait as much as the bot (in one
run, GFF at 100 tables: 1,499 actions/s in rounds, 1,673 at once).

`play`: one or the other, each table's player moving only once they have seen what the
bot sent (`seen`).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

# How often the bot's clock catches up with real time while every table plays.
TICK_SECONDS = 0.005

# A player's move at one table: True if they clicked, False if there was nothing to do
# (no hand, or not their turn) until the clock moves on.
Move = Callable[[Any], Awaitable[bool]]
# The same, given the channel's table once its player has seen it (`seen`).
TableMove = Callable[[Any, Any], Awaitable[bool]]


async def play(h, channels: Sequence[Any], move: TableMove, rounds: int, wave: int) -> None:
    """Every table's player moves once they have seen their table: in rounds of `wave`
    tables, or all at once when a wave would hold every table."""
    service, presenter = h.bot.tables, h.bot.get_cog("TableCog").presenter

    async def when_seen(channel: Any) -> bool:
        table = service.in_channel(channel.id)
        if not await seen(table, presenter):
            return False
        return await move(channel, table)

    if wave >= len(channels):
        await at_once(h, channels, when_seen, rounds)
    else:
        await in_rounds(h, channels, when_seen, rounds, wave)


async def seen(table: Any, presenter: Any) -> bool:
    """Whether a table's player can move now: a hand is running and not being dealt, and
    the bot's sends for the table have gone out, since a player acts on what they see
    (TablePresenter.caught_up). False: nothing to do until the clock moves on."""
    hand = table.hand if table else None
    if hand is None or hand.is_over or table.lock.locked():
        return False
    await presenter.caught_up(table.id)
    hand = table.hand  # as it stands once the player has seen it
    return hand is not None and not hand.is_over


async def in_rounds(h, channels: Sequence[Any], move: Move, rounds: int, wave: int) -> None:
    clock = time.perf_counter()
    for _ in range(rounds):
        for at in range(0, len(channels), wave):
            await asyncio.gather(*(move(c) for c in channels[at: at + wave]))
        # The bot's clock keeps up with real time, so paced edits go out as they would,
        # and a hand that ended is followed by the next at the following round.
        now = time.perf_counter()
        await h.advance(now - clock, together=True)
        clock = now


async def at_once(h, channels: Sequence[Any], move: Move, rounds: int) -> None:
    """Every table's player moves, each as soon as their last click is answered (or at
    the clock's next tick if there was nothing to do), until the tables have made
    `rounds` moves each between them; then the clicks in flight finish and play stops.
    Stopping all tables together, rather than each after its own `rounds` moves, keeps
    every table's click in flight to the end: a run that waited for its slowest tables
    would end with a few of them playing alone, waiting on each commit in turn."""
    tick = asyncio.Event()
    moves_left = rounds * len(channels)
    playing = True

    async def table(channel: Any) -> None:
        nonlocal moves_left
        while moves_left > 0:
            if await move(channel):
                moves_left -= 1
            else:
                await tick.wait()

    async def clock() -> None:
        last = time.perf_counter()
        while playing:
            await asyncio.sleep(TICK_SECONDS)
            now = time.perf_counter()
            await h.advance(now - last, wait_for_all=False, together=True)
            last = now
            tick.set()  # wakes every table waiting for the clock
            tick.clear()

    ticking = asyncio.get_running_loop().create_task(clock())
    try:
        await asyncio.gather(*(table(c) for c in channels))
    finally:
        playing = False
        await ticking
