"""Migration 0009: a database of 0008 whose ledger names every kind of account and of ref
comes through with the same rows (read through the view `ledger`, name for name and ref
for ref), the same balances and the same audit, and books on with each event still booked
once, on both databases.

The rows before 0009 are written as the store of that time wrote them (account names and
refs as text in every row), by hand here, because today's store books numbers.
"""

from __future__ import annotations

import json
import sqlite3
from collections import defaultdict

import asyncpg
import pytest

from bot.store import AlreadyBooked, HouseLine, Mismatch, Store, ledger
from bot.store.migrate import bundled, migrate
from bot.store.postgres import is_postgres_url
from bot.store.postgres.migrate import migrate as migrate_postgres
from bot.store.postgres.store import bundled_migrations
from engine.actions import Drop
from engine.gff.hand import GffHand
from tests.store.helpers import (
    DEFAULTS,
    GUILD,
    HOST,
    NO_CLUB,
    assert_chips_add_up,
    behind_the_store,
    stacked_deck,
)

# Each test starts from a database with nothing in it, brought to 0008 by the test.
pytestmark = pytest.mark.empty_database

ANN, BOB, CY, ROBOT = 10**17 + 1, 10**17 + 2, 10**17 + 3, 2001
TABLE = 1
STAKE = 10
BUY_IN = 200
BEFORE = 8  # the schema the rows are written in


class OldLedger:
    """Books rows as the store did up to 0008, keeping each account's chips."""

    def __init__(self) -> None:
        self.rows: list[tuple] = []
        self.chips: dict[str, int] = defaultdict(int)

    def move(self, source: str, target: str, amount: int, reason: str, ref: str,
             hand: int | None = None) -> None:
        self.chips[source] -= amount
        self.chips[target] += amount
        self.rows.append((len(self.rows) + 1, 1_000 + len(self.rows), GUILD, source, target,
                          amount, reason, ref, hand))


def _name(engine_account: str) -> str:
    kind, _, name = engine_account.partition(":")
    return f"{kind}:{TABLE}:{name}"


def old_history() -> tuple[OldLedger, list[tuple]]:
    """Every kind of account (mint, burn, wallet, seat, pot) and of ref: a wallet's, an
    admin's, a buy-in's, a hand's transfers, a void hand's posts given back, a player out
    of a hand, a computer player's seat minted and burned, and one ref that only looks like
    a hand's event. Returns the ledger and the hands' rows."""
    old = OldLedger()
    for user in (ANN, BOB, CY):
        old.move("mint", f"wallet:{user}", 1000, "starting chips", f"wallet:{GUILD}:{user}")
    old.move("mint", f"wallet:{ANN}", 50, "grant: a prize", "grant:1")
    old.move(f"wallet:{BOB}", "burn", 30, "burn: a penalty", "burn:1")
    for user in (ANN, BOB, CY):
        old.move(f"wallet:{user}", f"seat:{TABLE}:{user}", BUY_IN, "buy-in", f"buy-in:{user}")
    old.move("mint", f"seat:{TABLE}:{ROBOT}", BUY_IN, "house: a computer sits", "buy-in:robot")

    # Hand 1, settled: ANN deals, BOB drops at once (GFF-4.1); its transfers, posts first.
    hand = GffHand.start(
        seats=[(str(ANN), BUY_IN), (str(BOB), BUY_IN)], stake=STAKE, dealer=str(ANN),
        deck=stacked_deck([NO_CLUB, "KH QH JD 2S 9S"]),
    )
    record_at_deal = hand.record().to_json()
    hand.apply(Drop(str(BOB)))
    for index, t in enumerate(hand.settlement.transfers):
        old.move(_name(t.source), _name(t.target), t.amount, t.reason, f"hand:1:{index}", 1)
    # CY leaves, eliminated as a hand's end books it (seats.leave: no hand id).
    old.move(f"seat:{TABLE}:{CY}", f"wallet:{CY}", BUY_IN, "eliminated", f"hand:1:out:{CY}")
    # Hand 2, void: its posts booked at the deal, then given back.
    posts = [(f"seat:{TABLE}:{user}", f"pot:{TABLE}:game", STAKE) for user in (ANN, BOB)]
    for index, (seat, pot, amount) in enumerate(posts):
        old.move(seat, pot, amount, "post", f"hand:2:{index}", 2)
    for index, (seat, pot, amount) in enumerate(posts):
        old.move(pot, seat, amount, "void", f"hand:2:void:{index}", 2)
    # Refs a hand's event would have but for their digits or their hand: kept as text.
    old.move(f"seat:{TABLE}:{ANN}", f"pot:{TABLE}:bonus", 1, "post", "hand:2:01", 2)
    old.move(f"pot:{TABLE}:bonus", f"seat:{TABLE}:{ANN}", 1, "void", "hand:1:99", 2)
    old.move(f"seat:{TABLE}:{ROBOT}", "burn", BUY_IN, "house: a computer leaves",
             "cash-out:robot")
    hands = [
        (1, TABLE, 1, json.dumps(record_at_deal | {"actions": [Drop(str(BOB)).to_json()]}),
         1, "settled", json.dumps(hand.settlement.to_result())),
        (2, TABLE, 2, json.dumps(record_at_deal), 0, "void", json.dumps({"void": "restart"})),
    ]
    return old, hands


