"""`/audit` in one pass: the ledger against the stored amounts, the players' records against
their hands, each row checked once and after that only what is new.

A guild's checkpoint (`audit_marks`, migration 0011) says how far the audit has come:
- The ledger is append-only and its ids only grow, so what its rows up to an id add up
  to never changes. The checkpoint keeps that as a few numbers (`Book`): minted, burned,
  the chips booked to wallets, seats, pots, and two checksums, sum(chips * weight of the
  account) modulo a prime, a weight being a hash of the account's name. An audit adds
  the rows after the checkpoint, grouped by their accounts' numbers on `ledger_rows`
  (only the numbers met are named, from `accounts`), and compares the sums with the same
  sums of the stored amounts (wallets, seats' stacks, tables' pots). Only when they differ
  does it read every account (queries.ledger_mismatches), to name the accounts that are
  off.
- A settled hand's rows of `hand_players` are checked against a fresh derivation
  (stats.derive) once, when the audit first reaches the hand, in chunks of hands, each
  chunk's verdict saved with the checkpoint in one write transaction. A hand still running
  when reached, a hand whose rows were off, and a hand whose rows were written since it
  was checked (the triggers of migration 0011) wait in `audit_hands` and are looked at
  again at every audit. The kept totals (`game_totals`, `player_figures`) are compared
  by sums and checksums (`Records`) with the derivations of every hand checked: the sums
  are kept in the checkpoint, so the totals need no pass over the hands.
The newest rows and hands (LEDGER_LAG, HAND_LAG ids) are read again at every audit and
never put in the checkpoint: on PostgreSQL a transaction can commit a row after a later
id is already visible, and such a row must not be passed over. A checkpoint that missed
one anyway shows as sums that differ; the audit then reads everything and starts again.

Each rule below is one transaction on the store's database (`db.read` / `db.write`);
the run (`_Run`) goes from one to the next, so a bot stopped mid-audit leaves the last
checkpoint saved whole, and the next audit goes on from it.

An audit with nothing new reads the checkpoint, the newest rows, the stored amounts and the
kept totals: no pass over the ledger or the hands.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import multiprocessing
import os
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from bot.store import packing, queries, stats
from bot.store.errors import AuditRunning, StoreError
from bot.store.ledger import BURN_ID, MINT_ID
from bot.store.models import Audit, HouseLine
from bot.store.stats import derive
from engine.errors import EngineError

log = logging.getLogger(__name__)

P1, P2 = 2_147_483_647, 2_147_483_629  # primes: checksums are kept modulo these
LEDGER_CHUNK = 500_000  # ledger ids a read goes through
HAND_CHUNK = 2_000  # hands a read derives
LEDGER_LAG = 5_000  # the newest ledger ids, read again at each audit
HAND_LAG = 100  # the newest hand ids, derived again at each audit
APART = 200  # hands from which a chunk is derived in a process of its own
FOLD = 2_000  # ledger groups added up between two turns of the event loop
# A house row (a computer's seat, a banking game): 0 without a hand, 1 with one. The
# equalities on the accounts' numbers come first: LIKE on every row would cost a third
# of the pass.
HOUSE = (f"CASE WHEN (source = {MINT_ID} OR target = {BURN_ID}) AND reason LIKE 'house:%'"
         " THEN CASE WHEN hand_id IS NULL THEN 0 ELSE 1 END END")

Progress = Callable[[int, int], Awaitable[None]]

__all__ = ["AuditRunning", "AuditRuns", "Progress"]


def user_weight(user_id: int) -> int:
    """A player's weight in the checksums; the SQL below (USER_WEIGHT) computes the same."""
    return (user_id % P1 * 16807 + 12345) % P1


def user_weight2(user_id: int) -> int:
    return (user_id % P2 * 48271 + 54321) % P2


USER_WEIGHT = "((user_id % 2147483647) * 16807 + 12345) % 2147483647"
USER_WEIGHT2 = "((user_id % 2147483629) * 48271 + 54321) % 2147483629"


def _hashed(text: str) -> tuple[int, int]:
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest[:4], "big") % P1, int.from_bytes(digest[4:], "big") % P2


_weights: dict[str, tuple[int, int]] = {}


