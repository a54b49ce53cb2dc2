"""Gops and the flush auction at a table through the protocol: sealed rounds with a clock
per seat, where each time-out plays the page's default for that seat alone (GOPS-5.1,
AUCTION-7.1), and the stored record replays to the stored result."""

from __future__ import annotations

import json
import random

import pytest

from bot.store import GuildSettings, Store
from bot.tables import ManualScheduler, SilentListener, TableService
from engine import cards as C
from engine.auction.actions import Bid as AuctionBid
from engine.gops.actions import Bid as GopsBid
from engine.replay import replay

GUILD, CHANNEL = 7100, 7101
ANN, BOB = 10**9 + 11, 10**9 + 12
TURN = 60


@pytest.fixture
async def service(tmp_path):
    store = await Store.open(
        tmp_path / "chips.sqlite3", defaults=GuildSettings(stake=10, turn_seconds=TURN)
    )
    try:
        yield TableService(store, ManualScheduler(), SilentListener(),
                           deck_source=fixed_decks, first_dealer=lambda seats: seats[-1])
    finally:
        await store.close()


def fixed_decks(table):
    """Seeded shuffles of the game's pack: one, or one per round (G3.2)."""
    info = table.game.info
    rng = random.Random(f"{info.id}-table")
    packs = [rng.sample(info.pack, len(info.pack)) for _ in range(info.deals_per_game)]
    return packs[0] if info.deals_per_game == 1 else packs


async def table_of(service: TableService, game: str):
    await service.join(GUILD, CHANNEL, ANN, game=game)
    await service.join(GUILD, CHANNEL, BOB, game=game)
    await service.start(CHANNEL, ANN)
    return service.in_channel(CHANNEL)


async def run_out_the_clocks(service: TableService, table) -> dict:
    while table.last_result is None:
        await service.scheduler.advance(TURN)
    number, _ = table.last_result
    stored = await service.store.hand_by_number(table.id, number)
    assert replay(json.loads(json.dumps(stored.record))) == stored.result
    assert all(g.holds for g in await service.store.conservation(GUILD))
    return stored.result


async def test_gops_at_a_table_one_bid_leaves_the_other_clock_and_time_outs_bid_lowest(service):
    table = await table_of(service, "gops")
    hand, ann, bob = table.hand, str(ANN), str(BOB)
    assert set(hand.to_act()) == {ann, bob}
    bob_seq = hand.seat_seq(bob)
    card = hand.private_view(ann).hand[-1]  # her king
    await service.act(table.id, ANN, GopsBid(ann, card), hand.seat_seq(ann))
    assert hand.seat_seq(bob) == bob_seq and set(table.clocks) == {bob}
    await service.scheduler.advance(TURN)  # bob times out: his ace
    assert C.rank(dict(hand.rounds[0].bids)[bob]) == 0
    assert hand.rounds[0].winner == ann
    result = await run_out_the_clocks(service, table)
    assert result["ended"] == "all_prizes" and set(result["scores"]) == {ann, bob}


async def test_the_auction_at_a_table_times_out_one_bidder_alone_and_plays_five_rounds(service):
    table = await table_of(service, "auction")
    hand, ann, bob = table.hand, str(ANN), str(BOB)
    assert hand.round == 0 and set(hand.to_act()) == {ann, bob}
    await service.act(table.id, ANN, AuctionBid(ann, 3), hand.seat_seq(ann))
    assert set(table.clocks) == {bob}
    await service.scheduler.advance(TURN)  # bob bids the least he may: 0 in round 1
    assert hand.reveals[0].bids == tuple(sorted([(ann, 3), (bob, 0)],
                                                key=lambda bid: hand.order.index(bid[0])))
    # The rest by both players, each bid through the service with its own button's number.
    users = {ann: ANN, bob: BOB}
    while table.last_result is None:
        for seat in hand.to_act():
            low = hand.private_view(seat).low
            await service.act(table.id, users[seat], AuctionBid(seat, low), hand.seat_seq(seat))
    number, _ = table.last_result
    stored = await service.store.hand_by_number(table.id, number)
    assert replay(json.loads(json.dumps(stored.record))) == stored.result
    assert stored.result["ended"] == "five_rounds" and len(stored.result["rounds"]) == 5


async def test_an_auction_of_players_who_are_both_away_is_played_out_in_a_loop(service):
    # Hundreds of stand-in bids in a row: each is committed by the stand-in loop, which
    # must not recurse through every commit (Python's stack would not hold a game).
    table = await table_of(service, "auction")
    table.away |= {ANN, BOB}
    async with table.lock:
        await service._play_stand_ins(table)
    assert table.last_result is not None and table.last_result[1].ended == "five_rounds"
    number, _ = table.last_result
    stored = await service.store.hand_by_number(table.id, number)
    assert replay(json.loads(json.dumps(stored.record))) == stored.result
    assert all(g.holds for g in await service.store.conservation(GUILD))
