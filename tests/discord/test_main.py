"""`python -m bot` as an operator runs it, in a clean environment and an empty directory."""

from __future__ import annotations

import gc
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import discord
import pytest

from bot.client import YOUNG_COLLECTION_AFTER
from tests.harness import Harness

ROOT = Path(__file__).resolve().parents[2]
TOKEN_HELP = [
    "DISCORD_TOKEN is not set, so the bot cannot log in to Discord.",
    "Get a token at https://discord.com/developers/applications → your app → Bot → Reset Token.",
    "Put it in .env as DISCORD_TOKEN=... (see .env.example), or set it in the environment.",
]


def clean_env(**extra: str) -> dict[str, str]:
    # Nothing from the developer's shell (least of all a real DISCORD_TOKEN) leaks in.
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT), **extra}


def run_bot(cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=cwd,
        env=clean_env(**env),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )


def test_without_a_token_it_exits_2_with_three_lines_and_no_traceback(tmp_path):
    done = run_bot(tmp_path)
    assert done.returncode == 2
    assert done.stderr.splitlines() == TOKEN_HELP
    assert done.stdout == ""


def test_a_bad_value_in_env_file_exits_2_naming_the_setting(tmp_path):
    (tmp_path / ".env").write_text("DISCORD_TOKEN=abc\nTURN_SECONDS=5\n", encoding="utf-8")
    done = run_bot(tmp_path)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "Bad setting TURN_SECONDS (got '5'): it must be a whole number of seconds from 15 to 600."
    ]


def test_a_bad_value_in_the_environment_exits_2(tmp_path):
    done = run_bot(tmp_path, DISCORD_TOKEN="abc", DEFAULT_BUY_IN_STAKES="2")
    assert done.returncode == 2
    assert "DEFAULT_BUY_IN_STAKES" in done.stderr
    assert "Traceback" not in done.stderr


def test_no_voice_warning_is_printed():
    done = run_python(
        "import logging, sys\n"
        "from bot.logs import setup_logging\n"
        "from bot.client import HallBot\n"
        "from bot.settings import Settings\n"
        "setup_logging('INFO')\n"
        "HallBot(Settings.from_values())\n"
        "logging.getLogger('discord.client').warning('still heard')\n"
    )
    assert done.returncode == 0, done.stderr
    assert "voice" not in done.stderr
    assert "still heard" in done.stderr  # only those two warnings are dropped


def run_python(code: str, cwd: Path | None = None, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=cwd,
        env=clean_env(**env),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


# main() with discord.py's REST calls sent to a local port nothing listens on: the login
# fails to connect exactly as it does without a network, and nothing leaves the machine.
NO_ROUTE = textwrap.dedent(
    """
    import sys
    import discord.http
    from bot import __main__ as entry

    discord.http.Route.BASE = "http://127.0.0.1:{port}/api/v10"
    sys.exit(entry.main())
    """
)


def test_no_route_to_discord_exits_3_with_two_lines_and_no_traceback(tmp_path):
    done = run_python(NO_ROUTE.format(port=closed_port()), tmp_path, DISCORD_TOKEN="abc")
    assert done.returncode == 3, done.stderr
    assert "Traceback" not in done.stderr
    assert "voice" not in done.stderr
    lines = done.stderr.splitlines()
    assert lines[-2].startswith("Could not reach Discord: Cannot connect to host 127.0.0.1")
    assert lines[-1].startswith("Check this machine's network connection")


REFUSED = textwrap.dedent(
    """
    import sys
    import discord
    from bot import __main__ as entry
    from bot.client import HallBot

    async def login(self, token):
        raise discord.LoginFailure("Improper token has been passed.")

    HallBot.login = login
    sys.exit(entry.main())
    """
)


def test_a_refused_token_exits_2_with_one_line_and_no_voice_warning(tmp_path):
    done = run_python(REFUSED, tmp_path, DISCORD_TOKEN="abc")
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "Discord refused DISCORD_TOKEN. Reset the token in the Developer Portal"
        " (your app → Bot → Reset Token) and put the new one in .env."
    ]


def not_a_database(folder: Path) -> str:
    (folder / "notes.txt").write_text("chips: lots\n", encoding="utf-8")
    return "notes.txt"


def a_folder(folder: Path) -> str:
    (folder / "chips").mkdir()
    return "chips"


def a_missing_folder(folder: Path) -> str:
    return "nowhere/gff.sqlite3"


@pytest.mark.parametrize(
    ("make_path", "problem"),
    [
        (a_folder, "it is a folder; it must be a file path"),
        (a_missing_folder, "the folder 'nowhere' does not exist"),
        (not_a_database, "the file is not an SQLite database"),
    ],
)
def test_an_unusable_database_path_exits_2_before_login(tmp_path, make_path, problem):
    path = make_path(tmp_path)
    # No route to Discord either: a path checked only after login would say that instead.
    done = run_python(
        NO_ROUTE.format(port=closed_port()), tmp_path, DISCORD_TOKEN="abc", DATABASE_PATH=path
    )
    assert done.returncode == 2, done.stderr
    [line] = done.stderr.splitlines()
    assert line.startswith(f"Bad setting DATABASE_PATH (got {path!r}): {problem}")
    assert not (tmp_path / "nowhere").exists()


