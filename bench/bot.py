"""The whole bot, in-process: latency, throughput, memory, recovery and standings.

- Tables played at once: the real bot behind the offline harness, with 10, 100
  and 500 tables live, each played by scripted players clicking their hand views
  (real INTERACTION_CREATE payloads): Refresh when their view is out of date (the
  bot brings it up to date at their turn), a button to draw, the discard menu to
  discard. Table edits are paced, and turn pings held back, as live. Clicks arrive
  in waves of up to ten at a time, as bursts of players acting together, and each
  waits only for its own work, so the table edits and turn pings of earlier clicks
  run beside later ones. The latency of a click is the time inside the bot from its gateway
  payload to its interaction response. The harness keeps only what Discord
  would (no request log, no old versions, no deleted messages).
  Accepted actions per second are measured with the store at synchronous=FULL:
  once at that load, and once with every table's click in flight at once, which
  is the most the bot sustains: each player clicks again as soon as their last
  click is answered (bench/flow.py). Waves of ten leave the process idle while each
  wave's commits reach the disk. At 100 tables the target is 60% of discord.py
  alone's clicks/s (below) in the same run; at 500, 90% of the 100-table figure.
  The same rows with HallBot's gc tuning off, and for Tonk. Every other game's 100
  tables against discord.py alone too, played by clicks from each player's view
  (bench/clicks.py), the slowest first, with its latency rows. Each run has a process
  of its own (bench/isolated.py), and each ratio is the median of PAIRS runs, each
  right after the floor (or the run) it is held against.
- discord.py alone: clicks per second when discord.py only parses each click and
  edits a view of the hand view's size, with no game and no store behind it. Each
  accepted action needs at least one click, so this bounds the bot's actions/s.
- Memory: Python heap per open table with a running hand (500 tables), from
  tracemalloc, the bot without Discord objects (the table service and store).
- Recovery: 1,000 stored tables, each with a running hand of 20 actions:
  the time from opening the file to every table rebuilt and ready.
- Standings: `/bankroll top`'s query over 100,000 wallets in one server.
"""

from __future__ import annotations

import asyncio
import gc
import random
import sqlite3
import statistics
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord

from bench import flow
from bench.isolated import in_own_process, new_database
from bench.table import Row
from bot.settings import Settings
from bot.store import GuildSettings, Store
from bot.tables import ManualScheduler, SilentListener, TableService
from engine import cards as C
from engine import games
from engine.actions import Discard, Draw, Drop, Hit, Spread
from engine.simulate import random_action

WAVE = 10  # clicks in flight at once
GUILD = 4242
# The games played by clicks from each player's view (bench/clicks.py) and held against
# discord.py alone: every game but GFF and Tonk, whose players bench/bot.py scripts.
OTHER_GAMES = tuple(g for g in games.GAMES if g not in ("gff", "tonk"))



# -- tables played at once through the harness ---------------------------------------------


