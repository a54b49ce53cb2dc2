"""`/gff rules`, driven through the offline harness as a player would use it."""

from __future__ import annotations

import pytest

from tests.harness import EPHEMERAL, CommandError, Harness

SECTIONS = [
    "Stakes and reserve",
    "The deal, and 49 or 50",
    "The flip and the flop",
    "Your turn",
    "Ending 1: going out",
    "Ending 2: dropping, or getting caught",
    "Ending 3: tunking out",
    "Ending 4: the stock runs out",
    "How pots are paid",
    "Table settings",
    "Computer players",
]


async def test_rules_are_shown_only_to_the_player_who_asked(harness):
    alice, bob = harness.user("alice"), harness.user("bob")
    asked = await harness.slash(alice, "gff rules")

    reply = harness.last_response(alice)
    assert reply.flags & EPHEMERAL
    assert reply.viewer == alice.id
    assert reply.interaction is asked and reply.via == "response"
    assert harness.ephemeral_for(alice) == [reply]
    assert harness.visible_to(bob) == []
    assert harness.public_messages() == []


async def test_rules_embed_walks_through_the_rules_section_by_section(harness):
    alice = harness.user("alice")
    await harness.slash(alice, "gff rules")
    embed = harness.last_response(alice).embed

    assert embed["title"] == "Game, Flip and Flop: how to play"
    assert [field["name"] for field in embed["fields"]] == SECTIONS
    fields = {field["name"]: field["value"] for field in embed["fields"]}
    assert "ace 1" in embed["description"] and "J, Q and K 10" in embed["description"]
    stakes = fields["Stakes and reserve"]
    assert all(tier in stakes for tier in ("**4 or more**", "**3**", "**2**", "**1 or less**"))
    assert "less than 2S" in stakes
    assert "**49 or 50**" in fields["The deal, and 49 or 50"]
    assert "face up: the **flip card**" in fields["The deal, and 49 or 50"]
    flip = fields["The flip and the flop"]
    assert "other suit of the same colour" in flip and "carries over" in flip
    assert "first draw of the round must be from the stock" in fields["Your turn"]
    assert "A-2-3 yes, Q-K-A and K-A-2 no" in fields["Your turn"]
    assert "**caught**" in fields["Ending 2: dropping, or getting caught"]
    assert "A tie counts against the dropper" in fields["Ending 2: dropping, or getting caught"]
    tunk = fields["Ending 3: tunking out"]
    assert "**tunk out**" in tunk and "exactly two spreads of exactly three cards" in tunk
    assert "nobody may take" in fields["Ending 4: the stock runs out"]
    assert "odd chips go one at a time" in fields["How pots are paid"]
    assert "starting left of the dealer" in fields["How pots are paid"]


async def test_rules_name_the_levels_a_host_may_seat(harness):
    alice = harness.user("alice")
    await harness.slash(alice, "gops rules")
    fields = {f["name"]: f["value"] for f in harness.last_response(alice).embed["fields"]}
    levels = fields["Computer players"]
    assert "`/gops addbot`" in levels
    assert "random:" in levels and "easy:" in levels and "hard: thinks ahead" in levels


async def test_rules_embed_fits_discord_limits(harness):
    alice = harness.user("alice")
    await harness.slash(alice, "gff rules")
    embed = harness.last_response(alice).embed

    assert len(embed["title"]) <= 256
    assert len(embed["description"]) <= 4096
    assert len(embed["fields"]) <= 25
    for field in embed["fields"]:
        assert len(field["name"]) <= 256
        assert 0 < len(field["value"]) <= 1024, field["name"]
    total = len(embed["title"]) + len(embed["description"])
    total += sum(len(field["name"]) + len(field["value"]) for field in embed["fields"])
    assert total <= 6000


async def test_table_settings_show_this_servers_defaults(tmp_path):
    async with Harness(
        database_path=tmp_path / "gff.sqlite3", default_stake=25, turn_seconds=90
    ) as h:
        alice = h.user("alice")
        await h.slash(alice, "gff rules")
        fields = {f["name"]: f["value"] for f in h.last_response(alice).embed["fields"]}
    assert "stake 25 chips" in fields["Table settings"]
    assert "buy-in 20 stakes" in fields["Table settings"]
    assert "90 seconds a turn" in fields["Table settings"]


async def test_rules_take_no_options(harness):
    alice = harness.user("alice")
    with pytest.raises(CommandError, match="has no option 'page'"):
        await harness.slash(alice, "gff rules", page=2)
    assert harness.messages == []
