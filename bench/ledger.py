"""The ledger with its accounts named by number (migration 0009) beside the ledger as
migrations up to 0008 made it (every account named by text in every row, every ref text
under a unique key), in the same run: its bytes per settled hand, and /audit's ledger
check over a server's million rows.

Bytes: HANDS random hands of three-player GFF (engine.simulate's random_action, Discord-
sized ids, stacks deep enough that nobody is eliminated) at TABLES tables, each hand's
transfers booked as the store books them (bot/store/hands.py: the posts at the deal,
the rest at the settlement, ref `hand:<hand>:<index>`), one transaction a hand: by the
SQL of the store up to 0008 into a file of migrations 1-8, and by bot/store/ledger.py's
own `book` into a file of migrations 1-9. The figure is SQLite's count of the pages of
the ledger, its indexes and (with 0009) `accounts` (the dbstat table), their growth over
the hands divided by the hands.

The audit: one server of WALLETS wallets whose players bought in at tables of three and
played hands there (posts, pots paid out, cash-outs; a few tables still open with chips
in their seats and pots), AUDIT_ROWS ledger rows in all, written as the store up to 0008
wrote them; the same file then migrated by 0009. On each file the audit's ledger check
(the query of 0008's store, bot/store/queries.py's AUDIT) beside the plainest pass over
the same rows, `SELECT sum(amount)` of the ledger's table: the goal is 3 times that.
Best of REPEATS, warm.
"""

from __future__ import annotations

import random
import shutil
import sqlite3
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from bench.table import Row
from bot.store import ledger, queries
from bot.store.migrate import bundled, migrate
from engine import games
from engine.simulate import random_action

HANDS = 2_000
TABLES = 8
SEED = 9
GUILD = 1_145_514_431_571_737_540
STAKE = 10
STACK = 1_000_000  # nobody is ever eliminated
TARGET_BYTES = 1_500  # a settled hand, records included: the ledger's share must be small
AUDIT_ROWS = 1_000_000
WALLETS = (8_000, 100_000)
AUDIT_TIMES = 3.0  # the audit's goal, against one pass summing the same rows
REPEATS = 5
ACCOUNTS_BY_NUMBER = 9  # the migration that names the accounts by number
GFF = games.get("gff")