def account_weights(account: str) -> tuple[int, int]:
    """The account's two weights. A wallet's are its player's, so that SQL can weigh
    every wallet of a server in one pass; the others (few stored rows) hash the name."""
    found = _weights.get(account)
    if found is None:
        user = account[7:] if account.startswith("wallet:") else ""
        if user.isascii() and user.isdigit() and str(int(user)) == user:
            found = user_weight(int(user)), user_weight2(int(user))
        else:
            found = _hashed(account)
        if len(_weights) > 500_000:  # accounts, not rows: bounded all the same
            _weights.clear()
        _weights[account] = found
    return found


def _kind(account: str) -> str:
    head = account.partition(":")[0]
    return head if head in ("wallet", "seat", "pot") else "other"


def _table_of(account: str) -> int | None:
    parts = account.split(":")
    return int(parts[1]) if len(parts) == 3 and parts[1].isdigit() else None


@dataclass(slots=True)
class Book:
    """What ledger rows add up to: minted, burned, the chips booked to each kind of
    account, checksums of the chips booked to each account, and the house's lines."""

    minted: int = 0
    burned: int = 0
    chips: dict[str, int] = field(default_factory=dict)  # wallet, seat, pot, other
    check1: int = 0
    check2: int = 0
    house: dict[str, list[int]] = field(default_factory=dict)  # line: [minted, burned]

    def book(self, account: str, chips: int) -> None:
        if account == "mint":
            self.minted -= chips
        elif account == "burn":
            self.burned += chips
        else:
            kind = _kind(account)
            self.chips[kind] = self.chips.get(kind, 0) + chips
            w1, w2 = account_weights(account)
            self.check1 = (self.check1 + chips * w1) % P1
            self.check2 = (self.check2 + chips * w2) % P2

    def add_rows(self, groups: Iterable[tuple], games: dict[int, str]) -> None:
        """Rows grouped as (source, target, chips, house), accounts by name: house None,
        or 0 for a row of no hand (a computer's seat), 1 for a banking game's, named by
        its table's game."""
        for source, target, chips, house in groups:
            chips = int(chips)
            self.book(target, chips)
            self.book(source, -chips)
            if house is not None:
                line = "" if not house else games.get(
                    _table_of(target if source == "mint" else source), "")
                minted, burned = self.house.setdefault(line, [0, 0])
                self.house[line] = [minted + chips * (source == "mint"),
                                    burned + chips * (target == "burn")]

    def copy(self) -> Book:
        return Book.load(self.dump())

    def dump(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def load(cls, data: dict[str, Any]) -> Book:
        return cls(**{**data, "chips": dict(data["chips"]),
                      "house": {k: list(v) for k, v in data["house"].items()}})


@dataclass(slots=True)
class Records:
    """Sums and checksums of derived record rows, as game_totals and player_figures should
    hold them: the running totals' side of the check."""

    rows: int = 0
    won: int = 0
    net: int = 0
    hands_check: int = 0
    won_check: int = 0
    net_check: int = 0
    figures: int = 0
    figures_check: int = 0

    def add(self, row: tuple) -> None:
        _, user, _, game, with_computers, net, won, figures = row
        self.rows += 1
        self.won += won
        self.net += net
        weight = user_weight(user) * game_weight(game) % P1
        self.hands_check = (self.hands_check + weight) % P1
        self.won_check = (self.won_check + won * weight) % P1
        self.net_check = (self.net_check + net * weight) % P1
        if figures != "{}":
            for name, value in json.loads(figures).items():
                self.figures += value
                self.figures_check = (self.figures_check + value * user_weight(user) % P1
                                      * figure_weight(game, with_computers, name)) % P1

    def merged(self, *others: Records) -> Records:
        sums = asdict(self)
        for other in others:
            for name, value in asdict(other).items():
                sums[name] += value
        return Records(**{name: value % P1 if name.endswith("_check") else value
                          for name, value in sums.items()})


def game_weight(game: str) -> int:
    return _hashed("game:" + game)[0]


def figure_weight(game: str, with_computers: int, name: str) -> int:
    return 1 + 7 * with_computers + 31 * len(name) + 131 * len(game)  # FIGURE_WEIGHT's


FIGURE_WEIGHT = "(1 + 7 * with_computers + 31 * length(name) + 131 * length(game))"


@dataclass(slots=True)
class Mark:
    """A guild's checkpoint: ledger rows through `ledger_through` are in `book`; hands
    through `hands_through` are checked (but those waiting in audit_hands)."""

    guild_id: int
    version: int
    ledger_through: int
    book: Book
    hands_through: int
    records: Records
    hands_checked: int


# -- the rules: each runs in one transaction ----------------------------------------


MARK = ("SELECT version, ledger_through, book, hands_through, records, hands_checked"
        " FROM audit_marks WHERE guild_id = ?")


def begin(db: Any, guild_id: int, now_ms: int) -> Mark:
    """The guild's checkpoint, made empty at its first audit (a write)."""
    db.execute(
        "INSERT OR IGNORE INTO audit_marks (guild_id, version, ledger_through, book,"
        " hands_through, records, hands_checked, updated_ms) VALUES (?, 0, 0, ?, 0, ?, 0, ?)",
        (guild_id, json.dumps(Book().dump()), json.dumps(asdict(Records())), now_ms),
    )
    return read_mark(db, guild_id)


def read_mark(db: Any, guild_id: int) -> Mark:
    version, ledger_through, book, hands_through, records, checked = (
        db.execute(MARK, (guild_id,))
    ).fetchone()
    return Mark(guild_id, version, ledger_through, Book.load(json.loads(book)),
                hands_through, Records(**json.loads(records)), checked)


def save(
    db: Any, mark: Mark, now_ms: int, waiting: Iterable[tuple[int, str, int]] = (),
    cleared: Iterable[int] = (),
) -> Mark:
    """The checkpoint advanced to `mark`, with the hands that now wait (id, 'running' or
    'off', rows off) and those that no longer do: all or nothing, and only if nobody
    advanced it meanwhile (AuditRunning)."""
    changed = db.execute(
        "UPDATE audit_marks SET version = version + 1, ledger_through = ?, book = ?,"
        " hands_through = ?, records = ?, hands_checked = ?, updated_ms = ?"
        " WHERE guild_id = ? AND version = ?",
        (mark.ledger_through, json.dumps(mark.book.dump()), mark.hands_through,
         json.dumps(asdict(mark.records)), mark.hands_checked, now_ms, mark.guild_id,
         mark.version),
    ).rowcount
    if changed != 1:
        raise AuditRunning()
    db.executemany(
        "DELETE FROM audit_hands WHERE guild_id = ? AND hand_id = ?",
        [(mark.guild_id, hand_id) for hand_id in cleared],
    )
    db.executemany(
        "INSERT INTO audit_hands (guild_id, hand_id, state, rows_off) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (guild_id, hand_id) DO UPDATE SET state = excluded.state,"
        " rows_off = excluded.rows_off",
        [(mark.guild_id, *hand) for hand in waiting],
    )
    return read_mark(db, mark.guild_id)


FORGET = ("DELETE FROM audit_marks", "DELETE FROM audit_hands")


def forget(db: Any, guild_id: int | None = None) -> None:
    """Start the guild's audits (or every guild's) from the beginning again."""
    where, args = ("", ()) if guild_id is None else (" WHERE guild_id = ?", (guild_id,))
    for statement in FORGET:
        db.execute(statement + where, args)


def hands_after(db: Any, guild_id: int, after: int) -> int:
    """How many of the guild's hands an audit from `after` has to look at."""
    row = db.execute(
        "SELECT (SELECT COUNT(*) FROM hands AS h CROSS JOIN tables AS t ON t.id = h.table_id"
        " WHERE t.guild_id = ? AND h.id > ?)"
        " + (SELECT COUNT(*) FROM audit_hands WHERE guild_id = ?)",
        (guild_id, after, guild_id),
    ).fetchone()
    return int(row[0])


# Grouped by the accounts' numbers on the physical ledger (migration 0009): integers sort
# far faster than the names the view `ledger` would join in for every row.
GROUPED = (
    f"SELECT source, target, SUM(amount), house FROM (SELECT source, target, amount, {HOUSE}"
    " AS house FROM ledger_rows WHERE guild_id = ? AND id > ? AND id <= ?) AS r"
    " GROUP BY source, target, house"
)
NAMES = "SELECT id, name FROM accounts WHERE id IN (SELECT value FROM json_each(?))"


def ledger_rows(
    db: Any, guild_id: int, after: int, upto: int, known: Iterable[int] = ()
) -> tuple[list[tuple], dict[int, str]]:
    """The guild's ledger rows with ids in (after, upto], grouped by their two accounts'
    numbers, and the names of the numbers met that are not `known`."""
    rows = db.execute(GROUPED, (guild_id, after, upto)).fetchall()
    met = {row[0] for row in rows} | {row[1] for row in rows}
    new = sorted(met.difference(known))
    names = dict(db.execute(NAMES, (json.dumps(new),)).fetchall()) if new else {}
    return rows, names


def newest_ledger_id(db: Any) -> int:
    return int(db.execute("SELECT COALESCE(MAX(id), 0) FROM ledger_rows").fetchone()[0])


def ledger_chunk(
    db: Any, guild_id: int, after: int, known: Iterable[int] = ()
) -> tuple[int, list, dict[int, str]] | None:
    """The next chunk of ledger rows for the checkpoint: (upto, grouped rows, names), or
    None when only the newest (LEDGER_LAG) ids are left."""
    upto = min(after + LEDGER_CHUNK, newest_ledger_id(db) - LEDGER_LAG)
    if upto <= after:
        return None
    return upto, *ledger_rows(db, guild_id, after, upto, known)


def table_games(db: Any, guild_id: int) -> dict[int, str]:
    return dict(db.execute("SELECT id, game FROM tables WHERE guild_id = ?",
                           (guild_id,)).fetchall())


# CROSS JOIN keeps SQLite's order: from the few rows named to their hands and tables.
HANDS = """
SELECT h.id, h.status, t.game, h.packed, h.record, h.result,
       (SELECT group_concat(s.user_id) FROM seats AS s
        WHERE s.table_id = h.table_id AND s.house = 1)
FROM {source} CROSS JOIN tables AS t ON t.id = h.table_id
WHERE {which}
ORDER BY h.id
"""
IN_RANGE = "hands AS h"
WAITING = "audit_hands AS a CROSS JOIN hands AS h ON h.id = a.hand_id"
WAITING_WHERE = "a.guild_id = ? AND (a.state = 'off' OR h.status <> 'running')"
STORED = ("SELECT guild_id, user_id, hand_id, game, with_computers, net, won, stats"
          " FROM hand_players WHERE guild_id = ? AND {which}")


def hands_chunk(db: Any, guild_id: int, after: int) -> tuple[int, list, list] | None:
    """The guild's next HAND_CHUNK hands after `after` with their stored record rows:
    (upto, hands, rows), or None when only the newest (HAND_LAG) ids are left."""
    newest = db.execute("SELECT COALESCE(MAX(id), 0) FROM hands").fetchone()[0]
    limit = newest - HAND_LAG
    if limit <= after:
        return None
    hands = db.execute(
        HANDS.format(source=IN_RANGE, which="t.guild_id = ? AND h.id > ? AND h.id <= ?")
        + f" LIMIT {HAND_CHUNK}", (guild_id, after, limit),
    ).fetchall()
    upto = hands[-1][0] if len(hands) == HAND_CHUNK else limit
    stored = db.execute(
        STORED.format(which="hand_id > ? AND hand_id <= ?"), (guild_id, after, upto)
    ).fetchall()
    return upto, hands, stored


def waiting_hands(db: Any, guild_id: int) -> tuple[list, list, dict[int, str]]:
    """The hands that wait, but for those still running: (hands, stored rows, state)."""
    hands = db.execute(HANDS.format(source=WAITING, which=WAITING_WHERE),
                       (guild_id,)).fetchall()
    stored = db.execute(
        "SELECT p.guild_id, p.user_id, p.hand_id, p.game, p.with_computers, p.net, p.won,"
        f" p.stats FROM {WAITING} CROSS JOIN hand_players AS p ON p.guild_id = a.guild_id"
        f" AND p.hand_id = a.hand_id WHERE {WAITING_WHERE}", (guild_id,),
    ).fetchall() if hands else []
    states = dict(db.execute(
        "SELECT hand_id, state FROM audit_hands WHERE guild_id = ?", (guild_id,)
    ).fetchall())
    return hands, stored, states


@dataclass(slots=True)
class Stored:
    """The chips the guild's tables and wallets hold now, and their sums as a Book's."""

    wallets: int = 0
    stacks: int = 0
    in_play: int = 0
    carried: int = 0
    check1: int = 0
    check2: int = 0

    def agrees(self, book: Book) -> bool:
        booked = dict(book.chips)
        return (booked.pop("wallet", 0), booked.pop("seat", 0), booked.pop("pot", 0),
                booked.pop("other", 0), book.check1, book.check2) == (
            self.wallets, self.stacks, self.in_play + self.carried, 0,
            self.check1 % P1, self.check2 % P2)


WALLETS = f"""
SELECT COALESCE(SUM(balance), 0),
       COALESCE(SUM((balance % 2147483647) * ({USER_WEIGHT}) % 2147483647), 0),
       COALESCE(SUM((balance % 2147483629) * ({USER_WEIGHT2}) % 2147483629), 0)
FROM wallets WHERE guild_id = ?
"""
# Stacks and pots that hold chips are few: only those are read, weighed here. CROSS JOIN
# keeps SQLite on them first.
SEATS = ("SELECT s.table_id, s.user_id, s.stack FROM seats AS s CROSS JOIN tables AS t"
         " ON t.id = s.table_id WHERE s.stack > 0 AND t.guild_id = ?")
POTS = ("SELECT p.table_id, p.name, p.amount, (SELECT COUNT(*) FROM hands AS h"
        " WHERE h.table_id = p.table_id AND h.status = 'running')"
        " FROM table_pots AS p CROSS JOIN tables AS t ON t.id = p.table_id"
        " WHERE p.amount > 0 AND t.guild_id = ?")


def stored_chips(db: Any, guild_id: int) -> Stored:
    wallets, check1, check2 = db.execute(WALLETS, (guild_id,)).fetchone()
    stored = Stored(int(wallets), 0, 0, 0, int(check1), int(check2))
    for table_id, user_id, stack in db.execute(SEATS, (guild_id,)):
        stored.stacks += stack
        _weigh(stored, f"seat:{table_id}:{user_id}", stack)
    for table_id, name, amount, running in db.execute(POTS, (guild_id,)):
        if running:
            stored.in_play += amount
        else:
            stored.carried += amount
        _weigh(stored, f"pot:{table_id}:{name}", amount)
    return stored


def _weigh(stored: Stored, account: str, chips: int) -> None:
    w1, w2 = account_weights(account)
    stored.check1 = (stored.check1 + chips * w1) % P1
    stored.check2 = (stored.check2 + chips * w2) % P2


TOTALS = f"""
SELECT game, SUM(hands), SUM(won), SUM(net),
       SUM((hands % 2147483647) * ({USER_WEIGHT}) % 2147483647),
       SUM((won % 2147483647) * ({USER_WEIGHT}) % 2147483647),
       SUM(((net % 2147483647) + 2147483647) % 2147483647 * ({USER_WEIGHT}) % 2147483647)
FROM game_totals WHERE guild_id = ? GROUP BY game
"""
FIGURES = f"""
SELECT COALESCE(SUM(value), 0),
       COALESCE(SUM(((value % 2147483647) + 2147483647) % 2147483647 * ({USER_WEIGHT})
                    % 2147483647 * {FIGURE_WEIGHT} % 2147483647), 0)
FROM player_figures WHERE guild_id = ?
"""


def kept_totals(db: Any, guild_id: int) -> Records:
    """game_totals and player_figures summed as Records sums derived rows."""
    kept = Records()
    for game, hands, won, net, hands_check, won_check, net_check in db.execute(
        TOTALS, (guild_id,)
    ):
        weight = game_weight(game)
        kept.rows += int(hands)
        kept.won += int(won)
        kept.net += int(net)
        kept.hands_check = (kept.hands_check + int(hands_check) * weight) % P1
        kept.won_check = (kept.won_check + int(won_check) * weight) % P1
        kept.net_check = (kept.net_check + int(net_check) * weight) % P1
    figures, check = db.execute(FIGURES, (guild_id,)).fetchone()
    kept.figures, kept.figures_check = int(figures), int(check) % P1
    return kept


@dataclass(slots=True)
class Final:
    """What one snapshot at the end of an audit holds beyond the checkpoint."""

    newest_rows: list
    names: dict[int, str]
    hands: list
    stored_rows: list
    waiting: list
    waiting_rows: list
    rows_off: int  # of the hands that wait with rows off
    stored: Stored
    kept: Records
    games: dict[int, str]


def final_read(
    db: Any, guild_id: int, ledger_through: int, hands_through: int, known: Iterable[int]
) -> Final:
    """Everything after the checkpoint, the stored chips and the kept totals, together."""
    rows, names = ledger_rows(db, guild_id, ledger_through, newest_ledger_id(db), known)
    hands = db.execute(HANDS.format(source=IN_RANGE, which="t.guild_id = ? AND h.id > ?"),
                       (guild_id, hands_through)).fetchall()
    stored = db.execute(STORED.format(which="hand_id > ?"), (guild_id, hands_through))
    waiting, waiting_rows, states = waiting_hands(db, guild_id)
    off = db.execute(
        "SELECT COALESCE(SUM(rows_off), 0) FROM audit_hands WHERE guild_id = ?"
        " AND state = 'off'", (guild_id,),
    ).fetchone()[0]
    # The hands off were looked at again just before: only newly ended ones count here.
    waiting = [hand for hand in waiting if states.get(hand[0]) == "running"]
    ids = {hand[0] for hand in waiting}
    return Final(
        rows, names, hands, stored.fetchall(), waiting,
        [row for row in waiting_rows if row[2] in ids], int(off),
        stored_chips(db, guild_id), kept_totals(db, guild_id),
        table_games(db, guild_id) if any(r[3] is not None for r in rows) else {},
    )


# -- the checks, over rows already read ------------------------------------------------


@dataclass(slots=True)
class Checked:
    records: Records = field(default_factory=Records)  # of the hands settled
    off: dict[int, int] = field(default_factory=dict)  # hand: rows off
    running: list[int] = field(default_factory=list)
    fine: list[int] = field(default_factory=list)  # ended, rows as derived
    hands: int = 0


def check_hands(guild_id: int, hands: list, stored: list) -> Checked:
    """Each hand's derivation against its stored rows; the derived rows' sums."""
    by_hand: dict[int, set[tuple]] = {}
    for row in stored:
        by_hand.setdefault(row[2], set()).add(tuple(row))
    checked = Checked()
    for hand_id, status, game, packed, record, result, house in hands:
        checked.hands += 1
        if status == "running":  # looked at when it ends
            checked.running.append(hand_id)
            by_hand.pop(hand_id, None)
            continue
        fresh: list[tuple] = []
        if status == "settled":
            try:
                record, result = packing.stored(packed, record, result)
                fresh = derive(
                    hand_id, guild_id, game, json.loads(record), json.loads(result),
                    {int(u) for u in house.split(",")} if house else set(),
                )
            except (KeyError, TypeError, ValueError, EngineError, StoreError):
                log.warning("Hand %s cannot be read into players' records", hand_id)
        for row in fresh:
            checked.records.add(row)
        off = len(set(fresh) ^ by_hand.pop(hand_id, set()))
        if off:
            checked.off[hand_id] = off
        else:
            checked.fine.append(hand_id)
    # Rows of hands that are not the guild's settled hands in this range.
    for hand_id, rows in by_hand.items():
        checked.off[hand_id] = checked.off.get(hand_id, 0) + len(rows)
    return checked


# -- when the sums differ: every account, every total -----------------------------------


def ledger_detail(db: Any, guild_id: int) -> tuple[Book, list[tuple], Stored]:
    """The whole ledger against every stored amount, in one snapshot: the book, (account,
    per the ledger, stored) wherever they differ, and the stored chips."""
    newest = newest_ledger_id(db)
    games = table_games(db, guild_id)
    book, names = Book(), {}
    for after in range(0, newest, LEDGER_CHUNK):
        rows, new = ledger_rows(db, guild_id, after, min(after + LEDGER_CHUNK, newest), names)
        names.update(new)
        book.add_rows(_named(rows, names), games)
    return book, queries.ledger_mismatches(db, guild_id), stored_chips(db, guild_id)


def totals_detail(db: Any, guild_id: int) -> int:
    """Rows of game_totals and player_figures that differ from their players' record rows."""
    args = {"guild": guild_id}
    return sum(int(db.execute(sql, args).fetchone()[0])
               for sql in (stats.TOTALS_OFF, stats.FIGURES_OFF))


def _named(rows: Iterable[tuple], names: dict[int, str]) -> list[tuple]:
    return [(names[source], names[target], chips, house)
            for source, target, chips, house in rows]


# -- one audit, chunk after chunk -------------------------------------------------------


class Database(Protocol):
    """What an audit runs its transactions on (the store's database): each call runs
    `work(db, *args)` in one read snapshot or one write transaction."""

    async def read(self, work: Callable[..., Any], *args: Any) -> Any: ...

    async def write(self, work: Callable[..., Any], *args: Any) -> Any: ...


class AuditRuns:
    """The audits running in this process: one per guild at a time (a guild's interactions
    all reach the process of its shard; two processes on one PostgreSQL database are kept
    apart by the checkpoint's version, `save`)."""

    def __init__(self) -> None:
        self.running: set[int] = set()

    async def audit(
        self, database: Database, guild_id: int, now_ms: Callable[[], int],
        progress: Progress | None = None,
    ) -> Audit:
        if guild_id in self.running:
            raise AuditRunning()
        self.running.add(guild_id)
        try:
            return await _Run(database, guild_id, now_ms, progress).audit()
        finally:
            self.running.discard(guild_id)


def _empty(mark: Mark, ledger: bool, records: bool) -> Mark:
    return Mark(
        mark.guild_id, mark.version,
        0 if ledger else mark.ledger_through, Book() if ledger else mark.book,
        0 if records else mark.hands_through, Records() if records else mark.records,
        0 if records else mark.hands_checked,
    )


def restart(db: Any, mark: Mark, now_ms: int, ledger: bool, records: bool) -> Mark:
    """The checkpoint's ledger part, or records part, back to nothing (a write)."""
    if records:
        db.execute("DELETE FROM audit_hands WHERE guild_id = ?", (mark.guild_id,))
    return save(db, _empty(mark, ledger, records), now_ms)


class _Run:
    def __init__(self, database: Database, guild_id: int, now_ms: Callable[[], int],
                 progress: Progress | None) -> None:
        self.db = database
        self.guild_id = guild_id
        self.now_ms = now_ms
        self.progress = progress
        self.checked = 0
        self.total = 0
        self.names: dict[int, str] = {}  # the accounts' numbers met, for the audit's length
        self.apart: ProcessPoolExecutor | None = None

    async def checked_hands(self, hands: list, stored: list) -> Checked:
        """check_hands where it costs the bot least. Parsing records and deriving rows is
        Python through and through: on a thread it would hold the interpreter's lock
        against every other request for as long, so a big chunk goes to a process of its
        own (made at the audit's first big chunk, gone with the audit), at the lowest
        priority, so that the bot's own work takes a core from it at once; a few hands
        are checked here at once. The process starts from a fresh interpreter
        (forkserver: never a copy of the bot's threads), which imports the main module as
        `__mp_main__`, so the bot's must start only under `if __name__ == "__main__"`."""
        if len(hands) < APART:
            return check_hands(self.guild_id, hands, stored)
        if self.apart is None:
            self.apart = ProcessPoolExecutor(
                1, mp_context=multiprocessing.get_context("forkserver"),
                initializer=os.nice, initargs=(19,))
        return await asyncio.get_running_loop().run_in_executor(
            self.apart, check_hands, self.guild_id, hands, stored)

    async def report(self, first: bool = False) -> None:
        """Hands checked of those to check: once at the start, whatever the count (the
        answer can be given at once), then after each chunk."""
        if self.progress is not None and (self.total or first):
            await self.progress(min(self.checked, self.total), self.total)

    async def audit(self) -> Audit:
        try:
            return await self._audit()
        finally:
            if self.apart is not None:
                self.apart.shutdown(wait=False, cancel_futures=True)

    async def _audit(self) -> Audit:
        mark = await self.db.write(begin, self.guild_id, self.now_ms())
        self.total = await self.db.read(hands_after, self.guild_id, mark.hands_through)
        await self.report(first=True)
        mark = await self.ledger(mark)
        for attempt in range(2):
            mark = await self.hands(mark)
            final = await self.db.read(
                final_read, self.guild_id, mark.ledger_through, mark.hands_through,
                frozenset(self.names),
            )
            self.names.update(final.names)
            newest = await self.checked_hands(final.hands, final.stored_rows)
            ended = await self.checked_hands(final.waiting, final.waiting_rows)
            expected = mark.records.merged(newest.records, ended.records)
            records_off = final.rows_off + sum(newest.off.values()) + sum(ended.off.values())
            if expected != final.kept.merged():
                differ = await self.db.read(totals_detail, self.guild_id)
                if not differ and attempt == 0:
                    # The totals agree with the players' rows but not with the checkpoint:
                    # the checkpoint missed a hand. Every hand is checked again.
                    log.warning("Audit of guild %s: checking every hand again", self.guild_id)
                    mark = await self.db.write(restart, mark, self.now_ms(), False, True)
                    self.checked, self.total = 0, await self.db.read(
                        hands_after, self.guild_id, 0)
                    continue
                records_off += differ or 1
            break
        self.checked = self.total
        await self.report()
        booked, stored, mismatches = mark.book.copy(), final.stored, []
        booked.add_rows(_named(final.newest_rows, self.names), final.games)
        if not stored.agrees(booked):
            booked, mismatches, stored = await self.db.read(ledger_detail, self.guild_id)
            if not mismatches:
                log.warning("Audit of guild %s: the ledger's checkpoint is read again",
                            self.guild_id)
                await self.db.write(restart, await self.db.read(read_mark, self.guild_id),
                                    self.now_ms(), True, False)
        return Audit(
            stored.wallets, stored.stacks, stored.in_play, stored.carried, booked.minted,
            booked.burned, tuple(tuple(m) for m in mismatches),
            house=tuple(HouseLine(line, minted, burned)
                        for line, (minted, burned) in sorted(booked.house.items())),
            records_off=records_off,
        )

    async def ledger(self, mark: Mark) -> Mark:
        """The ledger's rows into the checkpoint, a chunk per read and write."""
        while (chunk := await self.db.read(ledger_chunk, self.guild_id, mark.ledger_through,
                                           frozenset(self.names))) is not None:
            upto, rows, names = chunk
            self.names.update(names)
            games = {}
            if any(row[3] for row in rows):  # a banking game's rows name its game
                games = await self.db.read(table_games, self.guild_id)
            book = mark.book.copy()
            for start in range(0, len(rows), FOLD):
                book.add_rows(_named(rows[start : start + FOLD], self.names), games)
                await asyncio.sleep(0)  # the bot's other requests go on between slices
            mark.ledger_through, mark.book = upto, book
            mark = await self.db.write(save, mark, self.now_ms())
        return mark

    async def hands(self, mark: Mark) -> Mark:
        """The hands that waited, then the hands after the checkpoint, a chunk per read,
        derivation and write."""
        hands, stored, states = await self.db.read(waiting_hands, self.guild_id)
        if hands:
            ended = [hand for hand in hands if states.get(hand[0]) == "running"]
            ended_ids = {hand[0] for hand in ended}
            now = await self.checked_hands(ended,
                                          [row for row in stored if row[2] in ended_ids])
            again = await self.checked_hands(
                [hand for hand in hands if hand[0] not in ended_ids],
                [row for row in stored if row[2] not in ended_ids])
            mark.records = mark.records.merged(now.records)
            mark.hands_checked += now.hands
            mark = await self.db.write(
                save, mark, self.now_ms(),
                [(hand_id, "off", off) for hand_id, off in {**now.off, **again.off}.items()],
                now.fine + again.fine,
            )
            self.checked += len(hands)
            await self.report()
        while (chunk := await self.db.read(hands_chunk, self.guild_id,
                                           mark.hands_through)) is not None:
            upto, hands, stored = chunk
            checked = await self.checked_hands(hands, stored)
            mark.hands_through = upto
            mark.records = mark.records.merged(checked.records)
            mark.hands_checked += checked.hands - len(checked.running)
            waiting = [(hand_id, "running", 0) for hand_id in checked.running]
            waiting += [(hand_id, "off", off) for hand_id, off in checked.off.items()]
            mark = await self.db.write(save, mark, self.now_ms(), waiting)
            self.checked += checked.hands
            await self.report()
        return mark
