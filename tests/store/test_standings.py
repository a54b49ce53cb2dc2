"""Standings: wallet plus chips at tables, ranked per server."""

from __future__ import annotations

import sqlite3

from bot.store import Standing, queries
from bot.store.migrate import bundled, migrate
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


def _work_for_standings(wallets: int) -> int:
    """SQLite steps for the top 10 of a server of `wallets` players, 3 of them at a table."""
    db = sqlite3.connect(":memory:", isolation_level=None)
    migrate(db, bundled())
    db.executemany(
        "INSERT INTO wallets (guild_id, user_id, balance, created_ms) VALUES (1, ?, ?, 0)",
        [(user, (user * 7919) % 100_000) for user in range(1, wallets + 1)],
    )
    db.execute(
        "INSERT INTO tables (id, guild_id, channel_id, host_id, game, stake, buy_in,"
        " max_players, turn_seconds, opened_ms) VALUES (1, 1, 1, 1, 'gff', 10, 200, 5, 60, 0)"
    )
    db.executemany(
        "INSERT INTO seats (table_id, user_id, position, stack, status)"
        " VALUES (1, ?, ?, 200, 'seated')", [(u, u - 1) for u in (1, 2, 3)]
    )
    steps = 0

    def count() -> int:
        nonlocal steps
        steps += 1
        return 0

    db.set_progress_handler(count, 100)
    top = queries.standings(db, 1, 10)
    richest = queries.standing(db, 1, top[0].user_id)
    db.set_progress_handler(None, 0)
    assert richest == top[0]
    totals = sorted(
        ((b + (200 if u <= 3 else 0)), u)
        for u, b in db.execute("SELECT user_id, balance FROM wallets")
    )
    assert [s.total for s in top] == [t for t, _ in sorted(totals, reverse=True)[:10]]
    return steps


def test_the_top_of_a_big_server_is_found_without_reading_every_wallet():
    # A player's rank counts who is richer, so the top players' ranks cost little;
    # a player far down pays for an index range as long as the players above.
    small, big = _work_for_standings(1_000), _work_for_standings(20_000)
    assert big < 3 * small, (small, big)  # twenty times the players, not twenty times the work
