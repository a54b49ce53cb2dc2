"""Bytes on disk per settled 3-player GFF hand, records packed (migration 0010,
bot/store/packing.py) beside records kept as JSON text (every migration but 0010), in the
same run; and the time to pack and to unpack one hand's record and result.

Both files get the same hands, written with sqlite3 directly as the store writes them
(bot/store/hands.py, ledger.py, stats.py), so that nothing but the records differs: the
schema from the bundled migrations (all of them; in the text file all but 0010); at each
deal the hand's row, its record as JSON text and its posts booked (ledger.move, the
store's own); each action appended to the record by one statement while the hand runs;
at the settlement the rest of its transfers booked, its players' rows derived
(stats.derive), and the hand marked settled. In the text file the record grows in the
hand's row and the result is added as text (the store before 0010); in the packed file
the record grows in its `running_hands` row, which goes at the settlement, when the
record and result are packed into the hand's row (hands.APPEND_ACTION and hands.ENDED).
TABLES tables play at once, so that running hands' rows grow side by side as at a live bot.

The hands are random legal play (engine.simulate's random_action), three players with
Discord-sized ids, a salt and commitment per deal as the table service deals, stacks
deep enough that nobody is eliminated. Sizes are SQLite's own count of the pages of
each table and index (the dbstat table), not vacuumed; the file's figure is its growth
from the empty schema. The target is the product's: 1,500 bytes a hand, its ledger rows,
players' rows and every index included.
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import tempfile
import time
import timeit
from dataclasses import dataclass, field
from pathlib import Path

from bench.table import Row
from bot.store import hands as store_hands
from bot.store import ledger, packing
from bot.store.migrate import bundled
from bot.store.stats import derive
from engine import games
from engine.chips import Transfer
from engine.game import Deal
from engine.simulate import random_action

HANDS = int(os.environ.get("BENCH_RECORDS_HANDS", "3000"))
TABLES = 8
SEED = 33
GUILD = 1_145_514_431_571_737_540
STAKE = 10
STACK = 1_000_000  # nobody is ever eliminated
TARGET = 1_500  # bytes a settled hand, everything included
PACKED_BY = "compact_records"  # the migration that packs records (0010)
GFF = games.get("gff")

# As bot/store/hands.py wrote them before 0010, the record growing in the hand's row.
APPEND_TEXT = (
    "UPDATE hands SET record = json_insert(record, '$.actions[#]', json(?)), seq = seq + 1,"
    " turn_started_ms = COALESCE(?, turn_started_ms)"
    " WHERE id = ? AND status = 'running' AND seq = ?"
)
SETTLE_TEXT = "UPDATE hands SET status = 'settled', result = ?, ended_ms = ? WHERE id = ?"
# From 0010, as bot/store/hands.py writes them: the running record, its count and its
# turn clock in `running_hands`, and the hand packed at its end.
DEAL_PACKED = "INSERT INTO hands (table_id, number, started_ms) VALUES (?, ?, ?)"
RUNNING = "INSERT INTO running_hands (hand_id, record, turn_started_ms) VALUES (?, ?, ?)"
# As stats.py writes the players' records.
HAND_PLAYERS = (
    "INSERT INTO hand_players (guild_id, user_id, hand_id, game, with_computers, net, won,"
    " stats) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)
GAME_TOTALS = (
    "INSERT INTO game_totals (guild_id, game, user_id, hands, won, net)"
    " VALUES (?, ?, ?, 1, ?, ?) ON CONFLICT (guild_id, game, user_id) DO UPDATE SET"
    " hands = hands + 1, won = won + excluded.won, net = net + excluded.net"
)
FIGURES = (
    "INSERT INTO player_figures (guild_id, user_id, game, with_computers, name, value)"
    " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, user_id, game, with_computers, name)"
    " DO UPDATE SET value = value + excluded.value"
)


@dataclass
class _Table:
    """One table's players and what carries from hand to hand."""

    table_id: int
    users: list[int]
    stacks: dict[str, int] = field(default_factory=dict)
    carry: dict[str, int] = field(default_factory=lambda: {"flip": 0, "flop": 0})
    dealt: int = 0


