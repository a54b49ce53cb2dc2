"""The loopback benchmark's stand-in for Discord works end to end, so the benchmark cannot
rot silently: the real bot in its own process, clicks over the gateway, answers over HTTP."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys
import time

from bench.loopback import floor_loopback
from bench.speedups import Variant
from bench.standin import players
from bench.standin.gateway import COMPRESSIONS
from bench.standin.process import ROOT, BotProcess
from bench.standin.server import StandIn
from tests.harness.cards import card_on

MOVES = 4  # per table: two turns of a draw and a discard
QUIET_SECONDS = 2  # more than the table message's pacing (TABLE_EDIT_SECONDS, 1 s)


def accepted(database) -> int:
    with sqlite3.connect(database) as db:
        return db.execute(
            "SELECT (SELECT COALESCE(SUM(seq), 0) FROM hands)"
            " + (SELECT COALESCE(SUM(seq), 0) FROM running_hands)"
        ).fetchone()[0]


async def test_two_tables_play_over_the_loopback_gateway_and_http(tmp_path):
    standin = StandIn()
    tables = players.make_tables(standin, 2)
    database = tmp_path / "bot.sqlite3"
    await standin.start()
    try:
        async with BotProcess(standin.base_url, database, Variant()) as bot:
            await standin.connected(30)
            assert standin.session.compression in COMPRESSIONS  # compressed, as Discord sends
            await standin.faces_uploaded(30)  # the application's emojis, answered as Discord
            await players.seat(standin, tables)
            assert "gff" in {command["name"] for command in standin.recorder.global_commands}
            for table in tables:
                for user in table.players:
                    view = standin.message(table.views[user.id])
                    assert view.viewer == user.id  # each hand view is its player's alone
                    # The cards as the bot's faces: the emojis it uploaded to the stand-in.
                    shown = {card_on(c) for c in view.walk_components() if c.get("emoji")}
                    assert len(shown - {None}) >= 5, view.data
                    assert all(int(c["emoji"]["id"]) in standin.recorder.emojis
                               for c in view.walk_components() if c.get("emoji"))
            before = accepted(database)
            clicks = players.Clicks()
            until = time.perf_counter() + 60
            await asyncio.gather(*(
                players.play(standin, table, clicks, until, moves=MOVES) for table in tables
            ))
            assert len(clicks.latencies) == 2 * MOVES
            assert all(0 < latency < 30 for latency in clicks.latencies)
            # Each click was one action, accepted and stored by the bot's own process.
            assert accepted(database) - before == 2 * MOVES
            await asyncio.sleep(QUIET_SECONDS)  # the paced table edits go out
            assert "Traceback" not in bot.errors()
    finally:
        await standin.stop()
    assert bot.returncode == 0


async def test_a_stand_in_that_refuses_the_emoji_list_gets_cards_in_words(tmp_path):
    standin = StandIn(faces=False)
    tables = players.make_tables(standin, 1)
    await standin.start()
    try:
        async with BotProcess(standin.base_url, tmp_path / "bot.sqlite3", Variant()) as bot:
            await standin.connected(30)
            await players.seat(standin, tables)
            [table] = tables
            view = standin.message(table.views[table.players[0].id])
            assert not standin.recorder.emojis
            assert not any(c.get("emoji") for c in view.walk_components())
            assert "Card faces not available" in bot.errors()  # said once, in the log
    finally:
        await standin.stop()
    assert bot.returncode == 0


async def test_discord_py_alone_answers_its_clicks_over_the_loopback(tmp_path):
    floor = await floor_loopback(tmp_path, Variant(), channels=2, seconds=0.5)
    assert floor["clicks_per_s"] > 0


def has_orjson(variant: Variant) -> bool:
    code = ("import sys; from bench import speedups; "
            f"speedups.apply(speedups.Variant.from_args({variant.args()!r})); "
            "import discord.utils; print(discord.utils.HAS_ORJSON)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=60, check=True)
    return json.loads(done.stdout.strip().lower())


def test_the_speed_switch_decides_whether_discord_py_uses_orjson():
    assert has_orjson(Variant(speed=True)) is True
    assert has_orjson(Variant(speed=False)) is False
