"""The offline harness itself: it must answer like Discord and fail loudly when it cannot."""

from __future__ import annotations

import asyncio
import inspect
import io
import tomllib
from pathlib import Path

import discord
import pytest
from discord import app_commands
from discord.http import HTTPClient, Route
from discord.state import ConnectionState
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.client import SORRY, default_extensions
from tests.harness import CommandError, Harness, UnknownRoute, every_command
from tests.harness.ids import new_token
from tests.harness.messages import SLASH, Interaction

ROOT = Path(__file__).resolve().parents[2]


async def add_command(harness, command) -> None:
    harness.bot.tree.add_command(command)
    # Re-sync so the harness sees the new schema, as Discord would.
    await harness.bot.sync_commands()


def test_the_hooked_discord_internals_still_exist():
    pinned = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    dependencies = pinned["project"]["dependencies"]
    assert f"discord.py=={discord.__version__}" in dependencies
    assert discord.__version__ == "2.7.1"

    assert inspect.iscoroutinefunction(HTTPClient.request)
    assert list(inspect.signature(HTTPClient.request).parameters)[:4] == [
        "self",
        "route",
        "files",
        "form",
    ]
    assert inspect.iscoroutinefunction(AsyncWebhookAdapter.request)
    webhook_parameters = inspect.signature(AsyncWebhookAdapter.request).parameters
    for name in ("route", "session", "payload", "multipart", "files", "params"):
        assert name in webhook_parameters
    assert Route.BASE == "https://discord.com/api/v10"
    for parser in ("parse_ready", "parse_guild_create", "parse_interaction_create"):
        assert callable(getattr(ConnectionState, parser))
    # The bot unlinks an answered click's cached response (cogs/table/items.py, _let_go).
    assert "_cs_response" in discord.Interaction.__slots__


async def test_the_bot_starts_with_its_default_extensions_and_parsers(harness):
    state = harness.bot._connection
    assert {"READY", "GUILD_CREATE", "INTERACTION_CREATE"} <= set(state.parsers)
    assert hasattr(state, "guild_ready_timeout")
    assert set(default_extensions()) <= set(harness.bot.extensions)
    assert harness.bot.is_ready()
    assert harness.bot.get_guild(harness.guild_id).get_channel(harness.channel.id) is not None


async def test_commands_sync_globally_by_default(harness):
    assert [command["name"] for command in harness.commands] == every_command()
    assert harness.recorder.guild_commands == {}
    rules = next(o for o in harness.commands[0]["options"] if o["name"] == "rules")
    assert rules["type"] == 1  # a subcommand


async def test_a_dev_guild_gets_the_commands_directly(tmp_path):
    async with Harness(database_path=tmp_path / "gff.sqlite3", dev_guild=True) as h:
        assert h.recorder.global_commands == []
        assert [c["name"] for c in h.recorder.guild_commands[h.guild_id]] == every_command()
        alice = h.user("alice")
        asked = await h.slash(alice, "gff rules")
        assert asked.payload["data"]["guild_id"] == str(h.guild_id)
        assert h.last_response(alice).ephemeral


async def test_an_unknown_command_or_subcommand_is_refused(harness):
    alice = harness.user("alice")
    with pytest.raises(CommandError, match="/poker was not synced"):
        await harness.slash(alice, "poker")
    with pytest.raises(CommandError, match="has no subcommand 'deal'"):
        await harness.slash(alice, "gff deal")
    with pytest.raises(CommandError, match="needs a subcommand"):
        await harness.slash(alice, "gff")


async def test_options_are_checked_against_the_synced_schema(harness):
    @app_commands.command(name="bet", description="Options of every kind")
    @app_commands.describe(chips="How many", note="Why", loud="Shout?", rival="Who")
    async def bet(
        interaction: discord.Interaction,
        chips: app_commands.Range[int, 1, 100],
        rival: discord.Member,
        note: str | None = None,
        loud: bool = False,
    ) -> None:
        await interaction.response.send_message(
            f"{chips} {note} {loud} {rival.display_name}", ephemeral=True
        )

    await add_command(harness, bet)
    alice, bob = harness.user("alice"), harness.user("bob")
    await harness.slash(alice, "bet", chips=5, rival=bob, loud=True)
    assert harness.last_response(alice).content == "5 None True Bob"

    with pytest.raises(CommandError, match="needs the option 'rival'"):
        await harness.slash(alice, "bet", chips=5)
    with pytest.raises(CommandError, match="from 1 to 100"):
        await harness.slash(alice, "bet", chips=500, rival=bob)
    with pytest.raises(CommandError, match="takes a whole number"):
        await harness.slash(alice, "bet", chips="5", rival=bob)