@dataclass
class _Hand:
    """One hand as it was played: its record at the deal, its actions, its end."""

    table: _Table
    start: str
    posts: tuple[Transfer, ...]
    actions: list[str] = field(default_factory=list)
    record: str = ""
    result: str = ""
    transfers: tuple[Transfer, ...] = ()


def _play(rng: random.Random, table: _Table) -> _Hand:
    seats = [(str(user), table.stacks[str(user)]) for user in table.users]
    deal: Deal = GFF.start(
        seats=seats, stake=STAKE, dealer=seats[table.dealt % len(seats)][0],
        deck_or_decks=rng.sample(range(52), 52), carry=table.carry,
        salt=f"{rng.getrandbits(128):032x}",
    )
    table.dealt += 1
    hand = _Hand(table, json.dumps(deal.record().to_json(), separators=(",", ":")),
                 tuple(deal.posts))
    while deal.settlement is None:
        action = random_action(deal, rng)
        deal.apply(action)
        hand.actions.append(json.dumps(action.to_json()))
    settlement = deal.settlement
    hand.record = json.dumps(deal.record().to_json(), separators=(",", ":"))
    hand.result = json.dumps(settlement.to_result())
    hand.transfers = tuple(settlement.transfers)
    table.stacks, table.carry = dict(settlement.stacks), dict(settlement.carry)
    return hand


def _hands(count: int) -> list[list[_Hand]]:
    """`count` hands, dealt at TABLES tables: each table's hands in order."""
    rng = random.Random(SEED)
    tables = []
    for number in range(TABLES):
        users = [rng.randrange(2 * 10**17, 13 * 10**17) for _ in range(3)]
        tables.append(_Table(number + 1, users, {str(user): STACK for user in users}))
    played: list[list[_Hand]] = [[] for _ in tables]
    for index in range(count):
        played[index % TABLES].append(_play(rng, tables[index % TABLES]))
    return played


def _account(table_id: int, name: str) -> ledger.Account:
    kind, _, rest = name.partition(":")
    return ledger.seat(table_id, int(rest)) if kind == "seat" else ledger.pot(table_id, rest)


def _schema(path: Path, packed: bool) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = OFF")  # sizes only: no need to wait for the disk
    db.execute("PRAGMA foreign_keys = ON")
    for migration in bundled():  # the text file: every migration but the one that packs
        if migration.name != PACKED_BY or packed:
            db.executescript(migration.sql)
    db.execute("UPDATE records_built SET built = 1")
    return db


