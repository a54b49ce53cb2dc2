"""The standings query, which skips most wallets, ranks exactly like ranking them all."""

from __future__ import annotations

import random

import pytest

from bot.store import Standing
from tests.store.helpers import GUILD


def brute_force(wallets: dict[int, int], at_tables: dict[int, int]) -> list[Standing]:
    totals = {u: w + at_tables.get(u, 0) for u, w in wallets.items()}
    ordered = sorted(totals, key=lambda u: (-totals[u], u))
    return [
        Standing(u, 1 + sum(t > totals[u] for t in totals.values()), totals[u], wallets[u],
                 at_tables.get(u, 0))
        for u in ordered
    ]


@pytest.mark.parametrize("seed", range(6))
async def test_standings_match_a_full_ranking(store, seed):
    rng = random.Random(seed)
    users = [9000 + i for i in range(rng.randint(1, 40))]
    for user in users:
        await store.open_wallet(GUILD, user)
        change = rng.choice([0, 0, 100, -100, 250, -500, 1000])  # ties are common
        if change > 0:
            await store.grant(GUILD, user, change, "test")
        elif change < 0:
            await store.burn(GUILD, user, -change, "test")
    at_tables: dict[int, int] = {}
    for channel in range(rng.randint(0, 3)):
        table = await store.open_table(GUILD, 100 + channel, users[0], buy_in=rng.choice(
            [40, 200, 400]))
        for user in rng.sample(users, min(len(users), rng.randint(1, 5))):
            wallet = await store.wallet(GUILD, user)
            if wallet.balance >= table.buy_in and user not in at_tables:
                await store.buy_in(table.id, user)
                at_tables[user] = table.buy_in
    wallets = {u: (await store.wallet(GUILD, u)).balance for u in users}
    expected = brute_force(wallets, at_tables)
    for top in (1, 3, 10, 100):
        assert await store.standings(GUILD, top) == expected[:top]
    for standing in expected:
        assert await store.standing(GUILD, standing.user_id) == standing
