"""`/config` and `/audit`: offered by Discord only to members with Manage Server."""

from __future__ import annotations

import discord
import pytest

from tests.harness import CommandError

MANAGE_SERVER = discord.Permissions(manage_guild=True).value
GUILD_CONTEXT = 0  # Discord's interaction context type for a server


def synced(harness, name: str) -> dict:
    return next(command for command in harness.commands if command["name"] == name)


@pytest.mark.parametrize("name", ["config", "audit"])
async def test_admin_commands_are_top_level_and_default_to_manage_server(harness, name):
    command = synced(harness, name)
    # Discord applies default member permissions to a top-level command only.
    assert int(command["default_member_permissions"]) == MANAGE_SERVER
    assert command["contexts"] == [GUILD_CONTEXT] and command["dm_permission"] is False


async def test_the_game_group_no_longer_holds_admin_commands(harness):
    gff = synced(harness, "gff")
    subcommands = {option["name"] for option in gff["options"]}
    assert "join" in subcommands and not subcommands & {"config", "audit"}
    # So nothing in /gff is hidden from players, and nothing needs to be.
    assert gff["default_member_permissions"] is None
    assert synced(harness, "bankroll")["default_member_permissions"] is None
    assert synced(harness, "daily")["default_member_permissions"] is None
    with pytest.raises(CommandError, match="has no subcommand 'config'"):
        await harness.slash(harness.owner, "gff config")


async def test_a_member_shown_the_commands_by_an_admin_still_needs_manage_server(harness):
    # A server's admins can let anyone see a command: the check when it runs still holds.
    h = harness
    bob = h.user("bob", permissions=discord.Permissions.none())
    await h.slash(bob, "config", stake=50)
    assert h.last_response(bob).ephemeral and "Manage Server" in h.last_response(bob).text()
    assert (await h.bot.store.guild_settings(h.guild_id)).stake == 10
    await h.slash(bob, "audit")
    answer = h.last_response(bob)
    assert answer.ephemeral and "Manage Server" in answer.text() and answer.embeds == []
