"""Bring a database up to the newest schema: numbered SQL files, one transaction each.

Each applied file is remembered in `schema_version` with a checksum, so that a
migration edited after it ran (which would leave databases that differ while
claiming the same version) stops the bot at start-up instead.
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
import time
from dataclasses import dataclass
from importlib import resources
from types import ModuleType

from bot.store import migrations

FILE_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")
NAME = re.compile(r"^[a-z0-9_]+$")  # written into the version row as an SQL literal
SHOWN_TABLES = 5  # of another program's tables, named in the error

VERSION_TABLE = """
CREATE TABLE IF NOT EXISTS schema_version (
    version     INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    checksum    TEXT NOT NULL,
    applied_ms  INTEGER NOT NULL
)
"""


class MigrationError(Exception):
    """The database and the migrations disagree; the operator must look."""


class ForeignDatabase(MigrationError):
    """The file holds tables but no schema version: another program's database, which
    migrating would fill with this bot's tables beside its own."""

    def __init__(self, tables: list[str]) -> None:
        self.tables = tables
        named = ", ".join(tables[:SHOWN_TABLES])
        if len(tables) > SHOWN_TABLES:
            named += f" and {len(tables) - SHOWN_TABLES} more"
        super().__init__(f"it holds tables of its own ({named}) and none of this bot's")


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sql: str

    @property
    def checksum(self) -> str:
        return hashlib.sha256(self.sql.encode()).hexdigest()


def bundled(package: ModuleType = migrations) -> list[Migration]:
    """The migrations shipped in `package` (SQLite's: bot/store/migrations), in order,
    numbered 1, 2, 3, ..."""
    found = []
    for entry in resources.files(package).iterdir():
        match = FILE_NAME.match(entry.name)
        if match:
            found.append(Migration(int(match[1]), match[2], entry.read_text(encoding="utf-8")))
    return checked_sequence(found)


def checked_sequence(found: list[Migration]) -> list[Migration]:
    found = sorted(found, key=lambda m: m.version)
    for expected, migration in enumerate(found, start=1):
        if not NAME.match(migration.name):
            raise MigrationError(f"bad migration name {migration.name!r}: use a-z, 0-9 and _")
        if migration.version != expected:
            raise MigrationError(
                f"migrations must be numbered 1, 2, 3, ... without gaps; "
                f"found {migration.version:04d}_{migration.name} where {expected:04d} belongs"
            )
    return found


def migrate(db: sqlite3.Connection, wanted: list[Migration]) -> list[int]:
    """Apply what `wanted` has beyond the database's version; the versions applied."""
    theirs = [
        name
        for (name,) in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            " ORDER BY name"
        )
    ]
    if theirs and "schema_version" not in theirs:
        raise ForeignDatabase(theirs)
    db.execute(VERSION_TABLE)
    applied = {
        version: (name, checksum)
        for version, name, checksum in db.execute(
            "SELECT version, name, checksum FROM schema_version"
        )
    }
    done = []
    for migration in pending(applied, wanted):
        _apply(db, migration)
        done.append(migration.version)
    return done


def pending(applied: dict[int, tuple[str, str]], wanted: list[Migration]) -> list[Migration]:
    """What `wanted` has beyond the versions applied (version: (name, checksum)), once the
    applied ones are known to be unchanged; the same rule for every database."""
    wanted = checked_sequence(wanted)
    known = {m.version for m in wanted}
    newer = sorted(set(applied) - known)
    if newer:
        raise MigrationError(
            f"the database has schema version {newer[-1]}, newer than this code knows "
            f"({max(known, default=0)}): run the newer code, or restore a backup"
        )
    todo = []
    for migration in wanted:
        if migration.version in applied:
            name, checksum = applied[migration.version]
            if checksum != migration.checksum:
                raise MigrationError(
                    f"migration {migration.version:04d}_{name} was changed after it was "
                    "applied; never edit an applied migration, add the next one instead"
                )
            continue
        todo.append(migration)
    return todo


def _apply(db: sqlite3.Connection, migration: Migration) -> None:
    # A migration may rebuild a table (SQLite cannot drop a CHECK), which needs foreign
    # keys off while the old table is dropped and the new one renamed (SQLite's own
    # recipe); they are all checked before the commit instead, and turned back on.
    # The pragma is a no-op inside a transaction, so it is set around it.
    # executescript() commits any open transaction before it runs, so the
    # transaction is opened inside the script itself.
    stamp = (
        "INSERT INTO schema_version (version, name, checksum, applied_ms) VALUES "
        f"({migration.version}, '{migration.name}', '{migration.checksum}', "
        f"{time.time_ns() // 1_000_000});"
    )
    enforced = db.execute("PRAGMA foreign_keys").fetchone()[0]
    db.execute("PRAGMA foreign_keys = OFF")
    try:
        db.executescript(f"BEGIN IMMEDIATE;\n{migration.sql}\n;{stamp}")
        broken = db.execute("PRAGMA foreign_key_check").fetchall()
        if broken:
            table, rowid, parent, _ = broken[0]
            raise sqlite3.IntegrityError(
                f"{len(broken)} row(s) would lose their parent, the first in {table} "
                f"(row {rowid}) pointing into {parent}"
            )
        db.execute("COMMIT")
    except sqlite3.Error as error:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise MigrationError(
            f"migration {migration.version:04d}_{migration.name} failed and was rolled "
            f"back: {error}"
        ) from error
    finally:
        db.execute(f"PRAGMA foreign_keys = {'ON' if enforced else 'OFF'}")
