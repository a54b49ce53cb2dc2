"""What only the PostgreSQL store has: claims shared by processes, its pool's
transactions, and the translation of the store's SQL."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from bot.store import Store, TableHeldElsewhere
from bot.store.postgres.dialect import translate
from tests.store.helpers import CHANNEL, DEFAULTS, GUILD, HOST, USERS, deal, seated_table

ANN = USERS[0]


@pytest.fixture
async def two_processes(postgres_url):
    """Two stores on one database, as two bot processes would have."""
    first = await Store.open(postgres_url, defaults=DEFAULTS)
    second = await Store.open(postgres_url, defaults=DEFAULTS)
    try:
        yield first, second
    finally:
        await first.close()
        await second.close()


async def test_a_table_claimed_by_one_process_is_refused_to_another(two_processes):
    first, second = two_processes
    table = await first.open_table(GUILD, CHANNEL, HOST)
    await first.claim_table(table.id)
    await first.claim_table(table.id)  # claiming again changes nothing
    with pytest.raises(TableHeldElsewhere, match="another bot process"):
        await second.claim_table(table.id)
    await first.release_table(table.id)  # once is enough, however often it was claimed
    await second.claim_table(table.id)
    with pytest.raises(TableHeldElsewhere):
        await first.claim_table(table.id)


async def test_recovery_leaves_a_table_another_process_holds_and_its_hand_alone(
    postgres_url, two_processes
):
    first, second = two_processes
    theirs = await seated_table(first)
    ours = await seated_table(first, channel=CHANNEL + 1)
    theirs_hand, _ = await deal(first, theirs.id)
    ours_hand, _ = await deal(first, ours.id)
    await first.claim_table(theirs.id)
    # Break the held table's record: recovering it would void the hand.
    admin = await asyncpg.connect(postgres_url)
    try:
        await admin.execute(
            "UPDATE running_hands SET record = jsonb_set(record::jsonb, '{deck}', '[]')::text"
            " WHERE hand_id = $1", theirs_hand,
        )
    finally:
        await admin.close()

    recovery = await second.recover()

    assert [table.id for table in recovery.tables] == [ours.id]
    assert list(recovery.running) == [ours.id] and not recovery.voided
    assert (await first.hand(theirs_hand)).status == "running"
    with pytest.raises(TableHeldElsewhere):
        await first.claim_table(ours.id)  # the second process took it as it recovered


async def test_a_process_that_loses_its_connection_lets_its_tables_go(
    postgres_url, two_processes
):
    first, second = two_processes
    table = await first.open_table(GUILD, CHANNEL, HOST)
    third = await Store.open(postgres_url, defaults=DEFAULTS)
    try:
        await third.claim_table(table.id)
        with pytest.raises(TableHeldElsewhere):
            await second.claim_table(table.id)
        # A process that dies loses its connections; the server ends this one as it would.
        admin = await asyncpg.connect(postgres_url)
        try:
            ended = await admin.fetchval(
                "SELECT pg_terminate_backend($1)", third._claims.get_server_pid()
            )
        finally:
            await admin.close()
        assert ended
        for _ in range(100):  # the server lets the lock go as the session ends
            try:
                await second.claim_table(table.id)
                break
            except TableHeldElsewhere:
                await asyncio.sleep(0.02)
        with pytest.raises(TableHeldElsewhere):
            await first.claim_table(table.id)  # the second holds it now
    finally:
        await third.close()


async def test_a_store_whose_claims_connection_drops_says_so_once_and_holds_nothing(
    postgres_url, two_processes
):
    first, second = two_processes
    table = await first.open_table(GUILD, CHANNEL, HOST)
    lost = []
    first.on_claims_lost(lambda: lost.append("lost"))
    await first.claim_table(table.id)
    admin = await asyncpg.connect(postgres_url)
    try:
        await admin.fetchval(
            "SELECT pg_terminate_backend($1)", first._claims.get_server_pid()
        )
    finally:
        await admin.close()
    for _ in range(100):
        if lost:
            break
        await asyncio.sleep(0.02)
    assert lost == ["lost"]
    await second.claim_table(table.id)  # the table is free for another process


async def test_closing_a_store_is_not_losing_its_claims(postgres_url):
    store = await Store.open(postgres_url, defaults=DEFAULTS)
    lost = []
    store.on_claims_lost(lambda: lost.append("lost"))
    table = await store.open_table(GUILD, CHANNEL, HOST)
    await store.claim_table(table.id)
    await store.close()
    await asyncio.sleep(0.05)
    assert lost == []


async def test_every_session_commits_synchronously(postgres_url):
    async with await Store.open(postgres_url, defaults=DEFAULTS) as store:
        setting = await store.db.read(
            lambda db: db.execute("SHOW synchronous_commit").fetchone()[0]
        )
    assert setting == "on"


async def test_a_failing_write_leaves_nothing_behind(postgres_url):
    def open_then_fail(db):
        db.execute(
            "INSERT INTO wallets (guild_id, user_id, balance, created_ms) VALUES (?, ?, 5, 0)",
            (GUILD, ANN),
        )
        raise ValueError("refused after writing")

    async with await Store.open(postgres_url, defaults=DEFAULTS) as store:
        with pytest.raises(ValueError, match="refused after writing"):
            await store.db.write(open_then_fail)
        assert await store.wallet(GUILD, ANN) is None


async def test_a_write_whose_caller_gives_up_still_commits_whole(postgres_url):
    async with await Store.open(postgres_url, defaults=DEFAULTS) as store:
        task = asyncio.create_task(store.open_wallet(GUILD, ANN))
        await asyncio.sleep(0)  # on its way
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        await asyncio.sleep(0.2)
        wallet = await store.wallet(GUILD, ANN)
        assert wallet is None or wallet.balance == DEFAULTS.starting_chips
        (chips,) = await store.conservation() or [None]
        assert chips is None or chips.holds


async def test_a_closed_store_refuses_work(postgres_url):
    store = await Store.open(postgres_url, defaults=DEFAULTS)
    await store.close()
    with pytest.raises(ValueError, match="closed"):
        await store.wallet(GUILD, ANN)


def test_the_store_s_sql_is_numbered_for_postgresql():
    statement = translate("SELECT a FROM t WHERE b = ? AND c = ? AND d = 'x:y?'")
    assert statement.sql == "SELECT a FROM t WHERE b = $1 AND c = $2 AND d = 'x:y?'"
    assert statement.arguments((1, True)) == [1, 1]
    named = translate("SELECT :a + :b + :a, 'wallet:' || x")
    assert named.sql == "SELECT $1 + $2 + $1, 'wallet:' || x"
    assert named.arguments({"b": 2, "a": 1, "unused": 3}) == [1, 2]


def test_sqlite_s_own_words_become_postgresql_s():
    ignored = translate("INSERT OR IGNORE INTO table_pots (table_id, name) VALUES (?, ?)")
    assert ignored.sql.endswith("VALUES ($1, $2) ON CONFLICT DO NOTHING")
    numbered = translate("INSERT INTO hands (table_id) VALUES (?)")
    assert numbered.sql.endswith("RETURNING id") and numbered.reads
    with pytest.raises(ValueError, match="takes 2 parameters, 1 given"):
        translate("SELECT ? + ?").arguments((1,))
