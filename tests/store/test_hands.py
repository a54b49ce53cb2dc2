"""Hands: the record and its posts at the deal, actions appended by number, settlement."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.store import (
    HandOver,
    HandRunning,
    Mismatch,
    NoHand,
    StaleAction,
    TableClosed,
)
from engine.actions import Discard, Draw, Drop
from engine.gff.hand import GffHand
from engine.simulate import random_action
from tests.store.helpers import (
    GUILD,
    USERS,
    assert_chips_add_up,
    deal,
    play_hand,
    play_on,
    seated_table,
    snapshot,
    stacked_deck,
)

ANN, BOB, CY = USERS[:3]


def hand_ledger(db, hand_id):
    return db.execute(
        "SELECT source, target, amount, reason, ref FROM ledger WHERE hand_id = ? ORDER BY id",
        (hand_id,),
    ).fetchall()


def as_ledger(table_id: int, account: str) -> str:
    kind, name = account.split(":")
    return f"{kind}:{table_id}:{name}"


async def test_the_deal_stores_the_record_and_books_the_posts(store):
    table = await seated_table(store)
    hand_id, hand = await deal(store, table.id, rng=random.Random(1))
    stored = await store.hand(hand_id)
    assert (stored.number, stored.seq, stored.status, stored.result) == (1, 0, "running", None)
    assert stored.record == hand.record().to_json()
    assert stored.record["seats"] == [{"id": str(u), "stack": 200} for u in (ANN, BOB, CY)]
    assert len(stored.record["deck"]) == 52

    # GFF-2.4: 20 stakes each post to game, flip and flop; the chips leave the stacks.
    rows = await store.db.read(hand_ledger, hand_id)
    assert [(source, target, amount) for source, target, amount, _, _ in rows] == [
        (as_ledger(table.id, t.source), as_ledger(table.id, t.target), t.amount)
        for t in hand.book.transfers
    ]
    assert {reason for _, _, _, reason, _ in rows} == {"post"}
    after = await store.table(table.id)
    assert after.pots == {"game": 30, "flip": 30, "flop": 30, "bonus": 0}
    assert [s.stack for s in after.seats] == [170, 170, 170]


async def test_each_action_is_appended_to_the_record_under_its_number(store):
    table = await seated_table(store)
    hand_id, hand = await deal(store, table.id, rng=random.Random(2))
    rng = random.Random(2)
    for _ in range(6):
        if hand.is_over:
            break
        seq = hand.seq
        hand.apply(_safe_action(hand, rng))
        await store.record_action(hand_id, seq, hand.actions[-1], hand.settlement)
        stored = await store.hand(hand_id)
        assert stored.seq == hand.seq
        assert stored.record == hand.record().to_json()


def _safe_action(hand: GffHand, rng: random.Random):
    """A draw or a discard: never a drop, so the hand goes on."""
    seat = hand.current
    if hand.phase == "turn_start":
        return Draw(seat, "stock")
    held = hand.hands[seat]
    return Discard(seat, held[rng.randrange(len(held))])


async def test_a_stale_or_repeated_action_number_is_refused_with_nothing_written(store):
    table = await seated_table(store)
    hand_id, hand = await deal(store, table.id, rng=random.Random(3))
    first = Draw(hand.current, "stock")
    hand.apply(first)
    await store.record_action(hand_id, 0, first)
    before = await snapshot(store)
    for seq in (0, 2, 7):  # a double click, and numbers from the future
        with pytest.raises(StaleAction, match="out of date") as refused:
            await store.record_action(hand_id, seq, first)
        assert (refused.value.given, refused.value.current) == (seq, 1)
    assert await snapshot(store) == before


async def test_the_last_action_and_the_settlement_are_stored_together(store):
    table = await seated_table(store)
    hand_id, hand = await deal(store, table.id, rng=random.Random(4))
    await play_on(store, hand_id, hand, random.Random(4))
    settlement = hand.settlement
    stored = await store.hand(hand_id)
    assert (stored.status, stored.seq) == ("settled", hand.seq)
    assert stored.result == settlement.to_result()
    assert stored.record == hand.record().to_json()

    # Every chip movement of the hand, posts first, is one ledger row in order.
    rows = await store.db.read(hand_ledger, hand_id)
    booked = [r for r in rows if r[3] != "eliminated"]
    assert [(s, t, a, why) for s, t, a, why, _ in booked] == [
        (as_ledger(table.id, t.source), as_ledger(table.id, t.target), t.amount, t.reason)
        for t in settlement.transfers
    ]
    assert [ref for *_, ref in booked] == [f"hand:{hand_id}:{i}" for i in range(len(booked))]
    after = await store.table(table.id)
    assert {s.seat_id: s.stack for s in after.seats} == settlement.stacks
    assert after.carry == settlement.carry
    assert after.hands_played == 1


async def test_the_deal_and_the_settlement_hand_back_the_table_as_they_left_it(store):
    # The table service goes on from these, with no read of its own.
    table = await seated_table(store)
    hand = GffHand.start(
        seats=[(s.seat_id, s.stack) for s in table.seats], stake=table.stake,
        dealer=table.seats[0].seat_id, deck=random.Random(4).sample(range(52), 52),
    )
    dealt = await store.start_hand(table.id, hand)
    assert dealt.running.hand is hand and dealt.running.number == 1
    assert dealt.table == await store.table(table.id)
    assert [s.stack for s in dealt.table.seats] == [170, 170, 170]  # the posts taken

    rng = random.Random(4)
    while not hand.is_over:
        seq = hand.seq
        hand.apply(random_action(hand, rng))
        returned = await store.record_action(dealt.running.hand_id, seq, hand.actions[-1],
                                             hand.settlement)
        if not hand.is_over:
            assert returned is None
    assert returned == await store.table(table.id)
    assert returned.hands_played == 1
    assert {s.seat_id: s.stack for s in returned.seats} == {
        seat: stack for seat, stack in hand.settlement.stacks.items()
        if seat not in hand.settlement.eliminated
    }


async def test_a_settled_hand_takes_nothing_more(store):
    table = await seated_table(store)
    hand_id, hand = await deal(store, table.id, rng=random.Random(5))
    await play_on(store, hand_id, hand, random.Random(5))
    before = await snapshot(store)
    with pytest.raises(HandOver):
        await store.record_action(hand_id, hand.seq, Drop(str(ANN)))
    with pytest.raises(HandOver):
        await store.settle_hand(hand_id, hand.settlement)
    with pytest.raises(HandOver):
        await store.void_hand(hand_id, "too late")
    with pytest.raises(NoHand):
        await store.record_action(hand_id + 1, 0, Drop(str(ANN)))
    assert await snapshot(store) == before


async def test_a_settlement_that_is_not_the_hands_is_refused_with_nothing_written(store):
    table = await seated_table(store)
    other = await seated_table(store, channel=999)
    hand_id, hand = await deal(store, table.id, rng=random.Random(6))
    other_id, other_hand = await deal(store, other.id, rng=random.Random(7))
    await play_on(store, other_id, other_hand, random.Random(7))
    before = await snapshot(store)
    with pytest.raises(Mismatch):
        await store.settle_hand(hand_id, other_hand.settlement)
    assert await snapshot(store) == before


async def test_a_deal_that_does_not_fit_the_table_is_refused_with_nothing_written(store):
    table = await seated_table(store)
    deck = list(range(52))
    seats = [(str(u), 200) for u in (ANN, BOB, CY)]
    before = await snapshot(store)
    wrong = [
        GffHand.start(seats=[(str(ANN), 250), *seats[1:]], stake=10, dealer=str(ANN), deck=deck),
        GffHand.start(seats=[*seats[:2], ("999", 200)], stake=10, dealer=str(ANN), deck=deck),
        GffHand.start(seats=seats, stake=20, dealer=str(ANN), deck=deck),
        GffHand.start(seats=seats, stake=10, dealer=str(ANN), deck=deck, carry={"flop": 30}),
        GffHand.start(seats=[("ann", 200), *seats[1:]], stake=10, dealer="ann", deck=deck),
    ]
    for hand in wrong:
        with pytest.raises(Mismatch):
            await store.start_hand(table.id, hand)
    played = GffHand.start(seats=seats, stake=10, dealer=str(ANN), deck=deck)
    played.apply(Draw(played.current, "stock"))
    with pytest.raises(Mismatch, match="before its first action"):
        await store.start_hand(table.id, played)
    assert await snapshot(store) == before


def ann_deals(stack: int) -> GffHand:
    """A hand of ann, bob and cy with `stack` chips each, ann dealing an unshuffled deck."""
    return GffHand.start(seats=[(str(u), stack) for u in (ANN, BOB, CY)], stake=10,
                         dealer=str(ANN), deck=list(range(52)))


async def test_one_running_hand_per_table(store):
    table = await seated_table(store)
    await deal(store, table.id)
    before = await snapshot(store)
    hand = ann_deals(stack=170)
    with pytest.raises(HandRunning):
        await store.start_hand(table.id, hand)
    assert await snapshot(store) == before


async def test_no_hand_at_a_closed_table(store):
    table = await seated_table(store)
    hand = ann_deals(stack=200)
    await store.close_table(table.id)
    with pytest.raises(TableClosed):
        await store.start_hand(table.id, hand)


async def test_an_instant_win_is_settled_with_the_deal(store):
    table = await seated_table(store, users=(ANN, BOB))
    # GFF-3.3: BOB, left of the dealer, is dealt 49 and the round ends at once.
    hand = GffHand.start(
        seats=[(str(ANN), 200), (str(BOB), 200)],
        stake=10,
        dealer=str(ANN),
        deck=stacked_deck(["KH QH JD TD 9S", "2H 3H 4D 5D 6D"]),
    )
    assert hand.is_over and hand.settlement.ended == "instant"
    dealt = await store.start_hand(table.id, hand)
    stored = await store.hand(dealt.running.hand_id)
    assert (stored.status, stored.seq) == ("settled", 0)
    stacks = {s.seat_id: s.stack for s in (await store.table(table.id)).seats}
    assert stacks == hand.settlement.stacks
    assert dealt.table == await store.table(table.id)  # as the settlement left it


async def test_voiding_gives_the_posts_back(store):
    table = await seated_table(store)
    hand_id, hand = await deal(store, table.id)
    await store.void_hand(hand_id, "the dealer's cat walked on the cards")
    stored = await store.hand(hand_id)
    assert stored.status == "void"
    assert stored.result == {"void": "the dealer's cat walked on the cards"}
    after = await store.table(table.id)
    assert [s.stack for s in after.seats] == [200, 200, 200]
    assert after.pots == {"game": 0, "flip": 0, "flop": 0, "bonus": 0}
    assert await store.running_hand(table.id) is None


async def test_the_running_hand_comes_back_from_its_record(store):
    table = await seated_table(store)
    hand_id, hand = await deal(store, table.id, rng=random.Random(8))
    rng = random.Random(8)
    for _ in range(5):
        seq = hand.seq
        hand.apply(_safe_action(hand, rng))
        await store.record_action(hand_id, seq, hand.actions[-1], hand.settlement)
    rebuilt = await store.running_hand(table.id)
    assert (rebuilt.hand_id, rebuilt.number) == (hand_id, 1)
    assert rebuilt.hand.seq == hand.seq
    assert rebuilt.hand.public_view() == hand.public_view()


@pytest.mark.parametrize("players", [2, 3, 5])
async def test_many_random_hands_keep_every_chip(store, players):
    """Hands to the end through the store, three tables at once; GFF-2.6 eliminations."""
    eliminated = []

    async def play_table(channel: int) -> None:
        rng = random.Random(channel)
        users = [channel * 10 + i for i in range(players)]
        # The smallest buy-in (4 stakes), so that players go out and buy in again.
        table = await seated_table(store, users=users, channel=channel, buy_in=40)
        for _ in range(8):
            current = await store.table(table.id)
            if sum(s.stack >= 20 for s in current.seats) < 2:
                for user in users:
                    if user not in {s.user_id for s in current.seats}:
                        if (await store.wallet(GUILD, user)).balance < current.buy_in:
                            await store.grant(GUILD, user, current.buy_in, "another go")
                        await store.buy_in(table.id, user)  # back in like a new player
            wallets = {u: (await store.wallet(GUILD, u)).balance for u in users}
            hand = await play_hand(store, table.id, rng)
            after = await store.table(table.id)
            assert after.carry == hand.settlement.carry
            for seat_id in hand.settlement.eliminated:
                eliminated.append(seat_id)
                user = int(seat_id)
                assert user not in {s.user_id for s in after.seats}
                gone = hand.settlement.stacks[seat_id]
                assert (await store.wallet(GUILD, user)).balance == wallets[user] + gone

    await asyncio.gather(*(play_table(100 * players + i) for i in range(3)))
    await assert_chips_add_up(store)
    assert eliminated, "the run should see a player go out (GFF-2.6)"


async def test_finished_hands_can_be_read_back_newest_first(store):
    table = await seated_table(store)
    rng = random.Random(21)
    played = [await play_hand(store, table.id, rng) for _ in range(3)]
    running_id, _ = await deal(store, table.id, rng=rng)

    recent = await store.recent_hands(table.id, limit=3)
    assert [h.number for h in recent] == [4, 3, 2]
    assert recent[0].id == running_id and recent[0].status == "running"
    assert [h.result for h in recent[1:]] == [h.settlement.to_result() for h in played[:0:-1]]
    first = await store.hand_by_number(table.id, 1)
    assert first.record == played[0].record().to_json()
    assert await store.hand_by_number(table.id, 5) is None
