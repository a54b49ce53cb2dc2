"""Moving chips: one balance debited, one credited, one ledger row, all in the caller's transaction.

Accounts, as the ledger names them: `mint` (where new chips come from), `burn`
(where destroyed chips go), `wallet:<user>` (a bankroll; the guild is the row's
own column), `seat:<table>:<user>` (a stack) and `pot:<table>:<pot>`. Only
`mint` and `burn` change how many chips a guild has. A pot is a row of
`table_pots`, named by the table's game, opened by the first chips it receives.

A ledger row holds its accounts by number (migration 0009): each name is written once,
in `accounts`, the first time chips move through it. A hand's own events (its transfers,
the posts given back when it is void) are keyed by (hand_id, n) in place of their ref
text. The view `ledger` reads every row back with its names and its ref.
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


# The accounts' numbers that migration 0009 fixes, so that queries name them as numbers
# (and the indexes of minted and burned chips serve them).
MINT_ID = 1
BURN_ID = 2

# A row whose two accounts have numbers already, in one statement: it books nothing when
# either is new, and book() then adds the new one and books again. No number is kept in
# memory: a transaction rolled back takes its new accounts, and their numbers, with it.
# (PostgreSQL types a parameter in a SELECT as text, hence the casts.)
BOOK = (
    "INSERT INTO ledger_rows (at_ms, guild_id, source, target, amount, reason, ref, hand_id, n)"
    " SELECT CAST(? AS BIGINT), CAST(? AS BIGINT), s.id, t.id, CAST(? AS BIGINT),"
    " CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS BIGINT), CAST(? AS BIGINT)"
    " FROM accounts AS s, accounts AS t WHERE s.name = ? AND t.name = ?"
)
# NOT EXISTS first: PostgreSQL would take a number for every name offered.
ADD_ACCOUNTS = (
    "INSERT INTO accounts (name) SELECT name FROM (SELECT ? AS name UNION ALL SELECT ?) AS used"
    " WHERE NOT EXISTS (SELECT 1 FROM accounts AS a WHERE a.name = used.name)"
    " ON CONFLICT (name) DO NOTHING"
)
# A hand's own event, as migration 0009 keys it: transfer i of the hand is n = i, the
# void's row i is n = -1 - i; written with no sign or leading zero, at most 18 digits.
HAND_EVENT = re.compile(r"hand:([1-9][0-9]{0,18}):(void:)?(0|[1-9][0-9]{0,17})")
# The unique keys that book an event once, as each database names the one broken:
# SQLite by its columns, PostgreSQL by the key's own name (postgres/database.py).
BOOKED_ONCE = ("ledger_rows.ref", "ledger_rows.hand_id", "ledger.ref", "ledger.by_hand")


def hand_event(ref: str, hand_id: int | None) -> int | None:
    """The row's n where `ref` is one of the hand's own events, else None (the ref is kept
    as text). A ref naming another hand's event is refused: it would be booked apart from
    that hand's events and escape their unique key."""
    match = HAND_EVENT.fullmatch(ref)
    if match is None:
        return None
    if int(match[1]) != hand_id:
        raise Mismatch(f"{ref!r} is an event of hand {match[1]}, booked with hand {hand_id}")
    index = int(match[3])
    return -1 - index if match[2] else index


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
    book(db, at_ms, guild_id, source.name, target.name, amount, reason, ref, hand_id)


def book(
    db: sqlite3.Connection, at_ms: int, guild_id: int, source: str, target: str, amount: int,
    reason: str, ref: str, hand_id: int | None = None,
) -> None:
    """The ledger row of a move whose balances have changed (move() above)."""
    n = hand_event(ref, hand_id)
    row = (at_ms, guild_id, amount, reason, None if n is not None else ref, hand_id, n,
           source, target)
    try:
        if db.execute(BOOK, row).rowcount == 0:
            db.execute(ADD_ACCOUNTS, (source, target))
            if db.execute(BOOK, row).rowcount != 1:
                raise Mismatch(f"the accounts {source!r} and {target!r} cannot be named")
    except sqlite3.IntegrityError as error:
        if any(key in str(error) for key in BOOKED_ONCE):
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
