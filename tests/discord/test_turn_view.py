"""At a player's turn, the hand view they last had is brought up to date, so the buttons
they need are live without a Refresh; when Discord no longer lets the bot edit it, the
player uses Refresh as before and nothing else changes."""

from __future__ import annotations

import sys

import pytest

from tests.discord.table_driver import TableDriver


@pytest.fixture
async def playing(harness):
    return await TableDriver.playing(harness)


def _stock_enabled(d: TableDriver, name: str) -> bool:
    view = d.view_of(d.user(name))
    return view.component(d.control(view, "stock"))["disabled"] is False


async def test_the_next_players_view_shows_their_turn_without_a_click(playing):
    d, h = playing, playing.h
    bob = d.user("bob")
    await d.open_hand(bob)
    assert not _stock_enabled(d, "bob")  # ann's turn
    clicks_by_bob = sum(1 for i in h.recorder.interactions.values() if i.user == bob)
    await d.act("ann", "stock")
    await d.act("ann", "throw", "9D")
    assert _stock_enabled(d, "bob")
    at = f":{d.table.running.number}.{d.hand.seq}:refresh"
    assert d.control(d.view_of(bob), "refresh").endswith(at)
    assert sum(1 for i in h.recorder.interactions.values() if i.user == bob) == clicks_by_bob
    await d.act("bob", "stock")  # straight from that view
    d.assert_no_hidden_card_in_public()


async def test_a_view_the_bot_can_no_longer_edit_is_left_alone(playing):
    d, h = playing, playing.h
    await d.open_hand(d.user("bob"))
    token = d.view_of(d.user("bob")).interaction.token  # ann's views are edited too (pictures)
    h.recorder.fail("PATCH", rf"/webhooks/.*/{token}/messages/@original", 404, 10008)  # dismissed
    await d.act("ann", "stock")
    await d.act("ann", "throw", "9D")
    assert not _stock_enabled(d, "bob")  # as it was; Refresh brings it up to date
    assert d.table.hand.current == str(d.user("bob").id)
    controls = h.bot.get_cog("TableCog").controls
    assert (d.table.id, d.user("bob").id) not in controls.shown  # not tried again
    await d.act("bob", "stock")


async def test_a_view_older_than_discord_allows_editing_is_not_touched(playing, monkeypatch):
    d, h = playing, playing.h
    await d.open_hand(d.user("bob"))
    token = d.view_of(d.user("bob")).interaction.token  # ann's views are edited too (pictures)
    # The module the running bot loaded (each bot loads its extensions afresh).
    play = sys.modules[type(h.bot.get_cog("TableCog").controls).__module__]
    monkeypatch.setattr(play, "EDITABLE_SECONDS", -1)  # every view is too old
    before = len(h.recorder.requests)
    await d.act("ann", "stock")
    await d.act("ann", "throw", "9D")
    edits = [r for r in h.recorder.requests[before:]
             if r.path.endswith(f"{token}/messages/@original")]
    assert edits == [] and not _stock_enabled(d, "bob")
