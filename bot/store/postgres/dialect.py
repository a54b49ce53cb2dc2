"""SQLite's SQL, as the store's modules write it, turned into PostgreSQL's.

The store's rules (bot/store/hands.py, ledger.py, tables.py, ...) are written once, in
SQL both databases share, with `?` and `:name` parameters. A few things SQLite spells
its own way are rewritten here, each where it stands in a statement; a statement this
does not cover fails on PostgreSQL, and the test suite, which runs on both, says so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

# Pieces of SQLite's SQL and what PostgreSQL says instead. Records and options stay
# text (as the store wrote them); JSON work casts them to jsonb where it happens.
PIECES = (
    # Append an action to the record (hands.APPEND_ACTION).
    (
        "json_insert(record, '$.actions[#]', json(?))",
        "jsonb_set(record::jsonb, '{actions}',"
        " (record::jsonb -> 'actions') || jsonb_build_array(?::jsonb))::text",
    ),
    (
        "json_set(record, '$.reshuffles', json(?))",
        "jsonb_set(record::jsonb, '{reshuffles}', ?::jsonb)::text",
    ),
    ("json_extract(record, '$.reshuffles')", "(record::jsonb -> 'reshuffles')::text"),
    ("json_extract(record, '$.dealer')", "(record::jsonb ->> 'dealer')"),
    ("json_extract(seat.value, '$.id')", "(seat.value ->> 'id')"),
    (
        "json_each(running_hands.record, '$.seats') AS seat",
        "jsonb_array_elements(running_hands.record::jsonb -> 'seats') AS seat (value)",
    ),
    ("json_each(p.stats) AS f", "jsonb_each_text(p.stats::jsonb) AS f"),
    # Many ids as one parameter, a JSON array of integers (fair.IN_IDS).
    (
        "IN (SELECT value FROM json_each(?))",
        "IN (SELECT value::bigint FROM jsonb_array_elements_text(?::jsonb))",
    ),
    ("SUM(f.value)", "SUM(f.value::bigint)"),
    ("group_concat(s.user_id)", "string_agg(s.user_id::text, ',')"),
    ("MAX(MAX(net), 0)", "GREATEST(MAX(net), 0)"),
    # An upsert's SET names the row it updates, where a column could be excluded's too.
    (
        "hands = hands + 1, won = won + excluded.won, net = net + excluded.net",
        "hands = game_totals.hands + 1, won = game_totals.won + excluded.won,"
        " net = game_totals.net + excluded.net",
    ),
    (
        "SET amount = amount + excluded.amount",
        "SET amount = carried_posts.amount + excluded.amount",
    ),
    ("SET value = value + excluded.value", "SET value = player_figures.value + excluded.value"),
    # A parameter only tested for NULL has no type PostgreSQL can tell by itself.
    (":guild IS NULL", "CAST(:guild AS BIGINT) IS NULL"),
    # PostgreSQL 15 names every subquery in FROM (16 no longer asks).
    ("EXCEPT SELECT * FROM kept)", "EXCEPT SELECT * FROM kept) AS d"),
    ("EXCEPT SELECT * FROM sums)", "EXCEPT SELECT * FROM sums) AS d"),
    # SQLite lets a grouped query show a column it did not group by (one balance a player).
    ("GROUP BY s.user_id\n)", "GROUP BY s.user_id, w.balance\n)"),
    # SQLite's join-order hint; PostgreSQL plans the join itself.
    ("CROSS JOIN", "JOIN"),
    (
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'running_hands'",
        "SELECT 1 FROM pg_tables WHERE schemaname = current_schema()"
        " AND tablename = 'running_hands'",
    ),
    (
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'records_built'",
        "SELECT 1 FROM pg_tables WHERE schemaname = current_schema()"
        " AND tablename = 'records_built'",
    ),
)

# Tables whose new row's id the store reads back (sqlite3's `lastrowid`).
NUMBERED = re.compile(r"^\s*INSERT INTO (tables|hands)\b", re.IGNORECASE)
IGNORED = re.compile(r"^\s*INSERT OR IGNORE INTO", re.IGNORECASE)
READS = re.compile(r"^\s*(SELECT|WITH|VALUES|SHOW)\b|\bRETURNING\b", re.IGNORECASE)
# `?` and `:name` outside of quotes; `::type` casts are not parameters.
PARAMETER = re.compile(r"'[^']*'|\?|(?<![:\w]):([A-Za-z_]\w*)")


@dataclass(frozen=True, slots=True)
class Statement:
    sql: str  # PostgreSQL's, with $1, $2, ...
    names: tuple[str, ...] | None  # the parameters by name, in $ order, if named
    count: int  # how many `?` parameters, if positional
    reads: bool  # it gives rows back (a SELECT, or RETURNING)

    def arguments(self, params: Any) -> list[Any]:
        if isinstance(params, dict):
            values = [params[name] for name in self.names or ()]
        else:
            values = list(params)
            if len(values) != self.count:
                raise ValueError(
                    f"the statement takes {self.count} parameters, {len(values)} given"
                )
        # SQLite keeps flags as 0 and 1, and the columns here are integers too.
        return [int(v) if isinstance(v, bool) else v for v in values]


_translated: dict[str, Statement] = {}


def translate(sqlite_sql: str) -> Statement:
    """The PostgreSQL statement for one of SQLite's (kept once made: the store's
    statements are few)."""
    found = _translated.get(sqlite_sql)
    if found is None:
        found = _translated[sqlite_sql] = _translate(sqlite_sql)
    return found


def _translate(sql: str) -> Statement:
    for sqlite_piece, postgres_piece in PIECES:
        sql = sql.replace(sqlite_piece, postgres_piece)
    if IGNORED.match(sql):
        sql = IGNORED.sub("INSERT INTO", sql) + " ON CONFLICT DO NOTHING"
    if NUMBERED.match(sql) and not re.search(r"\bRETURNING\b", sql, re.IGNORECASE):
        sql += " RETURNING id"
    names: list[str] = []
    count = 0

    def number(match: re.Match[str]) -> str:
        nonlocal count
        text = match[0]
        if text.startswith("'"):
            return text
        if text == "?":
            count += 1
            return f"${count}"
        if match[1] not in names:
            names.append(match[1])
        return f"${names.index(match[1]) + 1}"

    sql = PARAMETER.sub(number, sql)
    if names and count:
        raise ValueError("a statement takes `?` or `:name` parameters, not both")
    return Statement(sql, tuple(names) if names else None, count, bool(READS.search(sql)))
