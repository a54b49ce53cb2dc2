"""`python -m bot` as an operator runs it, in a clean environment and an empty directory."""

from __future__ import annotations

import gc
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

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


# Runs main() with Discord's login and gateway replaced, so only the shutdown path is real.
STAND_IN = textwrap.dedent(
    """
    import asyncio, sys
    from bot import __main__ as entry
    from bot.client import GffBot

    async def login(self, token):
        pass

    async def connect(self, *, reconnect=True):
        print("connected", flush=True)
        while not self.is_closed():
            await asyncio.sleep(0.01)

    GffBot.login, GffBot.connect = login, connect
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
