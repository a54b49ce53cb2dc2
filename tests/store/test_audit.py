"""The checks themselves: they add up when all is well, and catch a chip astray."""

from __future__ import annotations

import sqlite3

import pytest

from bot.store import NoHand, StaleAction
from engine.actions import Discard, Draw
from engine.gff.hand import GffHand
from tests.store.helpers import (
    GUILD,
    NO_CLUB,
    USERS,
    behind_the_store,
    deal,
    flop_hand,
    seated_table,
)

ANN, BOB, CY = USERS[:3]


async def test_the_audit_says_where_every_chip_is(store):
    table = await seated_table(store, users=(ANN, BOB))
    await flop_hand(store, table.id, dealer=ANN, left=BOB, left_cards=NO_CLUB)  # 20 carried
    between = await store.audit(GUILD)
    assert (between.in_play, between.carried) == (0, 20)  # waiting for the next deal
    await store.open_wallet(GUILD, CY)
    await store.buy_in(table.id, CY)
    await deal(store, table.id)  # three players post 30 each, 20 of them to flip and flop
    audit = await store.audit(GUILD)
    assert (audit.minted, audit.burned) == (3000, 0)
    assert audit.wallets == 3 * 800
    # While the hand runs, its flip and flop (the carried 20 and this deal's 60) are in
    # play with the game pot's 30: nothing waits for a next deal.
    assert audit.in_play == 30 + 20 + 60
    assert audit.carried == 0
    assert audit.stacks == 600 - 20 - 90
    assert audit.held == 3000 and audit.mismatches == () and audit.balances


async def test_a_chip_changed_behind_the_ledger_is_caught(store, db_path):
    table = await seated_table(store, users=(ANN, BOB))
    async with behind_the_store(db_path) as db:
        await db.execute("UPDATE seats SET stack = stack + 5 WHERE user_id = ?", (ANN,))
    (chips,) = await store.conservation(GUILD)
    assert not chips.holds and chips.held == chips.minted + 5
    assert await store.ledger_mismatches(GUILD) == [(f"seat:{table.id}:{ANN}", 200, 205)]
    assert not (await store.audit(GUILD)).balances
    async with behind_the_store(db_path) as db:  # put it back, for the fixture's own check
        await db.execute("UPDATE seats SET stack = stack - 5 WHERE user_id = ?", (ANN,))


async def test_the_ledger_cannot_be_rewritten(store, db_path, backend):
    await store.open_wallet(GUILD, ANN)
    # The rows, the view that reads them with their accounts' names, and the names.
    statements = [
        "UPDATE ledger SET amount = 1", "DELETE FROM ledger",
        "UPDATE ledger_rows SET amount = 1", "DELETE FROM ledger_rows",
        "UPDATE accounts SET name = 'mint' WHERE id = 2", "DELETE FROM accounts WHERE id > 2",
    ]
    if backend == "postgres":  # PostgreSQL's own way to empty a table
        statements += ["TRUNCATE ledger_rows", "TRUNCATE accounts CASCADE"]
    async with behind_the_store(db_path) as db:
        for statement in statements:
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                await db.execute(statement)
    (chips,) = await store.conservation(GUILD)
    assert chips.minted == chips.held > 0


async def test_the_turn_clock_is_stored_with_the_action_that_starts_a_turn(store):
    unclocked = await seated_table(store, users=(ANN, BOB))
    hand_id, _ = await deal(store, unclocked.id)
    assert await store.turn_started(hand_id) is None

    table = await seated_table(store, users=(CY, USERS[3]), channel=2)
    seats = [(s.seat_id, s.stack) for s in table.seats]
    hand = GffHand.start(seats=seats, stake=10, dealer=seats[0][0], deck=list(range(52)))
    hand_id = (await store.start_hand(table.id, hand, turn_started_ms=1_000)).running.hand_id
    assert await store.turn_started(hand_id) == 1_000
    seat = hand.current
    hand.apply(Draw(seat, "stock"))
    await store.record_action(hand_id, 0, hand.actions[-1])  # the same turn goes on
    assert await store.turn_started(hand_id) == 1_000
    hand.apply(Discard(seat, hand.hands[seat][0]))
    await store.record_action(hand_id, 1, hand.actions[-1], turn_started_ms=2_000)
    assert await store.turn_started(hand_id) == 2_000

    with pytest.raises(StaleAction):  # refused: the clock does not move either
        await store.record_action(hand_id, 1, hand.actions[-1], turn_started_ms=3_000)
    assert await store.turn_started(hand_id) == 2_000
    with pytest.raises(NoHand):
        await store.turn_started(hand_id + 1)
