"""Migration 0010, compact records: a database of the version before, with hands settled,
void and running as text and ledger rows pointing at them, opens with the running hand's
record moved to `running_hands`, every hand over packed (its texts read back byte for
byte), the same ledger rows on the same hand ids, and the players' records and /history
what they were. Hands not packed yet read as text meanwhile, and are packed in batches."""

from __future__ import annotations

import json
import random
import sqlite3

import asyncpg
import pytest

from bot.store import Store, history, packing, stats
from bot.store.migrate import bundled, migrate
from bot.store.postgres import is_postgres_url
from bot.store.postgres.migrate import migrate as migrate_postgres
from bot.store.postgres.store import bundled_migrations
from tests.store.helpers import DEFAULTS, behind_the_store

GUILD, CHANNEL, HOST = 11, 12, 13
SETTLED, VOID, RUNNING = (1, 2, 3, 4), 5, 6
TURN_MS = 77


def before_0010(migrations: list) -> list:
    """The migrations up to the one the ledger's accounts came with (0008's language), so
    the old rows below are written as the store of that time wrote them."""
    names = [m.name for m in migrations]
    return migrations[: names.index("language") + 1]


def old_hands() -> list[tuple[str, str | None]]:
    """Six hands' (record, result) as the store kept them as text: settled, void, running."""
    hands = packing.records("gff", 6, random.Random(9), players=3)
    return [*hands[:4], (hands[4][0], '{"void": "closed"}'), (hands[5][0], None)]


async def make_old_database(target) -> list[tuple[str, str | None]]:
    if is_postgres_url(target):
        conn = await asyncpg.connect(target)
        try:
            await migrate_postgres(conn, before_0010(bundled_migrations()))
        finally:
            await conn.close()
    else:
        db = sqlite3.connect(target, isolation_level=None)
        try:
            migrate(db, before_0010(bundled()))
        finally:
            db.close()
    texts = old_hands()
    async with behind_the_store(target) as db:
        await db.execute(
            "INSERT INTO tables (id, guild_id, channel_id, host_id, game, stake, buy_in,"
            " max_players, turn_seconds, opened_ms) VALUES (1, ?, ?, ?, 'gff', 10, 200, 5,"
            " 60, 0)", (GUILD, CHANNEL, HOST),
        )
        for number, (record, result) in enumerate(texts, start=1):
            status = "running" if number == RUNNING else "void" if number == VOID else "settled"
            await db.execute(
                "INSERT INTO hands (id, table_id, number, record, seq, status, result,"
                " started_ms, ended_ms, turn_started_ms) VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, ?)",
                (number, number, record, number + 3, status, result, number * 1000,
                 None if number == RUNNING else number * 1000 + 500,
                 TURN_MS if number == RUNNING else None),
            )
        for index, hand_id in enumerate((1, 4, RUNNING)):
            await db.execute(
                "INSERT INTO ledger (at_ms, guild_id, source, target, amount, reason, ref,"
                " hand_id) VALUES (0, ?, 'mint', ?, 10, 'a test row', ?, ?)",
                (GUILD, f"wallet:{HOST}", f"test:{index}", hand_id),
            )
    return texts


