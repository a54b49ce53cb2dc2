"""Card faces: what showing cards as the bot's own emojis costs, beside cards in words.

The defaults are faces on (the application's emojis, synced at start: cogs/table/emojis)
and pictures off. Every run here is bench/bot.py's 100-table scripted GFF play
(bench/scripted.py's `tables_played`), each in a process of its own:

- Accepted actions/s at 100 tables, every table's click in flight at once, with the
  defaults, beside the same with faces off (the harness refuses the emoji list, so the
  bot shows cards in words, as it did before faces) and pictures off. The goal: the
  defaults at 90% of words or better. The settings' runs alternate, RUNS of each, the
  order reversed every other cycle (ABBA), after one run not counted (the first run of
  a bench reads slow); the ratio is the median of the cycles' ratios, each of runs
  made one right after the other.
- Pictures on (faces on), in the same cycles: the table picture is drawn at the table's
  paced edits; a hand picture only when its player presses the hand view's Picture
  button. In the scripted play nobody presses it, so that row is the table pictures'
  cost alone; a second row has one move in PICTURE_EVERY preceded by a press of Picture
  (the player waits to see it, then plays). As in bench/bot.py, each player moves once
  the bot's sends for their table have gone out, pictures included: the figure is the
  render process's pace as much as the bot's.
- Click latency p99 at 100 tables in waves of ten (bench/bot.py's latency rows), with the
  defaults and with faces off, alternated, LATENCY_RUNS each.
- Bytes per table message and per hand view: the JSON the bot sends (embed and
  components, through discord.py's own encoder) at a GFF table a few moves into a hand,
  and at a Page One one, faces against words. Both are rendered from the same table at
  the same moment, the words with the faces cleared: the same cards, the look alone
  differs. Beside them, the µs the bot takes to render each payload and discord.py to
  encode it, faces against words: the one cost faces add to every message, measured
  alone (the garbage collector off while timing, as timeit has it).

The in-process runs count the harness's own work too (tests/harness/recorder.py keeps
each message through a JSON round trip, and the players read the views), which grows
with the payloads as the bot's does; the render rows are the bot's part alone.
"""

from __future__ import annotations

import asyncio
import gc
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.bot import latency
from bench.floor import rate_of
from bench.isolated import in_own_process, new_database
from bench.scripted import WAVE, tables_played
from bench.table import Row

TABLES, ROUNDS = 100, 20
RUNS = 4  # of each setting, in cycles of every setting, the order reversed each cycle
LATENCY_RUNS = 2  # of the defaults and of words, alternated
PICTURE_EVERY = 10  # one move in this many asks for a hand picture first, in that row
GOAL = 0.9  # the defaults' actions/s against words'
LATENCY_TARGET_MS = 20  # bench/bot.py's, for the bot's click latency p99 at 100 tables
MOVES = {"gff": 7, "pageone": 6}  # actions into a hand before its payloads are measured

SETTINGS: dict[str, dict[str, Any]] = {
    "defaults": {"faces": True, "pictures": False},
    "words": {"faces": False, "pictures": False},
    "pictures": {"faces": True, "pictures": True},
    "asked": {"faces": True, "pictures": True, "picture_every": PICTURE_EVERY},
}


def run(tables: int = TABLES, rounds: int = ROUNDS, runs: int = RUNS,
        latency_runs: int = LATENCY_RUNS) -> list[Row]:
    with tempfile.TemporaryDirectory(dir=Path("data")) as tmp:
        folder = Path(tmp)
        played = _cycles(folder, tables, rounds, runs)
        rows = _throughput_rows(played, tables)
        rows += _latency_rows(folder, tables, rounds, latency_runs)
        for game in MOVES:
            rows += _bytes_rows(in_own_process(_payloads, folder, game, MOVES[game]), game)
    return rows


# -- throughput ------------------------------------------------------------------------------


def _cycles(folder: Path, tables: int, rounds: int, runs: int) -> list[dict[str, dict]]:
    """Every setting's run, `runs` cycles of them, the order reversed every other cycle;
    one run first that is not counted."""
    tables_played(folder, tables, rounds, tables, wave=tables)
    cycles = []
    names = list(SETTINGS)
    for cycle in range(runs):
        order = names if cycle % 2 == 0 else names[::-1]
        cycles.append({name: tables_played(folder, tables, rounds, tables, wave=tables,
                                           **SETTINGS[name])
                       for name in order})
    return cycles


