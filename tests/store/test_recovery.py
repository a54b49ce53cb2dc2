"""Start-up: running hands replayed from their records, the rest settled or voided."""

from __future__ import annotations

import json
import random

from bot.store import ShardSet, Store
from engine.actions import Discard, Draw
from engine.simulate import random_action
from tests.store.helpers import (
    CHANNEL,
    DEFAULTS,
    GUILD,
    NO_CLUB,
    USERS,
    assert_chips_add_up,
    behind_the_store,
    deal,
    flop_hand,
    play_on,
    seated_table,
)

ANN, BOB, CY = USERS[:3]


async def reopen(store: Store, db_path, clock) -> Store:
    """What a restart does: the old connection gone, a new one on the same file."""
    await store.close()
    return await Store.open(db_path, defaults=DEFAULTS, clock=clock)


async def draw_and_discard(store, hand_id, hand, turns: int) -> None:
    """Whole turns that never end the hand early: draw from the stock, discard the first card."""
    for _ in range(turns):
        seat = hand.current
        for action in (Draw(seat, "stock"), None):
            action = action or Discard(seat, hand.hands[seat][0])
            seq = hand.seq
            hand.apply(action)
            await store.record_action(hand_id, seq, action, hand.settlement)


async def tamper(db_path, hand_id: int, change) -> None:
    """Change a stored record behind the store's back, as a bug or a bad disk might."""
    async with behind_the_store(db_path) as db:
        [(record,)] = await db.execute(
            "SELECT record FROM running_hands WHERE hand_id = ?", (hand_id,)
        )
        record = json.loads(record)
        change(record)
        await db.execute(
            "UPDATE running_hands SET record = ? WHERE hand_id = ?",
            (json.dumps(record), hand_id),
        )


async def test_a_running_hand_goes_on_exactly_where_it_was(store, db_path, clock):
    table = await seated_table(store)
    hand_id, hand = await deal(store, table.id, rng=random.Random(11))
    await draw_and_discard(store, hand_id, hand, turns=3)

    store = await reopen(store, db_path, clock)
    try:
        recovery = await store.recover()
        assert recovery.voided == () and recovery.settled == ()
        (back,) = recovery.tables
        assert back == await store.table(table.id)
        assert [s.user_id for s in back.seats] == [ANN, BOB, CY]
        running = recovery.running[table.id]
        assert (running.hand_id, running.number, running.hand.seq) == (hand_id, 1, 6)
        assert running.hand.public_view() == hand.public_view()
        for seat in running.hand.order:
            assert running.hand.private_view(seat) == hand.private_view(seat)

        await play_on(store, hand_id, running.hand, random.Random(12))
        assert (await store.hand(hand_id)).status == "settled"
        await assert_chips_add_up(store)
    finally:
        await store.close()


async def test_a_last_action_stored_without_its_settlement_is_settled_at_start_up(
    store, db_path, clock
):
    table = await seated_table(store)
    hand_id, hand = await deal(store, table.id, rng=random.Random(13))
    rng = random.Random(13)
    while True:
        seq = hand.seq
        hand.apply(random_action(hand, rng))
        if hand.is_over:
            # The process died between storing the action and booking the result.
            await store.record_action(hand_id, seq, hand.actions[-1])
            break
        await store.record_action(hand_id, seq, hand.actions[-1])

    store = await reopen(store, db_path, clock)
    try:
        recovery = await store.recover()
        assert recovery.settled == (hand_id,) and recovery.running == {}
        stacks = {s.seat_id: s.stack for s in (await store.table(table.id)).seats}
        survivors = {k: v for k, v in hand.settlement.stacks.items() if k in stacks}
        assert stacks == survivors
        assert (await store.hand(hand_id)).result == hand.settlement.to_result()
        await assert_chips_add_up(store)
    finally:
        await store.close()


