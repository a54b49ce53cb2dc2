"""Tables and seats: opening, buying in, cashing out, closing with every chip returned."""

from __future__ import annotations

import sqlite3

import pytest

from bot.store import (
    AlreadySeated,
    BadSetting,
    ChannelBusy,
    InHand,
    NoTable,
    NotEnoughChips,
    NotSeated,
    NoWallet,
    TableClosed,
    TableFull,
)
from tests.store.helpers import (
    A_CLUB,
    CHANNEL,
    GUILD,
    HOST,
    NO_CLUB,
    USERS,
    behind_the_store,
    deal,
    flop_hand,
    seated_table,
    snapshot,
)

ANN, BOB, CY, DEE, EVE, FAY = USERS


async def test_a_table_takes_the_server_settings_unless_told_otherwise(store):
    await store.update_guild_settings(GUILD, stake=5, buy_in_stakes=30, turn_seconds=90)
    table = await store.open_table(GUILD, CHANNEL, HOST)
    assert (table.stake, table.buy_in, table.max_players, table.turn_seconds) == (5, 150, 5, 90)
    assert (table.status, table.seats, table.hands_played) == ("open", (), 0)
    assert table.pots == {"game": 0, "flip": 0, "flop": 0, "bonus": 0}
    other = await store.open_table(
        GUILD, CHANNEL + 1, HOST, stake=20, buy_in=400, max_players=3, turn_seconds=30
    )
    assert (other.stake, other.buy_in, other.max_players, other.turn_seconds) == (20, 400, 3, 30)
    assert await store.table_in_channel(CHANNEL) == table
    assert await store.table_in_channel(CHANNEL + 2) is None


@pytest.mark.parametrize(
    "options",
    [
        {"stake": 0},
        {"stake": 10, "buy_in": 39},  # GFF-2.4: at least 4 stakes
        {"max_players": 1},
        {"max_players": 6},  # GFF-2.1
        {"turn_seconds": 10},
        {"stake": 2**63},
    ],
)
async def test_table_settings_out_of_range_are_refused(store, options):
    before = await snapshot(store)
    with pytest.raises(BadSetting):
        await store.open_table(GUILD, CHANNEL, HOST, **options)
    assert await snapshot(store) == before


async def test_one_open_table_per_channel(store):
    table = await store.open_table(GUILD, CHANNEL, HOST)
    before = await snapshot(store)
    with pytest.raises(ChannelBusy, match="already an open table in this channel"):
        await store.open_table(GUILD, CHANNEL, HOST + 1)
    assert await snapshot(store) == before
    await store.close_table(table.id)
    again = await store.open_table(GUILD, CHANNEL, HOST)
    assert again.id != table.id


async def test_the_database_itself_allows_one_open_table_per_channel(store, db_path):
    await store.open_table(GUILD, CHANNEL, HOST)
    async with behind_the_store(db_path) as db:
        with pytest.raises(sqlite3.IntegrityError):
            await db.execute(
                "INSERT INTO tables (guild_id, channel_id, host_id, game, stake, buy_in,"
                " max_players, turn_seconds, opened_ms)"
                " VALUES (?, ?, ?, 'gff', 10, 200, 5, 60, 0)",
                (GUILD, CHANNEL, HOST),
            )


async def test_buying_in_moves_the_buy_in_from_the_wallet_to_a_stack(store):
    table = await store.open_table(GUILD, CHANNEL, HOST)
    await store.open_wallet(GUILD, ANN)
    seat = await store.buy_in(table.id, ANN)
    assert (seat.position, seat.stack, seat.status) == (0, 200, "seated")
    assert (await store.wallet(GUILD, ANN)).balance == 800
    assert (await store.table(table.id)).seats == (seat,)
    rows = await store.db.read(
        lambda db: db.execute(
            "SELECT source, target, amount, reason FROM ledger WHERE reason = 'buy-in'"
        ).fetchall()
    )
    assert rows == [(f"wallet:{ANN}", f"seat:{table.id}:{ANN}", 200, "buy-in")]


async def test_a_short_buy_in_says_by_how_much_and_writes_nothing(store):
    table = await store.open_table(GUILD, CHANNEL, HOST)
    await store.open_wallet(GUILD, ANN)
    await store.burn(GUILD, ANN, 850, "test")
    before = await snapshot(store)
    with pytest.raises(NotEnoughChips) as refused:
        await store.buy_in(table.id, ANN)
    assert refused.value.short == 50
    assert refused.value.message == "Your bankroll has 150 chips; this needs 200: 50 short."
    assert await snapshot(store) == before