@pytest.mark.empty_database
async def test_a_database_of_text_records_opens_packed_with_every_row_kept(db_path):
    texts = await make_old_database(db_path)
    async with behind_the_store(db_path) as db:
        ledger_before = await db.execute("SELECT id, hand_id FROM ledger ORDER BY id")

    async with await Store.open(db_path, defaults=DEFAULTS) as store:
        for number, (record, result) in enumerate(texts, start=1):
            stored = await store.hand(number)
            assert (stored.record, stored.result, stored.seq) == (
                json.loads(record), None if result is None else json.loads(result), number + 3
            )
        assert [h.number for h in await store.recent_hands(1)] == [6, 5, 4, 3, 2, 1]
        table = await store.table(1)
        assert table.hands_played == 5
        assert table.last_dealer == int(json.loads(texts[RUNNING - 1][0])["dealer"])

    async with behind_the_store(db_path) as db:
        assert await db.execute(
            "SELECT hand_id, record, seq, turn_started_ms FROM running_hands"
        ) == [(RUNNING, texts[RUNNING - 1][0], RUNNING + 3, TURN_MS)]
        rows = await db.execute(
            "SELECT id, status, record, result, packed, seq, started_ms, ended_ms FROM hands"
            " ORDER BY id"
        )
        for hand_id, status, record, result, packed, seq, started, ended in rows:
            assert (seq, started) == (hand_id + 3, hand_id * 1000)
            assert record is None and result is None
            if hand_id == RUNNING:
                assert (status, packed, ended) == ("running", None, None)
                continue
            assert packing.unpack(packed) == texts[hand_id - 1]  # byte for byte
            assert ended == hand_id * 1000 + 500
        assert await db.execute("SELECT id, hand_id FROM ledger ORDER BY id") == ledger_before
        # The players' records were built from the text before it was packed.
        derived = sorted(
            row for hand_id in SETTLED
            for row in stats.derive(hand_id, GUILD, "gff", json.loads(texts[hand_id - 1][0]),
                                    json.loads(texts[hand_id - 1][1]), set())
        )
        kept = await db.execute(
            "SELECT guild_id, user_id, hand_id, game, with_computers, net, won, stats"
            " FROM hand_players ORDER BY 1, 2, 3"
        )
        assert [tuple(row) for row in kept] == derived and derived
        if not is_postgres_url(db_path):
            assert await db.execute("PRAGMA foreign_key_check") == []
        # Each hand holds its record where it belongs, and only there.
        for refused in (
            "UPDATE hands SET record = '{}' WHERE id = 1",  # packed and text both
            "UPDATE hands SET status = 'running' WHERE id = 2",  # a running hand packed
            "UPDATE hands SET result = '{}' WHERE id = 3",  # a result beside the blob
            "UPDATE hands SET packed = NULL WHERE id = 4",  # a hand over with no record
            f"UPDATE hands SET record = '{{}}' WHERE id = {RUNNING}",  # running: not here
            "INSERT INTO running_hands (hand_id, record) VALUES (1, 'not json')",
        ):
            with pytest.raises(sqlite3.IntegrityError):
                await db.execute(refused)


@pytest.mark.sqlite_only("the hands over are packed a batch at a time, read meanwhile")
async def test_hands_over_are_packed_in_batches_and_read_as_text_until_then(tmp_path):
    path = tmp_path / "chips.sqlite3"
    texts = await make_old_database(path)
    db = sqlite3.connect(path, isolation_level=None)
    try:
        migrate(db, bundled())  # as the store does at open, before it packs
        db.execute("PRAGMA foreign_keys = ON")

        def read(number: int):
            return history.hand_by_number(db, 1, number)

        as_text = [read(number) for number in range(1, 7)]
        assert [(h.record, h.result) for h in as_text[:5]] == [
            (json.loads(r), json.loads(s)) for r, s in texts[:5]
        ]
        after, batches = 0, 0
        while True:
            db.execute("BEGIN IMMEDIATE")
            last = packing.pack_over_hands(db, after, limit=2)
            db.execute("COMMIT")
            if last is None:
                break
            after, batches = last, batches + 1
            if batches == 1:  # half packed, half text: both read alike
                assert [read(number) for number in range(1, 7)] == as_text
        assert batches == 3
        assert [read(number) for number in range(1, 7)] == as_text
        assert db.execute(
            "SELECT COUNT(*) FROM hands WHERE packed IS NULL AND status <> 'running'"
        ).fetchone() == (0,)
        # Once all are packed, the store's start finds none to pack from the index alone.
        plan = db.execute(f"EXPLAIN QUERY PLAN {packing.PENDING}", (0, 1)).fetchall()
        assert "hands_to_pack" in plan[0][-1]
    finally:
        db.close()
