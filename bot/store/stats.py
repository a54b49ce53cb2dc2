"""Players' records: each person's settled hands, read back as /stats and the standings at
one game, and the house's book.

The truth is the settled hands (record and result) and the seats' house flag; the rows
of `hand_players` and `game_totals` (migration 0005) are derived from them, in the
transaction that settles each hand, so that a player with thousands of hands, or a
server with a million, is read from an index and never by parsing every result. They
can always be rebuilt from the hands (`rebuild`), and /audit compares them with a fresh
derivation (`records_off`). The store names no game: each game says who it dealt in,
who won and which figures of its own a deal gives (engine/base.py).
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Iterable, Iterator
from typing import Any

from bot.store import packing
from bot.store.models import GameFigures, GameStanding, HouseLine, PlayerStats
from engine import games
from engine.errors import EngineError

log = logging.getLogger(__name__)

# A settled hand with its table's guild and game and the house seats it had; its record
# and result are packed (bot/store/packing.py), or text in a row not packed yet.
SETTLED = """
SELECT h.id, t.guild_id, t.game, h.record, h.result, h.packed,
       (SELECT group_concat(s.user_id) FROM seats AS s
        WHERE s.table_id = h.table_id AND s.house = 1)
FROM hands AS h JOIN tables AS t ON t.id = h.table_id
WHERE h.status = 'settled' AND (h.result IS NOT NULL OR h.packed IS NOT NULL)
"""


def derive(
    hand_id: int, guild_id: int, game_id: str, record: dict[str, Any], result: dict[str, Any],
    house: set[int],
) -> list[tuple]:
    """The rows of one settled hand: a row per person dealt in, none for the house's seats."""
    game = games.get(game_id)
    dealt_with = {seat["id"]: seat["stack"] for seat in record["seats"]}
    # Most games answer as BaseGame does (G2.6, G3.5), with no figures of their own.
    played = game.played(record)
    won, figures_of = game.won, game.stats
    with_computers = int(any(int(seat) in house for seat in played))
    rows = []
    for seat in played:
        user_id = int(seat)
        if user_id in house:
            continue
        net = result["stacks"][seat] - dealt_with[seat]
        figures = figures_of(result, seat, net)
        rows.append((
            guild_id, user_id, hand_id, game_id, with_computers, net,
            int(won(result, seat)), json.dumps(figures, separators=(",", ":")),
        ))
    return rows


def _house_seats(concatenated: str | None) -> set[int]:
    return {int(user) for user in concatenated.split(",")} if concatenated else set()


def _derived(
    db: sqlite3.Connection, where: str, args: tuple, texts: tuple[str, str] | None = None
) -> Iterator[tuple]:
    """The rows of the settled hands `where` picks; `texts` are the one hand's record and
    result where the caller has them (the settlement, which has just packed them)."""
    for hand_id, guild_id, game_id, *stored, house in db.execute(SETTLED + where, args):
        try:
            record, result = texts or packing.stored(stored[2], stored[0], stored[1])
            rows = derive(
                hand_id, guild_id, game_id, json.loads(record), json.loads(result),
                _house_seats(house),
            )
        except (KeyError, TypeError, ValueError, EngineError):
            # A hand settled by an older bot whose result lacks what is read here
            # counts in nobody's record; the bot starts all the same.
            log.warning("Hand %s cannot be read into players' records", hand_id)
            continue
        yield from rows


def _store(db: sqlite3.Connection, rows: Iterable[tuple]) -> None:
    rows = list(rows)
    db.executemany(
        "INSERT INTO hand_players (guild_id, user_id, hand_id, game, with_computers, net, won,"
        " stats) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        rows,
    )
    db.executemany(
        "INSERT INTO game_totals (guild_id, game, user_id, hands, won, net)"
        " VALUES (?, ?, ?, 1, ?, ?) ON CONFLICT (guild_id, game, user_id) DO UPDATE SET"
        " hands = hands + 1, won = won + excluded.won, net = net + excluded.net",
        [(guild, game, user, won, net) for guild, user, _, game, _, net, won, _ in rows],
    )
    db.executemany(
        "INSERT INTO player_figures (guild_id, user_id, game, with_computers, name, value)"
        " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, user_id, game, with_computers, name)"
        " DO UPDATE SET value = value + excluded.value",
        [
            (guild, user, game, with_computers, name, value)
            for guild, user, _, game, with_computers, _, _, figures in rows
            if figures != "{}"
            for name, value in json.loads(figures).items()
        ],
    )


