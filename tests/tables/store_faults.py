"""A SQLite store whose disk fills up, or whose file turns read-only, for a while.

The failures are SQLite's own errors, met where SQLite meets them: in the write
transaction (bot/store/db.py `run_batch`) or the read (`_read`), so everything above
(the store's mapping to StoreUnavailable, the tables, the Discord layer) runs as it
would on a full disk.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.store import GuildSettings, Store
from bot.store import db as db_module
from bot.tables import LiveTable, ManualScheduler, SilentListener, TableService
from engine import cards as C
from tests.engine.decks import stacked_deck

UNTIL_FREED = 10**9
GUILD, CHANNEL = 7300, 7301
ANN, BOB, CY = 10**9 + 31, 10**9 + 32, 10**9 + 33
TURN, NEXT_HAND = 60, 5
# (ann, bob, cy) in turn order, nothing to declare: a hand that just runs.
QUIET = ["2H 3H 4H 8D 9D", "5H 6H 7H TD JD", "2D 3D 4D 5D 9C"]


def disk_full() -> sqlite3.OperationalError:
    """The error sqlite3 raises when a write finds the disk full (SQLITE_FULL)."""
    error = sqlite3.OperationalError("database or disk is full")
    error.sqlite_errorcode, error.sqlite_errorname = sqlite3.SQLITE_FULL, "SQLITE_FULL"
    return error


def disk_io_error() -> sqlite3.OperationalError:
    """The error sqlite3 raises when the disk cannot be read (SQLITE_IOERR_READ)."""
    error = sqlite3.OperationalError("disk I/O error")
    error.sqlite_errorcode, error.sqlite_errorname = 266, "SQLITE_IOERR_READ"
    return error


class FailingDisk:
    """`fill(writes, reads)`: the next `writes` write transactions fail, as on a full disk
    (or, `read_only`, as on a file that turned read-only: SQLite itself refuses them),
    and the next `reads` reads fail with a disk I/O error; with `after`, once that many
    more writes have gone through. `free()` ends it."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.after = 0
        self.writes = 0
        self.reads = 0
        self.read_only = False
        self.refused = 0  # transactions and reads failed so far
        real_batch, real_read = db_module.run_batch, db_module._read

        def batch(db: sqlite3.Connection, works: list) -> list:
            if self.after or not self.writes:
                self.after = max(self.after - 1, 0)
                return real_batch(db, works)
            self.writes -= 1
            self.refused += 1
            if not self.read_only:
                raise disk_full()
            db.execute("PRAGMA query_only = ON")  # SQLite refuses every write: SQLITE_READONLY
            try:
                return real_batch(db, works)
            finally:
                db.execute("PRAGMA query_only = OFF")

        def read(db: sqlite3.Connection, work) -> object:
            if not self.reads:
                return real_read(db, work)
            self.reads -= 1
            self.refused += 1
            raise disk_io_error()

        monkeypatch.setattr(db_module, "run_batch", batch)
        monkeypatch.setattr(db_module, "_read", read)

    def fill(
        self, writes: int = UNTIL_FREED, reads: int = 0, *, after: int = 0,
        read_only: bool = False,
    ) -> None:
        self.writes, self.reads, self.after, self.read_only = writes, reads, after, read_only

    def free(self) -> None:
        self.writes = self.reads = 0


async def open_service(path: Path) -> TableService:
    """Tables on a store at `path`, on a clock the test moves; every deal QUIET, and the
    last to sit deals, so the first to sit plays first."""
    store = await Store.open(path, defaults=GuildSettings(stake=10, turn_seconds=TURN))
    service = TableService(store, ManualScheduler(), SilentListener(),
                           next_hand_seconds=NEXT_HAND)
    service.deck_source = lambda table: [C.parse(code) for code in stacked_deck(QUIET)]
    service.first_dealer = lambda players: players[-1]
    return service


async def dealt(service: TableService, *users: int) -> LiveTable:
    """`users` seated at the channel's table of GFF, and its first hand dealt."""
    for user in users:
        await service.join(GUILD, CHANNEL, user)
    await service.start(CHANNEL, users[0])
    return service.in_channel(CHANNEL)