async def test_a_record_that_cannot_be_replayed_is_voided_and_carried_chips_stay(
    store, db_path, clock
):
    table = await seated_table(store, users=(ANN, BOB))
    await flop_hand(store, table.id, dealer=ANN, left=BOB, left_cards=NO_CLUB)
    before = await store.table(table.id)
    assert before.carry == {"flip": 0, "flop": 20}
    hand_id, hand = await deal(store, table.id, rng=random.Random(14))
    await draw_and_discard(store, hand_id, hand, turns=2)
    # The second player's draw replaced by their discard: a discard before drawing,
    # which the engine refuses at action 2.
    await tamper(db_path, hand_id, lambda r: r["actions"].__setitem__(2, r["actions"][3]))

    store = await reopen(store, db_path, clock)
    try:
        recovery = await store.recover()
        (voided,) = recovery.voided
        assert (voided.hand_id, voided.table_id) == (hand_id, table.id)
        assert voided.reason.startswith("its record cannot be replayed: draw a card first")
        assert recovery.running == {}
        after = await store.table(table.id)
        assert after.seats == before.seats  # every post back on its stack
        assert after.pots == before.pots  # the carried flop stays carried
        assert after.carried_by == before.carried_by
        assert (await store.hand(hand_id)).status == "void"
        await assert_chips_add_up(store)
    finally:
        await store.close()


async def test_a_record_that_disagrees_with_the_chips_booked_is_voided(store, db_path, clock):
    table = await seated_table(store)
    hand_id, hand = await deal(store, table.id)
    # Stored as if ANN had sat down with 35: she would have posted to two pots, not three.
    await tamper(db_path, hand_id, lambda r: r["seats"][0].update(stack=35))

    store = await reopen(store, db_path, clock)
    try:
        recovery = await store.recover()
        (voided,) = recovery.voided
        assert voided.reason == "the posts booked are not the hand's"
        assert [s.stack for s in (await store.table(table.id)).seats] == [200, 200, 200]
        await assert_chips_add_up(store)
    finally:
        await store.close()


async def test_tables_without_a_hand_come_back_with_their_seats(store, db_path, clock):
    first = await seated_table(store, users=(ANN, BOB))
    second = await seated_table(store, users=(CY,), channel=123)
    closed = await seated_table(store, users=(USERS[3],), channel=124)
    await store.close_table(closed.id)

    store = await reopen(store, db_path, clock)
    try:
        recovery = await store.recover()
        assert [t.id for t in recovery.tables] == [first.id, second.id]
        assert recovery.tables[0].seats == first.seats
        assert recovery.running == {} and recovery.voided == ()
        assert (await store.wallet(GUILD, ANN)).balance == 800
    finally:
        await store.close()


async def test_a_process_recovers_only_the_tables_of_its_shards(store, db_path, clock):
    # Servers 501 << 22 and 502 << 22 fall on shards 1 and 0 of 2.
    ours, theirs = 501 << 22, 502 << 22
    shard = ShardSet(ids=(1,), count=2)
    assert shard.serves(ours) and not shard.serves(theirs)
    mine = await seated_table(store, guild=ours, channel=CHANNEL)
    other = await seated_table(store, guild=theirs, channel=CHANNEL + 1)
    mine_hand, _ = await deal(store, mine.id, rng=random.Random(3))
    await deal(store, other.id, rng=random.Random(4))

    store = await reopen(store, db_path, clock)
    try:
        recovery = await store.recover(shard)
        assert [table.id for table in recovery.tables] == [mine.id]
        assert list(recovery.running) == [mine.id]
        assert recovery.running[mine.id].hand_id == mine_hand
        everything = await store.recover()
        assert {table.id for table in everything.tables} == {mine.id, other.id}
    finally:
        await store.close()


def test_a_shard_set_refuses_shards_past_its_count():
    for ids, count in (((2,), 2), ((), 2), ((0,), 0), ((-1,), 3)):
        try:
            ShardSet(ids=ids, count=count)
        except ValueError:
            continue
        raise AssertionError(f"ShardSet({ids}, {count}) was accepted")
