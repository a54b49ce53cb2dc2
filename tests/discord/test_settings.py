from __future__ import annotations

from pathlib import Path

import pytest

from bot import bounds
from bot.settings import Settings, SettingsError, load_settings, unknown_names
from bot.store.sql import GUILD_SETTING_RANGES


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
        ("default_stake", 0, "from 1 to 1,000,000"),
        # More than the store or /config takes: refused at start, not in front of players.
        ("default_stake", 99999999999999999999999, "from 1 to 1,000,000"),
        ("default_stake", 1_000_001, "from 1 to 1,000,000"),
        # GFF-2.4: fewer than 4 stakes cannot post all three pots and keep a reserve.
        ("default_buy_in_stakes", 3, "from 4 to 1,000"),
        ("default_buy_in_stakes", 1001, "from 4 to 1,000"),
        ("starting_chips", -1, "from 0 to 1,000,000,000"),
        ("starting_chips", 10**9 + 1, "from 0 to 1,000,000,000"),
        ("daily_chips", -5, "from 0 to 1,000,000,000"),
        ("daily_chips", 2**63, "from 0 to 1,000,000,000"),
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
    assert "None" not in message


def test_a_shard_setting_without_the_other_says_which_is_missing(tmp_path, monkeypatch):
    monkeypatch.setenv("SHARD_COUNT", "4")
    with pytest.raises(SettingsError) as caught:
        load_settings(tmp_path / "missing.env")
    assert str(caught.value) == (
        "Bad setting SHARD_IDS: it is not set, but SHARD_COUNT is (4); set both (SHARD_COUNT"
        " the bot's shards in all, SHARD_IDS this process's, such as 0-3 or 0,2,5, each below"
        " SHARD_COUNT) or neither."
    )
    monkeypatch.delenv("SHARD_COUNT")
    monkeypatch.setenv("SHARD_IDS", "0-1")
    with pytest.raises(SettingsError) as caught:
        load_settings(tmp_path / "missing.env")
    assert str(caught.value).startswith(
        "Bad setting SHARD_IDS: it is set (shards 0, 1), but SHARD_COUNT is not; set both"
    )


def test_shard_settings_are_read_from_the_environment_as_written(tmp_path, monkeypatch):
    monkeypatch.setenv("SHARD_COUNT", "6")
    monkeypatch.setenv("SHARD_IDS", "0,2-3")
    settings = load_settings(tmp_path / "missing.env")
    assert settings.shards is not None
    assert (settings.shards.ids, settings.shards.count) == ((0, 2, 3), 6)


def test_starting_chips_below_a_new_tables_buy_in_are_refused_with_the_bound():
    # Every newcomer's first join would be refused: they could never play.
    with pytest.raises(SettingsError) as caught:
        Settings.from_values(default_stake=10, default_buy_in_stakes=20, starting_chips=199)
    assert str(caught.value) == (
        "Bad setting STARTING_CHIPS (got 199): it must be at least a new table's buy-in,"
        " DEFAULT_STAKE × DEFAULT_BUY_IN_STAKES = 10 × 20 = 200 chips, or no new player"
        " could join a table."
    )
    with pytest.raises(SettingsError, match="STARTING_CHIPS"):
        Settings.from_values(default_stake=100)  # 100 × 20 = 2,000 > the default 1,000
    assert Settings.from_values(starting_chips=200).starting_chips == 200


# Settings far from the combination refused above, so that only the bound is tested.
ROOMY = {"default_stake": 1, "default_buy_in_stakes": 4, "starting_chips": 10**9}
BOUNDED = [
    ("default_stake", bounds.STAKE, "stake"),
    ("default_buy_in_stakes", bounds.BUY_IN_STAKES, "buy_in_stakes"),
    ("starting_chips", bounds.STARTING_CHIPS, "starting_chips"),
    ("daily_chips", bounds.DAILY_CHIPS, "daily_chips"),
    ("turn_seconds", bounds.TURN_SECONDS, "turn_seconds"),
]


@pytest.mark.parametrize(("field", "bound", "server_setting"), BOUNDED)
def test_each_setting_has_the_bound_the_store_and_config_have(field, bound, server_setting):
    assert getattr(Settings.from_values(**{**ROOMY, field: bound.high}), field) == bound.high
    for bad in (bound.low - 1, bound.high + 1):
        with pytest.raises(SettingsError, match=f"Bad setting {field.upper()}"):
            Settings.from_values(**{**ROOMY, field: bad})
    assert GUILD_SETTING_RANGES[server_setting][1:] == (bound.low, bound.high)


