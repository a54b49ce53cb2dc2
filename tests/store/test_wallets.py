"""Wallets: starting chips, daily chips, admin grants and burns, server settings."""

from __future__ import annotations

import pytest

from bot.store import (
    AlreadyBooked,
    BadAmount,
    BadId,
    BadSetting,
    DailyDisabled,
    DailyNotReady,
    GuildSettings,
    NotEnoughChips,
    NoWallet,
    TooManyChips,
)
from bot.store.amounts import MAX_CHIPS
from tests.store.helpers import DEFAULTS, GUILD, OTHER_GUILD, USERS, snapshot

ANN, BOB = USERS[:2]


def ledger_rows(db, where: str = "TRUE", *args):
    return db.execute(
        f"SELECT guild_id, source, target, amount, reason FROM ledger WHERE {where} ORDER BY id",
        args,
    ).fetchall()


async def test_a_new_wallet_gets_the_starting_chips_from_the_mint(store):
    wallet, created = await store.open_wallet(GUILD, ANN)
    assert created and wallet.balance == DEFAULTS.starting_chips
    rows = await store.db.read(ledger_rows)
    assert rows == [(GUILD, "mint", f"wallet:{ANN}", 1000, "starting chips")]


async def test_opening_a_wallet_again_changes_nothing(store):
    await store.open_wallet(GUILD, ANN)
    before = await snapshot(store)
    wallet, created = await store.open_wallet(GUILD, ANN)
    assert not created and wallet.balance == 1000
    assert await snapshot(store) == before


async def test_wallets_are_per_server(store):
    await store.open_wallet(GUILD, ANN)
    await store.update_guild_settings(OTHER_GUILD, starting_chips=50)
    wallet, created = await store.open_wallet(OTHER_GUILD, ANN)
    assert created and wallet.balance == 50
    assert (await store.wallet(GUILD, ANN)).balance == 1000


async def test_no_starting_chips_books_no_ledger_row(store):
    await store.update_guild_settings(GUILD, starting_chips=0)
    wallet, _ = await store.open_wallet(GUILD, ANN)
    assert wallet.balance == 0
    assert await store.db.read(ledger_rows) == []


async def test_daily_chips_once_per_24_hours(store, clock):
    await store.open_wallet(GUILD, ANN)
    wallet, given = await store.claim_daily(GUILD, ANN)
    assert (wallet.balance, given) == (1200, 200)
    assert (await store.db.read(ledger_rows, "reason = 'daily chips'"))[0][:4] == (
        GUILD,
        "mint",
        f"wallet:{ANN}",
        200,
    )

    clock.advance(23 * 3600 + 59 * 60)
    before = await snapshot(store)
    with pytest.raises(DailyNotReady) as refused:
        await store.claim_daily(GUILD, ANN)
    assert refused.value.seconds_left == 60
    assert refused.value.message == "You already took your daily chips. Come back in 1 min."
    assert await snapshot(store) == before

    clock.advance(60)
    wallet, _ = await store.claim_daily(GUILD, ANN)
    assert wallet.balance == 1400


async def test_the_time_left_is_said_in_hours_and_minutes(store, clock):
    await store.open_wallet(GUILD, ANN)
    await store.claim_daily(GUILD, ANN)
    clock.advance(90 * 60)
    with pytest.raises(DailyNotReady, match=r"Come back in 22 h 30 min\.$"):
        await store.claim_daily(GUILD, ANN)
    clock.advance(30 * 60 + 59)  # 21 h 59 min 1 s left: rounded up, never "0 min"
    with pytest.raises(DailyNotReady, match=r"Come back in 22 h\.$"):
        await store.claim_daily(GUILD, ANN)


async def test_daily_chips_need_a_wallet_and_a_server_that_gives_them(store):
    with pytest.raises(NoWallet):
        await store.claim_daily(GUILD, ANN)
    await store.open_wallet(GUILD, ANN)
    await store.update_guild_settings(GUILD, daily_chips=0)
    before = await snapshot(store)
    with pytest.raises(DailyDisabled):
        await store.claim_daily(GUILD, ANN)
    assert await snapshot(store) == before