async def test_buy_ins_that_cannot_be_are_refused_with_nothing_written(store):
    table = await seated_table(store, users=(ANN, BOB), max_players=2)
    await store.open_wallet(GUILD, CY)
    before = await snapshot(store)
    with pytest.raises(AlreadySeated):
        await store.buy_in(table.id, ANN)
    with pytest.raises(TableFull, match="seats 2 players"):
        await store.buy_in(table.id, CY)
    with pytest.raises(NoTable):
        await store.buy_in(table.id + 100, CY)
    with pytest.raises(NoWallet):
        await store.buy_in(table.id, DEE)
    assert await snapshot(store) == before
    await store.close_table(table.id)
    with pytest.raises(TableClosed):
        await store.buy_in(table.id, CY)


async def test_cashing_out_returns_the_whole_stack(store):
    table = await seated_table(store, users=(ANN, BOB))
    assert await store.cash_out(table.id, ANN) == 200
    assert (await store.wallet(GUILD, ANN)).balance == 1000
    assert [s.user_id for s in (await store.table(table.id)).seats] == [BOB]
    before = await snapshot(store)
    with pytest.raises(NotSeated):
        await store.cash_out(table.id, ANN)
    with pytest.raises(NotSeated):
        await store.cash_out(table.id, CY)
    assert await snapshot(store) == before


async def test_a_freed_seat_is_taken_first_and_a_player_may_come_back(store):
    table = await seated_table(store, users=(ANN, BOB, CY))
    await store.cash_out(table.id, BOB)
    await store.open_wallet(GUILD, DEE)
    assert (await store.buy_in(table.id, DEE)).position == 1
    again = await store.buy_in(table.id, BOB)
    assert (again.position, again.stack) == (3, 200)
    seats = (await store.table(table.id)).seats
    assert [(s.user_id, s.position) for s in seats] == [(ANN, 0), (DEE, 1), (CY, 2), (BOB, 3)]


async def test_nobody_dealt_in_leaves_before_the_hand_is_settled(store):
    table = await seated_table(store, users=(ANN, BOB))
    await deal(store, table.id)
    await store.open_wallet(GUILD, CY)
    await store.buy_in(table.id, CY)  # joins while the hand is played
    before = await snapshot(store)
    with pytest.raises(InHand):
        await store.cash_out(table.id, ANN)
    assert await snapshot(store) == before
    assert await store.cash_out(table.id, CY) == 200  # not in this hand


async def test_unknown_tables_are_refused_with_nothing_written(store):
    await store.open_wallet(GUILD, ANN)
    before = await snapshot(store)
    for operation in (
        store.table(404),
        store.buy_in(404, ANN),
        store.cash_out(404, ANN),
        store.set_away(404, ANN, True),
        store.close_table(404),
        store.running_hand(404),
    ):
        with pytest.raises(NoTable, match="There is no such table"):
            await operation
    assert await snapshot(store) == before


async def test_away_and_back(store):
    table = await seated_table(store, users=(ANN, BOB))
    await store.set_away(table.id, ANN, True)
    assert [s.status for s in (await store.table(table.id)).seats] == ["away", "seated"]
    await store.set_away(table.id, ANN, False)
    assert [s.status for s in (await store.table(table.id)).seats] == ["seated", "seated"]
    with pytest.raises(NotSeated):
        await store.set_away(table.id, CY, True)


async def test_a_carried_pot_remembers_who_posted_each_chip(store):
    table = await seated_table(store, users=(ANN, BOB))
    settled = await flop_hand(store, table.id, dealer=ANN, left=BOB, left_cards=NO_CLUB)
    assert (settled.flip_winner, settled.flop_winner) == (str(ANN), None)
    after = await store.table(table.id)
    assert after.carry == settled.carry == {"flip": 0, "flop": 20}
    assert after.carried_by == {"flip": {}, "flop": {ANN: 10, BOB: 10}}

    await store.cash_out(table.id, BOB)
    await store.open_wallet(GUILD, CY)
    await store.buy_in(table.id, CY)
    await flop_hand(store, table.id, dealer=ANN, left=CY, left_cards=NO_CLUB)
    after = await store.table(table.id)
    assert after.pots["flop"] == 40
    assert after.carried_by["flop"] == {ANN: 20, BOB: 10, CY: 10}


