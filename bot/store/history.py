"""Reading finished hands back: a table's last hands, one hand by its number."""

from __future__ import annotations

import json
import sqlite3

from bot.store.models import StoredHand

HAND_COLUMNS = "id, table_id, number, seq, status, record, result"


def stored_hand(row: tuple) -> StoredHand:
    *head, record, result = row
    return StoredHand(*head, json.loads(record), None if result is None else json.loads(result))


def recent_hands(db: sqlite3.Connection, table_id: int, limit: int) -> list[StoredHand]:
    rows = db.execute(
        f"SELECT {HAND_COLUMNS} FROM hands WHERE table_id = ? ORDER BY number DESC LIMIT ?",
        (table_id, limit),
    ).fetchall()
    return [stored_hand(row) for row in rows]


def hand_by_number(db: sqlite3.Connection, table_id: int, number: int) -> StoredHand | None:
    row = db.execute(
        f"SELECT {HAND_COLUMNS} FROM hands WHERE table_id = ? AND number = ?", (table_id, number)
    ).fetchone()
    return None if row is None else stored_hand(row)
