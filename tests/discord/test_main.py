"""`python -m bot` as an operator runs it, in a clean environment and an empty directory."""

from __future__ import annotations

import asyncio
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
from bot.settings import Settings
from bot.startup import CannotStart, open_store
from bot.store import GuildSettings, Store
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


def a_bot_database(path: Path) -> Path:
    async def make() -> None:
        await (await Store.open(path)).close()

    asyncio.run(make())
    return path


def test_an_existing_database_and_an_empty_file_pass_the_check(tmp_path):
    a_bot_database(tmp_path / "old.sqlite3")
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


# --- the store is opened and checked before the login -------------------------------------

OPEN_AT_LOGIN = textwrap.dedent(
    """
    import sys
    import discord
    from bot import __main__ as entry
    from bot.client import HallBot

    async def login(self, token):
        print("store open at login:", getattr(self, "store", None) is not None, flush=True)
        raise discord.LoginFailure("Improper token has been passed.")

    HallBot.login = login
    sys.exit(entry.main())
    """
)


def test_the_store_is_open_before_the_bot_logs_in(tmp_path):
    done = run_python(OPEN_AT_LOGIN, tmp_path, DISCORD_TOKEN="abc")
    assert done.returncode == 2, done.stderr
    assert done.stdout.splitlines() == ["store open at login: True"]
    assert (tmp_path / "data" / "gff.sqlite3").stat().st_size > 0  # made and migrated


def with_filler(path: Path) -> bytes:
    """A bot's database with a few hundred pages in it, as bytes."""
    a_bot_database(path)
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE filler (x BLOB)")
    db.executemany("INSERT INTO filler VALUES (?)", [(bytes(3000),)] * 300)
    db.commit()
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    return path.read_bytes()


def truncated(path: Path) -> None:
    data = with_filler(path)
    path.write_bytes(data[: len(data) // 2])


def a_page_overwritten(path: Path) -> None:
    data = bytearray(with_filler(path))
    middle = len(data) // 2 // 4096 * 4096
    data[middle : middle + 4096] = b"\xff" * 4096
    path.write_bytes(bytes(data))


def a_header_overwritten(path: Path) -> None:
    data = bytearray(with_filler(path))
    data[16:100] = b"\x07" * 84  # the "SQLite format 3" magic stays, the rest is noise
    path.write_bytes(bytes(data))


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        (truncated, "database disk image is malformed"),
        (a_page_overwritten, "database disk image is malformed"),
        (a_header_overwritten, "file is not a database"),
    ],
)
def test_a_damaged_database_exits_2_before_login_saying_what_to_do(tmp_path, damage, said):
    damage(tmp_path / "gff.sqlite3")
    done = run_python(
        NO_ROUTE.format(port=closed_port()), tmp_path, DISCORD_TOKEN="abc",
        DATABASE_PATH="gff.sqlite3",
    )
    assert done.returncode == 2, done.stderr
    first, second = done.stderr.splitlines()
    assert first.startswith(f"The database at DATABASE_PATH (gff.sqlite3) is damaged: {said}")
    assert second == (
        'Restore the last backup of it, or save what it still holds with sqlite3 gff.sqlite3'
        ' ".recover" | sqlite3 gff.recovered.sqlite3 and set DATABASE_PATH to the new file.'
    )


