"""Fair decks (v1): the tables' house seeds and the players' own seeds.

A deal is shuffled from its table's current house seed (32 random bytes, kept as 64
lowercase hex digits) and its players' seeds; the seed's SHA-256, `house_hash`, is
shown before the first deal it serves, and the seed itself once it is revealed: when
the table rotates to a new seed between deals, or closes. A revealed seed never deals
again. A table's current seed is its newest unrevealed one; the rules below keep it
the only one. A player's seed is theirs at every table.

The checks of what a caller gives (`checked_*`) run before any SQL (bot/store/sql.py);
the other functions each run inside one transaction (see db.py).
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
from collections.abc import Sequence
from typing import Any

from bot.i18n import N_, Text
from bot.store import hands
from bot.store.errors import BadSetting, HandRunning, Mismatch, NoTable
from bot.store.models import HouseSeed
from bot.store.tables import open_table_row

HEX_64 = re.compile(r"[0-9a-f]{64}")
PLAYER_SEED = re.compile(r"[A-Za-z0-9_-]{1,64}")
BAD_PLAYER_SEED = N_("A seed is 1 to 64 letters, digits, - or _.")
SEED_COLUMNS = "house_hash, table_id, seed, created_ms, revealed_ms"
# Any number of ids as one parameter, a JSON array of integers, so that the seeds of
# thousands of tables (recovery) are one query on either database (postgres/dialect.py).
IN_IDS = "IN (SELECT value FROM json_each(?))"


# -- checks, before any SQL ------------------------------------------------------


def checked_house_seed(seed_hex: Any, house_hash: Any) -> tuple[str, str]:
    """A new house seed as the store keeps it: 64 lowercase hex digits, and its hash the
    SHA-256 of the seed's 32 bytes."""
    if not isinstance(seed_hex, str) or not HEX_64.fullmatch(seed_hex):
        raise BadSetting(Text("A house seed is 64 lowercase hex digits (32 bytes)."))
    checked_house_hash(house_hash)
    if hashlib.sha256(bytes.fromhex(seed_hex)).hexdigest() != house_hash:
        raise BadSetting(Text("The house hash is not the SHA-256 of the house seed."))
    return seed_hex, house_hash


def checked_house_hash(house_hash: Any) -> str:
    if not isinstance(house_hash, str) or not HEX_64.fullmatch(house_hash):
        raise BadSetting(Text("A house hash is 64 lowercase hex digits."))
    return house_hash


def checked_player_seed(seed: Any) -> str:
    if not isinstance(seed, str) or not PLAYER_SEED.fullmatch(seed):
        raise BadSetting(Text(BAD_PLAYER_SEED))
    return seed


def checked_fair(fair: Any) -> dict[str, Any] | None:
    """A deal's `fair` block as the store will write it into the record: a JSON object
    whose nonce is a hand number (the store checks it is the deal's own), without the
    house seed, which a record shows only once the seed is revealed."""
    if fair is None:
        return None
    if not isinstance(fair, dict):
        raise Mismatch("a deal's fair block must be a JSON object")
    nonce = fair.get("nonce")
    if isinstance(nonce, bool) or not isinstance(nonce, int) or nonce < 1:
        raise Mismatch(f"the deal's nonce must be its hand number, not {nonce!r}")
    if "house_seed" in fair:
        raise Mismatch("a deal's record shows its house seed only once it is revealed")
    try:
        return json.loads(json.dumps(fair))
    except (TypeError, ValueError):
        raise Mismatch("a deal's fair block must be plain JSON") from None


# -- house seeds -----------------------------------------------------------------


def house_seed(db: sqlite3.Connection, table_id: int) -> HouseSeed | None:
    """The table's current seed: its newest unrevealed one, if any."""
    row = db.execute(
        f"SELECT {SEED_COLUMNS} FROM house_seeds WHERE table_id = ? AND revealed_ms IS NULL"
        " ORDER BY created_ms DESC, house_hash DESC LIMIT 1",
        (table_id,),
    ).fetchone()
    if row is None:
        _table_status(db, table_id)  # NoTable for a table that never was
        return None
    return HouseSeed(*row)


