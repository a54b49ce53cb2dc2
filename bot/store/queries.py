"""Reads over many rows: standings, the conservation check and the ledger audit (with the
house's book and the players' records checked against their hands, bot/store/stats.py)."""

from __future__ import annotations

import sqlite3

from bot.store import stats
from bot.store.models import Audit, GuildChips, Standing

# Ids below :first are the house's computer players: their chips at tables are not
# counted and they are not listed. Their wallets always hold 0 (their chips are
# burned as they sit down), so the wallet scans need not skip them: they are never
# richer than anyone, and the scans stay on the balance index alone.
# Standings rank wallet plus chips at tables. Ranking every wallet of a big server
# for each /bankroll top would read them all, so: players with chips at tables are
# few; everyone else's total is their wallet, and the top N of those are among the
# N richest wallets (ties included), found on the balance index. A rank is then one
# plus a count of who is richer, again an index range, not a scan.
AT_TABLES = """
at_tables AS MATERIALIZED (
    SELECT s.user_id, SUM(s.stack) AS chips, w.balance + SUM(s.stack) AS total
    -- CROSS JOIN keeps this order (SQLite's rule): the few tables of the guild first,
    -- never a pass over every wallet.
    FROM tables AS t
    CROSS JOIN seats AS s ON s.table_id = t.id
    CROSS JOIN wallets AS w ON w.guild_id = :guild AND w.user_id = s.user_id
    WHERE t.guild_id = :guild AND s.stack > 0 AND s.user_id >= :first
    GROUP BY s.user_id
)"""

# Each player's total sits in `at_tables` already, so the second count joins nothing:
# driving it from the wallets would read every wallet once per candidate.
RICHER_THAN = """(
    SELECT COUNT(*) FROM wallets AS w2
    WHERE w2.guild_id = :guild AND w2.balance > {total}
      AND w2.user_id NOT IN (SELECT user_id FROM at_tables)
) + (
    SELECT COUNT(*) FROM at_tables AS a2 WHERE a2.total > {total}
)"""

TOP = f"""
WITH {AT_TABLES},
cut AS (
    SELECT balance FROM wallets WHERE guild_id = :guild
    ORDER BY balance DESC LIMIT 1 OFFSET :top - 1
),
candidates AS (
    SELECT user_id FROM wallets
    WHERE guild_id = :guild AND balance >= COALESCE((SELECT balance FROM cut), 0)
    UNION
    SELECT user_id FROM at_tables
),
totals AS (
    SELECT w.user_id, w.balance AS wallet, COALESCE(a.chips, 0) AS at_tables
    FROM candidates AS c
    JOIN wallets AS w ON w.guild_id = :guild AND w.user_id = c.user_id
    LEFT JOIN at_tables AS a ON a.user_id = c.user_id
),
-- Rank the N shown only: counting who is richer than a player far down (someone
-- at a table with a small wallet) would read most of the wallets.
top AS (
    SELECT user_id, wallet, at_tables FROM totals
    WHERE user_id >= :first
    ORDER BY wallet + at_tables DESC, user_id
    LIMIT :top
)
SELECT user_id, 1 + {RICHER_THAN.format(total="t.wallet + t.at_tables")} AS rank,
       wallet + at_tables AS total, wallet, at_tables
FROM top AS t
ORDER BY total DESC, user_id
"""

ONE = f"""
WITH {AT_TABLES},
me AS (
    SELECT w.user_id, w.balance AS wallet,
           COALESCE((SELECT chips FROM at_tables WHERE user_id = :user), 0) AS at_tables
    FROM wallets AS w WHERE w.guild_id = :guild AND w.user_id = :user
)
SELECT user_id, 1 + {RICHER_THAN.format(total="m.wallet + m.at_tables")} AS rank,
       wallet + at_tables AS total, wallet, at_tables
FROM me AS m
"""


def standings(
    db: sqlite3.Connection, guild_id: int, top: int, first: int = 1
) -> list[Standing]:
    """The top players; ids below `first` (the house's) are not ranked."""
    rows = db.execute(TOP, {"guild": guild_id, "top": top, "first": first})
    return [Standing(*row) for row in rows]


def standing(
    db: sqlite3.Connection, guild_id: int, user_id: int, first: int = 1
) -> Standing | None:
    row = db.execute(ONE, {"guild": guild_id, "user": user_id, "first": first}).fetchone()
    return None if row is None else Standing(*row)