def test_an_existing_database_and_an_empty_file_pass_the_check(tmp_path):
    sqlite3.connect(tmp_path / "old.sqlite3").execute("CREATE TABLE t (x)").connection.close()
    (tmp_path / "empty.sqlite3").touch()
    for name in ("old.sqlite3", "empty.sqlite3"):
        done = run_python(
            NO_ROUTE.format(port=closed_port()), tmp_path, DISCORD_TOKEN="abc", DATABASE_PATH=name
        )
        assert done.returncode == 3, done.stderr  # got as far as the login


def test_the_default_database_folder_is_made_if_missing(tmp_path):
    done = run_python(NO_ROUTE.format(port=closed_port()), tmp_path, DISCORD_TOKEN="abc")
    assert done.returncode == 3, done.stderr
    assert (tmp_path / "data").is_dir()


# Runs main() with Discord's login and gateway replaced, so only the shutdown path is real.
STAND_IN = textwrap.dedent(
    """
    import asyncio, sys
    from bot import __main__ as entry
    from bot.client import HallBot

    async def login(self, token):
        pass

    async def connect(self, *, reconnect=True):
        print("connected", flush=True)
        while not self.is_closed():
            await asyncio.sleep(0.01)

    HallBot.login, HallBot.connect = login, connect
    sys.exit(entry.main())
    """
)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_stop_signal_closes_the_bot_and_exits_0(tmp_path, signum):
    child = subprocess.Popen(
        [sys.executable, "-c", STAND_IN],
        cwd=tmp_path,
        env=clean_env(DISCORD_TOKEN="abc"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )
    try:
        assert child.stdout.readline().strip() == "connected"
        child.send_signal(signum)
        _, stderr = child.communicate(timeout=30)
    finally:
        child.kill()
    assert child.returncode == 0, stderr
    assert f"Got {signal.Signals(signum).name}, closing" in stderr
    assert "Traceback" not in stderr


async def test_the_heap_at_ready_is_frozen_until_the_bot_closes(tmp_path):
    before = gc.get_threshold()
    async with Harness(database_path=tmp_path / "gff.sqlite3") as h:
        assert h.bot.is_ready()
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold() == (YOUNG_COLLECTION_AFTER, *before[1:])
    assert gc.get_freeze_count() == 0  # closed: everything can be collected again
    assert gc.get_threshold() == before


@pytest.mark.parametrize(
    "url", ["mysql://db/chips", "postgresql://", "data/gff.sqlite3", "postgresql:/x"]
)
def test_a_database_url_that_is_not_postgresql_exits_2_before_login(tmp_path, url):
    done = run_python(
        NO_ROUTE.format(port=closed_port()), tmp_path, DISCORD_TOKEN="abc", DATABASE_URL=url
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [
        "Bad setting DATABASE_URL: it must be a PostgreSQL URL such as"
        " postgresql://user:password@host/db, or empty for SQLite."
    ]


def test_an_unreachable_postgresql_server_exits_4_before_login_hiding_the_password(tmp_path):
    url = f"postgresql://bot:hunter2@127.0.0.1:{closed_port()}/chips"
    done = run_python(
        NO_ROUTE.format(port=closed_port()), tmp_path, DISCORD_TOKEN="abc", DATABASE_URL=url
    )
    assert done.returncode == 4, done.stderr
    assert "Traceback" not in done.stderr and "hunter2" not in done.stderr
    first, second = done.stderr.splitlines()
    assert first.startswith("Could not use the database at DATABASE_URL (postgresql://bot:***@")
    assert second.startswith("Check that the PostgreSQL server is running")


def test_an_empty_database_url_keeps_sqlite(tmp_path):
    done = run_python(
        NO_ROUTE.format(port=closed_port()), tmp_path, DISCORD_TOKEN="abc", DATABASE_URL=""
    )
    assert done.returncode == 3, done.stderr  # got as far as the login
    assert (tmp_path / "data").is_dir()


async def test_a_reachable_postgresql_server_passes_the_check(tmp_path, postgres_server):
    url = await postgres_server.new_database("bot_start")
    try:
        done = run_python(
            NO_ROUTE.format(port=closed_port()), tmp_path, DISCORD_TOKEN="abc", DATABASE_URL=url
        )
        assert done.returncode == 3, done.stderr  # got as far as the login
        assert not (tmp_path / "data" / "gff.sqlite3").exists()  # SQLite stayed unused
    finally:
        await postgres_server.drop_database("bot_start")


async def test_without_gc_tuning_the_heap_and_thresholds_are_left_alone(tmp_path):
    before = gc.get_threshold()
    async with Harness(database_path=tmp_path / "gff.sqlite3", tune_gc=False) as h:
        assert h.bot.is_ready()
        assert gc.get_freeze_count() == 0
        assert gc.get_threshold() == before


async def test_the_bot_asks_only_for_server_and_channel_events_and_caches_no_messages(tmp_path):
    async with Harness(database_path=tmp_path / "gff.sqlite3") as h:
        assert h.bot.intents == discord.Intents(guilds=True)
        assert not h.bot.intents.messages and not h.bot.intents.message_content
        assert h.bot._connection.max_messages is None


async def test_a_bot_that_lost_hold_of_its_tables_stops_with_status_5(tmp_path):
    async with Harness(database_path=tmp_path / "gff.sqlite3") as h:
        with h.expect_error("lost hold of its tables"):
            h.bot.tables_lost()
            h.bot.tables_lost()  # said twice, it stops once
            await h.bot._stopping
        assert h.bot.is_closed()
        assert h.bot.exit_status == 5
