from __future__ import annotations

from pathlib import Path

import pytest

from bot.settings import Settings, SettingsError, load_settings


def test_defaults_match_the_documented_ones():
    settings = Settings.from_values()
    assert settings.discord_token is None
    assert settings.database_path == Path("data/gff.sqlite3")
    assert settings.dev_guild_id is None
    assert settings.log_level == "INFO"
    assert (settings.default_stake, settings.default_buy_in_stakes) == (10, 20)
    assert (settings.starting_chips, settings.daily_chips, settings.turn_seconds) == (1000, 200, 60)
    assert settings.table_edit_seconds == 1
    assert settings.turn_ping_seconds == 5


@pytest.mark.parametrize(
    ("name", "value", "allowed"),
    [
        ("turn_seconds", 14, "from 15 to 600"),
        ("turn_seconds", 601, "from 15 to 600"),
        ("turn_seconds", "soon", "from 15 to 600"),
        ("table_edit_seconds", -1, "from 0 to 10"),
        ("table_edit_seconds", 11, "from 0 to 10"),
        ("turn_ping_seconds", -1, "from 0 to 60"),
        ("turn_ping_seconds", 61, "from 0 to 60"),
        ("default_stake", 0, "at least 1"),
        # GFF-2.4: fewer than 4 stakes cannot post all three pots and keep a reserve.
        ("default_buy_in_stakes", 3, "at least 4"),
        ("starting_chips", -1, "0 or more"),
        ("daily_chips", -5, "0 or more"),
        ("log_level", "LOUD", "DEBUG, INFO, WARNING, ERROR"),
        ("dev_guild_id", "my-server", "server id"),
    ],
)
def test_a_bad_value_names_the_setting_and_what_it_accepts(name, value, allowed):
    with pytest.raises(SettingsError) as caught:
        Settings.from_values(**{name: value})
    message = str(caught.value)
    assert name.upper() in message
    assert allowed in message
    assert "\n" not in message


def test_every_bad_setting_is_reported_at_once():
    with pytest.raises(SettingsError) as caught:
        Settings.from_values(default_stake=0, turn_seconds=1)
    lines = str(caught.value).splitlines()
    assert [line.split()[2] for line in lines] == ["DEFAULT_STAKE", "TURN_SECONDS"]


def test_the_token_is_never_echoed_in_a_message():
    with pytest.raises(SettingsError) as caught:
        Settings.from_values(discord_token=12345)
    assert "12345" not in str(caught.value)


def test_log_level_is_case_insensitive():
    assert Settings.from_values(log_level="debug").log_level == "DEBUG"


def test_a_missing_token_says_where_to_get_one():
    with pytest.raises(SettingsError) as caught:
        Settings.from_values().token()
    lines = str(caught.value).splitlines()
    assert len(lines) == 3
    assert lines[0].startswith("DISCORD_TOKEN is not set")
    assert "https://discord.com/developers/applications" in lines[1]
    assert "Reset Token" in lines[1]
    assert ".env" in lines[2] and "DISCORD_TOKEN=" in lines[2]


def test_a_blank_token_counts_as_missing():
    with pytest.raises(SettingsError, match="DISCORD_TOKEN is not set"):
        Settings.from_values(discord_token="   ").token()


def test_unknown_names_in_code_are_a_programming_error():
    with pytest.raises(TypeError, match="turn_secs"):
        Settings.from_values(turn_secs=30)


def test_load_settings_reads_env_file_and_environment(tmp_path, monkeypatch):
    env_file = tmp_path / ".env"
    env_file.write_text("DISCORD_TOKEN=abc\nDEFAULT_STAKE=25\nDEV_GUILD_ID=\n", encoding="utf-8")
    monkeypatch.setenv("TURN_SECONDS", "90")
    monkeypatch.delenv("DEFAULT_STAKE", raising=False)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    settings = load_settings(env_file)
    assert settings.token() == "abc"
    assert settings.default_stake == 25
    assert settings.turn_seconds == 90
    # An empty line in .env means "not set", not "invalid".
    assert settings.dev_guild_id is None


def test_load_settings_turns_a_bad_env_value_into_a_settings_error(tmp_path, monkeypatch):
    monkeypatch.setenv("TURN_SECONDS", "5")
    with pytest.raises(SettingsError, match="TURN_SECONDS"):
        load_settings(tmp_path / "missing.env")


def test_by_default_one_process_runs_every_shard():
    settings = Settings.from_values()
    assert (settings.shard_count, settings.shard_ids, settings.shards) == (None, None, None)
    assert settings.database_url is None


@pytest.mark.parametrize(
    ("written", "ids"),
    [("0-3", (0, 1, 2, 3)), ("0,2,5", (0, 2, 5)), ("6, 0-1", (0, 1, 6)), ("3", (3,))],
)
def test_shard_ids_are_read_as_ranges_and_lists(written, ids):
    settings = Settings.from_values(shard_count=8, shard_ids=written)
    assert settings.shard_ids == ids
    assert settings.shards.ids == ids and settings.shards.count == 8


@pytest.mark.parametrize(
    ("values", "named"),
    [
        ({"shard_count": 4}, "SHARD_IDS"),  # both or neither
        ({"shard_ids": "0-1"}, "SHARD_IDS"),
        ({"shard_count": 4, "shard_ids": "2-5"}, "SHARD_IDS"),  # 4 and 5 are not below 4
        ({"shard_count": 4, "shard_ids": "3-1"}, "SHARD_IDS"),
        ({"shard_count": 4, "shard_ids": "one"}, "SHARD_IDS"),
        ({"shard_count": 4, "shard_ids": "0,"}, "SHARD_IDS"),
        ({"shard_count": 0, "shard_ids": "0"}, "SHARD_COUNT"),
    ],
)
def test_bad_shard_settings_are_refused_with_one_line(values, named):
    with pytest.raises(SettingsError) as caught:
        Settings.from_values(**values)
    message = str(caught.value)
    assert message.startswith(f"Bad setting {named}")
    assert "0-3 or 0,2,5" in message or "at least 1" in message
    assert "\n" not in message


def test_shard_settings_are_read_from_the_environment_as_written(tmp_path, monkeypatch):
    monkeypatch.setenv("SHARD_COUNT", "6")
    monkeypatch.setenv("SHARD_IDS", "0,2-3")
    settings = load_settings(tmp_path / "missing.env")
    assert settings.shards is not None
    assert (settings.shards.ids, settings.shards.count) == ((0, 2, 3), 6)