# As bot/store/ledger.py booked a row up to migration 0008.
OLD_BOOK = (
    "INSERT INTO ledger (at_ms, guild_id, source, target, amount, reason, ref, hand_id)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)
# bot/store/queries.py's AUDIT up to migration 0008: the rows grouped by account name.
OLD_AUDIT = """
SELECT account, SUM(booked), SUM(stored) FROM (
    SELECT target AS account, amount AS booked, 0 AS stored FROM ledger
    WHERE guild_id = :guild AND target NOT IN ('mint', 'burn')
    UNION ALL
    SELECT source, -amount, 0 FROM ledger
    WHERE guild_id = :guild AND source NOT IN ('mint', 'burn')
    UNION ALL
    SELECT 'wallet:' || user_id, 0, balance FROM wallets WHERE guild_id = :guild
    UNION ALL
    SELECT 'seat:' || s.table_id || ':' || s.user_id, 0, s.stack
    FROM seats AS s JOIN tables AS t ON t.id = s.table_id WHERE t.guild_id = :guild
    UNION ALL
    SELECT 'pot:' || p.table_id || ':' || p.name, 0, p.amount
    FROM table_pots AS p JOIN tables AS t ON t.id = p.table_id WHERE t.guild_id = :guild
) AS flows
GROUP BY account
HAVING SUM(booked) <> SUM(stored)
ORDER BY account
"""


def _schema(path: Path, last: int) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    migrate(db, [m for m in bundled() if m.version <= last])
    return db


def _ledger_bytes(db: sqlite3.Connection) -> int:
    """The pages of the ledger's tables and their indexes."""
    return db.execute(
        "SELECT SUM(pgsize) FROM dbstat WHERE name IN (SELECT name FROM sqlite_master"
        " WHERE tbl_name IN ('ledger', 'ledger_rows', 'accounts') AND type <> 'view')"
    ).fetchone()[0]


def _account(table_id: int, engine_account: str) -> str:
    kind, _, name = engine_account.partition(":")
    return f"{kind}:{table_id}:{name}"


def _played_hands(rng: random.Random) -> list[tuple[int, list[tuple[str, str, int, str]]]]:
    """(table, its rows: source, target, amount, reason) of each hand, in the order dealt."""
    tables = []
    for number in range(1, TABLES + 1):
        users = [rng.randrange(2 * 10**17, 13 * 10**17) for _ in range(3)]
        tables.append((number, users, {str(u): STACK for u in users}, {"flip": 0, "flop": 0}))
    hands = []
    for index in range(HANDS):
        number, users, stacks, carry = tables[index % TABLES]
        seats = [(str(user), stacks[str(user)]) for user in users]
        deal = GFF.start(
            seats=seats, stake=STAKE, dealer=seats[(index // TABLES) % 3][0],
            deck_or_decks=rng.sample(range(52), 52), carry=carry,
            salt=f"{rng.getrandbits(128):032x}",
        )
        while deal.settlement is None:
            deal.apply(random_action(deal, rng))
        settlement = deal.settlement
        stacks.update(settlement.stacks)
        carry.clear()
        carry.update(settlement.carry)
        hands.append((number, [
            (_account(number, t.source), _account(number, t.target), t.amount, t.reason)
            for t in settlement.transfers
        ]))
    return hands


def _bytes_per_hand(folder: Path) -> dict[str, float]:
    hands = _played_hands(random.Random(SEED))
    found = {}
    for last in (ACCOUNTS_BY_NUMBER - 1, ACCOUNTS_BY_NUMBER):
        db = _schema(folder / f"hands{last}.sqlite3", last)
        # Each seat bought in with minted chips (once a table, not counted per hand).
        for number in range(1, TABLES + 1):
            for user in range(3):
                source, target = "mint", f"seat:{number}:{user}"
                if last < ACCOUNTS_BY_NUMBER:
                    db.execute(OLD_BOOK, (0, GUILD, source, target, STACK, "buy-in",
                                          f"buy-in:{number}:{user}", None))
                else:
                    ledger.book(db, 0, GUILD, source, target, STACK, "buy-in",
                                f"buy-in:{number}:{user}")
        before = _ledger_bytes(db)
        rows = 0
        for hand_id, (_table, transfers) in enumerate(hands, start=1):
            at_ms = 1_700_000_000_000 + hand_id * 60_000
            db.execute("BEGIN")
            for index, (source, target, amount, reason) in enumerate(transfers):
                ref = f"hand:{hand_id}:{index}"
                if last < ACCOUNTS_BY_NUMBER:
                    db.execute(OLD_BOOK, (at_ms, GUILD, source, target, amount, reason, ref,
                                          hand_id))
                else:
                    ledger.book(db, at_ms, GUILD, source, target, amount, reason, ref, hand_id)
            db.execute("COMMIT")
            rows += len(transfers)
        found[f"bytes {last}"] = (_ledger_bytes(db) - before) / HANDS
        found["rows"] = rows / HANDS
        db.close()
    return found


def _server(rng: random.Random, wallets: int) -> dict:
    """One server's wallets, tables and ledger rows (names as up to 0008), every balance
    what its rows add up to."""
    users = rng.sample(range(10**17, 2 * 10**17), wallets)
    chips: dict[str, int] = defaultdict(int)
    rows: list[tuple] = []

    def move(source: str, target: str, amount: int, reason: str, ref: str,
             hand_id: int | None = None) -> None:
        chips[source] -= amount
        chips[target] += amount
        rows.append((0, GUILD, source, target, amount, reason, ref, hand_id))

    for user in users:
        move("mint", f"wallet:{user}", 10_000, "starting chips", f"wallet:{GUILD}:{user}")
    tables: list[tuple[int, list[int], bool]] = []
    hands: list[tuple[int, int, int]] = []
    hand_id = 0
    while len(rows) < AUDIT_ROWS:
        table_id = len(tables) + 1
        players = rng.sample(users, 3)
        for user in players:
            move(f"wallet:{user}", f"seat:{table_id}:{user}", 200, "buy-in",
                 f"buy-in:{rng.getrandbits(64):016x}")
        for number in range(1, rng.randrange(5, 40)):
            hand_id += 1
            hands.append((hand_id, table_id, number))
            index = 0
            for pot in ("game", "flop"):
                for user in players:
                    if chips[f"seat:{table_id}:{user}"] >= STAKE:
                        move(f"seat:{table_id}:{user}", f"pot:{table_id}:{pot}", STAKE, "post",
                             f"hand:{hand_id}:{index}", hand_id)
                        index += 1
            for pot in ("game", "flop"):
                held = chips[f"pot:{table_id}:{pot}"]
                if held and (pot == "game" or rng.random() < 0.5):  # the flop pot carries
                    winner = rng.choice(players)
                    move(f"pot:{table_id}:{pot}", f"seat:{table_id}:{winner}", held, "win",
                         f"hand:{hand_id}:{index}", hand_id)
                    index += 1
        still_open = rng.random() < 0.05
        if not still_open:
            for user in players:
                stack = chips[f"seat:{table_id}:{user}"]
                if stack:
                    move(f"seat:{table_id}:{user}", f"wallet:{user}", stack, "cash-out",
                         f"cash-out:{rng.getrandbits(64):016x}")
        tables.append((table_id, players, still_open))
    return {"users": users, "chips": chips, "rows": rows, "tables": tables, "hands": hands}


def _write_server(path: Path, server: dict) -> None:
    db = _schema(path, ACCOUNTS_BY_NUMBER - 1)
    chips = server["chips"]
    db.execute("BEGIN")
    db.executemany(
        "INSERT INTO wallets (guild_id, user_id, balance, created_ms) VALUES (?, ?, ?, 0)",
        [(GUILD, user, chips[f"wallet:{user}"]) for user in server["users"]],
    )
    for table_id, players, still_open in server["tables"]:
        db.execute(
            "INSERT INTO tables (id, guild_id, channel_id, host_id, game, stake, buy_in,"
            " max_players, turn_seconds, status, opened_ms) VALUES"
            " (?, ?, ?, ?, 'gff', ?, 200, 6, 60, ?, 0)",
            (table_id, GUILD, table_id, players[0], STAKE, "open" if still_open else "closed"),
        )
        db.executemany(
            "INSERT INTO seats (table_id, user_id, position, stack, status) VALUES (?, ?, ?, ?, ?)",
            [(table_id, user, position, chips[f"seat:{table_id}:{user}"],
              "seated" if still_open else "left") for position, user in enumerate(players)],
        )
        db.executemany(
            "INSERT INTO table_pots (table_id, name, amount) VALUES (?, ?, ?)",
            [(table_id, pot, chips[f"pot:{table_id}:{pot}"]) for pot in ("game", "flop")],
        )
    db.executemany(
        "INSERT INTO hands (id, table_id, number, record, status, started_ms)"
        " VALUES (?, ?, ?, '{}', 'settled', 0)",
        server["hands"],
    )
    db.executemany(OLD_BOOK, server["rows"])
    db.execute("COMMIT")
    db.close()


def _best_ms(db: sqlite3.Connection, sql: str, params: dict) -> tuple[float, list]:
    found = db.execute(sql, params).fetchall()  # warm
    spent = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        db.execute(sql, params).fetchall()
        spent.append((time.perf_counter() - start) * 1000)
    return min(spent), found


def _audit(folder: Path, wallets: int) -> dict[str, float]:
    server = _server(random.Random(wallets), wallets)
    old, new = folder / f"audit{wallets}_0008.sqlite3", folder / f"audit{wallets}_0009.sqlite3"
    _write_server(old, server)
    shutil.copyfile(old, new)
    db = sqlite3.connect(new, isolation_level=None)
    start = time.perf_counter()
    migrate(db, [m for m in bundled() if m.version <= ACCOUNTS_BY_NUMBER])
    migrated = time.perf_counter() - start
    db.close()
    found = {"rows": len(server["rows"]), "migrated s": migrated}
    params = {"guild": GUILD}
    for name, path, audit, table in (
        ("before", old, OLD_AUDIT, "ledger"), ("after", new, queries.AUDIT, "ledger_rows")
    ):
        db = sqlite3.connect(path, isolation_level=None)
        found[f"{name} audit"], mismatches = _best_ms(db, audit, params)
        assert mismatches == [], mismatches[:3]
        found[f"{name} sum"], _ = _best_ms(db, f"SELECT sum(amount) FROM {table}", {})
        db.close()
    return found


def run() -> list[Row]:
    with tempfile.TemporaryDirectory(dir=Path("data")) as tmp:
        folder = Path(tmp)
        sizes = _bytes_per_hand(folder)
        audits = {wallets: _audit(folder, wallets) for wallets in WALLETS}
    before, after = sizes[f"bytes {ACCOUNTS_BY_NUMBER - 1}"], sizes[f"bytes {ACCOUNTS_BY_NUMBER}"]
    rows = [
        Row(f"ledger bytes a settled 3-player GFF hand ({sizes['rows']:.1f} rows)", after,
            "B", baseline=f"accounts and refs as text (0008): {before:,.0f} B",
            target=f"a small share of {TARGET_BYTES:,} B a hand"),
    ]
    for wallets, found in audits.items():
        times = found["after audit"] / found["after sum"]
        rows.append(Row(
            f"/audit ledger check: {wallets:,} wallets, {found['rows']:,} rows",
            found["after audit"], "ms",
            baseline=f"sum(amount) {found['after sum']:,.0f} ms; 0008: audit"
            f" {found['before audit']:,.0f} ms = {found['before audit'] / found['before sum']:.1f}x"
            f" its sum {found['before sum']:,.0f} ms",
            target=f"<= {AUDIT_TIMES:.0f}x sum ({times:.1f}x)", met=times <= AUDIT_TIMES,
        ))
        rows.append(Row(f"migration 0009 of those {found['rows']:,} rows",
                        found["migrated s"], "s"))
    return rows