def test_the_largest_buy_in_leaves_the_stores_integers_room_for_a_tables_pots():
    largest_buy_in = bounds.STAKE.high * bounds.BUY_IN_STAKES.high
    assert largest_buy_in <= bounds.STARTING_CHIPS.high  # a newcomer can be given one
    assert largest_buy_in * 1_000_000 < bounds.MAX_INT64  # a million seats' worth


def test_an_env_file_that_is_not_utf8_is_one_line(tmp_path):
    env_file = tmp_path / ".env"
    env_file.write_bytes(b"DISCORD_TOKEN=abc\nDEFAULT_STAKE=\xe9\xff\n")
    with pytest.raises(SettingsError) as caught:
        load_settings(env_file)
    assert str(caught.value) == (
        f"Cannot read {env_file}: line 2 is not UTF-8 text. Save the file as UTF-8"
        " (plain text) and start the bot again."
    )


def test_an_env_file_that_cannot_be_read_is_one_line(tmp_path, monkeypatch):
    folder = tmp_path / ".env"
    folder.mkdir()
    with pytest.raises(SettingsError) as caught:
        load_settings(folder)
    assert str(caught.value) == f"Cannot read {folder}: it is a folder, not a file."

    env_file = tmp_path / "other.env"
    env_file.write_text("DISCORD_TOKEN=abc\n", encoding="utf-8")

    def refused(self):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "read_bytes", refused)  # root reads any file: a stand-in
    with pytest.raises(SettingsError) as caught:
        load_settings(env_file)
    assert str(caught.value) == f"Cannot read {env_file}: Permission denied."


def test_an_env_file_saved_with_a_byte_order_mark_is_read(tmp_path):
    env_file = tmp_path / ".env"
    env_file.write_bytes("DISCORD_TOKEN=abc\nDEFAULT_STAKE=25\n".encode("utf-8-sig"))
    settings = load_settings(env_file)
    assert settings.token() == "abc" and settings.default_stake == 25
    assert unknown_names(env_file, environ={}) == []


def test_a_name_that_is_not_a_setting_is_warned_of_with_the_closest(tmp_path):
    env_file = tmp_path / ".env"
    env_file.write_text(
        "DEFAULT_STAK=5\nturn_seconds=90\nPOSTGRES_PASSWORD=x\n", encoding="utf-8"
    )
    # The environment holds other programs' names: only one close to a setting's is named.
    environ = {"STARTNG_CHIPS": "5", "PATH": "/bin", "DATABASE": "x", "SHARDS": "2",
               "LOG_LEVEL": "INFO", "HOME": "/root"}
    assert unknown_names(env_file, environ) == [
        f"DEFAULT_STAK in {env_file} is not a setting of this bot, so it is ignored;"
        " did you mean DEFAULT_STAKE?",
        f"POSTGRES_PASSWORD in {env_file} is not a setting of this bot, so it is ignored"
        " (.env.example lists them).",
        "STARTNG_CHIPS in the environment is not a setting of this bot, so it is ignored;"
        " did you mean STARTING_CHIPS?",
    ]
    assert unknown_names(tmp_path / "missing.env", {"HOME": "/root"}) == []


def comment_above(lines: list[str], name: str) -> str:
    at = next(i for i, line in enumerate(lines) if line.startswith(f"{name}="))
    above = []
    for line in reversed(lines[:at]):
        if not line.startswith("#"):
            break
        above.insert(0, line.lstrip("# "))
    return " ".join(above)


def test_env_example_holds_only_settings_and_explains_stakes_for_every_game():
    example = Path(__file__).resolve().parents[2] / ".env.example"
    assert unknown_names(example, environ={}) == []
    assert load_settings(example) == Settings.from_values()  # the defaults, as written
    lines = example.read_text(encoding="utf-8").splitlines()
    stake = comment_above(lines, "DEFAULT_STAKE")
    buy_in = comment_above(lines, "DEFAULT_BUY_IN_STAKES")
    assert "every game" in stake and "1 to 1,000,000" in stake
    assert "pots" not in buy_in and "4 to 1,000" in buy_in
    assert "DEFAULT_STAKE × DEFAULT_BUY_IN_STAKES" in comment_above(lines, "STARTING_CHIPS")