async def make_0008(target, old: OldLedger, hands: list[tuple]) -> None:
    if is_postgres_url(target):
        conn = await asyncpg.connect(target)
        try:
            await migrate_postgres(conn, bundled_migrations()[:BEFORE])
        finally:
            await conn.close()
    else:
        db = sqlite3.connect(target, isolation_level=None)
        migrate(db, bundled()[:BEFORE])
        db.close()
    chips = old.chips
    async with behind_the_store(target) as db:
        for user in (ANN, BOB, CY, ROBOT):
            await db.execute(
                "INSERT INTO wallets (guild_id, user_id, balance, created_ms) VALUES (?, ?, ?, 0)",
                (GUILD, user, chips[f"wallet:{user}"]),
            )
        await db.execute(
            "INSERT INTO tables (id, guild_id, channel_id, host_id, game, stake, buy_in,"
            " max_players, turn_seconds, status, opened_ms) VALUES"
            " (?, ?, 600, ?, 'gff', ?, ?, 6, 60, 'open', 0)",
            (TABLE, GUILD, HOST, STAKE, BUY_IN),
        )
        for position, user in enumerate((ANN, BOB, CY, ROBOT)):
            await db.execute(
                "INSERT INTO seats (table_id, user_id, position, stack, status, house)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (TABLE, user, position, chips[f"seat:{TABLE}:{user}"],
                 "left" if user in (CY, ROBOT) else "seated", int(user == ROBOT)),
            )
        for pot in ("game", "flip", "flop", "bonus"):
            await db.execute(
                "INSERT INTO table_pots (table_id, name, amount) VALUES (?, ?, ?)",
                (TABLE, pot, chips[f"pot:{TABLE}:{pot}"]),
            )
        for row in hands:
            await db.execute(
                "INSERT INTO hands (id, table_id, number, record, seq, status, result,"
                " started_ms) VALUES (?, ?, ?, ?, ?, ?, ?, 0)",
                row,
            )
        for row in old.rows:
            await db.execute(
                "INSERT INTO ledger (id, at_ms, guild_id, source, target, amount, reason, ref,"
                " hand_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                row,
            )


async def read(target) -> dict[str, list[tuple]]:
    async with behind_the_store(target) as db:
        return {
            "ledger": await db.execute("SELECT * FROM ledger ORDER BY id"),
            "wallets": await db.execute(
                "SELECT user_id, balance FROM wallets ORDER BY user_id"
            ),
            "seats": await db.execute(
                "SELECT user_id, stack, status FROM seats ORDER BY user_id"
            ),
            "pots": await db.execute("SELECT name, amount FROM table_pots ORDER BY name"),
        }


async def test_every_row_account_and_ref_comes_through(db_path):
    old, hands = old_history()
    await make_0008(db_path, old, hands)
    before = await read(db_path)
    assert before["ledger"] == [tuple(row) for row in old.rows]
    minted = sum(row[5] for row in old.rows if row[3] == "mint")
    burned = sum(row[5] for row in old.rows if row[4] == "burn")

    store = await Store.open(db_path, defaults=DEFAULTS)
    try:
        assert await read(db_path) == before  # the ledger among them, row for row
        async with behind_the_store(db_path) as db:
            accounts = await db.execute("SELECT id, name FROM accounts ORDER BY id")
            compact = await db.execute(
                "SELECT hand_id, n FROM ledger_rows WHERE ref IS NULL ORDER BY id"
            )
            kept = await db.execute(
                "SELECT ref FROM ledger_rows WHERE hand_id IS NOT NULL AND n IS NULL"
            )
        assert accounts[:2] == [(ledger.MINT_ID, "mint"), (ledger.BURN_ID, "burn")]
        used = {name for row in old.rows for name in row[3:5]}
        assert {name for _, name in accounts} == used and len(accounts) == len(used)
        transfers = sum(1 for row in old.rows if row[8] == 1)
        assert compact == [(1, n) for n in range(transfers)] + [(2, 0), (2, 1), (2, -1), (2, -2)]
        assert sorted(kept) == [("hand:1:99",), ("hand:2:01",)]

        audit = await store.audit(GUILD)
        assert (audit.minted, audit.burned, audit.mismatches) == (minted, burned, ())
        assert audit.house == (HouseLine("", BUY_IN, BUY_IN),)
        await assert_chips_add_up(store)

        # Each event is still booked once: a hand's by its key, any other by its ref.
        for ref, hand_id in (("hand:1:0", 1), ("hand:2:void:1", 2), ("grant:1", None),
                             (f"hand:1:out:{CY}", None), ("hand:2:01", 2)):
            with pytest.raises(AlreadyBooked):
                await store.db.write(
                    lambda db, ref=ref, hand_id=hand_id: ledger.book(
                        db, 0, GUILD, "mint", f"wallet:{ANN}", 1, "again", ref, hand_id
                    )
                )
        # And the ledger books on: a known account, and a new one.
        await store.grant(GUILD, ANN, 5, "a prize", ref="2")
        (wallet, _) = await store.open_wallet(GUILD, 10**17 + 4)
        async with behind_the_store(db_path) as db:
            newest = await db.execute(
                "SELECT source, target, amount FROM ledger WHERE id > ? ORDER BY id",
                (len(old.rows),),
            )
        assert newest == [("mint", f"wallet:{ANN}", 5),
                          ("mint", f"wallet:{10**17 + 4}", wallet.balance)]
        await assert_chips_add_up(store)
    finally:
        await store.close()


def test_a_hand_event_is_keyed_only_when_its_ref_reads_back_the_same():
    assert [ledger.hand_event(f"hand:7:{i}", 7) for i in ("0", "12", "void:0", "void:3")] == [
        0, 12, -1, -4
    ]
    for ref, hand_id in (("hand:7:01", 7), ("hand:7:-1", 7), ("hand:7:void:01", 7),
                         ("hand:7:out:5", None), ("buy-in:7", None), ("hand:7:" + "9" * 19, 7)):
        assert ledger.hand_event(ref, hand_id) is None, ref
    for hand_id in (8, None):
        with pytest.raises(Mismatch):
            ledger.hand_event("hand:7:0", hand_id)
