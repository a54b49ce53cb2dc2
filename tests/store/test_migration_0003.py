"""Migration 0003: a database made by 0001-0002, with chips at live tables, a running hand
and a carried pot, comes through the rebuild with every row and the ledger intact, and
play goes on.

The rows before 0003 are written as the store of that time wrote them (pots as columns
of `tables`), by hand here, because today's store speaks the new schema.
"""

from __future__ import annotations

import json
import random
import sqlite3

import pytest

from bot.store import MigrationError, Store, packing
from bot.store.migrate import Migration, bundled, migrate
from engine.actions import Draw
from engine.gff.hand import GffHand
from engine.simulate import random_action
from tests.store.helpers import DEFAULTS, GUILD, HOST, assert_chips_add_up, stacked_deck

# PostgreSQL's 0003 alters its tables in place and has no database older than itself.
pytestmark = pytest.mark.sqlite_only("SQLite's rebuild of its tables, from a file of 0002")

# Discord ids; the computer player's is one the bot gives (below 1,000,000).
ANN, BOB, CY, ROBOT = 10**17 + 1, 10**17 + 2, 10**17 + 3, 2001
OPEN, CLOSED = 1, 2
STAKE = 10


class OldStore:
    """Books rows as the store did before 0003: pot columns, one ledger row a move."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        self.refs = 0

    def move(self, source: str, target: str, amount: int, reason: str, hand: int | None = None):
        for account, sign in ((source, -1), (target, 1)):
            kind, *keys = account.split(":")
            if kind == "wallet":
                self.db.execute(
                    "UPDATE wallets SET balance = balance + ? WHERE guild_id = ? AND user_id = ?",
                    (sign * amount, GUILD, int(keys[0])),
                )
            elif kind == "seat":
                self.db.execute(
                    "UPDATE seats SET stack = stack + ? WHERE table_id = ? AND user_id = ?",
                    (sign * amount, int(keys[0]), int(keys[1])),
                )
            elif kind == "pot":
                column = f"pot_{keys[1]}"
                self.db.execute(
                    f"UPDATE tables SET {column} = {column} + ? WHERE id = ?",
                    (sign * amount, int(keys[0])),
                )
        self.refs += 1
        self.db.execute(
            "INSERT INTO ledger (at_ms, guild_id, source, target, amount, reason, ref, hand_id)"
            " VALUES (0, ?, ?, ?, ?, ?, ?, ?)",
            (GUILD, source, target, amount, reason, f"old:{self.refs}", hand),
        )


def table_row(table_id: int, status: str) -> tuple:
    return (table_id, GUILD, 600 + table_id, HOST, STAKE, 200, 5, 60, status, 0)


def make_old_database(path) -> GffHand:
    """Tables 1 (open: three seats, 20 carried in the flop pot, a hand running) and
    2 (closed). Returns the running hand as the old store stored it."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA foreign_keys = ON")
    migrate(db, bundled()[:2])
    db.execute("BEGIN")
    old = OldStore(db)
    for user in (ANN, BOB, CY):
        db.execute(
            "INSERT INTO wallets (guild_id, user_id, balance, created_ms) VALUES (?, ?, 0, 0)",
            (GUILD, user),
        )
        old.move("mint", f"wallet:{user}", 1000, "starting chips")
    db.executemany(
        "INSERT INTO tables (id, guild_id, channel_id, host_id, stake, buy_in, max_players,"
        " turn_seconds, status, opened_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [table_row(OPEN, "open"), table_row(CLOSED, "closed")],
    )
    for position, user in enumerate((ANN, BOB, CY)):
        db.execute(
            "INSERT INTO seats VALUES (?, ?, ?, 0, 'seated')", (OPEN, user, position)
        )
        old.move(f"wallet:{user}", f"seat:{OPEN}:{user}", 200, "buy-in")
    # A player who sat at the closed table and left it; a computer player who sits
    # out at the open one (its buy-in minted to its wallet, as the bot did then).
    db.execute("INSERT INTO seats VALUES (?, ?, 0, 0, 'left')", (CLOSED, CY))
    db.execute(
        "INSERT INTO wallets (guild_id, user_id, balance, created_ms) VALUES (?, ?, 0, 0)",
        (GUILD, ROBOT),
    )
    db.execute("INSERT INTO seats VALUES (?, ?, 3, 0, 'seated')", (OPEN, ROBOT))
    old.move("mint", f"wallet:{ROBOT}", 200, "house: a computer sits")
    old.move(f"wallet:{ROBOT}", f"seat:{OPEN}:{ROBOT}", 200, "buy-in")
    # Hand 1 carried 20 in the flop pot, posted by ann and bob (GFF-4.5, 4.6).
    hand_1 = db.execute(
        "INSERT INTO hands (table_id, number, record, status, started_ms)"
        " VALUES (?, 1, ?, 'settled', 0)",
        (OPEN, json.dumps({"game": "gff", "dealer": str(ANN)})),
    ).lastrowid
    for user in (ANN, BOB):
        old.move(f"seat:{OPEN}:{user}", f"pot:{OPEN}:flop", 10, "post", hand_1)
        db.execute(
            "INSERT INTO carried_posts VALUES (?, 'flop', ?, 10)", (OPEN, user)
        )
    # Hand 2 is running: dealt, its posts booked, two actions taken.
    hand = GffHand.start(
        seats=[(str(ANN), 190), (str(BOB), 190), (str(CY), 200)],
        stake=STAKE,
        dealer=str(BOB),
        deck=stacked_deck(["2H 3H 4D 5D 6D", "7H 8H 9D TD JD", "KH QH JC 2S 9S"]),
        carry={"flip": 0, "flop": 20},
    )
    hand_2 = db.execute(
        "INSERT INTO hands (table_id, number, record, started_ms, turn_started_ms)"
        " VALUES (?, 2, ?, 0, 0)",
        (OPEN, json.dumps(hand.record().to_json())),
    ).lastrowid
    for t in hand.book.transfers:
        assert t.reason == "post"
        old.move(f"seat:{OPEN}:{t.source[5:]}", f"pot:{OPEN}:{t.target[4:]}", t.amount, "post",
                 hand_2)
    for action in (Draw(str(CY), "stock"),):
        seq = hand.seq
        hand.apply(action)
        db.execute(
            "UPDATE hands SET record = json_insert(record, '$.actions[#]', json(?)),"
            " seq = seq + 1 WHERE id = ? AND seq = ?",
            (json.dumps(action.to_json()), hand_2, seq),
        )
    db.execute("COMMIT")
    db.close()
    return hand


