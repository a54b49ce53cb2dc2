"""Several seats acting at once (sealed bids): each seat has its own clock and its own
sequence number, so one bidder acting leaves another's buttons current, and a time-out
plays the default for that seat alone (games.md G3.4; the service through the protocol).
"""

from __future__ import annotations

import json

import pytest

from bot.store import GuildSettings, Store
from bot.tables import ManualScheduler, SilentListener, StaleButton, TableService
from engine import games
from engine.replay import replay
from tests.tables.sealed_game import Bid, SealedGame

GUILD, CHANNEL = 7000, 7001
ANN, BOB = 10**9 + 1, 10**9 + 2
TURN = 60


class Listener(SilentListener):
    """Remembers whose turn started, in order."""

    def __init__(self) -> None:
        self.turns: list[str] = []

    async def turn_started(self, table, seat: str) -> None:
        self.turns.append(seat)


@pytest.fixture
async def service(tmp_path, monkeypatch):
    monkeypatch.setitem(games.GAMES, "sealed", SealedGame())
    store = await Store.open(
        tmp_path / "chips.sqlite3", defaults=GuildSettings(stake=10, turn_seconds=TURN)
    )
    tables = TableService(store, ManualScheduler(), Listener())
    try:
        yield tables
    finally:
        await store.close()


async def sealed_table(service: TableService):
    await service.join(GUILD, CHANNEL, ANN, game="sealed")
    await service.join(GUILD, CHANNEL, BOB, game="sealed")
    await service.start(CHANNEL, ANN)
    return service.in_channel(CHANNEL)


async def settled(service: TableService, table) -> dict:
    """The stored result, checked against a replay of the stored record."""
    number, settlement = table.last_result
    stored = await service.store.hand_by_number(table.id, number)
    assert replay(json.loads(json.dumps(stored.record))) == stored.result
    assert all(g.holds for g in await service.store.conservation(GUILD))
    return stored.result


async def test_every_bidder_gets_a_clock_and_one_bid_leaves_the_others_buttons_current(service):
    table = await sealed_table(service)
    hand, ann, bob = table.hand, str(ANN), str(BOB)
    assert hand.to_act() == (ann, bob)
    assert service.listener.turns == [ann, bob]
    assert table.deadline_for(ann) == table.deadline_for(bob) == service.scheduler.now() + TURN
    bob_seq = hand.seat_seq(bob)
    await service.act(table.id, ANN, Bid(ann, 3), hand.seat_seq(ann))
    assert hand.seat_seq(bob) == bob_seq and set(table.clocks) == {bob}
    with pytest.raises(StaleButton):  # ann's button was for the bid she has made
        await service.act(table.id, ANN, Bid(ann, 2), 0)
    await service.scheduler.advance(TURN)  # bob's clock alone runs out: he bids 1
    assert table.timeouts == {BOB: 1}
    result = await settled(service, table)
    assert result["winners"] == [ann] and result["stacks"] == {ann: 210, bob: 190}


async def test_two_bidders_who_both_wait_each_time_out_on_their_own_clock(service):
    table = await sealed_table(service)
    await service.scheduler.advance(TURN - 1)
    assert table.hand.seq == 0
    await service.scheduler.advance(1)
    assert table.timeouts == {ANN: 1, BOB: 1}
    result = await settled(service, table)
    assert result["winners"] == [str(ANN), str(BOB)]  # 1 against 1: they share the antes


async def test_a_computer_bidder_has_no_clock_and_bids_after_its_pause(service):
    await service.join(GUILD, CHANNEL, ANN, game="sealed")
    await service.add_computer(CHANNEL, ANN, "random")
    await service.start(CHANNEL, ANN)
    table = service.in_channel(CHANNEL)
    robot = next(s.seat_id for s in table.info.seats if s.user_id != ANN)
    assert table.deadline_for(robot) is None and table.deadline_for(str(ANN)) is not None
    await service.scheduler.advance(2)  # the computer bids (2) after its pause
    assert table.hand.to_act() == (str(ANN),)
    await service.act(table.id, ANN, Bid(str(ANN), 3), table.hand.seat_seq(str(ANN)))
    result = await settled(service, table)
    assert result["winners"] == [str(ANN)]


async def test_a_table_of_one_game_refuses_a_join_for_another(service):
    await service.join(GUILD, CHANNEL, ANN, game="sealed")
    with pytest.raises(Exception, match="plays Sealed Bids: use `/sealed join`"):
        await service.join(GUILD, CHANNEL, BOB, game="gff")
