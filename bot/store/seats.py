"""A player leaving a table: the stack back to their wallet and the seat freed.

A house seat's stack (a computer player's) is burned instead: the house's chips
never rest in a wallet.
"""

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
        (house,) = db.execute(
            "SELECT house FROM seats WHERE table_id = ? AND user_id = ?", (table_id, user_id)
        ).fetchone()
        ledger.move(
            db,
            at_ms=now_ms,
            guild_id=guild_id,
            source=ledger.seat(table_id, user_id),
            target=ledger.BURN if house else ledger.wallet(guild_id, user_id),
            amount=stack,
            reason=f"house: {reason}" if house else reason,
            ref=ref,
        )
    db.execute(
        "UPDATE seats SET status = 'left' WHERE table_id = ? AND user_id = ?", (table_id, user_id)
    )
    return stack
