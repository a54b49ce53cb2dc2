"""Hands: the record stored at the deal, each accepted action appended, then settled or voided.

The engine's accounts map onto the table's: `seat:<user>` is `seat:<table>:<user>`
and `pot:<name>` is `pot:<table>:<name>`. The house of a banking game (G2.7) has no
balance: what it pays is minted and what it wins is burned, each row's reason saying
it is the house's, so the audit balances and a server can read the house's net. Each
engine transfer is one ledger row whose ref is `hand:<hand>:<index in the hand's
transfers>`, so a hand can be settled only once. The posts are the rows booked at the
deal, whatever the game calls them (an ante, a post). Each function runs inside one
transaction (see db.py).
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Sequence
from typing import Any

from bot.store import history, ledger, packing, stats
from bot.store.amounts import MAX_INT64
from bot.store.errors import (
    HandOver,
    HandRunning,
    Mismatch,
    NoHand,
    NoTable,
    StaleAction,
    TableClosed,
)
from bot.store.models import ShardSet, StoredHand
from bot.store.seats import leave
from bot.store.shards import served_by
from engine import games
from engine.chips import HOUSE, Transfer
from engine.errors import EngineError
from engine.game import Deal, Settlement
from engine.record import HandRecord, parse_record

USER_ID = re.compile(r"^[1-9][0-9]{0,18}$")

# One statement accepts an action: it appends to the record only if `seq` is the
# hand's action count, so a stale or doubled click changes no row. A running hand's
# record is in `running_hands` (migration 0010), whose row goes when the hand ends: an
# action for a hand that is over finds no row.
APPEND_ACTION = (
    "UPDATE running_hands SET record = json_insert(record, '$.actions[#]', json(?)),"
    " seq = seq + 1, turn_started_ms = COALESCE(?, turn_started_ms)"
    " WHERE hand_id = ? AND seq = ?"
)
# G3.2: the new stocks a deal made by the bot's shuffle, saved with the action that drew
# from them, so the record replays exactly after a restart.
SET_RESHUFFLES = (
    "UPDATE running_hands SET record = json_set(record, '$.reshuffles', json(?))"
    " WHERE hand_id = ?"
)
# The end of a hand, settled or void: its record and result packed into its row
# (bot/store/packing.py), in the transaction that deletes its running row.
ENDED = (
    "UPDATE hands SET status = ?, seq = ?, packed = ?, ended_ms = ?"
    " WHERE id = ? AND status = 'running'"
)


def replay(record: dict[str, Any]) -> Deal:
    """The deal as its record leaves it, by its game; EngineError if it breaks a rule."""
    return replayed(record)[1]


def replayed(record: dict[str, Any]) -> tuple[HandRecord, Deal]:
    """The record as the engine reads it, and the deal it leaves (EngineError if the
    record breaks a rule)."""
    parsed = parse_record(record)
    return parsed, games.get(parsed.game).replay(parsed)


def user_of(seat_id: str) -> int:
    """The Discord user behind an engine seat id (`str(user_id)`)."""
    if not isinstance(seat_id, str) or not USER_ID.match(seat_id) or int(seat_id) > MAX_INT64:
        raise Mismatch(f"{seat_id!r} is not a player's id")
    return int(seat_id)


def _account(table_id: int, engine_account: str) -> ledger.Account:
    if engine_account == HOUSE:
        raise Mismatch("the house has no balance: its transfers are minted or burned")
    kind, _, name = engine_account.partition(":")
    if kind == "seat":
        return ledger.seat(table_id, user_of(name))
    if kind == "pot":
        return ledger.pot(table_id, name)
    raise Mismatch(f"the engine moved chips through an unknown account {engine_account!r}")


def start_hand(
    db: sqlite3.Connection,
    now_ms: int,
    table_id: int,
    record: dict[str, Any],
    posts: Sequence[Transfer],
    settlement: Settlement | None,
    turn_started_ms: int | None = None,
    fair: dict[str, Any] | None = None,
) -> tuple[int, int]:
    """Store a dealt hand and book its posts; settle it too if the deal ended it (GFF-3.3).

    With `fair` (the fair deck's block, checked by fair.checked_fair), the record keeps
    it under "fair", after the game's fields; its nonce must be the hand's number.
    Returns (hand id, hand number at the table).
    """
    row = db.execute(
        "SELECT guild_id, game, stake, status FROM tables WHERE id = ?", (table_id,)
    ).fetchone()
    if row is None:
        raise NoTable(table_id)
    guild_id, game, stake, status = row
    if status != "open":
        raise TableClosed()
    if running_hand_id(db, table_id) is not None:
        raise HandRunning()
    if record.get("game") != game:
        raise Mismatch(f"the table plays {game}, the hand is of {record.get('game')!r}")
    if record["stake"] != stake:
        raise Mismatch(f"the table's stake is {stake:,}, the hand's {record['stake']:,}")
    if _pots(db, table_id) != _held(record.get("carry", {})):
        raise Mismatch("the hand does not start with the chips the table carries")
    stacks = _stacks(db, table_id, seated_only=True)
    for seat in record["seats"]:
        user_id = user_of(seat["id"])
        if user_id not in stacks:
            raise Mismatch(f"{user_id} has no seat at this table")
        if stacks[user_id] != seat["stack"]:
            raise Mismatch(f"{user_id} has {stacks[user_id]:,} chips, not {seat['stack']:,}")
    number = next_number(db, table_id)
    if fair is not None:
        record = {**{k: v for k, v in record.items() if k != "fair"}, "fair": fair}
    fair = fair_of(record)
    if fair is not None and fair.get("nonce") != number:
        raise Mismatch(
            f"the deal's nonce is {fair.get('nonce')!r}, but it is hand {number} of the table"
        )
    hand_id = db.execute(
        "INSERT INTO hands (table_id, number, started_ms) VALUES (?, ?, ?)",
        (table_id, number, now_ms),
    ).lastrowid
    db.execute(
        "INSERT INTO running_hands (hand_id, record, turn_started_ms) VALUES (?, ?, ?)",
        (hand_id, json.dumps(record, separators=(",", ":")), turn_started_ms),
    )
    _book(db, now_ms, guild_id, table_id, hand_id, posts, start=0)
    if settlement is not None:
        settle_hand(db, now_ms, hand_id, settlement)
    return hand_id, number


def next_number(db: sqlite3.Connection, table_id: int) -> int:
    """The number the table's next hand will have: its deal's nonce (1 for the first)."""
    return db.execute(
        "SELECT COALESCE(MAX(number), 0) + 1 FROM hands WHERE table_id = ?", (table_id,)
    ).fetchone()[0]


def next_hand_number(db: sqlite3.Connection, table_id: int) -> int:
    """next_number, for a table that exists (NoTable otherwise)."""
    if db.execute("SELECT 1 FROM tables WHERE id = ?", (table_id,)).fetchone() is None:
        raise NoTable(table_id)
    return next_number(db, table_id)


def fair_of(record: Any) -> dict[str, Any] | None:
    """A record's `fair` block (the fair deck, v1), if it has one."""
    fair = record.get("fair") if isinstance(record, dict) else None
    return fair if isinstance(fair, dict) else None


def record_action(
    db: sqlite3.Connection,
    now_ms: int,
    hand_id: int,
    seq: int,
    action: str,
    settlement: Settlement | None,
    turn_started_ms: int | None = None,
    reshuffles: list[list[str]] | None = None,
) -> int | None:
    """Append the action (JSON) as number `seq`; settle in the same transaction if it ended it.

    `turn_started_ms` is given when this action began a new turn; `reshuffles`, the
    record's whole list of new stocks, when this action made one (G3.2). Returns the
    table's id if the hand was settled.
    """
    # The turn's start goes with the action in one statement: each statement a batch
    # runs is a hop of the interpreter's lock (bot/store/db.py, _all_or_each).
    if db.execute(APPEND_ACTION, (action, turn_started_ms, hand_id, seq)).rowcount != 1:
        row = db.execute(
            "SELECT seq FROM running_hands WHERE hand_id = ?", (hand_id,)
        ).fetchone()
        if row is None:
            if db.execute("SELECT 1 FROM hands WHERE id = ?", (hand_id,)).fetchone() is None:
                raise NoHand(hand_id)
            raise HandOver()
        raise StaleAction(seq, row[0])
    if reshuffles is not None:
        _save_reshuffles(db, hand_id, reshuffles)
    if settlement is not None:
        return settle_hand(db, now_ms, hand_id, settlement)
    return None


def _save_reshuffles(db: sqlite3.Connection, hand_id: int, reshuffles: list[list[str]]) -> None:
    """A stock once made stays as it was made: the new list only adds to the stored one."""
    stored = db.execute(
        "SELECT json_extract(record, '$.reshuffles') FROM running_hands WHERE hand_id = ?",
        (hand_id,),
    ).fetchone()[0]
    before = json.loads(stored) if stored is not None else []
    if not isinstance(reshuffles, list) or reshuffles[: len(before)] != before:
        raise Mismatch("the hand's new stocks do not carry on from those stored")
    db.execute(SET_RESHUFFLES, (json.dumps(reshuffles, separators=(",", ":")), hand_id))


def mark_turn(db: sqlite3.Connection, hand_id: int, at_ms: int) -> None:
    db.execute(
        "UPDATE running_hands SET turn_started_ms = ? WHERE hand_id = ?", (at_ms, hand_id)
    )


def turn_started(db: sqlite3.Connection, hand_id: int) -> int | None:
    """When the running hand's current turn began; None for a hand that is over."""
    row = db.execute(
        "SELECT turn_started_ms FROM running_hands WHERE hand_id = ?", (hand_id,)
    ).fetchone()
    if row is not None:
        return row[0]
    if db.execute("SELECT 1 FROM hands WHERE id = ?", (hand_id,)).fetchone() is None:
        raise NoHand(hand_id)
    return None


def settle_hand(db: sqlite3.Connection, now_ms: int, hand_id: int, settlement: Settlement) -> int:
    """Book the engine's settlement (GFF-7.2): stacks, carried pots, then eliminations.
    Returns the table's id."""
    table_id, guild_id = _running(db, hand_id)
    # The record is the truth: a settlement is booked only if replaying the record
    # gives exactly it, so a hand held in memory that drifted from its record (or
    # another hand's settlement) can never move chips.
    record, seq = _running_record(db, hand_id)
    try:
        replayed = replay(json.loads(record)).settlement
    except EngineError as error:
        raise Mismatch(f"the hand's record cannot be replayed: {error.message}") from None
    if replayed != settlement:
        raise Mismatch("the settlement is not the one the hand's record gives")
    booked = _booked_posts(db, hand_id)
    transfers = settlement.transfers
    if booked != [_row(table_id, t) for t in transfers[: len(booked)]]:
        raise Mismatch("the settlement's posts are not the ones booked at the deal")
    posts = len(booked)
    _book(db, now_ms, guild_id, table_id, hand_id, transfers[posts:], start=posts)

    stacks = _stacks(db, table_id)
    for seat_id, stack in settlement.stacks.items():
        if stacks.get(user_of(seat_id)) != stack:
            raise Mismatch(f"{seat_id} should have {stack:,} chips after the hand")
    _attribute_carry(db, table_id, settlement)
    _check_pots(db, table_id, settlement.carry)

    # G2.6: below the game's least stack the seat is freed and the rest goes back.
    for seat_id in settlement.eliminated:
        user_id = user_of(seat_id)
        leave(
            db,
            now_ms,
            guild_id,
            table_id,
            user_id,
            settlement.stacks[seat_id],
            "eliminated",
            f"hand:{hand_id}:out:{user_id}",
        )
    result = json.dumps(settlement.to_result())
    _end(db, now_ms, hand_id, "settled", seq, record, result)
    stats.record_hand(db, hand_id, (record, result))
    return table_id



def void_hand(db: sqlite3.Connection, now_ms: int, hand_id: int, reason: str) -> None:
    """Give every post back to the seat that made it; carried-in chips stay carried."""
    table_id, guild_id = _running(db, hand_id)
    for index, (seat, pot, amount) in enumerate(_booked_posts(db, hand_id)):
        ledger.move(
            db,
            at_ms=now_ms,
            guild_id=guild_id,
            source=ledger.parse(guild_id, pot),
            target=ledger.parse(guild_id, seat),
            amount=amount,
            reason="void",
            ref=f"hand:{hand_id}:void:{index}",
            hand_id=hand_id,
        )
    record, seq = _running_record(db, hand_id)
    _check_pots(db, table_id, json.loads(record).get("carry", {}))
    _end(db, now_ms, hand_id, "void", seq, record, json.dumps({"void": reason}))


def _running_record(db: sqlite3.Connection, hand_id: int) -> tuple[str, int]:
    """The running hand's record (JSON text) and its count of actions."""
    return db.execute(
        "SELECT record, seq FROM running_hands WHERE hand_id = ?", (hand_id,)
    ).fetchone()


def _end(
    db: sqlite3.Connection, now_ms: int, hand_id: int, status: str, seq: int, record: str,
    result: str,
) -> None:
    """The hand's running row goes and its record and result are packed into its row."""
    db.execute("DELETE FROM running_hands WHERE hand_id = ?", (hand_id,))
    db.execute(ENDED, (status, seq, packing.pack(record, result), now_ms, hand_id))


def _running(db: sqlite3.Connection, hand_id: int) -> tuple[int, int]:
    row = db.execute(
        "SELECT h.table_id, h.status, t.guild_id FROM hands h JOIN tables t ON t.id = h.table_id"
        " WHERE h.id = ?",
        (hand_id,),
    ).fetchone()
    if row is None:
        raise NoHand(hand_id)
    if row[1] != "running":
        raise HandOver()
    return row[0], row[2]


def _booked_posts(db: sqlite3.Connection, hand_id: int) -> list[tuple[str, str, int]]:
    """(source, target, amount) of the rows booked at the deal: a running hand books
    nothing else, so these are all of its rows until it is settled or voided."""
    return [tuple(row) for row in db.execute(
        "SELECT source, target, amount FROM ledger WHERE hand_id = ? ORDER BY id", (hand_id,)
    )]


def _row(table_id: int, transfer: Transfer) -> tuple[str, str, int]:
    return (_account_name(table_id, transfer.source),
            _account_name(table_id, transfer.target), transfer.amount)


def _account_name(table_id: int, engine_account: str) -> str:
    """`_account(...).name`, checked alike, without making the account: recovery compares
    every running hand's posts by name, and the accounts cost more than the rest of it."""
    kind, _, name = engine_account.partition(":")
    if kind == "seat":
        return f"seat:{table_id}:{user_of(name)}"
    return _account(table_id, engine_account).name


def _house_side(transfer: Transfer, game: str) -> tuple[str, str] | None:
    """A banking game's transfer with the house (G2.7): which end is minted or burned,
    and the reason booked, which names the house so its net can be read back."""
    if transfer.source == HOUSE:
        return "source", f"house: {game} pays ({transfer.reason})"
    if transfer.target == HOUSE:
        return "target", f"house: {game} wins ({transfer.reason})"
    return None


def _book(
    db: sqlite3.Connection,
    now_ms: int,
    guild_id: int,
    table_id: int,
    hand_id: int,
    transfers: Sequence[Transfer],
    start: int,
) -> None:
    game = None
    for index, transfer in enumerate(transfers, start=start):
        source = target = None
        reason = transfer.reason
        if HOUSE in (transfer.source, transfer.target):
            if game is None:
                game = db.execute(
                    "SELECT t.game FROM hands h JOIN tables t ON t.id = h.table_id"
                    " WHERE h.id = ?", (hand_id,)
                ).fetchone()[0]
            side, reason = _house_side(transfer, game)
            source = ledger.MINT if side == "source" else None
            target = ledger.BURN if side == "target" else None
        ledger.move(
            db,
            at_ms=now_ms,
            guild_id=guild_id,
            source=source or _account(table_id, transfer.source),
            target=target or _account(table_id, transfer.target),
            amount=transfer.amount,
            reason=reason,
            ref=f"hand:{hand_id}:{index}",
            hand_id=hand_id,
        )


def posts_problem(
    db: sqlite3.Connection, hand_id: int, table_id: int, hand: Deal,
    record: HandRecord | None = None,
    read: tuple[list[tuple[str, str, int]], dict[int, int]] | None = None,
) -> str:
    """Why the stored hand is not where its replay is, or "" when they agree. `record` is
    the hand's record where the caller has it already parsed (it is the deal's own), and
    `read` its booked rows and its table's stacks where the caller read them already
    (running_posts)."""
    booked, stacks = read or (_booked_posts(db, hand_id), _stacks(db, table_id))
    if booked != [_row(table_id, t) for t in hand.posts]:
        return "the posts booked are not the hand's"
    posted: dict[str, int] = {}
    for t in hand.posts:
        seat_id = t.source.removeprefix("seat:")
        posted[seat_id] = posted.get(seat_id, 0) + t.amount
    for seat in (record or hand.record()).seats:
        if stacks.get(user_of(seat.id)) != seat.stack - posted.get(seat.id, 0):
            return f"the stack of {seat.id} is not what the hand left it"
    return ""


def _stacks(db: sqlite3.Connection, table_id: int, seated_only: bool = False) -> dict[int, int]:
    where = " AND status <> 'left'" if seated_only else ""
    return dict(
        db.execute(f"SELECT user_id, stack FROM seats WHERE table_id = ?{where}", (table_id,))
    )


def _attribute_carry(db: sqlite3.Connection, table_id: int, settlement: Settlement) -> None:
    """Who put the chips a pot carries to the next deal: a pot that carries adds what
    each seat paid into it this hand; a pot emptied (won) forgets its posters."""
    for pot, amount in settlement.carry.items():
        if not amount:
            db.execute("DELETE FROM carried_posts WHERE table_id = ? AND pot = ?", (table_id, pot))
            continue
        paid_in: dict[int, int] = {}
        for t in settlement.transfers:
            if t.target == f"pot:{pot}" and t.source.startswith("seat:"):
                user_id = user_of(t.source.removeprefix("seat:"))
                paid_in[user_id] = paid_in.get(user_id, 0) + t.amount
        db.executemany(
            "INSERT INTO carried_posts (table_id, pot, user_id, amount) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (table_id, pot, user_id) DO UPDATE SET amount = amount + excluded.amount",
            [(table_id, pot, user_id, chips) for user_id, chips in paid_in.items()],
        )


def _pots(db: sqlite3.Connection, table_id: int) -> dict[str, int]:
    """The table's pots that hold chips."""
    return dict(
        db.execute(
            "SELECT name, amount FROM table_pots WHERE table_id = ? AND amount > 0", (table_id,)
        )
    )


def _held(carry: dict[str, int]) -> dict[str, int]:
    return {pot: amount for pot, amount in carry.items() if amount}


def _check_pots(db: sqlite3.Connection, table_id: int, carry: dict[str, int]) -> None:
    """Between hands a pot holds chips only if the game carries them to the next deal,
    and every carried chip has a player on record who put it there."""
    pots = _pots(db, table_id)
    if pots != _held(carry):
        if set(pots) - set(_held(carry)):
            raise Mismatch("a pot that does not carry is not empty after the hand")
        raise Mismatch("the carried pots are not what the hand left")
    posted = dict(
        db.execute(
            "SELECT pot, SUM(amount) FROM carried_posts WHERE table_id = ? GROUP BY pot",
            (table_id,),
        )
    )
    if posted != pots:
        raise Mismatch("the carried pots do not add up to what their players posted")


def running_hand_id(db: sqlite3.Connection, table_id: int) -> int | None:
    row = db.execute(
        "SELECT id FROM hands WHERE table_id = ? AND status = 'running'", (table_id,)
    ).fetchone()
    return None if row is None else row[0]


def running_record(db: sqlite3.Connection, table_id: int) -> tuple[int, int, str] | None:
    """(hand id, number, record JSON) of the table's running hand, if any."""
    row = db.execute(
        "SELECT h.id, h.number, r.record FROM hands AS h"
        " JOIN running_hands AS r ON r.hand_id = h.id"
        " WHERE h.table_id = ? AND h.status = 'running'",
        (table_id,),
    ).fetchone()
    if (
        row is None
        and db.execute("SELECT 1 FROM tables WHERE id = ?", (table_id,)).fetchone() is None
    ):
        raise NoTable(table_id)
    return row


def seats_in_running_hand(db: sqlite3.Connection, table_id: int) -> set[int]:
    """Users whose seat is in the running hand's record (dealt in or not)."""
    return {
        int(seat_id)
        for (seat_id,) in db.execute(
            "SELECT json_extract(seat.value, '$.id')"
            " FROM running_hands, json_each(running_hands.record, '$.seats') AS seat"
            " WHERE running_hands.hand_id ="
            " (SELECT id FROM hands WHERE table_id = ? AND status = 'running')",
            (table_id,),
        )
    }


def load_hand(db: sqlite3.Connection, hand_id: int) -> StoredHand:
    query = f"SELECT {history.HAND_COLUMNS} FROM {history.HANDS} WHERE h.id = ?"
    row = db.execute(query, (hand_id,)).fetchone()
    if row is None:
        raise NoHand(hand_id)
    return history.stored_hand(row)


def running_hands(
    db: sqlite3.Connection, shards: ShardSet | None = None, tables: list[int] | None = None
) -> list[tuple[int, int, int, str]]:
    """(hand id, table id, number, record JSON) of every running hand, or only of the
    servers `shards` serve, or only at `tables`."""
    where, args = _running_at(shards, tables)
    return db.execute(
        "SELECT h.id, h.table_id, h.number, r.record FROM hands h"
        " JOIN running_hands r ON r.hand_id = h.id"
        f" JOIN tables t ON t.id = h.table_id WHERE h.status = 'running'{where} ORDER BY h.id",
        args,
    ).fetchall()


def _running_at(
    shards: ShardSet | None, tables: list[int] | None
) -> tuple[str, tuple[int, ...]]:
    """SQL (` AND ...`) keeping the hands (h) at tables (t) of the servers `shards` serve,
    or at `tables` only, and its parameters."""
    where, args = served_by(shards, "t.guild_id")
    if tables is not None:
        where += f" AND h.table_id IN ({', '.join('?' * len(tables))})" if tables else " AND 1 = 0"
        args = (*args, *tables)
    return where, args


def running_posts(
    db: sqlite3.Connection, shards: ShardSet | None = None, tables: list[int] | None = None
) -> tuple[dict[int, list[tuple[str, str, int]]], dict[int, dict[int, int]]]:
    """What `posts_problem` reads, for many running hands at once (recovery): the rows
    booked for each hand (by hand id), and the stacks at each table (by table id)."""
    where, args = _running_at(shards, tables)
    booked: dict[int, list[tuple[str, str, int]]] = {}
    for hand_id, source, target, amount in db.execute(
        "SELECT l.hand_id, l.source, l.target, l.amount FROM hands h"
        " JOIN tables t ON t.id = h.table_id JOIN ledger l ON l.hand_id = h.id"
        f" WHERE h.status = 'running'{where} ORDER BY l.id",
        args,
    ):
        booked.setdefault(hand_id, []).append((source, target, amount))
    stacks: dict[int, dict[int, int]] = {}
    for table_id, user_id, stack in db.execute(
        "SELECT s.table_id, s.user_id, s.stack FROM hands h"
        " JOIN tables t ON t.id = h.table_id JOIN seats s ON s.table_id = h.table_id"
        f" WHERE h.status = 'running'{where}",
        args,
    ):
        stacks.setdefault(table_id, {})[user_id] = stack
    return booked, stacks
