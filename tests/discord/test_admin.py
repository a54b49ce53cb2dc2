"""`/config` and `/audit`: offered by Discord only to members with Manage Server."""

from __future__ import annotations

import asyncio

import discord
import pytest

from bot import bounds
from bot.store.audit import AuditRuns
from bot.store.errors import AuditRunning, StoreUnavailable
from bot.store.models import Audit
from bot.store.sql import GUILD_SETTING_RANGES
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


async def test_config_refuses_starting_chips_that_would_not_buy_a_newcomer_in(harness):
    h = harness
    await h.slash(h.owner, "config", starting_chips=150)
    answer = h.last_response(h.owner)
    assert answer.ephemeral
    assert answer.text() == (
        "Not saved: new players would start with 150 chips, less than a new table's buy-in of"
        " 200 (stake 10 × 20 stakes), so they could not join. Raise the starting chips to at"
        " least 200, or lower the stake or the buy-in."
    )
    # So does a stake or a buy-in that raises a new table's buy-in past them.
    await h.slash(h.owner, "config", stake=100)
    assert "less than a new table's buy-in of 2,000 (stake 100 × 20" in h.last_response(
        h.owner).text()
    await h.slash(h.owner, "config", buy_in_stakes=101)
    assert "Not saved" in h.last_response(h.owner).text()
    assert await h.bot.store.guild_settings(h.guild_id) == h.bot.house_defaults()
    # Together, the same changes can work: each is judged with the others.
    await h.slash(h.owner, "config", stake=100, starting_chips=2000)
    assert h.last_response(h.owner).text().startswith("Saved. New tables here: stake 100")
    house = await h.bot.store.guild_settings(h.guild_id)
    assert (house.stake, house.starting_chips) == (100, 2000)


@pytest.mark.parametrize(
    ("option", "bound"),
    [
        ("stake", bounds.STAKE),
        ("buy_in_stakes", bounds.BUY_IN_STAKES),
        ("starting_chips", bounds.STARTING_CHIPS),
        ("daily_chips", bounds.DAILY_CHIPS),
        ("turn_seconds", bounds.TURN_SECONDS),
    ],
)
async def test_config_offers_the_bounds_the_settings_and_the_store_take(harness, option, bound):
    offered = next(o for o in synced(harness, "config")["options"] if o["name"] == option)
    assert (offered["min_value"], offered["max_value"]) == (bound.low, bound.high)
    assert GUILD_SETTING_RANGES[option][1:] == (bound.low, bound.high)


async def test_config_explains_the_stake_and_buy_in_for_every_game_not_one(harness):
    described = {o["name"]: o["description"] for o in synced(harness, "config")["options"]}
    assert "every game" in described["stake"]
    assert "pot" not in described["stake"] and "pot" not in described["buy_in_stakes"]
    assert "brings to a new table" in described["buy_in_stakes"]


def finished_audit() -> Audit:
    return Audit(wallets=900, stacks=100, in_play=0, carried=0, minted=1000, burned=0,
                 mismatches=())


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


async def test_the_audit_answers_at_once_and_edits_its_answer_as_it_goes(harness, monkeypatch):
    h = harness
    clock = Clock()
    monkeypatch.setattr(h.bot.get_cog("AdminCog"), "clock", clock)
    seen, before = [], []

    async def audit(guild_id, progress=None):
        # Answered before the store is asked anything (Discord waits three seconds).
        before.append(h.last_response(h.owner).content)
        for checked, at in ((0, 0.0), (1_000, 0.4), (2_000, 1.2), (2_500, 1.9), (3_000, 2.3)):
            clock.now = at
            await progress(checked, 3_000)
            answer = h.last_response(h.owner)
            seen.append((answer.content, answer.ephemeral, answer.embeds))
        return finished_audit()

    monkeypatch.setattr(h.bot.store, "audit", audit)
    await h.slash(h.owner, "audit")
    assert before == ["Auditing…"]
    # Answered at once, then edited at most about once a second.
    assert seen == [
        ("Auditing… checked 0 of 3,000 hands.", True, []),
        ("Auditing… checked 0 of 3,000 hands.", True, []),
        ("Auditing… checked 2,000 of 3,000 hands.", True, []),
        ("Auditing… checked 2,000 of 3,000 hands.", True, []),
        ("Auditing… checked 3,000 of 3,000 hands.", True, []),
    ]
    # The same message ends as the audit's result, the progress gone from it.
    shown = h.last_response(h.owner)
    assert shown.ephemeral and not shown.content and shown.embed["title"] == "Chip audit"
    assert "Every chip is accounted for." in shown.text()
    assert len(h.ephemeral_for(h.owner)) == 1


async def test_an_audit_with_nothing_to_check_still_answers_at_once(harness, monkeypatch):
    h = harness
    seen = []

    async def audit(guild_id, progress=None):
        await progress(0, 0)
        seen.append(h.last_response(h.owner).content)
        return finished_audit()

    monkeypatch.setattr(h.bot.store, "audit", audit)
    await h.slash(h.owner, "audit")
    assert seen == ["Auditing…"]
    assert "Every chip is accounted for." in h.last_response(h.owner).text()


async def test_the_stores_own_audit_answers_and_edits_one_message(harness):
    h = harness
    await h.slash(h.owner, "audit")
    shown = h.last_response(h.owner)
    assert shown.ephemeral and shown.embed["title"] == "Chip audit"
    assert "Every chip is accounted for." in shown.text()
    assert len(h.ephemeral_for(h.owner)) == 1  # "Auditing…", made the result


async def test_a_second_audit_while_one_runs_says_so(harness, monkeypatch):
    h = harness
    other_admin = h.user("admin", permissions=discord.Permissions(manage_guild=True))
    started, done = asyncio.Event(), asyncio.Event()
    runs = AuditRuns()  # the store's: one audit of a server at a time

    async def audit(guild_id, progress=None):
        if guild_id in runs.running:
            raise AuditRunning()
        runs.running.add(guild_id)
        try:
            await progress(0, 10)
            started.set()
            await done.wait()
            return finished_audit()
        finally:
            runs.running.discard(guild_id)

    monkeypatch.setattr(h.bot.store, "audit", audit)
    first = asyncio.ensure_future(h.slash(h.owner, "audit"))
    await started.wait()
    await h.slash(other_admin, "audit")
    refused = h.last_response(other_admin)
    assert refused.ephemeral and refused.embeds == []
    assert refused.text() == (
        "An audit of this server is already running; its answer will update when it is done."
    )
    assert h.last_response(h.owner).content == "Auditing… checked 0 of 10 hands."
    done.set()
    await first
    assert "Every chip is accounted for." in h.last_response(h.owner).text()


async def test_an_audit_refused_half_way_says_why_in_its_answer(harness, monkeypatch):
    h = harness

    async def audit(guild_id, progress=None):
        await progress(0, 10)
        raise StoreUnavailable("disk full")

    monkeypatch.setattr(h.bot.store, "audit", audit)
    await h.slash(h.owner, "audit")
    shown = h.last_response(h.owner)
    assert shown.ephemeral and shown.embeds == []
    assert shown.content.startswith("The bot cannot save anything right now")
    assert len(h.ephemeral_for(h.owner)) == 1
