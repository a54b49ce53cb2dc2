"""A move the store cannot take (a full disk, a read-only file) is refused whole: the table
in memory stays as the store holds it, even when the store cannot be read either, and
the same move goes through once the disk has room again."""

from __future__ import annotations

import pytest

from bot.store import StoreError
from bot.store.errors import StoreUnavailable
from tests.tables.store_faults import ANN, BOB, CHANNEL, CY, dealt


def state(table) -> tuple:
    """Everything the table keeps in memory of the running hand and its players."""
    return (table.hand.record().to_json(), table.hand.to_act(), dict(table.timeouts),
            set(table.away), set(table.leaving), table.running.number)


@pytest.mark.parametrize("read_only", [False, True], ids=["disk full", "read-only"])
async def test_a_move_the_store_refuses_changes_nothing_and_goes_through_later(
        service, disk, read_only):
    table = await dealt(service, ANN, BOB, CY)
    ann = str(ANN)
    before, stored = state(table), await service.store.hand(table.running.hand_id)
    move, seq = table.hand.timeout_action(ann), table.hand.seat_seq(ann)
    disk.fill(read_only=read_only)
    with pytest.raises(StoreUnavailable) as refused:
        await service.act(table.id, ANN, move, seq)
    assert isinstance(refused.value, StoreError)  # a refusal a player reads
    assert refused.value.fault == ("read-only" if read_only else "disk full")
    assert state(table) == before
    assert await service.store.hand(table.running.hand_id) == stored
    disk.free()
    await service.act(table.id, ANN, move, seq)
    assert table.hand.seq == seq + 1
    assert (await service.store.hand(table.running.hand_id)).seq == seq + 1


async def test_when_the_store_cannot_be_read_either_the_hand_is_put_back_from_memory(
        service, disk):
    table = await dealt(service, ANN, BOB, CY)
    ann = str(ANN)
    before = state(table)
    move, seq = table.hand.timeout_action(ann), table.hand.seat_seq(ann)
    disk.fill(reads=1)  # the read that would put the hand back fails too
    with pytest.raises(StoreUnavailable):
        await service.act(table.id, ANN, move, seq)
    assert disk.reads == 0  # it was tried
    assert state(table) == before
    disk.free()
    await service.act(table.id, ANN, move, seq)
    assert (await service.store.hand(table.running.hand_id)).seq == seq + 1


async def test_leaving_that_the_store_refuses_leaves_the_player_playing(service, disk):
    table = await dealt(service, ANN, BOB, CY)
    disk.fill()
    with pytest.raises(StoreUnavailable):
        await service.leave(CHANNEL, ANN)  # her turn, played for her at once: refused
    assert ANN not in table.leaving and table.hand.seq == 0
    disk.free()
    await service.leave(CHANNEL, ANN)
    assert ANN in table.leaving and table.hand.to_act() == (str(BOB),)