class _File:
    """One SQLite file the hands are written to, packed or as text."""

    def __init__(self, path: Path, packed: bool, tables: list[_Table]) -> None:
        self.db = _schema(path, packed)
        self.packed = packed
        self.empty = self._pages()
        self.empty_tables = self._tables()
        self.now = 1_750_000_000_000
        for table in tables:
            self.db.execute(
                "INSERT INTO tables (id, guild_id, channel_id, host_id, game, stake, buy_in,"
                " max_players, turn_seconds, opened_ms) VALUES (?, ?, ?, ?, 'gff', ?, ?, 5,"
                " 60, ?)", (table.table_id, GUILD, GUILD + table.table_id, table.users[0],
                           STAKE, STACK, self.now),
            )
            self.db.executemany(
                "INSERT INTO seats (table_id, user_id, position, stack, status)"
                " VALUES (?, ?, ?, ?, 'seated')",
                [(table.table_id, user, position, STACK)
                 for position, user in enumerate(table.users)],
            )

    def _book(self, hand_id: int, table_id: int, transfers: tuple[Transfer, ...],
              start: int) -> None:
        for index, t in enumerate(transfers, start=start):
            ledger.move(
                self.db, at_ms=self.now, guild_id=GUILD, source=_account(table_id, t.source),
                target=_account(table_id, t.target), amount=t.amount, reason=t.reason,
                ref=f"hand:{hand_id}:{index}", hand_id=hand_id,
            )

    def deal(self, hand: _Hand, number: int) -> int:
        self.now += 3_000
        self.db.execute("BEGIN")
        if self.packed:
            hand_id = self.db.execute(
                DEAL_PACKED, (hand.table.table_id, number, self.now)
            ).lastrowid
            self.db.execute(RUNNING, (hand_id, hand.start, self.now))
        else:
            hand_id = self.db.execute(
                "INSERT INTO hands (table_id, number, record, started_ms, turn_started_ms)"
                " VALUES (?, ?, ?, ?, ?)",
                (hand.table.table_id, number, hand.start, self.now, self.now),
            ).lastrowid
        self._book(hand_id, hand.table.table_id, hand.posts, 0)
        self.db.execute("COMMIT")
        return hand_id

    def act(self, hand_id: int, seq: int, action: str, last: bool) -> None:
        self.now += 5_000
        append = store_hands.APPEND_ACTION if self.packed else APPEND_TEXT
        changed = self.db.execute(
            append, (action, None if last else self.now, hand_id, seq)
        ).rowcount
        assert changed == 1

    def settle(self, hand: _Hand, hand_id: int) -> None:
        self.db.execute("BEGIN")
        self._book(hand_id, hand.table.table_id, hand.transfers[len(hand.posts):],
                   len(hand.posts))
        if self.packed:
            stored, seq = self.db.execute(
                "SELECT record, seq FROM running_hands WHERE hand_id = ?", (hand_id,)
            ).fetchone()
            self.db.execute("DELETE FROM running_hands WHERE hand_id = ?", (hand_id,))
            self.db.execute(store_hands.ENDED, (
                "settled", seq, packing.pack(stored, hand.result), self.now, hand_id
            ))
        else:
            stored = self.db.execute(
                "SELECT record FROM hands WHERE id = ?", (hand_id,)
            ).fetchone()[0]
            self.db.execute(SETTLE_TEXT, (hand.result, self.now, hand_id))
        assert stored == hand.record, "the appended record is not the engine's"
        rows = derive(hand_id, GUILD, "gff", json.loads(stored), json.loads(hand.result),
                      set())
        self.db.executemany(HAND_PLAYERS, rows)
        self.db.executemany(GAME_TOTALS, [(g, game, u, won, net)
                                          for g, u, _, game, _, net, won, _ in rows])
        self.db.executemany(FIGURES, [
            (g, u, game, computers, name, value)
            for g, u, _, game, computers, _, _, figures in rows
            for name, value in json.loads(figures).items()
        ])
        self.db.execute("COMMIT")

    def sizes(self) -> dict[str, int]:
        """Bytes in pages of each table with its indexes, and of the whole file, beyond
        the empty schema's."""
        found = self._tables()
        for name, size in self.empty_tables.items():
            found[name] -= size
        found["file"] = self._pages() - self.empty
        return found

    def _tables(self) -> dict[str, int]:
        self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        found: dict[str, int] = {}
        for name, table, size in self.db.execute(
            "SELECT d.name, COALESCE(m.tbl_name, d.name), SUM(d.pgsize) FROM dbstat AS d"
            " LEFT JOIN sqlite_master AS m ON m.name = d.name GROUP BY d.name"
        ):
            found[table] = found.get(table, 0) + size
            if name != table:
                found[f"{table} indexes"] = found.get(f"{table} indexes", 0) + size
        return found

    def _pages(self) -> int:
        self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        pages, page = (self.db.execute(f"PRAGMA {p}").fetchone()[0]
                       for p in ("page_count", "page_size"))
        return pages * page


def _write(files: list[_File], played: list[list[_Hand]]) -> None:
    """Every table's hands, their actions interleaved as tables playing at once."""
    running: list[tuple[_Hand, dict[_File, int], int] | None] = [None] * len(played)
    queues = [list(hands) for hands in played]
    numbers = [0] * len(played)
    while any(queues) or any(running):
        for t, queue in enumerate(queues):
            if running[t] is None:
                if not queue:
                    continue
                hand = queue.pop(0)
                numbers[t] += 1
                running[t] = (hand, {f: f.deal(hand, numbers[t]) for f in files}, 0)
            hand, ids, seq = running[t]
            if seq < len(hand.actions):
                for f in files:
                    f.act(ids[f], seq, hand.actions[seq], seq == len(hand.actions) - 1)
                running[t] = (hand, ids, seq + 1)
            else:
                for f in files:
                    f.settle(hand, ids[f])
                running[t] = None