async def _play_tables(folder: Path, tables: int, rounds: int, seed: int, wave: int = WAVE,
                       game: str = "gff", pictures: bool = False,
                       tune_gc: bool = True) -> dict:
    """`tables` tables played by clicks; pictures off unless asked for: the bot's own cost
    per click, as the rows measure it, leaves out the render process's drawing, which
    `bench.pictures` and the row with pictures on measure."""
    from tests.harness import Harness  # the offline harness: the bot's real code paths

    rng = random.Random(seed)
    # Table edits paced and turn pings held back as the bot does live (the defaults of
    # TABLE_EDIT_SECONDS and TURN_PING_SECONDS).
    live = Settings.from_values()
    async with Harness(
        database_path=new_database(folder, f"bot{game}{tables}-{wave}-{pictures}-{tune_gc}"),
        table_edit_seconds=live.table_edit_seconds, turn_ping_seconds=live.turn_ping_seconds,
        pictures=pictures, tune_gc=tune_gc,
    ) as h:
        h.recorder.keep_history = False  # what Discord keeps, not what a test reads
        h.recorder.check_pictures = False  # tests check them; decoding here would be timed
        service = h.bot.tables
        service.deck_source = lambda table: rng.sample(range(52), 52)
        # The next hand is dealt at once rather than after the countdown's 8 s: moving the
        # clock on 8 s for it would make every table's paced edit due at every round.
        service.next_hand_seconds = 0
        channels = [h.channel] + [await h.add_channel(f"t{i}") for i in range(1, tables)]
        players = {}
        for i, channel in enumerate(channels):
            users = [h.user(f"p{i}-{n}") for n in range(3)]
            for user in users:
                await h.slash(user, f"{game} join", channel=channel)
            await h.slash(users[0], f"{game} start", channel=channel)
            players[channel.id] = {str(u.id): u for u in users}
        views: dict[int, int] = {}  # user id -> their hand view
        table_messages: dict[int, int] = {}  # table id -> its table message
        latencies: list[float] = []
        accepted_before = await _accepted(h.bot.store)
        started = time.perf_counter()

        presenter = h.bot.get_cog("TableCog").presenter

        async def move(channel) -> bool:
            table = service.in_channel(channel.id)
            if not await flow.seen(table, presenter):
                return False
            hand = table.hand
            user = players[channel.id][hand.to_act()[0]]
            action = random_action(hand, rng, 0.03)
            clicks = await _clicks_for(h, channel, table, user, views, table_messages, action)
            for interaction in clicks:
                latencies.append(interaction.answered_at - interaction.dispatched_at)
            return True

        if wave >= tables:
            await flow.at_once(h, channels, move, rounds)
        else:
            await flow.in_rounds(h, channels, move, rounds, wave)
        seconds = time.perf_counter() - started
        accepted = await _accepted(h.bot.store) - accepted_before
        # Hand pictures still on their way when the run ends are part of its work.
        await asyncio.gather(*h.bot.get_cog("TableCog").controls._late)
        cache = h.bot.get_cog("TableCog").pictures.cache
        return {"latencies": latencies, "accepted": accepted, "seconds": seconds,
                "clicks": len(latencies), "hit_rate": cache.hit_rate,
                "asked": cache.hits + cache.misses, "dropped": cache.dropped}


def tables_played(folder: Path, tables: int, rounds: int, seed: int, **how: Any) -> dict:
    """`_play_tables` in a process of its own (bench/isolated.py)."""
    return in_own_process(_played, folder, tables, rounds, seed, **how)


def _played(folder: Path, tables: int, rounds: int, seed: int, **how: Any) -> dict:
    return asyncio.run(_play_tables(folder, tables, rounds, seed, **how))


def game_played(folder: Path, game: str, tables: int, rounds: int, **how: Any) -> dict:
    """bench/clicks.py's `play_tables` in a process of its own."""
    return in_own_process(_game_played, folder, game, tables, rounds, **how)


def _game_played(folder: Path, game: str, tables: int, rounds: int, **how: Any) -> dict:
    from bench.clicks import play_tables

    return asyncio.run(play_tables(folder, game, tables, rounds, **how))