def hands_of(db: sqlite3.Connection) -> list[tuple]:
    """Every hand with its record and result as texts, wherever the schema keeps them
    (from 0010 a running hand's record in running_hands, a finished one's packed)."""
    if db.execute("SELECT 1 FROM sqlite_master WHERE name = 'running_hands'").fetchone():
        return [
            (*head, *packing.stored(packed, record, result), started, ended)
            for *head, record, result, packed, started, ended in db.execute(
                "SELECT h.id, h.table_id, h.number, COALESCE(r.seq, h.seq), h.status,"
                " COALESCE(r.record, h.record), h.result, h.packed, h.started_ms, h.ended_ms"
                " FROM hands AS h LEFT JOIN running_hands AS r ON r.hand_id = h.id"
                " ORDER BY h.id"
            )
        ]
    return db.execute(
        "SELECT id, table_id, number, seq, status, record, result, started_ms, ended_ms"
        " FROM hands ORDER BY id"
    ).fetchall()


def rows(path) -> dict[str, list]:
    with sqlite3.connect(path) as db:
        return {
            name: db.execute(f"SELECT * FROM {name} ORDER BY 1, 2").fetchall()
            for name in ("wallets", "carried_posts", "ledger", "guild_settings")
        } | {
            "hands": hands_of(db),
            "seats": db.execute(
                "SELECT table_id, user_id, position, stack, status FROM seats ORDER BY 1, 2"
            ).fetchall(),
            "tables": db.execute(
                "SELECT id, guild_id, channel_id, host_id, stake, buy_in, max_players,"
                " turn_seconds, status, opened_ms, closed_ms FROM tables ORDER BY id"
            ).fetchall()
        }


