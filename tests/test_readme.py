"""What the README's quick start tells a newcomer matches what the bot does."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import discord

from tests.harness import Harness

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
# What the README says the invite grants, in discord.py's names.
GRANTED = {
    "View Channel": "view_channel",
    "Send Messages": "send_messages",
    "Send Messages in Threads": "send_messages_in_threads",
    "Embed Links": "embed_links",
    "Attach Files": "attach_files",
    "Read Message History": "read_message_history",
}


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
    assert len(quoted) == 2
    for logger, line in quoted:
        logged = [r.getMessage() for r in caplog.records if r.name == logger]
        # The README's names and ids are examples: any name, any id.
        pattern = re.escape(line.replace("YourBot#1234", "NAME"))
        pattern = re.sub(r"\d+", r"\\d+", pattern).replace("NAME", r"\S+")
        assert any(re.fullmatch(pattern, message) for message in logged), (line, logged)


def test_the_quick_start_names_the_make_targets_and_the_licence():
    for words in ("make run", "make test", "make lock", "cp .env.example .env", "/gff join"):
        assert words in README
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert "MIT" in README
