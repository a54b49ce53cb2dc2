"""A player leaving a table: the stack back to their wallet and the seat freed."""

from __future__ import annotations

import sqlite3

from bot.store import ledger


def leave(
    db: sqlite3.Connection,
    now_ms: int,
    guild_id: int,
    table_id: int,
    user_id: int,
    stack: int,
    reason: str,
    ref: str,
) -> int:
    if stack:
        ledger.move(
            db,
            at_ms=now_ms,
            guild_id=guild_id,
            source=ledger.seat(table_id, user_id),
            target=ledger.wallet(guild_id, user_id),
            amount=stack,
            reason=reason,
            ref=ref,
        )
    db.execute(
        "UPDATE seats SET status = 'left' WHERE table_id = ? AND user_id = ?", (table_id, user_id)
    )
    return stack