def record_hand(
    db: sqlite3.Connection, hand_id: int, texts: tuple[str, str] | None = None
) -> None:
    """Add a hand just settled to its players' records (in the settling transaction);
    `texts`, its record and result, where the caller has them."""
    _store(db, _derived(db, " AND h.id = ?", (hand_id,), texts))


def rebuild(db: sqlite3.Connection) -> None:
    """Every record again from the settled hands, whatever the tables held. /audit's
    checkpoints (bot/store/audit.py) summed the records as they were: they are forgotten,
    first, so that the rows deleted here put no hand back among those it looks at again."""
    db.execute("DELETE FROM audit_marks")
    db.execute("DELETE FROM audit_hands")
    db.execute("DELETE FROM hand_players")
    db.execute("DELETE FROM game_totals")
    db.execute("DELETE FROM player_figures")
    _store(db, _derived(db, " ORDER BY h.id", ()))
    db.execute("UPDATE records_built SET built = 1")


def build_if_new(db: sqlite3.Connection) -> bool:
    """Fill the records once, after migration 0005, from the hands settled before it."""
    kept = db.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'records_built'"
    ).fetchone()
    if kept is None or db.execute("SELECT built FROM records_built").fetchone()[0]:
        return False  # a schema older than 0005 (a migration's own test), or built
    rebuild(db)
    return True


# The kept totals (game_totals, player_figures) against the sums of the players' rows:
# how many rows differ either way.
TOTALS_OFF = """
WITH sums AS (
    SELECT game, user_id, COUNT(*) AS hands, SUM(won) AS won, SUM(net) AS net
    FROM hand_players WHERE guild_id = :guild GROUP BY game, user_id
),
kept AS (SELECT game, user_id, hands, won, net FROM game_totals WHERE guild_id = :guild)
SELECT (SELECT COUNT(*) FROM (SELECT * FROM sums EXCEPT SELECT * FROM kept))
     + (SELECT COUNT(*) FROM (SELECT * FROM kept EXCEPT SELECT * FROM sums))
"""
FIGURES_OFF = """
WITH sums AS (
    SELECT p.user_id, p.game, p.with_computers, f.key, SUM(f.value)
    FROM hand_players AS p, json_each(p.stats) AS f
    WHERE p.guild_id = :guild GROUP BY p.user_id, p.game, p.with_computers, f.key
),
kept AS (SELECT user_id, game, with_computers, name, value FROM player_figures
         WHERE guild_id = :guild)
SELECT (SELECT COUNT(*) FROM (SELECT * FROM sums EXCEPT SELECT * FROM kept))
     + (SELECT COUNT(*) FROM (SELECT * FROM kept EXCEPT SELECT * FROM sums))
"""


def records_off(db: sqlite3.Connection, guild_id: int) -> int:
    """How many of the guild's stored record rows differ from a fresh derivation from its
    hands (0, always): a row missing, extra or different, or a wrong total at a game."""
    fresh = set(_derived(db, " AND t.guild_id = ?", (guild_id,)))
    stored = set(db.execute(
        "SELECT guild_id, user_id, hand_id, game, with_computers, net, won, stats"
        " FROM hand_players WHERE guild_id = ?", (guild_id,)
    ))
    args = {"guild": guild_id}
    totals_off, figures_off = (db.execute(sql, args).fetchone()[0]
                               for sql in (TOTALS_OFF, FIGURES_OFF))
    return len(fresh ^ stored) + totals_off + figures_off


# Per game and with or without computers: the sums SQL can make on the player's rows.
SUMS = """
SELECT game, with_computers, COUNT(*), SUM(won), SUM(net), MAX(MAX(net), 0)
FROM hand_players WHERE guild_id = :guild AND user_id = :user {game}
GROUP BY game, with_computers
"""

