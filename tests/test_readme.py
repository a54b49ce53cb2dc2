"""What the README (the front page) and the docs it sends readers to say matches what the
bot does: the quick start's invite and log lines, the commands, the settings, the exit
statuses, and each game's buy-in."""

from __future__ import annotations

import importlib
import logging
import re
from pathlib import Path

import discord

from bot.settings import Settings
from engine import games
from tests.harness import Harness

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS = ROOT / "docs"
MOST_LINES = 300  # the front page fits on a few screens; the rest is in docs/
# What the README says the invite grants, in discord.py's names.
GRANTED = {
    "View Channel": "view_channel",
    "Send Messages": "send_messages",
    "Send Messages in Threads": "send_messages_in_threads",
    "Embed Links": "embed_links",
    "Attach Files": "attach_files",
    "Read Message History": "read_message_history",
}
# The quick start's examples: any id, any bot name. It is read before the bot is invited
# (step 4), so it shows 0 servers, where the harness's bot is on one.
EXAMPLE_ID = "123456789012345678"
EXAMPLE_NAME = "YourBot#1234"
NOT_YET_INVITED = "in 0 servers"
# The modules whose EXIT_* constants are `python -m bot`'s exit statuses (and the shard
# launcher's); 0 (stopped) and 1 (something unexpected) are Python's own.
EXIT_MODULES = ("bot.__main__", "bot.client", "bot.launcher")


