"""A `hard` computer player (the search, engine/search.py) at a table: it thinks in a
process of its own, so the bot answers everyone while it does, and its move is due
within a second. Played through the offline harness: ann against a hard computer at
Gops."""

from __future__ import annotations

import asyncio
import random
import time

from bot.tables.computer import is_computer, level_of, think_apart
from engine import cards as C
from engine import search
from engine.concentration.game import CONCENTRATION
from engine.gff.game import GFF
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
    # The thinking process, started when the computer sat down, is up: at a table the
    # deal and the computer's pause take longer than its start; here the clock is the
    # harness's, and a move due at once.
    await h.bot.tables.computers.warm()
    return d


async def test_a_hand_against_hard_never_holds_the_loop_50_ms(harness):
    h = harness
    d = await against_hard(h)
    h.bot.tables.computers.budget = None  # a table's own: up to 400 playouts or 0.8 s
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


async def test_the_bot_answers_a_command_while_hard_thinks(harness):
    h = harness
    d = await against_hard(h)
    computers = h.bot.tables.computers
    # A move bound by time alone: the search thinks for the table's whole second.
    computers.budget = (None, search.TABLE_MS)
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
    assert answered < computers.last_thought <= 1.0


async def test_a_hard_move_is_due_within_a_second_however_long_it_may_search(harness):
    h = harness
    d = await against_hard(h)
    h.bot.tables.computers.budget = (None, 60_000)  # only the table's deadline ends it
    await d.bid("ann", C.code(C.make(0, C.SPADES)))
    await h.advance(2)
    assert d.hand.seq == 2
    assert 0.5 < h.bot.tables.computers.last_thought <= 1.0


async def test_a_move_not_back_by_its_deadline_is_easy_s(harness):
    h = harness
    d = await against_hard(h)
    computers = h.bot.tables.computers
    computers.close()  # a process to start again: not up by the move's deadline
    computers.think_seconds = 0.01
    await d.bid("ann", C.code(C.make(0, C.SPADES)))
    await h.advance(2)
    assert d.hand.seq == 2
    assert computers.last_thought <= 0.2


async def test_a_thinking_process_that_fails_gives_an_easy_move_and_a_logged_error(harness):
    h = harness
    d = await against_hard(h)
    h.bot.tables.computers.budget = (None, None)  # no budget: the search refuses to start
    h.bot.tables.computers.think_seconds = 30  # however slow this machine is now
    await d.bid("ann", C.code(C.make(0, C.SPADES)))
    with h.expect_error("could not think"):
        await h.advance(2)
    assert d.hand.seq == 2  # the computer bid all the same
    h.bot.tables.computers.budget = (16, None)
    await d.bid("ann", C.code(C.make(1, C.SPADES)))
    await h.advance(2)
    assert d.hand.seq == 4  # and thinks again, in a new process


def test_the_thinking_process_is_shown_what_the_seat_saw_and_moves_as_a_player_here():
    """think_apart makes a fresh player and shows it the seat's views in order: its move is
    the move of a player here shown the same views, at the same seed and budget."""
    rng = random.Random(4)
    deal = CONCENTRATION.start(seats=[("a", 50), ("b", 50)], stake=5, dealer="a",
                               deck_or_decks=rng.sample(C.DECK, 52))
    seen = []
    here = search.level_maker("concentration", "hard", 80, None)()
    while len(seen) < 12 or "a" not in deal.to_act():  # b's flips seen by a, then a's turn
        deal.apply(CONCENTRATION.simulation_action(deal, rng))
        seen.append(deal.private_view("a"))
        here.observe(seen[-1])
    view = deal.private_view("a")
    apart = think_apart((1, 2, 3), "concentration", "hard", (80, None), tuple(seen), view,
                        5, time.perf_counter() + 60)
    assert apart == here(view, random.Random(5))


async def test_after_a_restart_hard_remembers_the_hand_as_before(harness):
    h = harness
    d = await against_hard(h)
    robot = next(s.user_id for s in d.table.info.seats if is_computer(s.user_id))
    for rank in range(3):
        await d.bid("ann", C.code(C.make(rank, C.SPADES)))
        await h.advance(2)
    assert d.hand.seq == 6
    before = h.bot.tables.computers.memory(d.table.id, robot)
    assert len(before) == 7  # the deal as dealt, then after each of six bids
    await h.restart()
    d.rehook()
    after = h.bot.tables.computers.memory(d.table.id, robot)
    assert after == before
    await d.bid("ann", C.code(C.make(3, C.SPADES)))
    await h.advance(2)
    assert d.hand.seq == 8  # and it plays on


def test_the_thinking_process_keeps_a_seat_s_player_from_move_to_move():
    """GFF's hard keeps sharp's memory of its own moves: the thinking process keeps each
    seat's player between moves and shows it only the views since its last; a player it
    cannot follow (shown more than it is now sent: a new hand) is made afresh."""
    from bot.tables import computer

    rng = random.Random(8)
    deal = GFF.start(seats=[("a", 200), ("b", 200)], stake=10, dealer="b",
                     deck_or_decks=rng.sample(C.DECK, 52))
    seen, key, kept, asked = [deal.private_view("a")], (7, 1, 1), [], None
    while len(kept) < 2 and not deal.is_over:
        if "a" in deal.to_act():
            asked = (tuple(seen), deal.private_view("a"))
            move = think_apart(key, "gff", "hard", (8, None), *asked, 1,
                               time.perf_counter() + 60)
            kept.append(computer._KEPT[key])
        else:
            move = GFF.simulation_action(deal, rng)
        deal.apply(move)
        seen.append(deal.private_view("a"))
    (first, shown_first), (second, shown_second) = kept
    assert first is second and shown_first < shown_second
    computer._KEPT[key] = (first, 10**6)
    think_apart(key, "gff", "hard", (8, None), *asked, 1, time.perf_counter() + 60)
    assert computer._KEPT[key][0] is not first