async def test_a_command_that_raises_fails_the_test(harness):
    @app_commands.command(name="boom", description="Fails on purpose")
    async def boom(interaction: discord.Interaction) -> None:
        raise RuntimeError("kaboom")

    await add_command(harness, boom)
    alice = harness.user("alice")
    with pytest.raises(AssertionError, match="kaboom"):
        await harness.slash(alice, "boom")

    # The player still hears back, privately, in one sentence and with no traceback.
    reply = harness.last_response(alice)
    assert reply.content == SORRY
    assert reply.viewer == alice.id


async def test_an_expected_error_can_be_declared(harness):
    @app_commands.command(name="boom", description="Fails on purpose")
    async def boom(interaction: discord.Interaction) -> None:
        raise RuntimeError("kaboom")

    await add_command(harness, boom)
    alice = harness.user("alice")
    with harness.expect_error(r"Command /boom failed.*kaboom"):
        await harness.slash(alice, "boom")
    assert harness.last_response(alice).content == SORRY

    with pytest.raises(AssertionError, match="expected an ERROR log"):
        with harness.expect_error("never logged"):
            await harness.slash(alice, "gff rules")


async def test_an_unknown_route_fails_the_test(harness):
    @app_commands.command(name="dm", description="Uses a route the harness does not answer")
    async def dm(interaction: discord.Interaction) -> None:
        await interaction.user.send("psst")

    await add_command(harness, dm)
    alice = harness.user("alice")
    with pytest.raises(AssertionError, match="unknown Discord route: POST /users/@me/channels"):
        await harness.slash(alice, "dm")

    with pytest.raises(UnknownRoute):
        await harness.bot.http.request(Route("GET", "/gateway/bot"))
    with pytest.raises(AssertionError, match="unknown Discord route: GET /gateway/bot"):
        harness.check()


async def test_a_message_past_discords_limits_is_refused_and_fails_the_test(harness):
    """As Discord answers 400 (50035) to a body past its limits, so does the harness, and
    the test fails: what the bot sends in any language must fit."""
    @app_commands.command(name="long", description="Sends what Discord would refuse")
    async def long(interaction: discord.Interaction) -> None:
        embed = discord.Embed(title="t").add_field(name="n", value="v" * 1025)
        try:
            await interaction.response.send_message(embed=embed)
        except discord.HTTPException as refused:
            await interaction.response.send_message(f"refused {refused.code}")

    await add_command(harness, long)
    alice = harness.user("alice")
    with pytest.raises(AssertionError, match="past Discord's limits.*field value of 1025"):
        await harness.slash(alice, "long")
    assert harness.last_response(alice).content == "refused 50035"


def test_the_limits_check_reads_every_part_of_a_message():
    from tests.harness import limits

    assert limits.problems({"content": "x" * 2000}) == []
    assert limits.problems({"content": "x" * 2001}) != []
    button = {"type": 2, "label": "x" * 81, "custom_id": "a"}
    assert "button label" in limits.problems({"components": [{"components": [button]}]})[0]
    menu = {"type": 3, "custom_id": "m", "options": [{"label": "o", "value": "v",
                                                      "description": "d" * 101}]}
    assert "option description" in limits.problems({"components": [{"components": [menu]}]})[0]
    many = {"embeds": [{"description": "x" * 4000}, {"description": "y" * 2001}]}
    assert "in all" in limits.problems(many)[0]
    callback = {"type": 4, "data": {"embeds": [{"title": "x" * 257}]}}
    assert "embed title" in limits.problems(callback)[0]


async def test_an_unanswered_interaction_fails_the_test(harness):
    @app_commands.command(name="silent", description="Never answers")
    async def silent(interaction: discord.Interaction) -> None:
        pass

    await add_command(harness, silent)
    with pytest.raises(AssertionError, match="This interaction failed"):
        await harness.slash(harness.user("alice"), "silent")