async def test_a_won_pot_clears_who_posted_to_it(store):
    table = await seated_table(store, users=(ANN, BOB))
    await flop_hand(store, table.id, dealer=ANN, left=BOB, left_cards=NO_CLUB)
    settled = await flop_hand(store, table.id, dealer=ANN, left=BOB, left_cards=A_CLUB)
    assert settled.flop_winner == str(BOB)
    assert settled.won["flop"] == {str(BOB): 40}  # the carried 20 and this hand's 20
    after = await store.table(table.id)
    assert after.carry == {"flip": 0, "flop": 0}
    assert after.carried_by == {"flip": {}, "flop": {}}


async def test_closing_returns_stacks_and_carried_chips_to_who_posted_them(store):
    table = await seated_table(store, users=(ANN, BOB))
    await flop_hand(store, table.id, dealer=ANN, left=BOB, left_cards=NO_CLUB)
    await store.cash_out(table.id, BOB)
    await store.open_wallet(GUILD, CY)
    await store.buy_in(table.id, CY)
    await flop_hand(store, table.id, dealer=ANN, left=CY, left_cards=NO_CLUB)
    stacks = {s.user_id: s.stack for s in (await store.table(table.id)).seats}
    bob_before = (await store.wallet(GUILD, BOB)).balance

    returned = await store.close_table(table.id)
    # GFF-4.6: BOB left the table, yet gets back the 10 he posted to the carried flop.
    assert returned == {ANN: stacks[ANN] + 20, CY: stacks[CY] + 10, BOB: 10}
    assert (await store.wallet(GUILD, BOB)).balance == bob_before + 10
    closed = await store.table(table.id)
    assert closed.status == "closed" and closed.seats == ()
    assert closed.pots == {"game": 0, "flip": 0, "flop": 0, "bonus": 0}
    assert closed.carried_by == {"flip": {}, "flop": {}}
    before = await snapshot(store)
    with pytest.raises(TableClosed):
        await store.close_table(table.id)
    assert await snapshot(store) == before


async def test_closing_burns_a_computer_players_share_of_a_carried_pot(store):
    """A computer player (a house seat) that posted to a pot still carried when the table
    closes: its share is burned, as its stack is, never sent to a wallet it has not."""
    computer = 2001  # the bot's computer player ids are below 1,000,000
    table = await store.open_table(GUILD, CHANNEL, HOST)
    await store.open_wallet(GUILD, ANN)
    await store.buy_in(table.id, ANN)
    await store.buy_in(table.id, computer, house=True)
    await flop_hand(store, table.id, dealer=computer, left=ANN, left_cards=NO_CLUB)
    assert (await store.table(table.id)).carried_by["flop"] == {computer: 10, ANN: 10}
    burned = (await store.audit(GUILD)).burned

    returned = await store.close_table(table.id)
    assert returned[ANN] > 0
    audit = await store.audit(GUILD)
    assert audit.balances
    # The computer's stack and its 10 in the flop pot, both burned.
    assert audit.burned == burned + returned[computer]
    assert (await store.table(table.id)).pots["flop"] == 0


async def test_closing_during_a_hand_voids_it_and_gives_every_chip_back(store):
    table = await seated_table(store, users=(ANN, BOB, CY))
    hand_id, _ = await deal(store, table.id)
    returned = await store.close_table(table.id)
    assert returned == {ANN: 200, BOB: 200, CY: 200}
    assert (await store.hand(hand_id)).status == "void"
    for user in (ANN, BOB, CY):
        assert (await store.wallet(GUILD, user)).balance == 1000


async def test_a_channels_tables_are_listed_newest_first_closed_ones_included(store):
    first = await store.open_table(GUILD, CHANNEL, HOST)
    await store.close_table(first.id)
    second = await store.open_table(GUILD, CHANNEL, HOST)
    elsewhere = await store.open_table(GUILD, CHANNEL + 1, HOST)
    found = await store.channel_tables(GUILD, CHANNEL)
    assert [(t.id, t.status, t.hands) for t in found] == [
        (second.id, "open", 0), (first.id, "closed", 0)
    ]
    assert found[1].closed_ms is not None and found[0].closed_ms is None
    assert elsewhere.id not in {t.id for t in found}
    assert await store.channel_tables(GUILD + 1, CHANNEL) == []  # another server's channel
    assert [t.id for t in await store.channel_tables(GUILD, CHANNEL, limit=1)] == [second.id]