def section(text: str, heading: str) -> str:
    """The text under a `## heading`, up to the next heading of that level."""
    start = text.index(f"\n## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end != -1 else None]


def table_rows(text: str) -> list[list[str]]:
    """The cells of each body row of the markdown tables in `text` (not their headers)."""
    lines = text.splitlines()
    separator = re.compile(r"^\|\s*:?-")
    return [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line, after in zip(lines, [*lines[1:], ""], strict=True)
        if line.startswith("|") and not separator.match(line) and not separator.match(after)
    ]


def logged(caplog, logger: str) -> list[str]:
    return [record.getMessage() for record in caplog.records if record.name == logger]


def as_pattern(line: str) -> str:
    """A quoted log line as a pattern: its examples match any id, name and server count;
    every other word and number must be what the bot logs."""
    pattern = re.escape(line)
    pattern = pattern.replace(re.escape(EXAMPLE_NAME), r"\S+")
    pattern = pattern.replace(re.escape(EXAMPLE_ID), r"\d+")
    return pattern.replace(re.escape(NOT_YET_INVITED), r"in\ \d+\ servers")


def test_the_front_page_fits_on_a_screen_or_so():
    assert len(README.splitlines()) <= MOST_LINES


def test_the_invite_link_grants_exactly_the_permissions_it_names():
    [number] = set(re.findall(r"&permissions=(\d+)", README))
    granted = discord.Permissions(**dict.fromkeys(GRANTED.values(), True))
    assert int(number) == granted.value
    sentence = re.search(rf"`{number}` grants ([^.]+)\.", README.replace("\n   ", " "))
    named = re.split(r", | and ", sentence.group(1))
    assert set(named) == set(GRANTED)


async def test_the_log_lines_the_quick_start_quotes_are_what_the_bot_logs(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="bot")
    async with Harness(database_path=tmp_path / "gff.sqlite3", dev_guild=True):
        pass
    quoted = re.findall(r"INFO    (bot\.[a-z_]+): (.+)", README)
    assert [logger for logger, _ in quoted] == ["bot.command_sync", "bot.client"]
    for logger, line in quoted:
        messages = logged(caplog, logger)
        assert any(re.fullmatch(as_pattern(line), m) for m in messages), (line, messages)


async def test_the_global_sync_and_a_later_start_log_what_the_quick_start_says(
    tmp_path, caplog
):
    caplog.set_level(logging.INFO, logger="bot")
    [synced] = re.findall(r"`(Synced \d+ commands \(global[^`]*\))`", README)
    [unchanged] = re.findall(r"`(Commands unchanged[^`]*)`", README)
    async with Harness(database_path=tmp_path / "gff.sqlite3") as h:
        assert synced in logged(caplog, "bot.command_sync")
        caplog.clear()
        await h.restart()
        assert any(m.startswith(unchanged) for m in logged(caplog, "bot.command_sync"))


async def test_the_command_table_lists_every_command_the_bot_has(tmp_path):
    async with Harness(database_path=tmp_path / "gff.sqlite3") as h:
        synced = {command["name"]: command for command in h.commands}
    commands = [row[0] for row in table_rows(section(README, "Commands"))]
    shown = {re.match(r"`/(<game>|[a-z]+)", cell).group(1) for cell in commands}
    game_commands = {name for name in synced if name in games.GAMES}
    assert game_commands == set(games.GAMES)
    assert shown == {"<game>"} | (set(synced) - game_commands)
    # Every game's group has the same subcommands, and the table shows each of them.
    for game in game_commands:
        subcommands = {option["name"] for option in synced[game]["options"]}
        assert set(re.findall(r"`/<game> ([a-z]+)", " ".join(commands))) == subcommands
    bankroll = next(cell for cell in commands if cell.startswith("`/bankroll"))
    assert bankroll == "`/bankroll " + " ".join(
        f"[{option['name']}]" for option in synced["bankroll"].get("options", [])
    ) + "`"


def test_every_exit_status_is_in_the_start_up_table():
    statuses = {0, 1}
    for name in EXIT_MODULES:
        module = importlib.import_module(name)
        statuses |= {value for key, value in vars(module).items()
                     if key.startswith("EXIT_") and isinstance(value, int)}
    rows = table_rows(section(README, "Start-up problems"))
    # A status may have several rows, one for each cause a reader can look up.
    assert {int(row[0]) for row in rows} == statuses


def test_every_setting_is_in_the_settings_table_with_its_default_and_bounds():
    rows = {row[0].strip("`"): row for row in table_rows(section(README, "Settings"))}
    assert set(rows) == {name.upper() for name in Settings.model_fields}
    for name, field in Settings.model_fields.items():
        _, default, allowed = rows[name.upper()]
        if field.default is None:
            assert default.startswith(("empty", "none")), name
        else:
            value = field.default
            shown = str(value).lower() if isinstance(value, bool) else str(value)
            shown = shown.removesuffix(".0")
            assert f"`{shown}`" in default, name
        low = next((m.ge for m in field.metadata if hasattr(m, "ge")), None)
        high = next((m.le for m in field.metadata if hasattr(m, "le")), None)
        if low is not None and high is not None:
            assert f"{low:,} to {high:,}" in allowed, name
        elif low is not None:
            assert f"at least {low:,}" in allowed, name


def test_the_buy_in_is_explained_for_every_game():
    """The README names each game that needs more than the least DEFAULT_BUY_IN_STAKES,
    and the admin page gives every game's least buy-in, in the hall's order."""
    row = next(row for row in table_rows(section(README, "Settings"))
               if row[0] == "`DEFAULT_BUY_IN_STAKES`")
    field = Settings.model_fields["default_buy_in_stakes"]
    least = next(m.ge for m in field.metadata if hasattr(m, "ge"))
    for game in games.GAMES.values():
        needs = game.info.stakes_to_buy_in
        if needs > least:
            assert re.search(rf"\b{game.info.name}\b[^|]*\bneeds {needs}\b", row[2]), game.info.id
    assert "docs/admin.md#stakes-and-buy-ins" in row[2]

    admin = section((DOCS / "admin.md").read_text(encoding="utf-8"), "Stakes and buy-ins")
    found = [
        (re.search(r"\(games/([a-z]+)\.md\)", game).group(1),
         int(re.match(r"(\d+) stakes?\b", buy_in).group(1)))
        for game, _, buy_in in table_rows(admin)
    ]
    assert found == [(game.info.id, game.info.stakes_to_buy_in) for game in games.GAMES.values()]


def test_the_front_page_and_the_docs_name_the_make_targets_and_the_licence():
    for words in ("make run", "make test", "cp .env.example .env", "/gff join", "git pull",
                  "about 5 minutes", "no network"):
        assert words in README, words
    development = (DOCS / "development.md").read_text(encoding="utf-8")
    for words in ("make lock", "make bench", "make test", "make lint"):
        assert words in development, words
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert "MIT" in README


def test_every_game_has_its_page_linking_its_rules():
    for game_id in games.GAMES:
        page = (DOCS / "games" / f"{game_id}.md").read_text(encoding="utf-8")
        assert f"](../rules/{game_id}.md)" in page, game_id
