"""Players' records: `/stats` for a player with 10,000 hands, and `/bankroll top <game>`
over 100,000 wallets and 1,000,000 stored hands, in one server.

The file is filled with executemany: settled hands of four games, two players each, with
records and results as the games write them, and their players' records derived from
them as the store derives them at settlement (bot/store/stats.py). Each figure is the
median of 20 calls through the store, its page cache warm as a live server's is.

Baselines, same run: the same player's record read the way the hands alone would give
it (every result parsed in Python), and the standings at a game summed from the
per-hand rows on each call instead of read from the kept totals.
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from bench.table import Row
from bot.store import GuildSettings, Store, packing
from bot.store.stats import derive
from engine import games

GUILD = 4343
WALLETS = 100_000
HANDS = 1_000_000
STAR = 1  # the player with STAR_HANDS hands
STAR_HANDS = 10_000
TABLES = 400
GAMES = ("gff", "gops", "faro", "tonk")
STAKE, BUY_IN = 10, 200
ROBOT = 7  # a computer player's id: the house's seat at some tables
TARGET_MS = 20


def _result(game: str, seats: list[str], nets: list[int], rng: random.Random) -> dict:
    stacks = {seat: BUY_IN + net for seat, net in zip(seats, nets, strict=True)}
    winners = [seat for seat, net in zip(seats, nets, strict=True) if net > 0]
    common = {"ended": "drop", "stacks": stacks, "eliminated": []}
    if game == "gff":
        return {**common, "ended": rng.choice(("drop", "tunk_out")), "game_winners": winners,
                "flip_winner": rng.choice(seats + [None]), "flop_winner": None, "carry": {}}
    if game == "gops":
        return {**common, "ended": "all_prizes", "winners": winners,
                "scores": {seat: rng.randrange(0, 92) for seat in seats}}
    if game == "faro":
        return {**common, "ended": "hoc", "winners": winners, "house": -sum(nets),
                "turns": 25, "left": []}
    return {**common, "winners": winners}


def _fill(db: sqlite3.Connection) -> None:
    rng = random.Random(11)
    db.executemany(
        "INSERT INTO wallets (guild_id, user_id, balance, created_ms) VALUES (?, ?, ?, 0)",
        [(GUILD, 1000 + user, rng.randrange(0, 1_000_000)) for user in range(WALLETS)],
    )
    db.executemany(
        "INSERT INTO tables (id, guild_id, channel_id, host_id, game, stake, buy_in,"
        " max_players, turn_seconds, status, opened_ms) VALUES (?, ?, ?, 1, ?, ?, ?, 5, 60,"
        " 'closed', 0)",
        [(t, GUILD, 10_000 + t, GAMES[t % len(GAMES)], STAKE, BUY_IN) for t in range(1, TABLES)],
    )
    # Every tenth table had a computer player.
    db.executemany(
        "INSERT INTO seats (table_id, user_id, position, stack, status, house)"
        " VALUES (?, ?, 9, 0, 'left', 1)",
        [(t, ROBOT) for t in range(1, TABLES, 10)],
    )
    star = set(rng.sample(range(HANDS), STAR_HANDS))
    hands, players = [], []
    for hand_id in range(1, HANDS + 1):
        table = 1 + hand_id % (TABLES - 1)
        game = GAMES[table % len(GAMES)]
        first = STAR if hand_id - 1 in star else 1000 + rng.randrange(WALLETS)
        second = ROBOT if table % 10 == 1 else 1000 + rng.randrange(WALLETS)
        while second == first:
            second = 1000 + rng.randrange(WALLETS)
        seats = [str(first), str(second)]
        net = rng.randrange(-50, 51)
        record = {"game": game, "stake": STAKE,
                  "seats": [{"id": seat, "stack": BUY_IN} for seat in seats]}
        result = _result(game, seats, [net, -net], rng)
        # Packed as the store packs a hand that is over (bot/store/packing.py).
        hands.append((hand_id, table, hand_id,
                      packing.pack(json.dumps(record), json.dumps(result))))
        players.extend(derive(hand_id, GUILD, game, record, result, {ROBOT}))
    db.executemany(
        "INSERT INTO hands (id, table_id, number, packed, status, started_ms)"
        " VALUES (?, ?, ?, ?, 'settled', 0)",
        hands,
    )
    players.sort(key=lambda row: (row[1], row[2]))  # the key's order: a faster build
    db.executemany(
        "INSERT INTO hand_players (guild_id, user_id, hand_id, game, with_computers, net, won,"
        " stats) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        players,
    )
    db.execute(
        "INSERT INTO game_totals (guild_id, game, user_id, hands, won, net)"
        " SELECT guild_id, game, user_id, COUNT(*), SUM(won), SUM(net) FROM hand_players"
        " GROUP BY guild_id, game, user_id"
    )
    db.execute(
        "INSERT INTO player_figures (guild_id, user_id, game, with_computers, name, value)"
        " SELECT p.guild_id, p.user_id, p.game, p.with_computers, f.key, SUM(f.value)"
        " FROM hand_players AS p, json_each(p.stats) AS f"
        " GROUP BY p.guild_id, p.user_id, p.game, p.with_computers, f.key"
    )
    db.execute("ANALYZE")


def _stats_from_results(db: sqlite3.Connection, user: int) -> int:
    """The baseline: one player's hands found and read from their results alone."""
    seat, count = str(user), 0
    for game, packed in db.execute(
        "SELECT p.game, h.packed FROM hand_players AS p JOIN hands AS h"
        " ON h.id = p.hand_id WHERE p.guild_id = ? AND p.user_id = ?", (GUILD, user)
    ):
        record, result = packing.unpack(packed)
        parsed = json.loads(result)
        dealt = {s["id"]: s["stack"] for s in json.loads(record)["seats"]}
        played = games.get(game)
        played.stats(parsed, seat, parsed["stacks"][seat] - dealt[seat])
        count += played.won(parsed, seat)
    return count