async def test_a_database_of_live_tables_keeps_every_row_and_plays_on(db_path):
    running = make_old_database(db_path)
    with sqlite3.connect(db_path) as db:
        old_pots = db.execute(
            "SELECT id, pot_game, pot_flip, pot_flop, pot_bonus FROM tables ORDER BY id"
        ).fetchall()
    before = rows(db_path)
    assert old_pots == [(OPEN, 30, 30, 20 + 30, 0), (CLOSED, 0, 0, 0, 0)]

    store = await Store.open(db_path, defaults=DEFAULTS)
    try:
        assert rows(db_path) == before  # the ledger among them, row for row
        with sqlite3.connect(db_path) as db:
            newest = db.execute("SELECT MAX(version) FROM schema_version").fetchone()
            assert newest == (len(bundled()),)
            assert db.execute("PRAGMA foreign_key_check").fetchall() == []
            assert db.execute("SELECT id, game FROM tables ORDER BY id").fetchall() == [
                (OPEN, "gff"), (CLOSED, "gff")
            ]
            assert db.execute("SELECT user_id FROM seats WHERE house").fetchall() == [(ROBOT,)]
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                db.execute("UPDATE ledger SET amount = 1")
        table = await store.table(OPEN)
        assert table.pots == {"game": 30, "flip": 30, "flop": 50, "bonus": 0}
        assert table.carried_by == {"flip": {}, "flop": {ANN: 10, BOB: 10}}
        assert (await store.table(CLOSED)).status == "closed"
        await assert_chips_add_up(store)

        # The running hand is rebuilt from its record and plays to its end.
        recovery = await store.recover()
        assert recovery.voided == () and set(recovery.running) == {OPEN}
        hand = recovery.running[OPEN].hand
        assert hand.seq == running.seq == 1 and hand.current == running.current
        rng = random.Random(3)
        while not hand.is_over:
            seq = hand.seq
            action = random_action(hand, rng)
            hand.apply(action)
            await store.record_action(recovery.running[OPEN].hand_id, seq, action,
                                      hand.settlement)
        after = await store.table(OPEN)
        assert after.carry == hand.settlement.carry
        await assert_chips_add_up(store)

        # Closing hands every carried chip back to whoever posted it (GFF-4.6).
        carried = sum(after.carry.values())
        returned = await store.close_table(OPEN)
        assert sum(returned.values()) == sum(s.stack for s in after.seats) + carried
        assert (await store.wallet(GUILD, ROBOT)).balance == 0  # the house's seat burned
        await assert_chips_add_up(store)
    finally:
        await store.close()


async def test_a_migration_that_would_orphan_rows_is_rolled_back(db_path):
    first = Migration(1, "parents", "CREATE TABLE parent (id INTEGER PRIMARY KEY);"
                      "CREATE TABLE child (parent_id INTEGER REFERENCES parent (id));"
                      "INSERT INTO parent VALUES (1); INSERT INTO child VALUES (1);")
    orphaning = Migration(2, "orphaning", "DELETE FROM parent;")
    await (await Store.open(db_path, migrations=[first])).close()
    with pytest.raises(MigrationError, match="0002_orphaning failed.*child"):
        await Store.open(db_path, migrations=[first, orphaning])
    with sqlite3.connect(db_path) as db:
        assert db.execute("SELECT COUNT(*) FROM parent").fetchone() == (1,)
        assert db.execute("SELECT MAX(version) FROM schema_version").fetchone() == (1,)
        assert db.execute("PRAGMA foreign_keys").fetchone() == (0,)  # a fresh connection's


async def test_foreign_keys_are_enforced_again_after_the_migrations(store):
    assert await store.db.read(lambda db: db.execute("PRAGMA foreign_keys").fetchone()) == (1,)
