"""Table options (games.md G3.3): kept with the table, checked by its game, and added to
tables made before migration 0004 as none at all."""

from __future__ import annotations

import sqlite3

import pytest

from bot.store import BadSetting, Store
from bot.store.migrate import bundled, migrate
from tests.store.helpers import CHANNEL, GUILD, HOST


async def test_a_table_keeps_its_options_and_reads_them_back(store):
    table = await store.open_table(GUILD, CHANNEL, HOST, game="concentration",
                                   options={"match": "colour"})
    assert table.options == {"match": "colour"}
    assert (await store.table(table.id)).options == {"match": "colour"}


async def test_a_table_given_no_options_has_none_and_the_page_defaults_hold(store):
    table = await store.open_table(GUILD, CHANNEL, HOST, game="concentration")
    assert table.options == {}


@pytest.mark.parametrize(
    ("game", "options", "words"),
    [
        ("concentration", {"match": "suit"}, 'match must be "rank" or "colour"'),
        ("concentration", {"pairs": 2}, "Concentration has no option 'pairs'"),
        ("oldmaid", {"match": "rank"}, "Old Maid has no option 'match' (its options: none)"),
        ("faro", {"max_bet": 5}, "max_bet must be a whole number of at least the stake 10"),
        ("faro", {"max_bet": "lots"}, "max_bet must be a whole number"),
    ],
)
async def test_an_unknown_option_or_a_bad_value_is_refused_and_opens_nothing(
    store, game, options, words
):
    with pytest.raises(BadSetting, match=words.replace("(", r"\(").replace(")", r"\)")):
        await store.open_table(GUILD, CHANNEL, HOST, game=game, stake=10, options=options)
    assert await store.table_in_channel(CHANNEL) is None


async def test_faro_s_max_bet_is_checked_against_the_table_s_own_stake(store):
    table = await store.open_table(GUILD, CHANNEL, HOST, game="faro", stake=10,
                                   options={"max_bet": 20})
    assert table.options == {"max_bet": 20}


@pytest.mark.sqlite_only("writes a SQLite file as migration 0003 left it")
async def test_tables_made_before_0004_get_no_options_and_keep_everything_else(db_path):
    db = sqlite3.connect(db_path, isolation_level=None)
    migrate(db, bundled()[:3])
    db.execute(
        "INSERT INTO tables (id, guild_id, channel_id, host_id, game, stake, buy_in,"
        " max_players, turn_seconds, status, opened_ms)"
        " VALUES (7, ?, ?, ?, 'faro', 10, 200, 8, 60, 'open', 0)",
        (GUILD, CHANNEL, HOST),
    )
    db.close()
    store = await Store.open(db_path)
    try:
        table = await store.table(7)
        assert table.options == {} and (table.game, table.stake, table.buy_in) == ("faro", 10, 200)
    finally:
        await store.close()
    with sqlite3.connect(db_path) as check, pytest.raises(sqlite3.IntegrityError):
        check.execute("UPDATE tables SET options = '[1]' WHERE id = 7")  # an object only
