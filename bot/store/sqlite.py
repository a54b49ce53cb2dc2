"""The chip store on one SQLite file: the embedded default, which `make run` needs nothing
else for. SqlStore's methods (sql.py) on SQLite's database (db.py), with SQLite's
migrations (migrate.py, migrations/)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from bot.i18n import N_
from bot.store import packing, stats
from bot.store.amounts import snowflake
from bot.store.db import Database, check_intact
from bot.store.migrate import Migration, bundled, migrate
from bot.store.models import GuildSettings
from bot.store.sql import SqlStore


class SqliteStore(SqlStore):
    """The Store (bot/store/protocol.py) on one SQLite file, which one process holds."""

    db: Database

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        defaults: GuildSettings | None = None,
        clock: Callable[[], float] = time.time,
        migrations: list[Migration] | None = None,
        check: bool = False,
    ) -> SqliteStore:
        """Open (or create) the database and bring its schema up to date; with `check`,
        first make sure the file is intact (db.check_intact), as the bot does at start-up."""
        db = await Database.open(path)
        try:
            if check:
                await db.read(check_intact)
            await db.call(migrate, bundled() if migrations is None else migrations)
            await db.write(stats.build_if_new)
            await packing.pack_all_over(db)  # hands over before migration 0010
        except BaseException:
            await db.close()
            raise
        return cls(db, defaults or GuildSettings(), clock)

    async def claim_table(self, table_id: int) -> None:
        """A SQLite file belongs to one process, so its tables need no claim of their own."""
        snowflake(table_id, N_("The table id"))

    async def release_table(self, table_id: int) -> None:
        snowflake(table_id, N_("The table id"))

    def on_claims_lost(self, callback: Callable[[], None]) -> None:
        """A SQLite file's tables are held by the process that has it open: never lost."""
