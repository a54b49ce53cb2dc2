"""PostgreSQL's numbered migrations, by the same rule as SQLite's (bot/store/migrate.py):
one transaction each, a checksum per applied file, never an applied file edited."""

from __future__ import annotations

import time

import asyncpg

from bot.store.migrate import VERSION_TABLE, Migration, MigrationError, pending

# Two processes starting at once: one migrates, the other waits, then finds it done.
MIGRATING = 0x6766_6600  # an advisory lock key of the store's own


async def migrate(conn: asyncpg.Connection, wanted: list[Migration]) -> list[int]:
    """Apply what `wanted` has beyond the database's version, each file in a transaction
    of its own; the versions applied."""
    await conn.execute("SELECT pg_advisory_lock($1)", MIGRATING)
    try:
        await conn.execute(VERSION_TABLE.replace("INTEGER", "BIGINT"))
        applied = {
            row["version"]: (row["name"], row["checksum"])
            for row in await conn.fetch("SELECT version, name, checksum FROM schema_version")
        }
        todo = pending(applied, wanted)
        for migration in todo:
            await _apply(conn, migration)
    finally:
        await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATING)
    return [migration.version for migration in todo]


async def _apply(conn: asyncpg.Connection, migration: Migration) -> None:
    try:
        async with conn.transaction():
            await conn.execute(migration.sql)
            await conn.execute(
                "INSERT INTO schema_version (version, name, checksum, applied_ms)"
                " VALUES ($1, $2, $3, $4)",
                migration.version,
                migration.name,
                migration.checksum,
                time.time_ns() // 1_000_000,
            )
    except asyncpg.PostgresError as error:
        raise MigrationError(
            f"migration {migration.version:04d}_{migration.name} failed and was "
            f"rolled back: {error}"
        ) from error
