"""Start-up: rebuild every running hand from its record, and settle or void what cannot go on.

A hand goes on exactly where its record stops. A record the engine cannot replay
(or whose booked chips disagree with the replay) is voided: every post goes back
to its seat and carried-in chips stay carried. A record whose last action ended
the hand, stored without its settlement, is settled now.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Collection, Iterator
from contextlib import contextmanager

from bot.store import hands
from bot.store.errors import StoreError
from bot.store.models import Recovery, RunningHand, ShardSet, Voided
from bot.store.tables import load_table, open_table_ids
from engine.errors import EngineError

log = logging.getLogger(__name__)


def recover(
    db: sqlite3.Connection,
    now_ms: int,
    shards: ShardSet | None = None,
    held: Collection[int] | None = None,
) -> Recovery:
    """With `shards`, only their servers' tables; with `held`, only these tables (a part of
    them at start-up, and only those the process holds: another process's table is not
    this one's to settle or void)."""
    part = None if held is None else sorted(held)
    running: dict[int, RunningHand] = {}
    settled: list[int] = []
    voided: list[Voided] = []
    booked, stacks = hands.running_posts(db, shards, part)
    for hand_id, table_id, number, record_json in hands.running_hands(db, shards, part):
        why = ""
        try:
            stored = json.loads(record_json)
            record, hand = hands.replayed(stored)
        except EngineError as error:
            why = f"its record cannot be replayed: {error.message}"
        except Exception as error:
            # Whatever else stops the replay (a record that is not JSON, an engine
            # bug), the hand cannot go on and its chips must go back.
            log.exception("Hand %s cannot be replayed", hand_id)
            why = f"its record cannot be replayed: {error!r}"
        else:
            if hand.is_over:
                assert hand.settlement is not None
                try:
                    with _savepoint(db):
                        hands.settle_hand(db, now_ms, hand_id, hand.settlement)
                    settled.append(hand_id)
                    continue
                except StoreError as error:
                    why = f"its settlement cannot be booked: {error.message}"
            else:
                why = hands.posts_problem(
                    db, hand_id, table_id, hand, record,
                    (booked.get(hand_id, []), stacks.get(table_id, {})),
                )
                if not why:
                    running[table_id] = RunningHand(
                        hand_id, table_id, number, hand, hands.fair_of(stored)
                    )
                    continue
        log.warning("Voiding hand %s at table %s: %s", hand_id, table_id, why)
        hands.void_hand(db, now_ms, hand_id, why)
        voided.append(Voided(hand_id, table_id, why))
    wanted = None if part is None else set(part)
    tables = tuple(
        load_table(db, table_id)
        for table_id in open_table_ids(db, shards)
        if wanted is None or table_id in wanted
    )
    return Recovery(tables, running, tuple(settled), tuple(voided))


@contextmanager
def _savepoint(db: sqlite3.Connection) -> Iterator[None]:
    db.execute("SAVEPOINT recover_hand")
    try:
        yield
    except BaseException:
        db.execute("ROLLBACK TO recover_hand")
        db.execute("RELEASE recover_hand")
        raise
    db.execute("RELEASE recover_hand")
