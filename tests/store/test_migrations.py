"""Numbered migrations: applied once, in order, one transaction each, never edited."""

from __future__ import annotations

import sqlite3

import pytest

from bot.store import MigrationError, Store
from bot.store.migrate import Migration, bundled

FIRST = Migration(1, "first", "CREATE TABLE one (x INTEGER);")
SECOND = Migration(2, "second", "CREATE TABLE two (x INTEGER);")


def versions(path) -> list[tuple[int, str]]:
    with sqlite3.connect(path) as db:
        return db.execute("SELECT version, name FROM schema_version ORDER BY version").fetchall()


def table_names(path) -> set[str]:
    with sqlite3.connect(path) as db:
        return {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}


def test_the_bundled_migrations_are_numbered_from_one():
    found = bundled()
    assert [m.version for m in found] == list(range(1, len(found) + 1))
    assert found[0].name == "initial"


async def test_a_new_file_gets_every_table_and_its_version(db_path):
    store = await Store.open(db_path)
    await store.close()
    assert versions(db_path) == [(m.version, m.name) for m in bundled()]
    expected = {"wallets", "ledger", "tables", "seats", "hands", "guild_settings", "carried_posts"}
    assert expected <= table_names(db_path)


async def test_reopening_applies_nothing_twice(db_path):
    await (await Store.open(db_path, migrations=[FIRST])).close()
    await (await Store.open(db_path, migrations=[FIRST, SECOND])).close()
    await (await Store.open(db_path, migrations=[FIRST, SECOND])).close()
    assert versions(db_path) == [(1, "first"), (2, "second")]
    assert {"one", "two"} <= table_names(db_path)


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
    assert versions(db_path) == [(1, "first")]
    assert "half" not in table_names(db_path)


async def test_a_gap_in_the_numbers_is_refused(db_path):
    with pytest.raises(MigrationError, match="without gaps"):
        await Store.open(db_path, migrations=[FIRST, Migration(3, "third", "SELECT 1;")])


async def test_a_database_newer_than_the_code_is_refused(db_path):
    await (await Store.open(db_path, migrations=[FIRST, SECOND])).close()
    with pytest.raises(MigrationError, match="newer than this code knows"):
        await Store.open(db_path, migrations=[FIRST])