FIGURES = """
SELECT game, with_computers, name, value FROM player_figures
WHERE guild_id = :guild AND user_id = :user {game}
"""

WON_IN_ORDER = """
SELECT with_computers, won FROM hand_players
WHERE guild_id = :guild AND user_id = :user {game}
ORDER BY hand_id
"""


def player_stats(
    db: sqlite3.Connection, guild_id: int, user_id: int, game: str | None
) -> PlayerStats:
    """One player's record on a server, at one game or at all; hands with a computer at
    the table apart from hands among people only."""
    args = {"guild": guild_id, "user": user_id, "game": game}
    only = "AND game = :game" if game else ""
    per: dict[tuple[str, bool], dict[str, Any]] = {}
    for game_id, with_computers, hands, won, net, best in db.execute(
        SUMS.format(game=only), args
    ):
        per[game_id, bool(with_computers)] = {
            "hands": hands, "won": won, "net": net, "biggest_pot": best, "figures": {},
        }
    for game_id, with_computers, key, value in db.execute(
        FIGURES.format(game=only), args
    ):
        per[game_id, bool(with_computers)]["figures"][key] = value
    streaks = {False: 0, True: 0}
    running = {False: 0, True: 0}
    for with_computers, won in db.execute(WON_IN_ORDER.format(game=only), args):
        side = bool(with_computers)
        running[side] = running[side] + 1 if won else 0
        streaks[side] = max(streaks[side], running[side])
    figures = tuple(
        GameFigures(game_id, with_computers, **numbers)
        for (game_id, with_computers), numbers in sorted(per.items())
    )
    return PlayerStats(
        user_id, game, figures, streak_among_people=streaks[False],
        streak_with_computers=streaks[True],
    )


TOP_AT_GAME = """
SELECT user_id, hands, won, net FROM game_totals
WHERE guild_id = :guild AND game = :game AND user_id >= :first
ORDER BY net DESC, user_id
LIMIT :top
"""

RANK_AT_GAME = """
SELECT 1 + COUNT(*) FROM game_totals
WHERE guild_id = :guild AND game = :game AND user_id >= :first AND net > :net
"""


def game_standings(
    db: sqlite3.Connection, guild_id: int, game: str, top: int, first: int
) -> list[GameStanding]:
    """The top players at one game by net chips won there; equal nets share a rank."""
    args = {"guild": guild_id, "game": game, "top": top, "first": first}
    rows = db.execute(TOP_AT_GAME, args).fetchall()
    ranks: dict[int, int] = {}
    standings = []
    for user_id, hands, won, net in rows:
        if net not in ranks:
            ranks[net] = db.execute(RANK_AT_GAME, {**args, "net": net}).fetchone()[0]
        standings.append(GameStanding(user_id, ranks[net], game, hands, won, net))
    return standings


# Every chip the house minted or burned on a server, both booked with reasons starting
# "house:": a banking game's payments (G2.7), booked with the hand that made them
# (bot/store/hands.py), and a computer player's seat sitting down and leaving, booked
# with no hand (tables.py, seats.py), even when a hand's end eliminates it. `mint` and
# `burn` by their numbers (ledger.MINT_ID, BURN_ID), which the indexes of minted and
# burned chips serve.
HOUSE_BOOK = """
SELECT COALESCE(t.game, '') AS line,
       SUM(CASE WHEN l.source = 1 THEN l.amount ELSE 0 END),
       SUM(CASE WHEN l.target = 2 THEN l.amount ELSE 0 END)
FROM ledger_rows AS l
LEFT JOIN hands AS h ON h.id = l.hand_id
LEFT JOIN tables AS t ON t.id = h.table_id
WHERE l.guild_id = ? AND (l.source = 1 OR l.target = 2) AND l.reason LIKE 'house:%'
GROUP BY line
ORDER BY line
"""


def house_book(db: sqlite3.Connection, guild_id: int) -> tuple[HouseLine, ...]:
    """Minted and burned by the house: one line for the computer players' seats (game
    ""), one per banking game."""
    return tuple(HouseLine(*row) for row in db.execute(HOUSE_BOOK, (guild_id,)))
