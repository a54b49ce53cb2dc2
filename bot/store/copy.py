"""`python -m bot.store.copy SOURCE TARGET`: move a bot's chips to another database.

    python -m bot.store.copy sqlite:///data/gff.sqlite3 postgresql://bot:pw@db/chips

Copies every row that holds chips or state (server settings, wallets, tables, pots,
carried posts, seats, hands, the ledger, the players' records, the tables' house seeds
and the players' own seeds) into an empty target of the same schema version, in one
transaction, then proves it: conservation holds on both sides with the same figures
for every server, every wallet, stack and pot is the same on both, every balance on
the target is what its ledger rows add up to, and every seed is the same on both.
Refuses a target that holds anything. Stop the bot while it runs.

SOURCE and TARGET are `sqlite:///relative/path`, `sqlite:////absolute/path`, or a
`postgresql://` URL; either way round.
"""

from __future__ import annotations

import asyncio
import sqlite3
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg

from bot.store.migrate import MigrationError
from bot.store.postgres.store import PostgresStore, is_postgres_url, without_password
from bot.store.protocol import Store

# In the order their rows may be written (each after the tables it refers to).
TABLES = (
    "guild_settings",
    "wallets",
    "tables",
    "table_pots",
    "carried_posts",
    "seats",
    "hands",
    "running_hands",
    "accounts",
    "ledger_rows",
    "hand_players",
    "game_totals",
    "player_figures",
    "house_seeds",
    "player_seeds",
)
# What must be empty before the copy: anything here means the target is in use.
IN_USE = ("guild_settings", "wallets", "tables", "ledger", "player_seeds")
# Where chips rest: the same rows on both sides, or the copy failed.
BALANCES = {
    "wallets": "SELECT guild_id, user_id, balance FROM wallets ORDER BY 1, 2",
    "seats": "SELECT table_id, user_id, stack, status FROM seats ORDER BY 1, 2",
    "table_pots": "SELECT table_id, name, amount FROM table_pots ORDER BY 1, 2",
    "carried_posts": "SELECT table_id, pot, user_id, amount FROM carried_posts ORDER BY 1, 2, 3",
    "ledger": "SELECT COUNT(*), COALESCE(SUM(amount), 0), COALESCE(MAX(id), 0) FROM ledger",
    "accounts": "SELECT id, name FROM accounts ORDER BY id",
}
# Rows the migrations write themselves, in the target already: not copied (`mint` and
# `burn`, accounts 1 and 2, migration 0009).
WRITTEN_BY_MIGRATIONS = {"accounts": "id > 2"}
# The fair decks' seeds (a deal is checked against them): the same rows on both sides.
SEEDS = {
    "house seeds": "SELECT house_hash, table_id, seed, created_ms, revealed_ms FROM house_seeds"
    " ORDER BY table_id, created_ms, house_hash",
    "players' seeds": "SELECT user_id, seed, set_ms FROM player_seeds ORDER BY user_id",
}
# Ids that PostgreSQL counts on from the copy's.
NUMBERED = ("tables", "hands", "ledger_rows", "accounts")
EXIT_USAGE = 2
EXIT_MISMATCH = 1


class CopyError(Exception):
    """Why the copy was refused or failed; said to the operator as it is."""


def target_of(text: str) -> str | Path:
    """A store's target from the command line: a PostgreSQL URL or a SQLite file."""
    if is_postgres_url(text):
        return text
    if text.startswith("sqlite:///"):
        return Path(text.removeprefix("sqlite:///"))
    raise CopyError(
        f"{text!r} is neither sqlite:///path/to/file.sqlite3 nor a postgresql:// URL"
    )


def shown(target: str | Path) -> str:
    return without_password(target) if isinstance(target, str) else f"sqlite:///{target}"


def _columns(store: Store, table: str) -> Any:
    """A table's columns, as its own database lists them."""
    if isinstance(store, PostgresStore):
        return store.db.read(
            lambda db: [
                name
                for (name,) in db.execute(
                    "SELECT column_name FROM information_schema.columns"
                    " WHERE table_schema = current_schema() AND table_name = ?"
                    " ORDER BY ordinal_position",
                    (table,),
                )
            ]
        )
    return store.db.read(
        lambda db: [row[1] for row in db.execute(f"PRAGMA table_info({table})")]
    )


def _version(db: Any) -> int:
    return db.execute("SELECT MAX(version) FROM schema_version").fetchone()[0]


def _counts(db: Any, tables: tuple[str, ...]) -> dict[str, int]:
    return {name: db.execute(f"SELECT COUNT(*) FROM {name}").fetchone()[0] for name in tables}


def _read_all(db: Any, layout: dict[str, list[str]]) -> dict[str, list[tuple]]:
    return {
        table: db.execute(
            f"SELECT {', '.join(columns)} FROM {table}"
            + (f" WHERE {WRITTEN_BY_MIGRATIONS[table]}" if table in WRITTEN_BY_MIGRATIONS else "")
        ).fetchall()
        for table, columns in layout.items()
    }


