"""A developer's `.env` and shell change nothing in a test: settings built in code read
only the values they are given, and the test run itself is shielded."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bot.settings import Settings
from tests.harness import Harness

ROOT = Path(__file__).resolve().parents[2]

# Every setting, each far from its default, as a developer's house settings might be.
HOSTILE = {
    "DISCORD_TOKEN": "a-real-looking-token",
    "DATABASE_PATH": "somewhere/else.sqlite3",
    "DATABASE_URL": "postgresql://someone:secret@elsewhere/chips",
    "DEV_GUILD_ID": "123456789",
    "LOG_LEVEL": "DEBUG",
    "DEFAULT_STAKE": "25",
    "DEFAULT_BUY_IN_STAKES": "7",
    "STARTING_CHIPS": "500",
    "DAILY_CHIPS": "5",
    "TURN_SECONDS": "30",
    "TABLE_EDIT_SECONDS": "7",
    "TURN_PING_SECONDS": "40",
    "PICTURES": "true",
    "SHARD_COUNT": "4",
    "SHARD_IDS": "1-2",
}
DEFAULTS = {
    "discord_token": None,
    "database_path": Path("data/gff.sqlite3"),
    "database_url": None,
    "dev_guild_id": None,
    "log_level": "INFO",
    "default_stake": 10,
    "default_buy_in_stakes": 20,
    "starting_chips": 1000,
    "daily_chips": 200,
    "turn_seconds": 60,
    "table_edit_seconds": 1.0,
    "turn_ping_seconds": 5.0,
    "pictures": False,
    "shard_count": None,
    "shard_ids": None,
}


def hostile_env_file(folder: Path) -> None:
    lines = [f"{name}={value}" for name, value in HOSTILE.items()]
    (folder / ".env").write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_every_variable_is_one_of_the_settings():
    assert {name.lower() for name in HOSTILE} == set(Settings.model_fields)


def test_settings_from_values_read_neither_env_file_nor_environment(tmp_path, monkeypatch):
    hostile_env_file(tmp_path)
    monkeypatch.chdir(tmp_path)
    for name, value in HOSTILE.items():
        monkeypatch.setenv(name, value)
    assert Settings.from_values().model_dump() == DEFAULTS
    assert Settings.from_values(turn_seconds=90).turn_seconds == 90


async def test_a_harness_table_plays_with_the_defaults_whatever_the_env(tmp_path, monkeypatch):
    hostile_env_file(tmp_path)
    monkeypatch.chdir(tmp_path)
    for name, value in HOSTILE.items():
        monkeypatch.setenv(name, value)
    async with Harness(database_path=tmp_path / "gff.sqlite3") as h:
        alice = h.user("alice")
        await h.slash(alice, "gff rules")
        fields = {f["name"]: f["value"] for f in h.last_response(alice).embed["fields"]}
        assert h.settings.dev_guild_id is None
        assert h.settings.token() == "harness-token"
        assert h.bot.house_defaults().starting_chips == 1000
        assert h.recorder.guild_commands == {}  # synced globally, not to DEV_GUILD_ID
    assert "stake 10 chips" in fields["Table settings"]
    assert "buy-in 20 stakes" in fields["Table settings"]
    assert "60 seconds a turn" in fields["Table settings"]


def test_the_test_run_sees_none_of_the_bots_variables_and_no_env_file():
    assert not [name for name in os.environ if name.lower() in Settings.model_fields]
    assert Path.cwd() != ROOT
    assert not Path(".env").exists()


def test_tests_pass_in_a_folder_with_a_hostile_env_file_and_environment(tmp_path):
    hostile_env_file(tmp_path)
    env = {**os.environ, **HOSTILE, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [
            sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
            "--rootdir", str(ROOT), "-c", str(ROOT / "pyproject.toml"),
            str(ROOT / "tests/discord/test_settings.py"),
            str(ROOT / "tests/discord/test_rules.py"),
        ],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert " passed" in done.stdout and "failed" not in done.stdout
