"""Many tasks at once: no chip spent twice, no daily chips taken twice."""

from __future__ import annotations

import asyncio
import random

from bot.store import DailyNotReady, NotEnoughChips, Store, TableFull
from tests.store.helpers import (
    DEFAULTS,
    GUILD,
    HOST,
    USERS,
    assert_chips_add_up,
    deal,
    play_on,
    seated_table,
)

ANN = USERS[0]


async def test_buy_ins_racing_for_one_wallet_spend_it_once(store):
    tables = [await store.open_table(GUILD, 1000 + i, HOST) for i in range(20)]
    await store.open_wallet(GUILD, ANN)
    await store.grant(GUILD, ANN, 100, "test")  # 1,100 chips: five buy-ins of 200

    results = await asyncio.gather(
        *(store.buy_in(t.id, ANN) for t in tables), return_exceptions=True
    )
    seated = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, NotEnoughChips)]
    assert (len(seated), len(refused)) == (5, 15)
    assert {r.short for r in refused} == {100}
    assert (await store.wallet(GUILD, ANN)).balance == 100


async def test_daily_chips_claimed_by_many_tasks_are_given_once(store):
    await store.open_wallet(GUILD, ANN)
    results = await asyncio.gather(
        *(store.claim_daily(GUILD, ANN) for _ in range(25)), return_exceptions=True
    )
    given = [r for r in results if not isinstance(r, BaseException)]
    assert len(given) == 1
    assert all(isinstance(r, DailyNotReady) for r in results if r not in given)
    assert (await store.wallet(GUILD, ANN)).balance == 1200


async def test_players_racing_for_the_last_seats(store):
    table = await store.open_table(GUILD, 1, HOST, max_players=3)
    players = [900 + i for i in range(10)]
    for user in players:
        await store.open_wallet(GUILD, user)
    results = await asyncio.gather(
        *(store.buy_in(table.id, user) for user in players), return_exceptions=True
    )
    assert sum(isinstance(r, TableFull) for r in results) == 7
    seats = (await store.table(table.id)).seats
    assert sorted(s.position for s in seats) == [0, 1, 2]


async def test_two_processes_on_one_file_give_the_daily_chips_once(store, db_path, clock):
    # A second connection stands for a second bot process: only the database
    # itself (BEGIN IMMEDIATE and the conditional UPDATE) can keep them honest.
    await store.open_wallet(GUILD, ANN)
    async with await Store.open(db_path, defaults=DEFAULTS, clock=clock) as other:
        results = await asyncio.gather(
            *(s.claim_daily(GUILD, ANN) for _ in range(10) for s in (store, other)),
            return_exceptions=True,
        )
    assert sum(not isinstance(r, BaseException) for r in results) == 1
    assert (await store.wallet(GUILD, ANN)).balance == 1200


async def test_many_tables_playing_at_once_share_commits_and_keep_every_chip(store, backend):
    tables = [
        await seated_table(store, users=(2000 + 3 * i, 2001 + 3 * i, 2002 + 3 * i), channel=i + 1)
        for i in range(8)
    ]
    commits = store.db.commits

    async def play(table_id: int, seed: int) -> int:
        hand_id, hand = await deal(store, table_id, rng=random.Random(seed))
        await play_on(store, hand_id, hand, random.Random(seed))
        return hand.seq + 1  # the actions and the deal

    writes = sum(await asyncio.gather(*(play(t.id, i) for i, t in enumerate(tables))))
    if backend == "sqlite":
        # One transaction for many tables' writes (db.py); PostgreSQL runs each write in
        # a transaction of its own and groups their flushes to disk itself.
        assert store.db.commits - commits < writes
    else:
        assert store.db.commits - commits == writes
    for table in tables:
        assert (await store.table(table.id)).hands_played == 1
    await assert_chips_add_up(store)