def _micros(work, items: list) -> float:
    """The best of a few rounds, per item, in µs (other load only ever slows a round)."""
    best = min(timeit.repeat(lambda: [work(*item) for item in items], number=1, repeat=5))
    return best / len(items) * 1e6


LEDGER = ("ledger", "ledger_rows", "accounts")  # the ledger's tables, as the schema has them


def _grouped(sizes: dict[str, int]) -> dict[str, int]:
    """The sizes of what a hand writes: its rows in hands and running_hands, the ledger's
    tables, the players' records; every index apart; and the rest of the file's growth
    (free pages, the schema)."""
    group = {
        "hands": sizes.get("hands", 0) - sizes.get("hands indexes", 0),
        "running_hands": (sizes.get("running_hands", 0)
                          - sizes.get("running_hands indexes", 0)),
        "ledger": sum(sizes.get(t, 0) - sizes.get(f"{t} indexes", 0) for t in LEDGER),
        "hand_players": sizes.get("hand_players", 0) - sizes.get("hand_players indexes", 0),
        "indexes": sum(size for name, size in sizes.items() if name.endswith(" indexes")),
    }
    tables = sum(size for name, size in sizes.items()
                 if name != "file" and not name.endswith(" indexes"))
    group["players' totals"] = sizes.get("game_totals", 0) + sizes.get("player_figures", 0)
    group["rest"] = sizes["file"] - tables
    group["file"] = sizes["file"]
    return group


def run() -> list[Row]:
    started = time.perf_counter()
    played = _hands(HANDS)
    hands = [hand for table in played for hand in table]
    tables = [table[0].table for table in played]
    with tempfile.TemporaryDirectory(prefix="gff-bench-records-") as folder:
        text = _File(Path(folder) / "text.sqlite3", False, tables)
        packed = _File(Path(folder) / "packed.sqlite3", True, tables)
        _write([text, packed], played)
        before, after = _grouped(text.sizes()), _grouped(packed.sizes())
        text.db.close()
        packed.db.close()
    n = len(hands)

    def split(part: str) -> tuple[float, str]:
        return after[part] / n, f"as JSON text: {before[part] / n:,.0f} B"

    texts = [(hand.record, hand.result) for hand in hands[:500]]
    blobs = [(packing.pack(*pair),) for pair in texts]
    pack_us = _micros(packing.pack, texts)
    unpack_us = _micros(packing.unpack, blobs)
    replay_us = _micros(lambda record: GFF.replay(GFF.parse_record(json.loads(record))),
                        [(record,) for record, _ in texts[:200]])
    blob = sum(len(b) for (b,) in blobs) / len(blobs)
    chars = sum(len(r) + len(s) for r, s in texts) / len(texts)
    seconds = time.perf_counter() - started
    total, was = split("file")
    rows = [
        Row("records: bytes per settled 3-player GFF hand, records packed", total, "B",
            baseline=f"{was} ({n:,} hands, {TABLES} tables at once, {seconds:.0f} s)",
            target=f"<= {TARGET:,} B", met=total <= TARGET),
    ]
    for part, what in (
        ("hands", "the hands table's rows"),
        ("running_hands", "running_hands' rows (the running hands at the end)"),
        ("ledger", "ledger rows (and its accounts)"),
        ("hand_players", "players' rows (hand_players)"),
        ("players' totals", "game_totals and player_figures"),
        ("indexes", "every index"),
        ("rest", "the rest of the file's growth (free pages)"),
    ):
        value, baseline = split(part)
        rows.append(Row(f"records: {what}, per hand", value, "B", baseline=baseline))
    return rows + [
        Row("records: one hand's record and result, packed", blob, "B",
            baseline=f"as JSON text: {chars:,.0f} B ({chars / blob:.1f} times)"),
        Row("records: pack one hand (at its settlement)", pack_us, "us",
            baseline=f"the settlement's replay of its record: {replay_us:,.0f} us"),
        Row("records: unpack one hand (/history, players' records)", unpack_us, "us",
            baseline=f"json.loads of its texts: "
            f"{_micros(lambda r, s: (json.loads(r), json.loads(s)), texts):,.0f} us"),
    ]


if __name__ == "__main__":
    from bench.table import render

    print(render(run()))
