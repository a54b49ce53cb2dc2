"""`/audit` at 1,000, 10,000 and 100,000 wallets with 1,000,000 settled hands, on SQLite and
on PostgreSQL, beside a plain `SELECT sum(amount) FROM ledger_rows` on the same database.

The database is filled with bulk INSERTs (PostgreSQL: COPY), shaped as the store writes
it after migration 0011: the ledger's rows on `ledger_rows` with their accounts' numbers
(`accounts`, mint 1 and burn 2), a hand's own rows keyed by (hand_id, n), each hand's
record and result packed (bot/store/packing.py). A few hundred hands of seven games dealt
and played to the end by the engine are the templates, each hand stored is one of them
with its seats given to players of its table, and its ledger rows, players' record rows
(stats.derive's, as settling writes them) and the kept totals follow from it. Tables buy
in, play 50 hands and cash out; a few stay open with chips at their seats and in their
pots. 1,000 players play every hand; the wallets beyond them (10,000, 100,000) each hold
the chips they started with.

Rows, for each database and number of wallets:
- the first audit's pass over the ledger (the checkpoint's ledger part emptied, the
  records' kept), against the plain sum over the ledger: target 3 times that;
- an audit with nothing new: target 100 ms;
and once per database: the first audit of everything (every hand's records derived),
and /stats (stats.player_stats) p99 while it runs against p99 alone: target 2 times.

AUDIT_BENCH_HANDS sets the hands (default 1,000,000; 20,000 is a quick run),
AUDIT_BENCH_WALLETS the numbers of wallets, AUDIT_BENCH_POSTGRES=0 skips PostgreSQL.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.table import Row
from bot.store import audit, packing, stats
from bot.store.stats import derive
from engine import games
from engine.chips import HOUSE

GUILD = 4242
HANDS = int(os.environ.get("AUDIT_BENCH_HANDS", "1000000"))
WALLETS = tuple(int(n) for n in os.environ.get("AUDIT_BENCH_WALLETS", "1000,10000,100000")
                .split(","))
PLAYERS = 1_000
# The mix of games: GFF's hands book a dozen ledger rows, Faro's over a hundred.
MIX = (("gff", 70), ("tonk", 10), ("gops", 10), ("farmer", 4), ("oldmaid", 3),
       ("pageone", 2), ("faro", 1))
TEMPLATES = 300
HANDS_PER_TABLE = 50
OPEN_TABLES = 20
STAKE, BUY_IN, START = 10, 1_000_000, 1_000
FIRST_USER = 1_100_000_000_000_000_000  # Discord-sized ids
SEATS = [str(9_000_000_000_000_000_001 + i) for i in range(5)]  # the templates' seat ids
STATS_CALLS = 300
LEDGER_TARGET, QUIET_TARGET_MS, STATS_TARGET = 3.0, 100.0, 2.0
ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Template:
    game: str
    seats: int
    record: str
    result: str
    actions: int
    moves: list[tuple[Any, Any, int, str]]  # (source, target, amount, reason); see _end
    rows: list[tuple[int, int, int, str]]  # per seat index: (net, won, with_computers, stats)
    seat_delta: list[int]
    pot_delta: dict[str, int]


def _end(account: str, side: str) -> tuple[Any, ...]:
    """An engine account as the ledger's: ('seat', index), ('pot', name), mint or burn
    (the house of a banking game: what it pays is minted, what it wins burned)."""
    if account == HOUSE:
        return ("mint",) if side == "source" else ("burn",)
    kind, _, name = account.partition(":")
    return kind, SEATS.index(name) if kind == "seat" else name


def templates(seed: int = 7) -> list[Template]:
    """Hands of the mix, dealt and played to the end by the engine (as engine.simulate)."""
    rng = random.Random(seed)
    made = []
    for game_id, weight in MIX:
        game = games.get(game_id)
        info = game.info
        count = max(1, TEMPLATES * weight // 100)
        seats = max(info.min_seats, min(3, info.max_seats))
        stack = info.default_buy_in_stakes * STAKE
        for _ in range(count):
            packs = [rng.sample(list(info.pack), len(info.pack))
                     for _ in range(info.deals_per_game)]
            hand = game.start(
                seats=[(SEATS[i], stack) for i in range(seats)], stake=STAKE,
                dealer=SEATS[0] if info.has_dealer else None,
                deck_or_decks=packs[0] if len(packs) == 1 else packs,
                carry=dict.fromkeys(info.carried_pots, 0),
            )
            if info.reshuffles:
                hand.shuffle_with(lambda pile: rng.sample(pile, len(pile)))
            while hand.settlement is None:
                hand.apply(game.simulation_action(hand, rng))
            record, result = hand.record().to_json(), hand.settlement.to_result()
            moves, seat_delta, pot_delta = [], [0] * seats, {}
            for t in hand.settlement.transfers:
                source, target = _end(t.source, "source"), _end(t.target, "target")
                reason = (f"house: {game_id} pays ({t.reason})" if t.source == HOUSE else
                          f"house: {game_id} wins ({t.reason})" if t.target == HOUSE
                          else t.reason)  # as bot/store/hands.py books them
                moves.append((source, target, t.amount, reason))
                for end, sign in ((source, -1), (target, 1)):
                    if end[0] == "seat":
                        seat_delta[end[1]] += sign * t.amount
                    elif end[0] == "pot":
                        pot_delta[end[1]] = pot_delta.get(end[1], 0) + sign * t.amount
            derived = derive(0, GUILD, game_id, record, result, set())
            by_seat = {str(row[1]): row for row in derived}
            rows = [(i, *by_seat[SEATS[i]][5:7], by_seat[SEATS[i]][4], by_seat[SEATS[i]][7])
                    for i in range(seats) if SEATS[i] in by_seat]
            made.append(Template(
                game_id, seats, json.dumps(record, separators=(",", ":")), json.dumps(result),
                len(record.get("actions", [])), moves, rows, seat_delta, pot_delta,
            ))
    return made


class Builder:
    """The rows of a server's history, made in batches: `batches()` yields
    {table name: rows} for the sinks to insert."""

    BATCH_HANDS = 20_000

    def __init__(self, hands: int, players: int, seed: int = 11) -> None:
        self.hands, self.players = hands, players
        self.rng = random.Random(seed)
        self.by_game: dict[str, list[Template]] = {}
        for template in templates():
            self.by_game.setdefault(template.game, []).append(template)
        self.weights = [weight for _, weight in MIX]
        self.ledger_id = 0
        self.accounts: dict[str, int] = {"mint": 1, "burn": 2}  # as migration 0009 numbers
        self.new_accounts: list[tuple[int, str]] = []
        self.totals: dict[tuple[str, int], list[int]] = {}
        self.figures: dict[tuple[int, str, int, str], int] = {}

    def user(self, index: int) -> int:
        return FIRST_USER + index

    def _account(self, name: str) -> int:
        number = self.accounts.get(name)
        if number is None:
            number = self.accounts[name] = len(self.accounts) + 1
            self.new_accounts.append((number, name))
        return number

    def _ledger(self, source: str, target: str, amount: int, reason: str, ref: str | None,
                hand_id: int | None, n: int | None = None) -> tuple:
        """A row of `ledger_rows`: a hand's own event is (hand_id, n), with no ref text."""
        self.ledger_id += 1
        return (self.ledger_id, 1_700_000_000_000 + self.ledger_id, GUILD,
                self._account(source), self._account(target), amount, reason, ref, hand_id, n)

    def _with_accounts(self, out: dict[str, list[tuple]]) -> dict[str, list[tuple]]:
        """The batch with the accounts its ledger rows named first."""
        out["accounts"], self.new_accounts = self.new_accounts, []
        return out

    def batches(self) -> Iterator[dict[str, list[tuple]]]:
        tables = -(-self.hands // HANDS_PER_TABLE)
        plan = []
        sat = [0] * self.players
        for table_id in range(1, tables + 1):
            (game,) = self.rng.choices([game for game, _ in MIX], self.weights)
            templates = self.by_game[game]
            users = self.rng.sample(range(self.players), templates[0].seats)
            for user in users:
                sat[user] += 1
            plan.append((table_id, templates, users))
        yield self._with_accounts({"ledger_rows": [
            self._ledger("mint", f"wallet:{self.user(u)}", START + BUY_IN * sat[u], "start",
                         f"start:{self.user(u)}", None) for u in range(self.players)
        ]})
        balance = [START] * self.players
        out: dict[str, list[tuple]] = {}
        hand_id = 0
        for table_id, templates, users in plan:
            closed = table_id <= tables - OPEN_TABLES
            ids = [self.user(u) for u in users]
            game = templates[0].game
            out.setdefault("tables", []).append((
                table_id, GUILD, 10_000 + table_id, ids[0], game, STAKE, BUY_IN, len(ids), 60,
                "closed" if closed else "open", 0, 1 if closed else None))
            ledger = out.setdefault("ledger_rows", [])
            for user in ids:
                ledger.append(self._ledger(f"wallet:{user}", f"seat:{table_id}:{user}", BUY_IN,
                                           "buy-in", f"buy-in:{table_id}:{user}", None))
            stacks, pots = [BUY_IN] * len(ids), {}
            for number in range(1, min(HANDS_PER_TABLE, self.hands - hand_id) + 1):
                hand_id += 1
                template = self.rng.choice(templates)
                self._hand(out, hand_id, table_id, number, template, ids, stacks, pots)
            for i, user in enumerate(ids):
                u = users[i]
                if closed:
                    ledger.append(self._ledger(f"seat:{table_id}:{user}", f"wallet:{user}",
                                               stacks[i], "cash-out",
                                               f"cash-out:{table_id}:{user}", None))
                    balance[u] += stacks[i]
                out.setdefault("seats", []).append((
                    table_id, user, i, 0 if closed else stacks[i], "left" if closed
                    else "seated", 0))
            for name, amount in pots.items():
                if closed and amount:
                    ledger.append(self._ledger(f"pot:{table_id}:{name}", f"wallet:{ids[0]}",
                                               amount, "carried back",
                                               f"carried:{table_id}:{name}", None))
                    balance[users[0]] += amount
                out.setdefault("table_pots", []).append((table_id, name,
                                                         0 if closed else amount))
            if hand_id % self.BATCH_HANDS < HANDS_PER_TABLE or table_id == tables:
                yield self._with_accounts(out)
                out = {}
        yield {
            "wallets": [(GUILD, self.user(u), balance[u], 0) for u in range(self.players)],
            "game_totals": [(GUILD, game, user, *sums) for (game, user), sums
                            in self.totals.items()],
            "player_figures": [(GUILD, user, game, wc, name, value) for (user, game, wc, name),
                               value in self.figures.items()],
        }

    def _hand(self, out: dict, hand_id: int, table_id: int, number: int, template: Template,
              ids: list[int], stacks: list[int], pots: dict[str, int]) -> None:
        named = [str(user) for user in ids]
        record, result = template.record, template.result
        for i, user in enumerate(named):
            record = record.replace(SEATS[i], user)
            result = result.replace(SEATS[i], user)
        out.setdefault("hands", []).append((hand_id, table_id, number, None, template.actions,
                                            "settled", None, 0, 0,
                                            packing.pack(record, result)))
        ledger = out.setdefault("ledger_rows", [])
        for index, (source, target, amount, reason) in enumerate(template.moves):
            ledger.append(self._ledger(self._named(source, table_id, named),
                                       self._named(target, table_id, named), amount,
                                       reason, None, hand_id, index))
        for i, delta in enumerate(template.seat_delta):
            stacks[i] += delta
        for name, delta in template.pot_delta.items():
            pots[name] = pots.get(name, 0) + delta
        players = out.setdefault("hand_players", [])
        for i, net, won, wc, figures in template.rows:
            user = ids[i]
            players.append((GUILD, user, hand_id, template.game, wc, net, won, figures))
            sums = self.totals.setdefault((template.game, user), [0, 0, 0])
            sums[0] += 1
            sums[1] += won
            sums[2] += net
            if figures != "{}":
                for name, value in json.loads(figures).items():
                    key = (user, template.game, wc, name)
                    self.figures[key] = self.figures.get(key, 0) + value

    @staticmethod
    def _named(end: Any, table_id: int, named: list[str]) -> str:
        if end[0] == "seat":
            return f"seat:{table_id}:{named[end[1]]}"
        if end[0] == "pot":
            return f"pot:{table_id}:{end[1]}"
        return end[0]


COLUMNS = {
    "accounts": ("id", "name"),
    "tables": ("id", "guild_id", "channel_id", "host_id", "game", "stake", "buy_in",
               "max_players", "turn_seconds", "status", "opened_ms", "closed_ms"),
    "seats": ("table_id", "user_id", "position", "stack", "status", "house"),
    "table_pots": ("table_id", "name", "amount"),
    "hands": ("id", "table_id", "number", "record", "seq", "status", "result", "started_ms",
              "ended_ms", "packed"),
    "ledger_rows": ("id", "at_ms", "guild_id", "source", "target", "amount", "reason", "ref",
                    "hand_id", "n"),
    "hand_players": ("guild_id", "user_id", "hand_id", "game", "with_computers", "net", "won",
                     "stats"),
    "wallets": ("guild_id", "user_id", "balance", "created_ms"),
    "game_totals": ("guild_id", "game", "user_id", "hands", "won", "net"),
    "player_figures": ("guild_id", "user_id", "game", "with_computers", "name", "value"),
}


def insert_sql(table: str) -> str:
    columns = COLUMNS[table]
    return (f"INSERT INTO {table} ({', '.join(columns)})"
            f" VALUES ({', '.join('?' * len(columns))})")


def migrations(folder: Path) -> list[Path]:
    return sorted(folder.glob("[0-9][0-9][0-9][0-9]_*.sql"))


SQLITE_MIGRATIONS = ROOT / "bot" / "store" / "migrations"
POSTGRES_MIGRATIONS = ROOT / "bot" / "store" / "postgres" / "migrations"


def build_sqlite(path: Path, hands: int, players: int = PLAYERS) -> None:
    """A SQLite file with the schema of every migration and the server's history."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        # A build, not chips: no journal and no syncs while it is filled, then WAL as the
        # store has it. No ANALYZE: the store never runs one, so neither do its plans.
        db.execute("PRAGMA journal_mode = OFF")
        db.execute("PRAGMA synchronous = OFF")
        db.execute("PRAGMA cache_size = -1000000")
        for migration in migrations(SQLITE_MIGRATIONS):
            db.executescript(f"BEGIN;\n{migration.read_text()}\n;COMMIT;")
        db.execute("BEGIN")
        for batch in Builder(hands, players).batches():
            for table in COLUMNS:  # parents first
                if batch.get(table):
                    db.executemany(insert_sql(table), batch[table])
        db.execute("UPDATE records_built SET built = 1")
        db.execute("COMMIT")
        db.execute("PRAGMA journal_mode = WAL")
    finally:
        db.close()


async def build_postgres(url: str, hands: int, players: int = PLAYERS) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        for migration in migrations(POSTGRES_MIGRATIONS):
            await conn.execute(migration.read_text())
        for batch in Builder(hands, players).batches():
            for table in COLUMNS:  # parents first: PostgreSQL checks each row's keys
                if batch.get(table):
                    await conn.copy_records_to_table(table, records=batch[table],
                                                     columns=list(COLUMNS[table]))
        await conn.execute("UPDATE records_built SET built = 1")
        await conn.execute("VACUUM ANALYZE")  # as autovacuum would have, on a live server
    finally:
        await conn.close()


# -- measuring ---------------------------------------------------------------------------


def _add_wallets(db: Any, start: int, stop: int) -> None:
    """Wallets start..stop-1, each opened with its starting chips (a mint row each)."""
    users = [FIRST_USER + n for n in range(start, stop)]
    newest = db.execute("SELECT COALESCE(MAX(id), 0) FROM ledger_rows").fetchone()[0]
    accounts = db.execute("SELECT COALESCE(MAX(id), 0) FROM accounts").fetchone()[0]
    db.executemany(insert_sql("wallets"), [(GUILD, u, START, 0) for u in users])
    db.executemany(insert_sql("accounts"), [
        (accounts + 1 + n, f"wallet:{u}") for n, u in enumerate(users)])
    db.executemany(insert_sql("ledger_rows"), [
        (newest + 1 + n, 1_800_000_000_000, GUILD, 1, accounts + 1 + n, START, "start",
         f"start:{u}", None, None) for n, u in enumerate(users)
    ])


def _ledger_sum(db: Any) -> int:
    return db.execute("SELECT sum(amount) FROM ledger_rows").fetchone()[0]


def _restart(db: Any, ledger: bool, records: bool) -> None:
    mark = audit.read_mark(db, GUILD)
    audit.restart(db, mark, 0, ledger, records)


async def _timed(call: Any, times: int = 1) -> list[float]:
    spent = []
    for _ in range(times):
        started = time.perf_counter()
        await call()
        spent.append(time.perf_counter() - started)
    return spent


def _p99(values: list[float]) -> float:
    return sorted(values)[min(len(values) - 1, int(len(values) * 0.99))] * 1000


class _Clock:
    def __call__(self) -> int:
        return int(time.time() * 1000)


def _resident_mb() -> float:
    """This process's resident memory and its children's (an audit's worker), in MB."""
    pids = [os.getpid()]
    for task in Path("/proc/self/task").iterdir():
        pids += [int(pid) for pid in (task / "children").read_text().split()]
    total = 0
    for pid in pids:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue  # it ended meanwhile
        total += next(int(line.split()[1]) for line in status.splitlines()
                      if line.startswith("VmRSS:"))
    return total / 1024


async def _stats_calls(database: Any, until: asyncio.Future | None, rng: random.Random,
                       calls: int = STATS_CALLS, memory: list[float] | None = None,
                       ) -> list[float]:
    """/stats of random players, one after another, until `until` is done (or `calls`);
    the resident memory is sampled into `memory` every 100 calls."""
    spent = []
    while len(spent) < calls or (until is not None and not until.done()):
        if memory is not None and len(spent) % 100 == 0:
            memory.append(_resident_mb())
        user = FIRST_USER + rng.randrange(PLAYERS)
        started = time.perf_counter()
        await database.read(stats.player_stats, GUILD, user, None)
        spent.append(time.perf_counter() - started)
        if until is not None and until.done():
            break
    return spent


async def _measure(name: str, database: Any, wallets: tuple[int, ...]) -> list[Row]:
    """Every row of one database, its history already built with PLAYERS wallets."""
    rows, runs, now = [], audit.AuditRuns(), _Clock()
    rng = random.Random(5)

    async def audit_now() -> Any:
        return await runs.audit(database, GUILD, now)

    alone = await _stats_calls(database, None, rng)
    before, memory = _resident_mb(), []
    first = asyncio.ensure_future(audit_now())
    started = time.perf_counter()
    during = await _stats_calls(database, first, rng, memory=memory)
    found = await first
    whole = time.perf_counter() - started
    assert found.balances and not found.records_off, found
    rows.append(Row(f"{name}: first audit, {HANDS:,} hands' records and the ledger", whole, "s",
                    baseline=f"resident memory {before:,.0f} MB before, at most"
                    f" {max(memory):,.0f} MB during (worker included)"))
    rows.append(Row(f"{name}: /stats p99 while the first audit runs", _p99(during), "ms",
                    baseline=f"/stats p99 alone: {_p99(alone):.1f} ms",
                    target=f"<= {STATS_TARGET:.0f}x alone",
                    met=_p99(during) <= STATS_TARGET * _p99(alone)))
    have = PLAYERS
    for size in wallets:
        if size > have:
            await database.write(_add_wallets, have, size)
            have = size
        scan = statistics.median(await _timed(lambda: database.read(_ledger_sum), 3))
        await database.write(_restart, True, False)
        (ledger,) = await _timed(audit_now)
        quiet = statistics.median(await _timed(audit_now, 7)) * 1000
        rows.append(Row(f"{name}, {size:,} wallets: first audit's pass over the ledger",
                        ledger, "s",
                        baseline=f"SELECT sum(amount) FROM ledger_rows: {scan:.2f} s",
                        target=f"<= {LEDGER_TARGET:.0f}x the sum",
                        met=ledger <= LEDGER_TARGET * scan))
        rows.append(Row(f"{name}, {size:,} wallets: audit with nothing new", quiet, "ms",
                        target=f"< {QUIET_TARGET_MS:.0f} ms", met=quiet < QUIET_TARGET_MS))
    return rows


async def _sqlite(folder: Path) -> list[Row]:
    from bot.store.db import Database

    path = folder / "audit.sqlite3"
    started = time.perf_counter()
    build_sqlite(path, HANDS)
    print(f"bench.audit: SQLite file built in {time.perf_counter() - started:.0f} s,"
          f" {path.stat().st_size / 1e9:.1f} GB", file=sys.stderr)
    database = await Database.open(path)
    try:
        return await _measure("sqlite", database, WALLETS)
    finally:
        await database.close()


async def _postgres(server: Any) -> list[Row]:
    from bot.store.postgres.database import Database

    url = await server.new_database("audit_bench")
    started = time.perf_counter()
    await build_postgres(url, HANDS)
    print(f"bench.audit: PostgreSQL database built in {time.perf_counter() - started:.0f} s",
          file=sys.stderr)
    database = await Database.open(url, size=4)
    try:
        return await _measure("postgres", database, WALLETS)
    finally:
        await database.close()


def run() -> list[Row]:
    rows = []
    with tempfile.TemporaryDirectory(prefix="gff-audit-bench-") as folder:
        rows += asyncio.run(_sqlite(Path(folder)))
    if os.environ.get("AUDIT_BENCH_POSTGRES", "1") == "0":
        print("bench.audit: PostgreSQL skipped (AUDIT_BENCH_POSTGRES=0)", file=sys.stderr)
        return rows
    from tests.pg_server import ENABLE, TempPostgres

    try:
        server = TempPostgres(durable=True).start()
    except (FileNotFoundError, RuntimeError) as error:
        print(f"bench.audit: PostgreSQL skipped: {error}; {ENABLE}", file=sys.stderr)
        return rows
    try:
        rows += asyncio.run(_postgres(server))
    finally:
        server.stop()
    return rows


if __name__ == "__main__":
    from bench.table import machine, render

    print(f"Machine: {machine()}")
    print(render(run()))