def _latency(played: dict) -> tuple[int, float, float]:
    """A run's clicks, and their latency's p50 and p99 in ms."""
    ms = sorted(x * 1000 for x in played["latencies"])
    return len(ms), ms[len(ms) // 2], ms[int(len(ms) * 0.99) - 1]


def _tonk_rows(folder: Path, tables: int = 100, rounds: int = 20) -> list[Row]:
    """The same measurement at Tonk tables: the shared table UI with the other rummy game."""
    clicks, _, p99 = _latency(tables_played(folder, tables, rounds, tables, game="tonk"))
    rows = [Row(f"bot, {tables} Tonk tables: click latency p99", p99, "ms",
                baseline=f"{clicks} clicks, waves of {WAVE}", target="<= 20 ms", met=p99 <= 20)]
    pairs = beside_floor(folder, lambda: tables_played(folder, tables, rounds, tables,
                                                       wave=tables, game="tonk"))
    rows.append(_against_floor(f"bot, {tables} Tonk tables: accepted actions/s, every table at "
                               "once", pairs))
    return rows


def _other_game_rows(folder: Path, tables: int = 100, rounds: int = 20) -> list[Row]:
    """Every other game's 100 tables against discord.py alone, the median of PAIRS pairs
    each, the slowest first; and the slowest one's latency rows, as GFF's."""
    held = []
    for game in OTHER_GAMES:
        pairs = beside_floor(folder, lambda game=game: game_played(folder, game, tables, rounds))
        floor, played, _ = median_pair(pairs)
        held.append((rate_of(played) / floor, game, pairs))
    held.sort()
    slowest = held[0][1]
    played = game_played(folder, slowest, tables, rounds, wave=WAVE)
    clicks, p50, p99 = _latency(played)
    rows = [
        Row(f"bot, {tables} {slowest} tables (the slowest): click latency p50", p50, "ms",
            baseline=f"{clicks} clicks, waves of {WAVE}"),
        Row(f"bot, {tables} {slowest} tables (the slowest): click latency p99", p99, "ms",
            target="<= 20 ms", met=p99 <= 20),
        Row(f"bot, {tables} {slowest} tables (the slowest): accepted actions/s, waves of {WAVE}",
            rate_of(played), "actions/s", baseline=f"{played['clicks']} clicks"),
    ]
    rows += [_against_floor(f"bot, {tables} {game} tables: accepted actions/s, every table at "
                            "once", pairs) for _, game, pairs in held]
    return rows


# Each ratio to discord.py alone is the median of this many runs, each right after a
# floor of its own as long as the run's measured part (PAIRED_FLOOR_CLICKS, about a
# second and a half): this machine's speed drifts by a fifth over a few seconds, so a
# floor measured minutes before would set the ratio as much as the bot does.
PAIRS = 5
PAIRED_FLOOR_CLICKS = 3000


def beside_floor(folder: Path, play: Callable[[], dict], times: int = PAIRS
                 ) -> list[tuple[float, dict]]:
    """(discord.py alone's clicks/s, the run played right after it), `times` over."""
    return [(floor_rate(folder, PAIRED_FLOOR_CLICKS), play()) for _ in range(times)]


def rate_of(played: dict) -> float:
    """A run's accepted actions per second."""
    return played["accepted"] / played["seconds"]


def median_pair(pairs: list[tuple[float, dict]]) -> tuple[float, dict, list[float]]:
    """Of (a rate measured just before, a run), the pair whose ratio of the run's accepted
    actions/s to that rate is the median, and every pair's ratio, lowest first. The rate
    before is discord.py alone's, or another run's (100 tables before 500, the gc tuning
    on before off)."""
    ratios = sorted((rate_of(played) / floor, floor, played)
                    for floor, played in pairs)
    _, floor, played = ratios[len(ratios) // 2]
    return floor, played, [ratio for ratio, _, _ in ratios]


def _against_floor(measure: str, pairs: list[tuple[float, dict]]) -> Row:
    """Accepted actions/s held against discord.py alone's clicks/s measured just before."""
    floor, played, ratios = median_pair(pairs)
    rate = rate_of(played)
    spread = f"{ratios[0]:.0%}-{ratios[-1]:.0%}" if len(ratios) > 1 else f"{ratios[0]:.0%}"
    return Row(measure, rate, "actions/s",
               baseline=f"{rate / floor:.0%} of discord.py alone ({floor:,.0f}/s), median of "
                        f"{len(ratios)} runs each beside its own ({spread}); "
                        f"{played['clicks'] / max(played['accepted'], 1):.2f} clicks per action",
               target=">= 60% of discord.py alone", met=rate >= 0.6 * floor)


async def _accepted(store: Store) -> int:
    """Actions the store has accepted, in every hand: what a restart would replay."""
    return await store.db.read(
        lambda db: db.execute("SELECT COALESCE(SUM(seq), 0) FROM hands").fetchone()[0]
    )


async def _clicks_for(h, channel, table, user, views, table_messages, action) -> list:
    """The clicks that make `action` from the player's hand view; the interactions sent."""
    sent = []
    view = h.recorder.messages.get(views.get(user.id, 0))
    seq = table.hand.seq
    at = f":{table.running.number}.{seq}:refresh"
    if view is None or view.deleted:
        table_message = _table_message(h, channel, table, table_messages)
        sent.append(await h.click(user, table_message, f"{table.info.game}:{table.id}:hand"))
        view = h.last_response(user)
        views[user.id] = view.id
    elif not _control(view, "refresh").endswith(at):
        # Others have played since: Refresh brings the same message up to date.
        sent.append(await h.click(user, view, _control(view, "refresh")))
    if isinstance(action, Drop):
        acts = [("drop", None)]
    elif isinstance(action, Draw):
        acts = [("stock" if action.source == "stock" else "take", None)]
    elif isinstance(action, Discard):
        acts = [("throw", [C.code(action.card)])]
    elif isinstance(action, Spread):
        acts = [("pick", [C.code(c) for c in action.cards]), ("spread", None)]
    elif isinstance(action, Hit):
        acts = [("pick", [C.code(c) for c in action.cards]), ("hit", None),
                ("target", [str(action.spread)])]
    for act, values in acts:
        view = h.message(views[user.id])
        sent.append(await h.click(user, view, _control(view, act), values=values))
    return sent


def _control(message, act: str) -> str:
    return next(i for i in message.custom_ids if i.endswith(f":{act}"))


def _table_message(h, channel, table, found: dict[int, int]):
    """The table message players click; looked for again only when it is gone.

    `found` maps a table id to the table message last found for it.
    """
    wanted = f"{table.info.game}:{table.id}:hand"
    known = h.recorder.messages.get(found.get(table.id, 0))
    if known is not None and not known.deleted and wanted in known.custom_ids:
        return known
    for message in reversed(h.public_messages(channel)):
        if wanted in message.custom_ids:
            found[table.id] = message.id
            return message
    raise LookupError("no table message")


# -- discord.py alone: the most a click can cost less than ------------------------------------


class _Again(discord.ui.DynamicItem[discord.ui.Button], template=r"floor:(?P<n>[0-9]+):again"):
    """A button whose click edits its message to a view the size of a hand view."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label="again", custom_id=f"floor:{n}:again"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction, item, match) -> _Again:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=f"click {self.n}", view=_floor_view(
            self.n + 1))


def _floor_view(n: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(_Again(n))
    for i in range(5):
        view.add_item(discord.ui.Button(label=f"b{i}", custom_id=f"floor:{n}:b{i}", row=i // 3))
    for i in range(2):
        options = [discord.SelectOption(label=f"{i}{c}", value=f"{i}{c}") for c in "ABCDEF"]
        view.add_item(discord.ui.Select(custom_id=f"floor:{n}:s{i}", options=options, row=2 + i))
    view.stop()  # like the bot's views: sent, never kept
    return view


async def _floor(folder: Path, clicks: int) -> float:
    """Clicks per second when each click only has discord.py parse it and edit a view of
    the hand view's size: no game, no store. One click in flight at a time."""
    from tests.harness import Harness

    async with Harness(database_path=new_database(folder, "floor"), extensions=()) as h:
        h.recorder.keep_history = False
        h.bot.add_dynamic_items(_Again)
        channel = h.bot.get_channel(h.channel.id)
        sent = await channel.send("click 0", view=_floor_view(0))
        user = h.user("clicker")
        started = time.perf_counter()
        for n in range(clicks):
            await h.click(user, sent.id, f"floor:{n}:again")
        return clicks / (time.perf_counter() - started)


# -- the service alone: memory, recovery, standings ----------------------------------------


async def service_with_tables(path: str | Path, tables: int, actions: int, seed: int, *,
                              guild_of: Callable[[int], int] = lambda number: GUILD):
    """`tables` tables with a running hand of `actions` actions, built fifty at a time so
    their writes share commits, as many busy tables' writes do; table `number` is in
    server `guild_of(number)`."""
    rng = random.Random(seed)
    store = await Store.open(path, defaults=GuildSettings())
    service = TableService(store, ManualScheduler(), SilentListener())
    service.deck_source = lambda table: rng.sample(range(52), 52)

    async def build(number: int) -> None:
        channel = 10_000 + number
        for n in range(3):
            await service.join(guild_of(number), channel, 10**9 + channel * 10 + n)
        table = service.in_channel(channel)
        await service.deal(table)
        played = 0
        while played < actions:
            hand = table.hand
            if hand is None or hand.is_over:
                await service.deal(table)
                played = 0  # a running hand of `actions` actions, not a finished one
                continue
            action = random_action(hand, rng, 0.0)
            await service.act(table.id, int(action.seat), action, hand.seq)
            played += 1

    for at in range(0, tables, 50):
        await asyncio.gather(*(build(t) for t in range(at, min(at + 50, tables))))
    return store, service


async def _memory_per_table(folder: Path, tables: int) -> float:
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    store, service = await service_with_tables(folder / "memory.sqlite3", tables, 8, 3)
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    await store.close()
    assert len(service.tables) == tables
    return (after - before) / tables


async def _recovery_seconds(folder: Path, tables: int, actions: int) -> float:
    path = folder / "recovery.sqlite3"
    store, service = await service_with_tables(path, tables, actions, 5)
    running = sum(1 for t in service.tables.values() if t.hand and not t.hand.is_over)
    await store.close()
    started = time.perf_counter()
    store = await Store.open(path, defaults=GuildSettings())
    recovered = TableService(store, ManualScheduler(), SilentListener())
    await recovered.restore(await store.recover())
    seconds = time.perf_counter() - started
    back = sum(1 for t in recovered.tables.values() if t.hand and not t.hand.is_over)
    await store.close()
    assert len(recovered.tables) == tables and back == running
    return seconds


async def _standings_ms(folder: Path, wallets: int) -> tuple[float, float]:
    path = folder / "standings.sqlite3"
    store = await Store.open(path, defaults=GuildSettings())
    rng = random.Random(9)

    def fill(db: sqlite3.Connection) -> None:
        rows = [(GUILD, 1 + i, rng.randrange(0, 1_000_000)) for i in range(wallets)]
        db.executemany(
            "INSERT INTO wallets (guild_id, user_id, balance, created_ms) VALUES (?, ?, ?, 0)",
            rows,
        )

    await store.db.write(fill)
    for _ in range(3):
        await store.standings(GUILD, 10)  # warm the page cache, as a live server has it
    times = []
    for _ in range(20):
        started = time.perf_counter()
        top = await store.standings(GUILD, 10)
        times.append((time.perf_counter() - started) * 1000)
    one = []
    for user in range(1, 21):
        started = time.perf_counter()
        await store.standing(GUILD, user * 4000)
        one.append((time.perf_counter() - started) * 1000)
    await store.close()
    assert len(top) == 10
    return statistics.median(times), statistics.median(one)


def floor_rate(folder: Path, clicks: int = 6000) -> float:
    """discord.py alone's clicks/s (see `_floor`), in a process of its own."""
    return in_own_process(_floor_played, folder, clicks)


def _floor_played(folder: Path, clicks: int) -> float:
    return asyncio.run(_floor(folder, clicks))


def run() -> list[Row]:
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(dir=Path("data")) as tmp:
        folder = Path(tmp)
        at_once: dict[int, float] = {}
        # Latency in waves of ten; (tables, rounds). At 10 tables a wave is every table.
        for tables, rounds in ((10, 60), (100, 20), (500, 6)):
            played = tables_played(folder, tables, rounds, tables)
            clicks, p50, p99 = _latency(played)
            target_here = tables == 100
            rows.append(Row(f"bot, {tables} tables: click latency p50", p50, "ms",
                            baseline=f"{clicks} clicks, waves of {WAVE}"))
            rows.append(Row(f"bot, {tables} tables: click latency p99", p99, "ms",
                            target="<= 20 ms" if target_here else "",
                            met=p99 <= 20 if target_here else None))
            rate = rate_of(played)
            if tables > WAVE:
                rows.append(Row(f"bot, {tables} tables: accepted actions/s, waves of {WAVE}",
                                rate, "actions/s", baseline=f"{played['clicks']} clicks"))
            else:
                at_once[tables] = rate
                rows.append(Row(f"bot, {tables} tables: accepted actions/s, every table at once",
                                rate, "actions/s", baseline=f"{played['clicks']} clicks"))
        # Throughput is what the bot sustains with every table's click in flight: 100
        # tables right after a floor of discord.py alone, then 500 right after the 100,
        # PAIRS times; as many rounds at 500 tables as at 100, so both do the same mix of
        # first views, moves and new hands.
        runs = []
        for _ in range(PAIRS):
            floor = floor_rate(folder, PAIRED_FLOOR_CLICKS)
            hundred = tables_played(folder, 100, 20, 100, wave=100)
            five_hundred = tables_played(folder, 500, 20, 500, wave=500)
            runs.append((floor, hundred, five_hundred))
        floors = sorted(floor for floor, _, _ in runs)
        rows.insert(0, Row("discord.py alone: a click answered with an edit, no game",
                           statistics.median(floors), "clicks/s",
                           baseline=f"one at a time, a view of the hand view's size; median "
                                    f"of {len(floors)} ({floors[0]:,.0f}-{floors[-1]:,.0f})"))
        hundreds = [(floor, hundred) for floor, hundred, _ in runs]
        rows.append(_against_floor("bot, 100 tables: accepted actions/s, every table at once",
                                   hundreds))
        at_once[100] = rate_of(median_pair(hundreds)[1])
        # 500 tables against the 100 played just before them, the median of the runs.
        before, played, ratios = median_pair([(rate_of(hundred), five)
                                              for _, hundred, five in runs])
        rate = at_once[500] = rate_of(played)
        ratio = rate / before
        rows.append(Row("bot, 500 tables: accepted actions/s, every table at once", rate,
                        "actions/s",
                        baseline=f"{ratio:.1%} of 100 tables ({before:,.0f}/s) played just "
                                 f"before, median of {len(ratios)} "
                                 f"({ratios[0]:.0%}-{ratios[-1]:.0%}); "
                                 f"{played['clicks']} clicks",
                        target=">= 90% of 100 tables", met=ratio >= 0.9))
        # With pictures on, each round waits until every picture it asked for is drawn
        # (the harness waits for all the work a round causes): the render process's pace.
        played = tables_played(folder, 100, 20, 100, wave=100, pictures=True)
        rate = rate_of(played)
        rows.append(Row("bot, 100 tables, pictures on: accepted actions/s, every table at once",
                        rate, "actions/s",
                        baseline=f"pictures off: {at_once[100]:,.0f}/s; every picture drawn, "
                                 f"{played['asked']:,} asked for"))
        # HallBot.on_ready's garbage collector tuning, off, each run right after one with
        # it on: the median of PAIRS such pairs, as for the floor.
        for tables in (100, 500):
            on_rate, off, ratios = median_pair([
                (rate_of(tables_played(folder, tables, 20, tables, wave=tables)),
                 tables_played(folder, tables, 20, tables, wave=tables, tune_gc=False))
                for _ in range(PAIRS)
            ])
            rows.append(Row(f"bot, {tables} tables, gc tuning off: accepted actions/s, every "
                            "table at once", rate_of(off), "actions/s",
                            baseline=f"{rate_of(off) / on_rate:.0%} of tuning on "
                                     f"({on_rate:,.0f}/s) played just before, median of "
                                     f"{len(ratios)} ({ratios[0]:.0%}-{ratios[-1]:.0%})"))
        rows += _tonk_rows(folder)
        rows += _other_game_rows(folder)
        per_table = asyncio.run(_memory_per_table(folder, 500))
        rows.append(Row("memory per open table with a running hand (500)", per_table / 1024,
                        "KB", baseline="tracemalloc, service and store",
                        target="<= 50 KB", met=per_table <= 50 * 1024))
        seconds = asyncio.run(_recovery_seconds(folder, 1000, 20))
        rows.append(Row("recovery: 1,000 tables, running hands of 20 actions", seconds, "s",
                        target="<= 3 s", met=seconds <= 3))
        top, one = asyncio.run(_standings_ms(folder, 100_000))
        rows.append(Row("standings: /bankroll top over 100,000 wallets", top, "ms",
                        baseline=f"one player's rank: {one:.1f} ms",
                        target="<= 20 ms", met=top <= 20))
    return rows