def test_another_programs_sqlite_file_exits_2_before_login_and_is_left_alone(tmp_path):
    theirs = sqlite3.connect(tmp_path / "theirs.sqlite3")
    theirs.executescript("CREATE TABLE wallets (x); CREATE TABLE notes (y);")
    theirs.close()
    done = run_python(
        NO_ROUTE.format(port=closed_port()), tmp_path, DISCORD_TOKEN="abc",
        DATABASE_PATH="theirs.sqlite3",
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [
        "The file at DATABASE_PATH (theirs.sqlite3) is another program's SQLite database: it"
        " holds tables of its own (notes, wallets) and none of this bot's. Choose another"
        " path for the bot's database, or move that file away."
    ]
    theirs = sqlite3.connect(tmp_path / "theirs.sqlite3")
    tables = theirs.execute("SELECT name FROM sqlite_master ORDER BY name").fetchall()
    theirs.close()
    assert tables == [("notes",), ("wallets",)]


def test_a_path_that_looks_writable_but_cannot_be_opened_exits_2_before_login(tmp_path):
    # As root, /proc passes every permission check and still takes no new file.
    done = run_python(
        NO_ROUTE.format(port=closed_port()), tmp_path, DISCORD_TOKEN="abc",
        DATABASE_PATH="/proc/gff.sqlite3",
    )
    assert done.returncode == 2, done.stderr
    [line] = done.stderr.splitlines()
    assert line.startswith("Bad setting DATABASE_PATH (got '/proc/gff.sqlite3'): ")


async def test_a_file_sqlite_cannot_open_is_a_sentence_naming_database_path():
    settings = Settings.from_values(database_path=Path("/proc/gff.sqlite3"))
    with pytest.raises(CannotStart) as caught:
        await open_store(settings, GuildSettings())
    assert str(caught.value) == (
        "Bad setting DATABASE_PATH (got '/proc/gff.sqlite3'): SQLite cannot open a file there"
        " (unable to open database file); choose a path on a disk this user can write to."
    )


# --- one process per SQLite file ------------------------------------------------------------


def test_a_second_bot_on_the_same_sqlite_file_is_refused_until_the_first_stops(tmp_path):
    first = subprocess.Popen(
        [sys.executable, "-c", STAND_IN], cwd=tmp_path, env=clean_env(DISCORD_TOKEN="abc"),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8",
    )
    try:
        assert first.stdout.readline().strip() == "connected"
        second = run_python(NO_ROUTE.format(port=closed_port()), tmp_path, DISCORD_TOKEN="abc")
        assert second.returncode == 2, second.stderr
        assert second.stderr.splitlines() == [
            f"Another bot process (process {first.pid}) is running on DATABASE_PATH"
            " (data/gff.sqlite3): stop it first. One SQLite file serves one process; several"
            " need PostgreSQL (DATABASE_URL)."
        ]
        # Another file in the same folder is another bot's.
        other = run_python(
            NO_ROUTE.format(port=closed_port()), tmp_path, DISCORD_TOKEN="abc",
            DATABASE_PATH="data/other.sqlite3",
        )
        assert other.returncode == 3, other.stderr  # got as far as the login
        first.send_signal(signal.SIGTERM)
        first.communicate(timeout=30)
    finally:
        first.kill()
    assert first.returncode == 0
    # The lock went with the process: the next bot starts.
    third = run_python(NO_ROUTE.format(port=closed_port()), tmp_path, DISCORD_TOKEN="abc")
    assert third.returncode == 3, third.stderr


# --- .env and the names in it ------------------------------------------------------------------


def test_an_env_file_that_is_not_utf8_exits_2_with_one_line(tmp_path):
    (tmp_path / ".env").write_bytes(b"DISCORD_TOKEN=abc\nDEFAULT_STAKE=\xe9\xff\n")
    done = run_bot(tmp_path)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "Cannot read .env: line 2 is not UTF-8 text. Save the file as UTF-8 (plain text) and"
        " start the bot again."
    ]


def test_an_env_file_that_cannot_be_read_exits_2_with_one_line(tmp_path):
    (tmp_path / ".env").mkdir()
    done = run_bot(tmp_path, DISCORD_TOKEN="abc")
    assert done.returncode == 2
    assert done.stderr.splitlines() == ["Cannot read .env: it is a folder, not a file."]


def test_a_mistyped_setting_is_warned_of_and_the_bot_starts(tmp_path):
    (tmp_path / ".env").write_text("DISCORD_TOKEN=abc\nDEFAULT_STAK=5\n", encoding="utf-8")
    done = run_python(NO_ROUTE.format(port=closed_port()), tmp_path, TURN_SECOND="90")
    assert done.returncode == 3, done.stderr  # a warning, not a refusal: on to the login
    assert done.stderr.splitlines()[:2] == [
        "Warning: DEFAULT_STAK in .env is not a setting of this bot, so it is ignored;"
        " did you mean DEFAULT_STAKE?",
        "Warning: TURN_SECOND in the environment is not a setting of this bot, so it is"
        " ignored; did you mean TURN_SECONDS?",
    ]


# --- settings that cannot work together, or that the store cannot hold ------------------------


@pytest.mark.parametrize(
    ("env", "said"),
    [
        (
            {"STARTING_CHIPS": "100"},
            "Bad setting STARTING_CHIPS (got 100): it must be at least a new table's buy-in,"
            " DEFAULT_STAKE × DEFAULT_BUY_IN_STAKES = 10 × 20 = 200 chips, or no new player"
            " could join a table.",
        ),
        (
            {"DEFAULT_STAKE": "99999999999999999999999"},
            "Bad setting DEFAULT_STAKE (got '99999999999999999999999'): it must be a whole"
            " number of chips from 1 to 1,000,000.",
        ),
    ],
)
def test_settings_that_cannot_work_exit_2_with_the_bound(tmp_path, env, said):
    done = run_bot(tmp_path, DISCORD_TOKEN="abc", **env)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [said]


# --- usage ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help_prints_the_usage_and_exits_0(tmp_path, flag):
    done = subprocess.run(
        [sys.executable, "-m", "bot", flag], cwd=tmp_path, env=clean_env(),
        capture_output=True, text=True, encoding="utf-8", timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.splitlines()[:2] == [
        "usage: python -m bot",
        "       python -m bot --shards A-B --shard-count N",
    ]
    assert "from the environment and from .env" in done.stdout
    assert "Exit status: 0 stopped; 2 a setting or file to fix" in done.stdout