class Counter(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.count = 0

    @discord.ui.button(label="Add", custom_id="test:add")
    async def add(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        self.count += 1
        await interaction.response.edit_message(content=f"count {self.count}", view=self)

    @discord.ui.button(label="Broken", custom_id="test:broken")
    async def broken(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        raise RuntimeError("button broke")

    @discord.ui.select(
        custom_id="test:pick",
        options=[discord.SelectOption(label=name, value=name.lower()) for name in "AB"],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.send_message(f"picked {select.values[0]}", ephemeral=True)


async def start_counter(harness, user):
    @app_commands.command(name="counter", description="A public message with components")
    async def counter(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("count 0", view=Counter())

    await add_command(harness, counter)
    await harness.slash(user, "counter")
    return harness.last_response(user)


async def test_clicks_reach_the_view_and_edits_are_kept(harness):
    alice, bob = harness.user("alice"), harness.user("bob")
    table = await start_counter(harness, alice)
    assert not table.ephemeral
    assert table.custom_ids == ["test:add", "test:broken", "test:pick"]

    await harness.click(bob, table, "test:add")
    await harness.click(alice, table, "test:add")
    assert harness.message(table.id).content == "count 2"
    assert [version["content"] for version in table.versions] == ["count 0", "count 1"]
    assert harness.last_response(bob) is table

    await harness.click(bob, table, "test:pick", values=["b"])
    picked = harness.last_response(bob)
    assert picked.content == "picked b"
    assert picked in harness.ephemeral_for(bob)
    assert picked not in harness.visible_to(alice)
    assert harness.public_messages() == [table]


async def test_clicks_are_checked_like_a_discord_client_would(harness):
    alice, bob = harness.user("alice"), harness.user("bob")
    table = await start_counter(harness, alice)
    with pytest.raises(CommandError, match="no component 'test:nope'"):
        await harness.click(bob, table, "test:nope")
    with pytest.raises(CommandError, match="does not offer"):
        await harness.click(bob, table, "test:pick", values=["z"])
    with pytest.raises(CommandError, match="pass values"):
        await harness.click(bob, table, "test:pick")

    await harness.click(bob, table, "test:pick", values=["a"])
    private = harness.last_response(bob)
    with pytest.raises(AssertionError, match="alice cannot see"):
        await harness.click(alice, private, "test:add")


async def test_a_view_that_raises_fails_the_test(harness):
    alice = harness.user("alice")
    table = await start_counter(harness, alice)
    with pytest.raises(AssertionError, match="button broke"):
        await harness.click(alice, table, "test:broken", expect_answer=False)


async def test_defer_follow_ups_files_and_channel_messages_are_recorded(harness):
    alice, bob = harness.user("alice"), harness.user("bob")

    @app_commands.command(name="report", description="Defers, then follows up")
    async def report(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        hand = discord.File(io.BytesIO(b"5H 6H"), "hand.txt")
        await interaction.followup.send("ready", file=hand)
        await interaction.followup.send("more", ephemeral=True)
        note = discord.File(io.BytesIO(b"GFF"), "table.txt")
        await interaction.channel.send(f"{bob.mention}, your turn", file=note)
        await interaction.edit_original_response(content="ready (edited)")

    await add_command(harness, report)
    asked = await harness.slash(alice, "report")

    first = harness.message(asked.original_message_id)
    # The first follow-up replaced the "thinking" message and kept it private.
    assert first.content == "ready (edited)"
    assert first.viewer == alice.id and not first.loading
    assert [(a.filename, a.data) for a in first.attachments.values()] == [("hand.txt", b"5H 6H")]
    second = harness.message(asked.followup_ids[0])
    assert (second.content, second.viewer, second.via) == ("more", alice.id, "followup")
    [turn] = harness.public_messages()
    assert turn.pinged == {bob.id}
    assert [(a.filename, a.data) for a in turn.attachments.values()] == [("table.txt", b"GFF")]
    assert turn.data["attachments"][0]["filename"] == "table.txt"
    assert turn.visible_to(bob) and turn.visible_to(alice)


async def test_a_restart_keeps_messages_and_starts_a_fresh_bot(harness):
    alice = harness.user("alice")
    await harness.slash(alice, "gff rules")
    first_bot = harness.bot
    await harness.restart()
    assert harness.bot is not first_bot and harness.bot.is_ready()
    assert len(harness.messages) == 1
    await harness.slash(alice, "gff rules")
    assert len(harness.ephemeral_for(alice)) == 2


async def test_public_messages_edit_and_delete_but_ephemeral_ones_only_by_token(harness):
    outcome = {}

    @app_commands.command(name="shuffle", description="Edits and deletes messages")
    async def shuffle(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("only you", ephemeral=True)
        private = await interaction.original_response()
        try:
            await interaction.channel.get_partial_message(private.id).edit(content="leak")
        except discord.NotFound:
            outcome["channel edit of ephemeral"] = "404"
        await interaction.edit_original_response(content="only you, edited")
        table = await interaction.channel.send("table v1")
        await table.edit(content="table v2")
        gone = await interaction.channel.send("soon gone")
        await gone.delete()
        fetched = await interaction.channel.fetch_message(table.id)
        outcome["fetched"] = fetched.content

    await add_command(harness, shuffle)
    alice, bob = harness.user("alice"), harness.user("bob")
    asked = await harness.slash(alice, "shuffle")

    assert outcome == {"channel edit of ephemeral": "404", "fetched": "table v2"}
    private = harness.message(asked.original_message_id)
    assert private.content == "only you, edited" and private.viewer == alice.id
    [table] = harness.public_messages()
    assert table.content == "table v2" and table.edited
    assert [m.content for m in harness.visible_to(bob)] == ["table v2"]
    assert sum(m.deleted for m in harness.messages) == 1


async def test_without_history_the_recorder_keeps_only_what_discord_would(harness):
    @app_commands.command(name="churn", description="Sends, edits and deletes")
    async def churn(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("answer")
        kept = await interaction.channel.send("v1")
        await kept.edit(content="v2")
        gone = await interaction.channel.send("soon gone")
        await gone.delete()

    await add_command(harness, churn)
    harness.recorder.keep_history = False
    alice = harness.user("alice")
    before = len(harness.recorder.requests)
    for _ in range(3):
        asked = await harness.slash(alice, "churn")
    assert len(harness.recorder.requests) == before  # no request log
    assert asked.payload == {} and asked.answered  # the event is not kept, its answer is
    contents = [m.content for m in harness.public_messages()]
    assert contents.count("v2") == 3 and "soon gone" not in contents
    assert not any(m.deleted or m.versions for m in harness.messages)


async def test_without_history_a_token_works_for_discords_15_minutes(harness):
    """The bot edits a player's hand view through the token of an old click: the recorder
    keeps every token Discord would still honour, however many clicks came since."""
    @app_commands.command(name="ask", description="Answers")
    async def ask(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("answer", ephemeral=True)

    await add_command(harness, ask)
    harness.recorder.keep_history = False
    now = [0.0]
    harness.recorder.clock = lambda: now[0]
    alice = harness.user("alice")
    first = await harness.slash(alice, "ask")
    for _ in range(1_100):  # more clicks than any count the recorder could keep
        harness.recorder.open_interaction(Interaction(
            id=harness.snowflake(), token=new_token(), kind=SLASH, user=alice,
            channel=harness.channel, payload={},
        ))
    assert first.token in harness.recorder.interactions
    now[0] = 15 * 60 + 1
    await harness.slash(alice, "ask")
    assert first.token not in harness.recorder.interactions  # expired, as on Discord
    assert len(harness.recorder.interactions) == 1


async def test_each_event_waits_for_its_own_work_only(harness):
    """Events sent together (a benchmark's clicks) do not wait for one another."""
    release = asyncio.Event()

    @app_commands.command(name="slow", description="Answers, then works until released")
    async def slow(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("working")
        await release.wait()
        await interaction.followup.send("done")

    @app_commands.command(name="quick", description="Answers at once")
    async def quick(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("quick")

    await add_command(harness, slow)
    await add_command(harness, quick)
    alice = harness.user("alice")
    waiting = asyncio.create_task(harness.slash(alice, "slow"))
    await asyncio.sleep(0)
    await asyncio.wait_for(harness.slash(alice, "quick"), timeout=5)
    assert not waiting.done()  # "slow" is still at work, and "quick" did not wait for it
    release.set()
    asked = await waiting
    assert [harness.message(i).content for i in asked.followup_ids] == ["done"]
