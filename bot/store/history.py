"""Reading finished hands back: a channel's tables, a table's last hands, one hand by its
number. Closed tables are read too: their last hand is as checkable as any other."""

from __future__ import annotations

import json
import sqlite3

from bot.store import packing
from bot.store.models import PastTable, StoredHand

# A hand's row (h) and, while it runs, its running row (r), which holds its record and its
# count of actions; a hand over holds them itself, packed (migration 0010, packing.py) or
# as text in a row not packed yet.
HANDS = "hands AS h LEFT JOIN running_hands AS r ON r.hand_id = h.id"
HAND_COLUMNS = (
    "h.id, h.table_id, h.number, COALESCE(r.seq, h.seq), h.status,"
    " COALESCE(r.record, h.record), h.result, h.packed"
)


def stored_hand(row: tuple) -> StoredHand:
    *head, record, result, packed = row
    record, result = packing.stored(packed, record, result)
    return StoredHand(*head, json.loads(record), None if result is None else json.loads(result))


def recent_hands(db: sqlite3.Connection, table_id: int, limit: int) -> list[StoredHand]:
    rows = db.execute(
        f"SELECT {HAND_COLUMNS} FROM {HANDS} WHERE h.table_id = ?"
        " ORDER BY h.number DESC LIMIT ?",
        (table_id, limit),
    ).fetchall()
    return [stored_hand(row) for row in rows]


def hand_by_number(db: sqlite3.Connection, table_id: int, number: int) -> StoredHand | None:
    row = db.execute(
        f"SELECT {HAND_COLUMNS} FROM {HANDS} WHERE h.table_id = ? AND h.number = ?",
        (table_id, number),
    ).fetchone()
    return None if row is None else stored_hand(row)


def channel_tables(
    db: sqlite3.Connection, guild_id: int, channel_id: int, limit: int
) -> list[PastTable]:
    """The tables of one channel, newest first. The guild narrows the search to the
    `tables_by_guild` index: a server has few tables, so no index on the channel is needed."""
    rows = db.execute(
        "SELECT t.id, t.status, t.opened_ms, t.closed_ms,"
        " (SELECT COUNT(*) FROM hands AS h WHERE h.table_id = t.id)"
        " FROM tables AS t WHERE t.guild_id = ? AND t.channel_id = ? ORDER BY t.id DESC LIMIT ?",
        (guild_id, channel_id, limit),
    ).fetchall()
    return [PastTable(*row) for row in rows]