def house_seeds(db: sqlite3.Connection, table_ids: Sequence[int]) -> dict[int, HouseSeed]:
    """The current seed of each of the tables that has one, by table id: one query."""
    current: dict[int, HouseSeed] = {}
    for row in db.execute(
        f"SELECT {SEED_COLUMNS} FROM house_seeds WHERE revealed_ms IS NULL AND table_id {IN_IDS}"
        " ORDER BY table_id, created_ms, house_hash",
        (json.dumps(list(table_ids)),),
    ):
        current[row[1]] = HouseSeed(*row)  # a table's newest comes last
    return current


def house_seed_by_hash(db: sqlite3.Connection, house_hash: str) -> HouseSeed | None:
    """The seed committed to by `house_hash`, revealed or not."""
    row = db.execute(
        f"SELECT {SEED_COLUMNS} FROM house_seeds WHERE house_hash = ?", (house_hash,)
    ).fetchone()
    return None if row is None else HouseSeed(*row)


def new_house_seed(
    db: sqlite3.Connection, now_ms: int, table_id: int, seed: str, house_hash: str
) -> HouseSeed:
    """The open table's first seed, or its next once the last was revealed; a table whose
    seed is not revealed yet gets a new one only by rotating (rotate_house_seed)."""
    open_table_row(db, table_id)
    if house_seed(db, table_id) is not None:
        raise Mismatch("the table's house seed is not revealed yet: rotate it for a new one")
    return _add(db, now_ms, table_id, seed, house_hash)


def rotate_house_seed(
    db: sqlite3.Connection, now_ms: int, table_id: int, seed: str, house_hash: str
) -> tuple[list[HouseSeed], HouseSeed]:
    """Between deals: every unrevealed seed of the open table revealed, and a new one its
    current seed; (the seeds revealed, the new one)."""
    open_table_row(db, table_id)
    revealed = reveal_house_seeds(db, now_ms, table_id)
    return revealed, _add(db, now_ms, table_id, seed, house_hash)


def reveal_house_seeds(db: sqlite3.Connection, now_ms: int, table_id: int) -> list[HouseSeed]:
    """Every unrevealed seed of the table revealed (as it closes), oldest first, as they
    are now. Never while a hand is being dealt from one: its cards not yet shown would
    be known."""
    _table_status(db, table_id)
    if hands.running_hand_id(db, table_id) is not None:
        raise HandRunning()
    rows = db.execute(
        f"SELECT {SEED_COLUMNS} FROM house_seeds WHERE table_id = ? AND revealed_ms IS NULL"
        " ORDER BY created_ms, house_hash",
        (table_id,),
    ).fetchall()
    if rows:
        db.execute(
            "UPDATE house_seeds SET revealed_ms = ? WHERE table_id = ? AND revealed_ms IS NULL",
            (now_ms, table_id),
        )
    return [HouseSeed(*row[:4], now_ms) for row in rows]


def _add(
    db: sqlite3.Connection, now_ms: int, table_id: int, seed: str, house_hash: str
) -> HouseSeed:
    if db.execute("SELECT 1 FROM house_seeds WHERE house_hash = ?", (house_hash,)).fetchone():
        raise Mismatch("that house seed was used before: a seed deals at one table, once")
    db.execute(
        "INSERT INTO house_seeds (house_hash, table_id, seed, created_ms) VALUES (?, ?, ?, ?)",
        (house_hash, table_id, seed, now_ms),
    )
    return HouseSeed(house_hash, table_id, seed, now_ms, None)


def _table_status(db: sqlite3.Connection, table_id: int) -> str:
    row = db.execute("SELECT status FROM tables WHERE id = ?", (table_id,)).fetchone()
    if row is None:
        raise NoTable(table_id)
    return row[0]


# -- players' seeds --------------------------------------------------------------


def player_seeds(db: sqlite3.Connection, user_ids: Sequence[int]) -> dict[int, str]:
    """The seeds of those of the players who set one, by user id."""
    return dict(
        db.execute(
            f"SELECT user_id, seed FROM player_seeds WHERE user_id {IN_IDS}",
            (json.dumps(list(user_ids)),),
        ).fetchall()
    )


def set_player_seed(db: sqlite3.Connection, now_ms: int, user_id: int, seed: str) -> None:
    db.execute(
        "INSERT INTO player_seeds (user_id, seed, set_ms) VALUES (?, ?, ?)"
        " ON CONFLICT (user_id) DO UPDATE SET seed = excluded.seed, set_ms = excluded.set_ms",
        (user_id, seed, now_ms),
    )