def _write_all(db: Any, layout: dict[str, list[str]], rows: dict[str, list[tuple]]) -> None:
    for table, columns in layout.items():
        marks = ", ".join("?" * len(columns))
        db.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows[table])
    db.execute("UPDATE records_built SET built = 1")  # copied with the hands they come from


def _balances(db: Any) -> dict[str, list[tuple]]:
    return {name: db.execute(query).fetchall() for name, query in BALANCES.items()}


def _seeds(db: Any) -> dict[str, list[tuple]]:
    return {name: db.execute(query).fetchall() for name, query in SEEDS.items()}


def _renumber(db: Any) -> None:
    """PostgreSQL's id counters on past the copied ids (SQLite's follow by themselves)."""
    for table in NUMBERED:
        db.execute(
            f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
            f" (SELECT COALESCE(MAX(id), 0) + 1 FROM {table}), false)"
        )


@dataclass(frozen=True, slots=True)
class Report:
    rows: dict[str, int]
    guilds: int
    chips: int
    problems: tuple[str, ...]

    def lines(self) -> list[str]:
        copied = ", ".join(f"{count:,} {table}" for table, count in self.rows.items() if count)
        said = [f"Copied {copied or 'nothing (the source is empty)'}."]
        said.append(f"{self.guilds:,} servers, {self.chips:,} chips in all.")
        if self.problems:
            said += [f"MISMATCH: {problem}" for problem in self.problems]
        else:
            said.append("Conservation holds on both sides, and every balance is the same.")
        return said


async def copy(source: str | Path, target: str | Path) -> Report:
    """Copy `source` into the empty `target` and prove it; CopyError when refused."""
    if isinstance(source, Path) and not source.is_file():
        raise CopyError(f"there is no SQLite file at {source}")
    if str(source) == str(target):
        raise CopyError("the source and the target are the same database")
    try:
        source_store = await Store.open(source)
    except (OSError, sqlite3.Error, MigrationError) as error:
        raise CopyError(f"cannot open the source: {error}") from None
    try:
        try:
            target_store = await Store.open(target)
        except (OSError, sqlite3.Error, MigrationError) as error:
            raise CopyError(f"cannot open the target: {error}") from None
        try:
            return await _copy(source_store, target_store)
        finally:
            await target_store.close()
    finally:
        await source_store.close()


async def _copy(source: Store, target: Store) -> Report:
    versions = await source.db.read(_version), await target.db.read(_version)
    if versions[0] != versions[1]:
        raise CopyError(f"schema versions differ: source {versions[0]}, target {versions[1]}")
    used = {name: n for name, n in (await target.db.read(_counts, IN_USE)).items() if n}
    if used:
        held = ", ".join(f"{n:,} rows in {name}" for name, n in used.items())
        raise CopyError(f"the target is not empty ({held}); copy only into a new database")
    layout = {}
    for table in TABLES:
        mine, theirs = await _columns(source, table), await _columns(target, table)
        if set(mine) != set(theirs):
            raise CopyError(f"the {table} table has other columns on each side")
        layout[table] = mine
    rows = await source.db.read(_read_all, layout)
    await target.db.write(_write_all, layout, rows)
    if isinstance(target, PostgresStore):
        await target.db.write(_renumber)
    return await prove(source, target, {table: len(rows[table]) for table in TABLES})


async def prove(source: Store, target: Store, rows: dict[str, int]) -> Report:
    """Conservation on both sides with the same figures, the same balances and the same
    seeds."""
    problems = []
    before, after = await source.conservation(), await target.conservation()
    if before != after:
        problems.append("the conservation figures differ between source and target")
    problems += [f"server {g.guild_id} does not add up on the target" for g in after if not g.holds]
    mine, theirs = await source.db.read(_balances), await target.db.read(_balances)
    problems += [f"the {name} differ" for name in BALANCES if mine[name] != theirs[name]]
    mine, theirs = await source.db.read(_seeds), await target.db.read(_seeds)
    problems += [f"the {name} differ" for name in SEEDS if mine[name] != theirs[name]]
    for guild in after:
        for account, booked, stored in await target.ledger_mismatches(guild.guild_id):
            problems.append(f"{account} holds {stored:,} where its ledger says {booked:,}")
    return Report(rows, len(after), sum(g.held for g in after), tuple(problems))


USAGE = "usage: python -m bot.store.copy SOURCE TARGET"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if "-h" in args or "--help" in args:
        print(f"{USAGE}\n\n{__doc__.strip()}")
        return 0
    if len(args) != 2:
        print(f"{USAGE}\n(python -m bot.store.copy --help says more)", file=sys.stderr)
        return EXIT_USAGE
    try:
        source, target = target_of(args[0]), target_of(args[1])
        print(f"Copying {shown(source)} to {shown(target)} ...")
        report = asyncio.run(copy(source, target))
    except CopyError as error:
        print(f"Not copied: {error}.", file=sys.stderr)
        return EXIT_USAGE
    except (OSError, asyncpg.PostgresError) as error:  # a server that cannot be used
        print(f"Not copied: {type(error).__name__}: {error}.", file=sys.stderr)
        return EXIT_USAGE
    for line in report.lines():
        print(line)
    return EXIT_MISMATCH if report.problems else 0


if __name__ == "__main__":
    sys.exit(main())
