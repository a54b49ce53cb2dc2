"""Numbered migrations: applied once, in order, one transaction each, never edited."""

from __future__ import annotations

import pytest

from bot.store import MigrationError, Store
from bot.store.migrate import Migration, bundled
from bot.store.postgres import is_postgres_url
from bot.store.postgres.store import bundled_migrations
from tests.store.helpers import behind_the_store

FIRST = Migration(1, "first", "CREATE TABLE one (x INTEGER);")
SECOND = Migration(2, "second", "CREATE TABLE two (x INTEGER);")

# Each test starts from a database with nothing in it, on either store.
pytestmark = pytest.mark.empty_database


async def versions(target) -> list[tuple[int, str]]:
    async with behind_the_store(target) as db:
        return await db.execute("SELECT version, name FROM schema_version ORDER BY version")


async def table_names(target) -> set[str]:
    if is_postgres_url(target):
        query = "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
    else:
        query = "SELECT name FROM sqlite_master WHERE type='table'"
    async with behind_the_store(target) as db:
        return {row[0] for row in await db.execute(query)}


def bundled_for(target) -> list[Migration]:
    return bundled_migrations() if is_postgres_url(target) else bundled()


def test_the_bundled_migrations_are_numbered_from_one():
    found = bundled()
    assert [m.version for m in found] == list(range(1, len(found) + 1))
    assert found[0].name == "initial"


def test_version_n_is_the_same_migration_on_both_databases():
    assert [(m.version, m.name) for m in bundled_migrations()] == [
        (m.version, m.name) for m in bundled()
    ]


async def columns(target) -> dict[str, set[str]]:
    """Each table's and view's columns: the schema both databases must agree on (SQLite's
    0003 rebuilt its tables where PostgreSQL's added columns, so the order differs)."""
    async with behind_the_store(target) as db:
        if is_postgres_url(target):
            rows = await db.execute(
                "SELECT table_name, column_name FROM information_schema.columns"
                " WHERE table_schema = current_schema()"
            )
        else:
            rows = [
                (table, column)
                for (table,) in await db.execute(
                    "SELECT name FROM sqlite_master WHERE type IN ('table', 'view')"
                )
                for (_, column, *_) in await db.execute(f"PRAGMA table_info({table})")
            ]
    found: dict[str, set[str]] = {}
    for table, column in rows:
        found.setdefault(table, set()).add(column)
    return found


async def test_both_databases_have_the_same_tables_and_columns(postgres_server, tmp_path):
    sqlite_file = tmp_path / "chips.sqlite3"
    postgres_url = await postgres_server.new_database("same_schema")
    for target in (sqlite_file, postgres_url):
        await (await Store.open(target)).close()
    mine = await columns(sqlite_file)
    assert mine == await columns(postgres_url) and "ledger" in mine


async def test_a_new_file_gets_every_table_and_its_version(db_path):
    store = await Store.open(db_path)
    await store.close()
    assert await versions(db_path) == [(m.version, m.name) for m in bundled_for(db_path)]
    expected = {
        "wallets", "accounts", "ledger_rows", "tables", "seats", "hands", "guild_settings",
        "carried_posts", "running_hands", "audit_marks", "audit_hands",
    }
    assert expected <= await table_names(db_path)


async def test_reopening_applies_nothing_twice(db_path):
    await (await Store.open(db_path, migrations=[FIRST])).close()
    await (await Store.open(db_path, migrations=[FIRST, SECOND])).close()
    await (await Store.open(db_path, migrations=[FIRST, SECOND])).close()
    assert await versions(db_path) == [(1, "first"), (2, "second")]
    assert {"one", "two"} <= await table_names(db_path)


async def test_an_applied_migration_that_was_edited_stops_the_start(db_path):
    await (await Store.open(db_path, migrations=[FIRST])).close()
    edited = Migration(1, "first", "CREATE TABLE one (x INTEGER, y INTEGER);")
    with pytest.raises(MigrationError, match="changed after it was applied"):
        await Store.open(db_path, migrations=[edited])


async def test_a_failing_migration_leaves_nothing_behind(db_path):
    broken = Migration(
        2, "broken", "CREATE TABLE half (x INTEGER); INSERT INTO nowhere VALUES (1);"
    )
    with pytest.raises(MigrationError, match="0002_broken failed and was rolled back"):
        await Store.open(db_path, migrations=[FIRST, broken])
    assert await versions(db_path) == [(1, "first")]
    assert "half" not in await table_names(db_path)


async def test_a_gap_in_the_numbers_is_refused(db_path):
    with pytest.raises(MigrationError, match="without gaps"):
        await Store.open(db_path, migrations=[FIRST, Migration(3, "third", "SELECT 1;")])


async def test_a_database_newer_than_the_code_is_refused(db_path):
    await (await Store.open(db_path, migrations=[FIRST, SECOND])).close()
    with pytest.raises(MigrationError, match="newer than this code knows"):
        await Store.open(db_path, migrations=[FIRST])