def _ratios(cycles: list[dict[str, dict]], name: str, against: str) -> list[float]:
    """Each cycle's `name` actions/s over its `against` actions/s, lowest first."""
    return sorted(rate_of(c[name]) / rate_of(c[against]) for c in cycles)


def _rate(cycles: list[dict[str, dict]], name: str) -> float:
    return statistics.median(rate_of(c[name]) for c in cycles)


def _per_action(cycles: list[dict[str, dict]], name: str, key: str) -> float:
    return sum(c[name][key] for c in cycles) / max(1, sum(c[name]["accepted"] for c in cycles))


def _spread(ratios: list[float]) -> str:
    return f"{ratios[0]:.0%}-{ratios[-1]:.0%}"


def _throughput_rows(cycles: list[dict[str, dict]], tables: int) -> list[Row]:
    n = len(cycles)
    at = f"{tables} tables"
    words, defaults = _rate(cycles, "words"), _rate(cycles, "defaults")
    faces = _ratios(cycles, "defaults", "words")
    ratio = statistics.median(faces)
    cpu = {name: _per_action(cycles, name, "cpu") * 1000 for name in SETTINGS}
    clicks = {name: _per_action(cycles, name, "clicks") for name in SETTINGS}
    rows = [Row(
        f"faces: {at}, defaults (faces on, pictures off): accepted actions/s, every table "
        "at once", defaults, "actions/s",
        baseline=f"faces off (words), pictures off: {words:,.0f}/s; {ratio:.0%} of it, median "
                 f"of {n} alternated pairs ({_spread(faces)}); CPU {cpu['defaults']:.2f} "
                 f"against {cpu['words']:.2f} ms per action; {clicks['defaults']:.2f} clicks "
                 "per action",
        target=f">= {GOAL:.0%} of words", met=ratio >= GOAL)]
    for name, what in (("pictures", "pictures on, no hand picture asked"),
                       ("asked", f"pictures on, Picture pressed at one move in "
                                 f"{PICTURE_EVERY}")):
        ratios = _ratios(cycles, name, "defaults")
        asked = sum(c[name]["asked"] for c in cycles)
        dropped = sum(c[name]["dropped"] for c in cycles)
        rows.append(Row(
            f"faces: {at}, {what}: accepted actions/s, every table at once",
            _rate(cycles, name), "actions/s",
            baseline=f"pictures off (defaults): {defaults:,.0f}/s; {statistics.median(ratios):.0%}"
                     f" of it, median of {n} ({_spread(ratios)}); {asked / n:,.0f} pictures a "
                     f"run, {dropped / n:,.0f} dropped as stale; {clicks[name]:.2f} clicks per "
                     "action"))
    return rows


# -- latency ---------------------------------------------------------------------------------


def _latency_rows(folder: Path, tables: int, rounds: int, runs: int) -> list[Row]:
    p99: dict[bool, list[float]] = {True: [], False: []}
    p50: dict[bool, list[float]] = {True: [], False: []}
    for n in range(runs):
        for faces in ((True, False) if n % 2 == 0 else (False, True)):
            _, half, worst = latency(tables_played(folder, tables, rounds, tables, faces=faces))
            p50[faces].append(half)
            p99[faces].append(worst)
    on, off = statistics.fmean(p99[True]), statistics.fmean(p99[False])

    def each(values: list[float]) -> str:
        return ", ".join(f"{v:.1f}" for v in values)

    return [Row(
        f"faces: {tables} tables, defaults: click latency p99, waves of {WAVE}", on, "ms",
        baseline=f"faces off: {off:.1f} ms ({each(p99[False])}); on: {each(p99[True])}; "
                 f"p50 {statistics.fmean(p50[True]):.1f} against "
                 f"{statistics.fmean(p50[False]):.1f} ms",
        target=f"<= {LATENCY_TARGET_MS} ms", met=on <= LATENCY_TARGET_MS)]


# -- bytes -----------------------------------------------------------------------------------


def _bytes_rows(sizes: dict[str, dict[str, float]], game: str) -> list[Row]:
    rows = []
    faces, words = sizes["faces"], sizes["words"]
    for what, name in (("table", "the table message"), ("hand", "a hand view")):
        rows.append(Row(
            f"faces: {game}, {name} mid-hand: JSON bytes sent (embed + components)",
            faces[what], "bytes",
            baseline=f"words: {words[what]:,.0f} bytes ({faces[what] / words[what]:.1f}x); "
                     f"embed text {faces[what + ' text']:,.0f} chars against "
                     f"{words[what + ' text']:,.0f} (Discord allows 6,000)"))
    for what, name in (("table", "the table message"), ("hand", "a hand view")):
        rows.append(Row(
            f"faces: {game}, {name} mid-hand: rendered and encoded", faces[what + " us"], "µs",
            baseline=f"words: {words[what + ' us']:.1f} µs "
                     f"({faces[what + ' us'] / words[what + ' us']:.2f}x)"))
    return rows


