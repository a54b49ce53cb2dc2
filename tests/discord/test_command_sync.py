"""Commands are synced only when they changed, in one scope, and a failed sync is survived."""

from __future__ import annotations

import json
import logging

import discord
import pytest
from discord import app_commands

from bot.command_sync import record_path
from bot.settings import Settings
from engine import games
from tests.harness import Harness, every_command

GLOBAL_PATH = r"/applications/\d+/commands$"


def syncs(h: Harness) -> list[tuple[str, list[str]]]:
    """Each bulk overwrite of commands: where ("global" or a server id) and the names sent."""
    found = []
    for request in h.recorder.requests:
        if request.method != "PUT" or not request.path.endswith("/commands"):
            continue
        parts = request.path.split("/")
        scope = parts[4] if "guilds" in parts else "global"
        found.append((scope, [command["name"] for command in request.body]))
    return found


def use_dev_guild(h: Harness, on: bool) -> None:
    values = h.settings.model_dump()
    values["dev_guild_id"] = h.guild_id if on else None
    h.settings = Settings.from_values(**values)


def recorded(h: Harness) -> dict[str, str]:
    return json.loads(record_path(h.settings.database_path).read_text())["synced"]


ALL = every_command()


@pytest.fixture
async def booted(tmp_path):
    async with Harness(database_path=tmp_path / "gff.sqlite3") as h:
        yield h


async def test_an_unchanged_tree_is_not_synced_again(booted):
    h = booted
    assert syncs(h) == [("global", ALL)]
    assert set(recorded(h)) == {"global"}
    await h.restart()
    await h.restart()
    assert syncs(h) == [("global", ALL)]  # no call at either restart
    ann = h.user("ann")
    await h.slash(ann, "gff rules")  # the commands Discord has still work
    assert h.last_response(ann).ephemeral


async def test_a_changed_tree_is_synced(booted):
    h = booted
    h.extensions = ("cogs.gff", "cogs.bankroll")  # a release without the admin commands
    await h.restart()
    assert syncs(h) == [("global", ALL), ("global", ["gff", "bankroll", "daily"])]

    @app_commands.command(name="ping", description="A new command")
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong", ephemeral=True)

    before = recorded(h)["global"]
    h.bot.tree.add_command(ping)
    await h.bot.sync_commands()
    assert syncs(h)[-1] == ("global", ["gff", "bankroll", "daily", "ping"])
    assert recorded(h)["global"] != before
    ann = h.user("ann")
    await h.slash(ann, "ping")
    assert h.last_response(ann).content == "pong"


async def test_switching_to_a_dev_guild_and_back_empties_the_other_scope(booted):
    h = booted
    server = str(h.guild_id)
    use_dev_guild(h, True)
    await h.restart()
    assert syncs(h)[1:] == [(server, ALL), ("global", [])]
    assert h.recorder.global_commands == []
    assert len(h.recorder.guild_commands[h.guild_id]) == len(ALL)
    assert set(recorded(h)) == {server}
    await h.slash(h.user("ann"), "gff rules")  # offered once, by the server

    await h.restart()  # the same scope and tree: nothing to do
    assert len(syncs(h)) == 3

    use_dev_guild(h, False)
    await h.restart()
    assert syncs(h)[3:] == [("global", ALL), (server, [])]
    assert h.recorder.guild_commands[h.guild_id] == []
    assert len(h.recorder.global_commands) == len(ALL)
    assert set(recorded(h)) == {"global"}


async def test_a_first_start_on_a_dev_guild_empties_global_commands(tmp_path):
    # Without a record the bot may have run before with the default, global commands.
    async with Harness(database_path=tmp_path / "gff.sqlite3", dev_guild=True) as h:
        assert syncs(h) == [(str(h.guild_id), ALL), ("global", [])]
        await h.restart()
        assert len(syncs(h)) == 2


@pytest.mark.parametrize(("status", "code"), [(403, 50001), (500, 0)])
async def test_a_failed_sync_is_logged_and_start_up_goes_on(tmp_path, caplog, status, code):
    h = Harness(database_path=tmp_path / "gff.sqlite3")
    h.recorder.fail("PUT", GLOBAL_PATH, status, code)
    with caplog.at_level(logging.WARNING, logger="bot.command_sync"):
        async with h:
            assert h.bot.is_ready()
            warned = [r for r in caplog.records if r.name == "bot.command_sync"]
            assert [r.levelno for r in warned] == [logging.WARNING]
            assert "Could not sync the commands" in warned[0].getMessage()
            assert f"{status}" in warned[0].getMessage()
            assert "global" not in recorded(h) and h.recorder.global_commands == []

            await h.restart()  # not marked synced: the next start tries again
            assert [scope for scope, _ in syncs(h)] == ["global", "global"]
            assert len(h.recorder.global_commands) == len(ALL) and "global" in recorded(h)
            await h.slash(h.user("ann"), "gff rules")


async def test_a_failed_emptying_is_tried_again_at_the_next_start(booted):
    h = booted
    use_dev_guild(h, True)
    h.recorder.fail("PUT", GLOBAL_PATH, 500)
    await h.restart()
    assert h.bot.is_ready() and len(h.recorder.global_commands) == len(ALL)  # still there
    assert set(recorded(h)) == {"global", str(h.guild_id)}
    await h.restart()
    assert syncs(h)[-1] == ("global", []) and h.recorder.global_commands == []
    assert set(recorded(h)) == {str(h.guild_id)}


async def test_a_record_that_cannot_be_read_or_kept_means_syncing_again(tmp_path, caplog):
    database = tmp_path / "gff.sqlite3"
    record_path(database).mkdir()  # neither readable nor replaceable as a file
    with caplog.at_level(logging.WARNING, logger="bot.command_sync"):
        async with Harness(database_path=database) as h:
            await h.restart()
            assert syncs(h) == [("global", ALL), ("global", ALL)]
            assert h.bot.is_ready()
    warned = [r.getMessage() for r in caplog.records if r.name == "bot.command_sync"]
    assert any("Could not keep the record" in text for text in warned)
    assert any("Ignoring the record" in text for text in warned)


async def test_bankroll_is_one_command_as_players_type_it(booted, caplog):
    """`/bankroll [player] [game]`, with no subcommand to pick, and `/help`: a command group
    a game and eight more."""
    h = booted
    bankroll = next(c for c in h.commands if c["name"] == "bankroll")
    assert [(o["name"], o["type"], o.get("required", False)) for o in bankroll["options"]] == [
        ("player", 6, False), ("game", 3, False)]  # a user, and a text among choices
    assert len(ALL) == len(games.GAMES) + 8
    with caplog.at_level(logging.INFO, logger="bot.command_sync"):
        record_path(h.settings.database_path).unlink()  # no record: synced afresh
        await h.restart()
    assert f"Synced {len(ALL)} commands (global" in caplog.text
