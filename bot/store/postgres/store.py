"""The chip store on PostgreSQL: SqlStore's methods (bot/store/sql.py) over a pool.

Every method, its checks and the rules behind it are SqlStore's, run on
bot/store/postgres/database.py; what differs is opening (the URL, PostgreSQL's
migrations) and the claim on a table, which here is real: several processes share
one database, and a session-level advisory lock per table, held on one connection
kept for the purpose, lets one process at a time act on a table. A process that dies
or loses that connection lets its tables go at once.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence

import asyncpg

from bot.i18n import N_
from bot.store import packing, recovery, stats
from bot.store.amounts import snowflake
from bot.store.errors import TableHeldElsewhere
from bot.store.migrate import Migration, bundled
from bot.store.models import GuildSettings, Recovery, ShardSet
from bot.store.postgres import migrations
from bot.store.postgres.database import SESSION, Database
from bot.store.postgres.migrate import migrate
from bot.store.sql import SqlStore
from bot.store.tables import open_table_ids

SCHEMES = ("postgresql://", "postgres://")
# Keyed apart from the writes' own transaction locks (database.py), which name "table:<id>".
CLAIM = "SELECT pg_try_advisory_lock(hashtextextended($1, 0))"
RELEASE = "SELECT pg_advisory_unlock(hashtextextended($1, 0))"

log = logging.getLogger(__name__)


def is_postgres_url(target: object) -> bool:
    return isinstance(target, str) and target.startswith(SCHEMES)


def bundled_migrations() -> list[Migration]:
    """PostgreSQL's migrations (bot/store/postgres/migrations): version N is SQLite's N."""
    return bundled(migrations)


def without_password(url: str) -> str:
    """The URL as it may be shown: any password replaced by ***."""
    scheme, _, rest = url.partition("://")
    who, at, where = rest.rpartition("@")
    if at and ":" in who:
        who = who.split(":", 1)[0] + ":***"
    return f"{scheme}://{who}{at}{where}"


async def unreachable(url: str, timeout: float = 10) -> str | None:
    """Why the database at `url` cannot be used (one sentence), or None when it can."""
    try:
        conn = await asyncpg.connect(url, timeout=timeout, server_settings=SESSION)
    except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError,
            ValueError) as error:
        return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    await conn.close()
    return None


class PostgresStore(SqlStore):
    """The Store (bot/store/protocol.py) on a PostgreSQL database shared by processes."""

    def __init__(
        self,
        db: Database,
        claims: asyncpg.Connection,
        defaults: GuildSettings,
        clock: Callable[[], float] = time.time,
    ) -> None:
        super().__init__(db, defaults, clock)
        self._claims = claims
        self._claims_lock = asyncio.Lock()  # one query at a time on that connection
        self._held: set[int] = set()
        self._closing = False
        self._claims_lost: Callable[[], None] | None = None
        claims.add_termination_listener(self._claims_ended)

    @classmethod
    async def open(
        cls,
        url: str,
        *,
        defaults: GuildSettings | None = None,
        clock: Callable[[], float] = time.time,
        migrations: list[Migration] | None = None,
        pool_size: int | None = None,
    ) -> PostgresStore:
        """Connect, bring the schema up to date, and keep a connection for claims."""
        db = await Database.open(url, **({} if pool_size is None else {"size": pool_size}))
        claims = None
        try:
            claims = await asyncpg.connect(url, server_settings=SESSION)
            await migrate(claims, bundled_migrations() if migrations is None else migrations)
            await db.write(stats.build_if_new)
            await packing.pack_all_over(db)  # hands over before migration 0010
        except BaseException:
            if claims is not None:
                await claims.close()
            await db.close()
            raise
        return cls(db, claims, defaults or GuildSettings(), clock)

    def on_claims_lost(self, callback: Callable[[], None]) -> None:
        self._claims_lost = callback

    def _claims_ended(self, connection: asyncpg.Connection) -> None:
        if self._closing:
            return
        # The server let every advisory lock of that session go: another process may be
        # dealing at these tables already, and taking them back could race it.
        log.error("The connection holding this process's %d tables dropped: they are no "
                  "longer held here", len(self._held))
        self._held.clear()
        if self._claims_lost is not None:
            self._claims_lost()

    async def close(self) -> None:
        self._closing = True
        try:
            await self._claims.close()  # lets every claim go
        finally:
            self._held.clear()
            await self.db.close()

    async def claim_table(self, table_id: int) -> None:
        """Hold the table for this process (a session advisory lock on the claims
        connection); TableHeldElsewhere if another process holds it."""
        snowflake(table_id, N_("The table id"))
        async with self._claims_lock:
            if table_id in self._held:
                return  # held already: the lock counts, so it is not taken twice
            if not await self._claims.fetchval(CLAIM, f"claim:{table_id}"):
                raise TableHeldElsewhere(table_id)
            self._held.add(table_id)

    async def recover(
        self, shards: ShardSet | None = None, *, tables: Sequence[int] | None = None
    ) -> Recovery:
        """SqlStore's recovery, on the tables this process could claim: each is claimed
        before its hand is touched, so a table another process runs is left to it, its
        hand neither settled nor voided here."""
        held = []
        wanted = None if tables is None else set(tables)
        for table_id in await self.db.read(open_table_ids, shards):
            if wanted is not None and table_id not in wanted:
                continue
            try:
                await self.claim_table(table_id)
            except TableHeldElsewhere:
                log.warning("Table %s is not recovered: another bot process holds it", table_id)
                continue
            held.append(table_id)
        return await self.db.write(recovery.recover, self._now_ms(), shards, held)

    async def release_table(self, table_id: int) -> None:
        snowflake(table_id, N_("The table id"))
        async with self._claims_lock:
            if table_id in self._held:
                self._held.discard(table_id)
                await self._claims.fetchval(RELEASE, f"claim:{table_id}")
