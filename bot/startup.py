"""What `python -m bot` makes sure of before it logs in: the SQLite file is this process's
alone, and the store opens, intact and migrated. A problem is one or two lines for the
operator (a CannotStart), never a bot that logs in only to stop."""

from __future__ import annotations

import os
import shlex
import sqlite3
from pathlib import Path
from typing import IO

from bot.settings import Settings, SettingsError
from bot.store import GuildSettings, MigrationError, SqliteStore, Store, StoreError
from bot.store.db import Damaged
from bot.store.migrate import ForeignDatabase
from bot.store.postgres.store import without_password

try:
    import fcntl
except ImportError:  # Windows: no advisory locks; one process per file is up to the operator
    fcntl = None

# SQLite's own words for a file that is not (or no longer) a sound database.
DAMAGED_CODES = frozenset({sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB})
# Its words for a file it could not open or create where DATABASE_PATH points.
UNOPENABLE_CODES = frozenset({sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM})


class CannotStart(SettingsError):
    """A file or setting to fix before the bot can start; the message is for the operator."""


def lock_path(database_path: Path) -> Path:
    return database_path.with_name(database_path.name + ".lock")


def hold_database(database_path: Path) -> IO[str] | None:
    """Hold DATABASE_PATH's lock file for as long as the file returned is open (the
    process's life): a second bot on the same SQLite file would run the same tables'
    clocks. CannotStart if another process holds it."""
    if fcntl is None:
        return None
    path = lock_path(database_path)
    try:
        held = path.open("a+", encoding="utf-8")
    except OSError as error:
        raise CannotStart(
            f"Bad setting DATABASE_PATH (got {str(database_path)!r}): no file can be made"
            f" in its folder ({error.strerror}); choose a path on a disk this user can"
            " write to."
        ) from None
    try:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        held.seek(0)
        holder = held.read().strip()
        held.close()
        by = f" (process {holder})" if holder.isdigit() else ""
        raise CannotStart(
            f"Another bot process{by} is running on DATABASE_PATH ({database_path}): stop"
            " it first. One SQLite file serves one process; several need PostgreSQL"
            " (DATABASE_URL)."
        ) from None
    # Whose it is, for the message above; the lock itself is the kernel's.
    held.seek(0)
    held.truncate()
    held.write(f"{os.getpid()}\n")
    held.flush()
    return held


async def open_store(settings: Settings, defaults: GuildSettings) -> Store:
    """The bot's store, opened, checked and migrated; CannotStart naming the setting and
    what to do when it cannot be used."""
    if settings.database_url is not None:
        try:
            return await Store.open(settings.database_url, defaults=defaults)
        except MigrationError as error:
            raise CannotStart(
                f"The database at DATABASE_URL ({without_password(settings.database_url)})"
                f" cannot be used: {error}."
            ) from None
    path = settings.database_path
    try:
        return await SqliteStore.open(path, defaults=defaults, check=True)
    # StoreError: a full disk or a read-only file, as the store tells players of it.
    except (sqlite3.Error, MigrationError, StoreError, OSError) as error:
        raise sqlite_problem(path, error) from None


def sqlite_problem(path: Path, error: BaseException) -> CannotStart:
    """What to tell the operator when the SQLite file at `path` cannot be used."""
    cause = _sqlite_cause(error)
    code = getattr(cause, "sqlite_errorcode", None)
    code = code & 0xFF if isinstance(code, int) else None  # the primary code of an extended one
    if isinstance(cause, Damaged) or code in DAMAGED_CODES:
        recovered = path.with_name(f"{path.stem}.recovered{path.suffix}")
        return CannotStart(
            f"The database at DATABASE_PATH ({path}) is damaged: {cause}.\n"
            "Restore the last backup of it, or save what it still holds with"
            f" sqlite3 {shlex.quote(str(path))} \".recover\" |"
            f" sqlite3 {shlex.quote(str(recovered))}"
            " and set DATABASE_PATH to the new file."
        )
    if isinstance(error, ForeignDatabase):
        return CannotStart(
            f"The file at DATABASE_PATH ({path}) is another program's SQLite database: {error}."
            " Choose another path for the bot's database, or move that file away."
        )
    if code in UNOPENABLE_CODES or isinstance(error, OSError):
        return CannotStart(
            f"Bad setting DATABASE_PATH (got {str(path)!r}): SQLite cannot open a file there"
            f" ({cause or error}); choose a path on a disk this user can write to."
        )
    return CannotStart(
        f"The database at DATABASE_PATH ({path}) cannot be used: {cause or error}."
    )


def _sqlite_cause(error: BaseException | None) -> BaseException | None:
    """The SQLite error behind `error` (a failed migration wraps it), if any."""
    while error is not None and not isinstance(error, sqlite3.Error):
        error = error.__cause__
    return error
