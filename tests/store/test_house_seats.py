"""The house's own seats (computer players): chips minted straight into the seat as it
sits down and burned straight from it as it leaves, each in one transaction, so that
no crash can leave house chips in a wallet."""

from __future__ import annotations

import pytest

from bot.store import TableFull
from tests.store.helpers import GUILD, USERS, behind_the_store, seated_table, snapshot

ROBOT = 1001
ANN, BOB = USERS[:2]


async def house_rows(db_path, user_id: int) -> list[tuple[str, str, int, str]]:
    async with behind_the_store(db_path) as db:
        return await db.execute(
            "SELECT source, target, amount, reason FROM ledger"
            " WHERE source LIKE ? OR target LIKE ? ORDER BY id",
            (f"%:{user_id}", f"%:{user_id}"),
        )


async def test_a_house_seat_is_minted_into_the_seat_in_one_row(store, db_path):
    table = await seated_table(store, users=(ANN,))
    seat = await store.buy_in(table.id, ROBOT, house=True)
    assert seat.stack == table.buy_in
    assert (await house_rows(db_path, ROBOT)) == [
        ("mint", f"seat:{table.id}:{ROBOT}", table.buy_in, "house: a computer sits")
    ]
    assert await store.wallet(GUILD, ROBOT) is None  # never a wallet


async def test_a_house_seat_that_leaves_is_burned_from_the_seat(store, db_path):
    table = await seated_table(store, users=(ANN,))
    await store.buy_in(table.id, ROBOT, house=True)
    assert await store.cash_out(table.id, ROBOT) == table.buy_in
    assert (await house_rows(db_path, ROBOT))[-1] == (
        f"seat:{table.id}:{ROBOT}", "burn", table.buy_in, "house: cash-out"
    )
    audit = await store.audit(GUILD)
    assert audit.balances and audit.burned == table.buy_in


async def test_closing_a_table_burns_the_house_seats_with_it(store, db_path):
    table = await seated_table(store, users=(ANN,))
    await store.buy_in(table.id, ROBOT, house=True)
    returned = await store.close_table(table.id)
    assert returned[ROBOT] == table.buy_in
    assert (await house_rows(db_path, ROBOT))[-1][1] == "burn"
    assert await store.wallet(GUILD, ROBOT) is None


async def test_a_full_table_refuses_a_house_seat_and_mints_nothing(store):
    table = await seated_table(store, users=(ANN, BOB), max_players=2)
    before = await snapshot(store)
    with pytest.raises(TableFull):
        await store.buy_in(table.id, ROBOT, house=True)
    assert await snapshot(store) == before
