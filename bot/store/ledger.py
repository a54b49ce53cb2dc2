"""Moving chips: one balance debited, one credited, one ledger row, all in the caller's transaction.

Accounts, as the ledger names them: `mint` (where new chips come from), `burn`
(where destroyed chips go), `wallet:<user>` (a bankroll; the guild is the row's
own column), `seat:<table>:<user>` (a stack) and `pot:<table>:<pot>`. Only
`mint` and `burn` change how many chips a guild has. A pot is a row of
`table_pots`, named by the table's game, opened by the first chips it receives.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass

from bot.i18n import N_, Text
from bot.store.amounts import MAX_CHIPS
from bot.store.errors import AlreadyBooked, Mismatch, NotEnoughChips, TooManyChips

POT_NAME = re.compile(r"^[a-z][a-z_]{0,31}$")  # as the schema's CHECK on table_pots


@dataclass(frozen=True, slots=True)
class Account:
    """Where chips sit: the ledger's name for it and the balance column that holds them."""

    name: str
    what: str  # said to the player when it is short, e.g. "Your bankroll"
    table: str = ""  # SQL table holding the balance; empty for mint and burn
    column: str = ""
    where: str = ""
    keys: tuple[int | str, ...] = ()
    opens: str = ""  # SQL that makes the balance row, at 0, if it is not there yet


# Translators: a table's pot, by its name in the game: "The main pot".
POT_WHAT = N_("The {pot} pot")
MINT = Account("mint", N_("The mint"))
BURN = Account("burn", N_("The burn"))


def wallet(guild_id: int, user_id: int) -> Account:
    return Account(
        f"wallet:{user_id}",
        N_("Your bankroll"),
        "wallets",
        "balance",
        "guild_id = ? AND user_id = ?",
        (guild_id, user_id),
    )


def seat(table_id: int, user_id: int) -> Account:
    return Account(
        f"seat:{table_id}:{user_id}",
        N_("Your stack"),
        "seats",
        "stack",
        "table_id = ? AND user_id = ?",
        (table_id, user_id),
    )


def pot(table_id: int, name: str) -> Account:
    if not isinstance(name, str) or not POT_NAME.match(name):
        raise Mismatch(f"there is no {name!r} pot")
    return Account(
        f"pot:{table_id}:{name}",
        POT_WHAT,  # the pot's name filled in where it is said (_debit)
        "table_pots",
        "amount",
        "table_id = ? AND name = ?",
        (table_id, name),
        "INSERT OR IGNORE INTO table_pots (table_id, name, amount) VALUES (?, ?, 0)",
    )


def parse(guild_id: int, name: str) -> Account:
    """The account a ledger row names (for booking the reverse of a row)."""
    kind, *keys = name.split(":")
    if kind in ("mint", "burn") and not keys:
        return MINT if kind == "mint" else BURN
    if kind == "wallet" and len(keys) == 1:
        return wallet(guild_id, int(keys[0]))
    if kind == "seat" and len(keys) == 2:
        return seat(int(keys[0]), int(keys[1]))
    if kind == "pot" and len(keys) == 2:
        return pot(int(keys[0]), keys[1])
    raise Mismatch(f"the ledger names an unknown account {name!r}")


def balance(db: sqlite3.Connection, account: Account) -> int | None:
    """The account's chips, or None when it has no row."""
    row = db.execute(
        f"SELECT {account.column} FROM {account.table} WHERE {account.where}", account.keys
    ).fetchone()
    return None if row is None else row[0]


def move(
    db: sqlite3.Connection,
    *,
    at_ms: int,
    guild_id: int,
    source: Account,
    target: Account,
    amount: int,
    reason: str,
    ref: str,
    hand_id: int | None = None,
) -> None:
    """Move `amount` chips and book it; raises (and the caller rolls back) if it cannot."""
    if source.table:
        _debit(db, source, amount)
    if target.table:
        _credit(db, target, amount)
    try:
        db.execute(
            "INSERT INTO ledger (at_ms, guild_id, source, target, amount, reason, ref, hand_id)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (at_ms, guild_id, source.name, target.name, amount, reason, ref, hand_id),
        )
    except sqlite3.IntegrityError as error:
        if "ledger.ref" in str(error):
            raise AlreadyBooked(ref) from None
        raise


def _debit(db: sqlite3.Connection, account: Account, amount: int) -> None:
    # One conditional UPDATE: the balance cannot go negative even between two
    # writers, because the check and the change are the same statement.
    changed = db.execute(
        f"UPDATE {account.table} SET {account.column} = {account.column} - ?"
        f" WHERE {account.where} AND {account.column} >= ?",
        (amount, *account.keys, amount),
    ).rowcount
    if changed != 1:
        have = balance(db, account)
        if have is None:
            raise Mismatch(f"{account.name} does not exist")
        what = Text(POT_WHAT, pot=account.keys[1]) if account.what == POT_WHAT else account.what
        raise NotEnoughChips(have, amount, what)


def _credit(db: sqlite3.Connection, account: Account, amount: int) -> None:
    if account.opens:
        db.execute(account.opens, account.keys)
    # SQLite turns an integer sum past 2**63 - 1 into a float: refuse it instead.
    changed = db.execute(
        f"UPDATE {account.table} SET {account.column} = {account.column} + ?"
        f" WHERE {account.where} AND {account.column} <= ?",
        (amount, *account.keys, MAX_CHIPS - amount),
    ).rowcount
    if changed != 1:
        if balance(db, account) is None:
            raise Mismatch(f"{account.name} does not exist")
        raise TooManyChips()