async def test_grant_mints_and_burn_destroys_with_the_reason_in_the_ledger(store):
    await store.open_wallet(GUILD, ANN)
    assert (await store.grant(GUILD, ANN, 500, "tournament prize")).balance == 1500
    assert (await store.burn(GUILD, ANN, 300, "cheating")).balance == 1200
    rows = await store.db.read(ledger_rows, "reason LIKE 'grant%' OR reason LIKE 'burn%'")
    assert rows == [
        (GUILD, "mint", f"wallet:{ANN}", 500, "grant: tournament prize"),
        (GUILD, f"wallet:{ANN}", "burn", 300, "burn: cheating"),
    ]
    (chips,) = await store.conservation(GUILD)
    assert (chips.minted, chips.burned, chips.held) == (1500, 300, 1200)


async def test_burning_more_than_the_wallet_says_how_short(store):
    await store.open_wallet(GUILD, ANN)
    before = await snapshot(store)
    with pytest.raises(NotEnoughChips) as refused:
        await store.burn(GUILD, ANN, 1250, "too much")
    assert refused.value.short == 250
    assert refused.value.message == ("Your bankroll has 1,000 chips; this needs 1,250: 250 short.")
    assert await snapshot(store) == before


@pytest.mark.parametrize("amount", [0, -5, 2**63, 10**30, 1.5, True, "10", None])
async def test_amounts_that_are_not_chips_are_refused_with_nothing_written(store, amount):
    await store.open_wallet(GUILD, ANN)
    before = await snapshot(store)
    with pytest.raises(BadAmount):
        await store.grant(GUILD, ANN, amount, "test")
    with pytest.raises(BadAmount):
        await store.burn(GUILD, ANN, amount, "test")
    assert await snapshot(store) == before


async def test_a_grant_past_64_bits_is_refused_with_nothing_written(store):
    await store.open_wallet(GUILD, ANN)
    await store.open_wallet(GUILD, BOB)
    before = await snapshot(store)
    with pytest.raises(TooManyChips):
        await store.grant(GUILD, ANN, MAX_CHIPS, "everything")
    # Below the limit for the wallet, but the server's total would pass it.
    with pytest.raises(TooManyChips):
        await store.grant(GUILD, BOB, MAX_CHIPS - 1500, "nearly everything")
    assert await snapshot(store) == before
    assert (await store.grant(GUILD, ANN, MAX_CHIPS - 2000, "the most there can be")).balance == (
        MAX_CHIPS - 1000
    )


async def test_unknown_users_and_bad_ids_are_refused(store):
    before = await snapshot(store)
    with pytest.raises(NoWallet, match="no bankroll on this server"):
        await store.grant(GUILD, ANN, 10, "hello")
    with pytest.raises(NoWallet):
        await store.burn(GUILD, ANN, 10, "hello")
    for bad in (0, -1, 2**63, "701", None):
        with pytest.raises(BadId):
            await store.open_wallet(GUILD, bad)
        with pytest.raises(BadId):
            await store.grant(bad, ANN, 10, "hello")
    assert await store.wallet(GUILD, ANN) is None
    assert await snapshot(store) == before


async def test_a_grant_needs_a_reason(store):
    await store.open_wallet(GUILD, ANN)
    before = await snapshot(store)
    for reason in ("", "   ", "x" * 201):
        with pytest.raises(BadSetting):
            await store.grant(GUILD, ANN, 10, reason)
    assert await snapshot(store) == before


async def test_one_event_is_booked_once(store):
    await store.open_wallet(GUILD, ANN)
    await store.grant(GUILD, ANN, 10, "prize", ref="interaction-42")
    before = await snapshot(store)
    with pytest.raises(AlreadyBooked):
        await store.grant(GUILD, ANN, 10, "prize", ref="interaction-42")
    assert await snapshot(store) == before


async def test_server_settings_default_then_change(store):
    assert await store.guild_settings(GUILD) == DEFAULTS
    changed = await store.update_guild_settings(GUILD, stake=25, daily_chips=50)
    assert changed == GuildSettings(25, 20, 1000, 50, 60, 1)
    assert await store.guild_settings(GUILD) == changed
    assert await store.guild_settings(OTHER_GUILD) == DEFAULTS


@pytest.mark.parametrize(
    "change",
    [
        {"stake": 0},
        {"buy_in_stakes": 3},
        {"starting_chips": -1},
        {"turn_seconds": 14},
        {"turn_seconds": 601},
        {"colour": 3},
        {"stake": 2**62, "buy_in_stakes": 4},
    ],
)
async def test_server_settings_out_of_range_are_refused(store, change):
    before = await snapshot(store)
    with pytest.raises(BadSetting):
        await store.update_guild_settings(GUILD, **change)
    assert await snapshot(store) == before