# Every chip a guild holds, against every chip the ledger says it minted and burned. The
# ledger's rows name `mint` and `burn` by their fixed numbers, 1 and 2 (ledger.MINT_ID,
# BURN_ID): the partial indexes of minted and burned chips serve only those conditions.
CONSERVATION = """
WITH held AS (
    SELECT guild_id, balance AS chips FROM wallets
    UNION ALL
    SELECT t.guild_id, s.stack FROM seats AS s JOIN tables AS t ON t.id = s.table_id
    UNION ALL
    SELECT t.guild_id, p.amount FROM table_pots AS p JOIN tables AS t ON t.id = p.table_id
),
supply AS (
    SELECT guild_id, amount AS minted, 0 AS burned FROM ledger_rows WHERE source = 1
    UNION ALL
    SELECT guild_id, 0, amount FROM ledger_rows WHERE target = 2
),
guilds AS (SELECT guild_id FROM held UNION SELECT guild_id FROM supply)
SELECT g.guild_id, COALESCE(h.chips, 0), COALESCE(s.minted, 0), COALESCE(s.burned, 0)
FROM guilds AS g
LEFT JOIN (SELECT guild_id, SUM(chips) AS chips FROM held GROUP BY guild_id) AS h USING (guild_id)
LEFT JOIN (SELECT guild_id, SUM(minted) AS minted, SUM(burned) AS burned
           FROM supply GROUP BY guild_id) AS s USING (guild_id)
WHERE :guild IS NULL OR g.guild_id = :guild
ORDER BY g.guild_id
"""


def conservation(db: sqlite3.Connection, guild_id: int | None) -> list[GuildChips]:
    """Per guild: wallets + stacks + pots against minted - burned, in one query."""
    return [GuildChips(*row) for row in db.execute(CONSERVATION, {"guild": guild_id})]


# Each account's balance as the ledger's rows add it up, beside the stored balance. The
# guild's rows are summed by account numbers, each pair (source, target) once: one sort
# of the rows (SQLite groups by sorting, whatever the key), where summing each row's two
# ends as two rows sorted twice as many. Only those sums, a few an account, are then
# added up by account (`mint` 1 and `burn` 2 left out), named and set beside the stored
# balances. (Joining the booked and the stored balances as two grouped sets, not
# materialized, made SQLite scan the ledger once per account: 8,000 wallets took 7.8 s.)
AUDIT = """
WITH pairs AS MATERIALIZED (
    SELECT source, target, SUM(amount) AS chips FROM ledger_rows
    WHERE guild_id = :guild
    GROUP BY source, target
),
booked AS MATERIALIZED (
    SELECT account, SUM(chips) AS chips FROM (
        SELECT target AS account, chips FROM pairs WHERE target NOT IN (1, 2)
        UNION ALL
        SELECT source, -chips FROM pairs WHERE source NOT IN (1, 2)
    ) AS flows
    GROUP BY account
)
SELECT account, SUM(booked), SUM(stored) FROM (
    SELECT a.name AS account, b.chips AS booked, 0 AS stored
    FROM booked AS b JOIN accounts AS a ON a.id = b.account
    UNION ALL
    SELECT 'wallet:' || user_id, 0, balance FROM wallets WHERE guild_id = :guild
    UNION ALL
    SELECT 'seat:' || s.table_id || ':' || s.user_id, 0, s.stack
    FROM seats AS s JOIN tables AS t ON t.id = s.table_id WHERE t.guild_id = :guild
    UNION ALL
    SELECT 'pot:' || p.table_id || ':' || p.name, 0, p.amount
    FROM table_pots AS p JOIN tables AS t ON t.id = p.table_id WHERE t.guild_id = :guild
) AS balances
GROUP BY account
HAVING SUM(booked) <> SUM(stored)
ORDER BY account
"""


def ledger_mismatches(db: sqlite3.Connection, guild_id: int) -> list[tuple[str, int, int]]:
    """(account, chips the ledger adds up to, chips stored) wherever the two differ."""
    return db.execute(AUDIT, {"guild": guild_id}).fetchall()


BREAKDOWN = """
SELECT
    (SELECT COALESCE(SUM(balance), 0) FROM wallets WHERE guild_id = :guild),
    (SELECT COALESCE(SUM(s.stack), 0) FROM seats AS s JOIN tables AS t ON t.id = s.table_id
     WHERE t.guild_id = :guild),
    -- A table's pots are the running hand's while one runs, and carried between hands.
    (SELECT COALESCE(SUM(p.amount), 0) FROM table_pots AS p JOIN tables AS t ON t.id = p.table_id
     WHERE t.guild_id = :guild
       AND EXISTS (SELECT 1 FROM hands AS h WHERE h.table_id = t.id AND h.status = 'running')),
    (SELECT COALESCE(SUM(p.amount), 0) FROM table_pots AS p JOIN tables AS t ON t.id = p.table_id
     WHERE t.guild_id = :guild
       AND NOT EXISTS (SELECT 1 FROM hands AS h WHERE h.table_id = t.id
                       AND h.status = 'running')),
    (SELECT COALESCE(SUM(amount), 0) FROM ledger_rows WHERE guild_id = :guild AND source = 1),
    (SELECT COALESCE(SUM(amount), 0) FROM ledger_rows WHERE guild_id = :guild AND target = 2)
"""


def audit(db: sqlite3.Connection, guild_id: int) -> Audit:
    """The breakdown and the per-account ledger check, read in one snapshot."""
    totals = db.execute(BREAKDOWN, {"guild": guild_id}).fetchone()
    return Audit(
        *totals,
        tuple(ledger_mismatches(db, guild_id)),
        house=stats.house_book(db, guild_id),
        records_off=stats.records_off(db, guild_id),
    )