def _top_from_rows(db: sqlite3.Connection, game: str) -> list:
    """The baseline: the standings at a game summed from the per-hand rows each time."""
    return db.execute(
        "SELECT user_id, SUM(net) AS net FROM hand_players WHERE guild_id = ? AND game = ?"
        " GROUP BY user_id ORDER BY net DESC, user_id LIMIT 10", (GUILD, game)
    ).fetchall()


async def _median_ms(call, times: int = 20) -> float:
    await call()  # warm
    spent = []
    for _ in range(times):
        started = time.perf_counter()
        await call()
        spent.append((time.perf_counter() - started) * 1000)
    return statistics.median(spent)


async def _measure(folder: Path) -> dict[str, float]:
    store = await Store.open(folder / "records.sqlite3", defaults=GuildSettings())
    try:
        await store.db.write(_fill)
        found = await store.player_stats(GUILD, STAR)
        assert sum(g.hands for g in found.per_game) == STAR_HANDS
        assert len(await store.game_standings(GUILD, "gff", 10)) == 10
        return {
            "stats": await _median_ms(lambda: store.player_stats(GUILD, STAR)),
            "stats one game": await _median_ms(lambda: store.player_stats(GUILD, STAR, "gff")),
            "stats baseline": await _median_ms(
                lambda: store.db.read(_stats_from_results, STAR), times=3
            ),
            "top": await _median_ms(lambda: store.game_standings(GUILD, "gff", 10)),
            "top baseline": await _median_ms(
                lambda: store.db.read(_top_from_rows, "gff"), times=3
            ),
        }
    finally:
        await store.close()


def run() -> list[Row]:
    with tempfile.TemporaryDirectory(prefix="gff-bench-stats-") as folder:
        ms = asyncio.run(_measure(Path(folder)))
    return [
        Row(f"/stats: a player with {STAR_HANDS:,} hands, every game", ms["stats"], "ms",
            baseline=f"the hands' results parsed: {ms['stats baseline']:,.0f} ms",
            target=f"<= {TARGET_MS} ms", met=ms["stats"] <= TARGET_MS),
        Row(f"/stats: a player with {STAR_HANDS:,} hands, one game", ms["stats one game"], "ms",
            target=f"<= {TARGET_MS} ms", met=ms["stats one game"] <= TARGET_MS),
        Row(f"/bankroll top <game>: {WALLETS:,} wallets, {HANDS:,} hands", ms["top"], "ms",
            baseline=f"summed from the per-hand rows: {ms['top baseline']:,.0f} ms",
            target=f"<= {TARGET_MS} ms", met=ms["top"] <= TARGET_MS),
    ]
