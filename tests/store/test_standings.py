"""Standings: wallet plus chips at tables, ranked per server."""

from __future__ import annotations

from bot.store import Standing
from tests.store.helpers import GUILD, HOST, OTHER_GUILD, USERS

ANN, BOB, CY, DEE = USERS[:4]


async def test_the_richest_first_counting_chips_at_tables(store):
    for user in (ANN, BOB, CY, DEE):
        await store.open_wallet(GUILD, user)
    await store.grant(GUILD, BOB, 500, "test")
    await store.burn(GUILD, DEE, 400, "test")
    table = await store.open_table(GUILD, 1, HOST)
    await store.buy_in(table.id, CY)  # at a table, still CY's chips
    await store.open_wallet(OTHER_GUILD, ANN)
    await store.grant(OTHER_GUILD, ANN, 10_000, "another server")

    assert await store.standings(GUILD) == [
        Standing(BOB, 1, 1500, 1500, 0),
        Standing(ANN, 2, 1000, 1000, 0),
        Standing(CY, 2, 1000, 800, 200),  # equal totals share a rank
        Standing(DEE, 4, 600, 600, 0),
    ]
    assert [s.user_id for s in await store.standings(GUILD, top=2)] == [BOB, ANN]
    assert await store.standing(GUILD, DEE) == Standing(DEE, 4, 600, 600, 0)
    assert await store.standing(OTHER_GUILD, ANN) == Standing(ANN, 1, 11_000, 11_000, 0)
    assert await store.standing(GUILD, 12345) is None


async def test_an_empty_server_has_no_standings(store):
    assert await store.standings(GUILD) == []


async def test_the_standings_query_uses_the_indexes(store):
    def plan(db):
        return " ".join(
            row[-1]
            for row in db.execute(
                "EXPLAIN QUERY PLAN SELECT SUM(s.stack) FROM seats AS s"
                " WHERE s.user_id = 1 AND s.stack > 0"
            )
        )

    assert "seats_by_user" in await store.db.read(plan)