def _payloads(folder: Path, game: str, moves: int) -> dict[str, dict[str, float]]:
    return asyncio.run(payloads(folder, game, moves))


async def payloads(folder: Path, game: str, moves: int, seed: int = 5
                   ) -> dict[str, dict[str, float]]:
    """One `game` table `moves` actions into a hand: the JSON bytes of its table message
    and of the acting player's hand view as the bot renders them, with faces and then
    with the faces cleared (words), each embed's text length, and the µs the bot takes
    to render each and discord.py to encode it (the best batch of a few hundred)."""
    from bench.clicks import _click_once, deck_for
    from bench.scripted import _clicks_for
    from bench.seating import live_harness, seat_players
    from cogs.table.components import table_view
    from cogs.table.emojis.shown import FACES
    from cogs.table.emojis.sync import sync_and_use
    from engine.simulate import random_action

    rng = random.Random(seed)
    async with live_harness(new_database(folder, f"faces-{game}")) as h:
        if not FACES.on:
            raise RuntimeError("the harness bot has no card faces")
        service = h.bot.tables
        service.deck_source = deck_for(rng)
        [channel], players = await seat_players(h, game, 1, 3)
        table = service.in_channel(channel.id)
        views: dict[int, int] = {}
        for _ in range(moves):
            hand = table.hand
            seat = hand.to_act()[0]
            user = players[channel.id][seat]
            if game in ("gff", "tonk"):
                await _clicks_for(h, channel, table, user, views, {},
                                  random_action(hand, rng, 0.0))
                continue
            before = hand.seat_seq(seat)
            for _ in range(8):  # random clicks until the game takes an action (bench/clicks.py)
                await _click_once(h, table, user, views, rng)
                if table.hand.is_over or table.hand.seat_seq(seat) != before:
                    break
        if table.hand is None or table.hand.is_over:
            raise RuntimeError(f"the {game} hand ended before it was measured")
        acting = int(table.hand.to_act()[0])
        cog = h.bot.get_cog("TableCog")

        def table_payload() -> dict[str, Any]:
            return {"embeds": [cog.presenter.table_embed(table).to_dict()],
                    "components": table_view(game, table.id).to_components()}

        def hand_payload() -> dict[str, Any]:
            embed, view, _ = cog.controls.render_with_picture(table, acting, pictures=False)
            return {"embeds": [embed.to_dict()], "components": view.to_components()}

        def measured() -> dict[str, float]:
            shown, hand = table_payload(), hand_payload()
            return {"table": _size(shown), "hand": _size(hand),
                    "table text": _text(shown["embeds"][0]),
                    "hand text": _text(hand["embeds"][0]),
                    "table us": _timed(lambda: _size(table_payload())),
                    "hand us": _timed(lambda: _size(hand_payload()))}

        with_faces = measured()
        FACES.clear()
        words = measured()
        await sync_and_use(h.bot)  # the faces back, as the bot had them
    return {"faces": with_faces, "words": words}


def _timed(make: Callable[[], Any], times: int = 200, batches: int = 7) -> float:
    """µs to make and encode a payload once: the best of `batches` batches' mean, with
    the garbage collector off while timing, as timeit has it (with the bot's threshold
    of 100,000 young objects, a batch would hold one young collection or none)."""
    best = float("inf")
    gc.collect()
    gc.disable()
    try:
        for _ in range(batches):
            started = time.perf_counter()
            for _ in range(times):
                make()
            best = min(best, (time.perf_counter() - started) / times)
    finally:
        gc.enable()
    return best * 1e6


def _size(payload: dict[str, Any]) -> int:
    """The payload's bytes as discord.py encodes it (orjson where installed)."""
    from discord.utils import _to_json

    return len(_to_json(payload).encode())


def _text(embed: dict[str, Any]) -> int:
    """An embed's characters as Discord counts them against its 6,000."""
    fields = embed.get("fields", [])
    return sum(len(embed.get(key) or "") for key in ("title", "description")) + \
        len((embed.get("footer") or {}).get("text", "")) + \
        len((embed.get("author") or {}).get("name", "")) + \
        sum(len(f.get("name", "")) + len(f.get("value", "")) for f in fields)
