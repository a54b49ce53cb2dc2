"""A table's clock whose store write fails (a full disk) runs again, 1 s later, then 2, 4...
up to a minute apart, until the store takes it; then the table plays on by itself. Every
clock of a table: a turn's time-out, a computer player's move, the next deal, the idle
close."""

from __future__ import annotations

import logging

from bot.tables import TableService
from bot.tables.open_tables import IDLE_SECONDS
from engine import games
from engine.actions import Drop
from tests.tables.sealed_game import SealedGame
from tests.tables.store_faults import (
    ANN,
    BOB,
    CHANNEL,
    CY,
    GUILD,
    NEXT_HAND,
    TURN,
    dealt,
    open_service,
)


async def stored_seq(service: TableService, table) -> int:
    """The actions the store holds of the table's hand."""
    return (await service.store.hand(table.running.hand_id)).seq


async def test_a_time_out_the_store_refuses_is_played_once_the_store_takes_it(
        service, disk, caplog):
    clock = service.scheduler
    table = await dealt(service, ANN, BOB, CY)
    ann, bob, cy = str(ANN), str(BOB), str(CY)
    assert table.hand.to_act() == (ann,)
    disk.fill(writes=3)
    with caplog.at_level(logging.INFO, logger="bot.tables.open_tables"):
        await clock.advance(TURN)  # the time-out's write fails: tried again in 1 s
        assert table.hand.seq == 0 and clock.due_in(f"turn:{table.id}:{ann}") == 1
        await clock.advance(1 + 2)  # and fails twice more
        assert disk.refused == 3 and table.hand.seq == 0
        assert clock.due_in(f"turn:{table.id}:{ann}") == 4
        await clock.advance(4)  # the disk has room again: ann's turn is played
    assert table.hand.to_act() == (bob,)
    assert await stored_seq(service, table) == table.hand.seq > 0
    assert table.timeouts == {ANN: 1}  # one time-out, however many tries it took
    retried = [r.getMessage() for r in caplog.records if "Timer turn:" in r.getMessage()]
    assert len(retried) == 2  # the first failure, then the try that went through
    assert "disk full" in retried[0] and "try 4" in retried[1]
    # The table plays on: bob's clock runs from when ann's turn ended, and bob plays.
    assert clock.due_in(f"turn:{table.id}:{bob}") == TURN
    seq = table.hand.seat_seq(bob)
    await service.act(table.id, BOB, table.hand.timeout_action(bob), seq)
    assert table.hand.seat_seq(bob) > seq
    await clock.advance(TURN)  # bob does not finish his turn: it times out as ever
    assert table.hand.to_act() == (cy,) and table.timeouts == {ANN: 1, BOB: 1}
    assert await stored_seq(service, table) == table.hand.seq


async def test_a_turn_of_two_moves_refused_halfway_is_finished_and_counted_once(
        service, disk):
    clock = service.scheduler
    table = await dealt(service, ANN, BOB, CY)
    disk.fill(writes=1, after=1)  # the draw is stored, the discard is refused
    await clock.advance(TURN)
    assert table.hand.seq == 1 and table.hand.to_act() == (str(ANN),)
    await clock.advance(1)
    assert table.hand.seq == 2 and table.hand.to_act() == (str(BOB),)
    assert table.timeouts == {ANN: 1}


async def test_the_pause_between_tries_doubles_up_to_a_minute(service, disk):
    clock = service.scheduler
    table = await dealt(service, ANN, BOB, CY)
    key = f"turn:{table.id}:{ANN}"
    disk.fill(writes=9)
    await clock.advance(TURN)
    pauses = []
    while disk.writes:
        pauses.append(clock.due_in(key))
        await clock.advance(pauses[-1])
    assert pauses == [1, 2, 4, 8, 16, 32, 60, 60]
    await clock.advance(60)
    assert table.hand.to_act() == (str(BOB),) and clock.due_in(key) is None


async def test_a_computer_player_s_move_is_tried_again(service, disk):
    clock = service.scheduler
    service.first_dealer = lambda players: players[0]  # ann deals: the computer starts
    await service.join(GUILD, CHANNEL, ANN)
    await service.add_computer(CHANNEL, ANN, "random")
    table = service.in_channel(CHANNEL)
    await service.start(CHANNEL, ANN)
    (robot,) = table.hand.to_act()
    assert robot != str(ANN)
    disk.fill(writes=2)
    await clock.advance(1.5 + 1)  # its move, and the first try again: both refused
    assert table.hand.seq == 0 and clock.due_in(f"computer:{table.id}:{robot}") == 2
    await clock.advance(2)
    assert table.hand.seq > 0 and await stored_seq(service, table) == table.hand.seq


async def test_the_next_deal_is_tried_again(service, disk):
    clock = service.scheduler
    table = await dealt(service, ANN, BOB, CY)
    await service.act(table.id, ANN, Drop(str(ANN)), 0)  # ends the hand
    assert table.hand.is_over and table.running.number == 1
    disk.fill(writes=2)
    await clock.advance(NEXT_HAND + 1)
    assert table.running.number == 1 and clock.due_in(f"deal:{table.id}") == 2
    await clock.advance(2)
    assert table.running.number == 2 and not table.hand.is_over


async def test_an_idle_table_closes_once_the_store_takes_it(service, disk):
    clock = service.scheduler
    await service.join(GUILD, CHANNEL, ANN)
    table = service.in_channel(CHANNEL)
    disk.fill(writes=1)
    await clock.advance(IDLE_SECONDS)
    assert service.in_channel(CHANNEL) is table  # not closed: its chips are still seated
    await clock.advance(1)
    assert service.in_channel(CHANNEL) is None
    wallet = await service.store.wallet(GUILD, ANN)
    assert wallet.balance == (await service.store.guild_settings(GUILD)).starting_chips


async def test_the_clocks_of_a_sealed_round_are_each_tried_again(tmp_path, disk, monkeypatch):
    monkeypatch.setitem(games.GAMES, "sealed", SealedGame())
    service = await open_service(tmp_path / "sealed.sqlite3")
    try:
        for user in (ANN, BOB):
            await service.join(GUILD, CHANNEL, user, game="sealed")
        await service.start(CHANNEL, ANN)
        table = service.in_channel(CHANNEL)
        assert table.hand.to_act() == (str(ANN), str(BOB))  # both bid at once
        disk.fill(writes=2)
        await service.scheduler.advance(TURN)  # both time out; the store refuses each
        assert table.hand.seq == 0 and table.timeouts == {}
        await service.scheduler.advance(1)
        assert table.timeouts == {ANN: 1, BOB: 1}  # each bid for, once
        assert (await service.store.hand(table.running.hand_id)).seq == table.hand.seq == 2
    finally:
        await service.store.close()
