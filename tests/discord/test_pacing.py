"""The table message is edited at most once per TABLE_EDIT_SECONDS; one edit shows every
change since the last, and a hand's end is shown at once."""

from __future__ import annotations

import asyncio

import pytest

from tests.discord.table_driver import TableDriver
from tests.harness import Harness


@pytest.fixture
async def paced(tmp_path):
    async with Harness(database_path=tmp_path / "gff.sqlite3", table_edit_seconds=1) as h:
        yield await TableDriver.playing(h)


async def test_changes_within_the_pace_show_together_in_one_edit(paced):
    d, h = paced, paced.h
    table = d.table_message()
    edits = len(table.versions)
    await d.act("ann", "stock")
    await d.act("ann", "throw", "9D")
    assert len(table.versions) == edits  # both waited for the pace
    assert "draws from the stock" not in table.text()
    await h.advance(1)
    assert len(table.versions) == edits + 1
    assert "draws from the stock" in table.text() and "discards 9♦" in table.text()
    await h.advance(5)
    assert len(table.versions) == edits + 1  # nothing changed: no edit


async def test_a_change_after_a_quiet_spell_is_shown_at_once(paced):
    d, h = paced, paced.h
    table = d.table_message()
    await h.advance(1)  # the deal's own change is shown
    await h.advance(1)  # a second of quiet
    edits = len(table.versions)
    await d.act("ann", "stock")
    assert len(table.versions) == edits + 1 and "draws from the stock" in table.text()


async def test_the_end_of_a_hand_is_shown_without_waiting_for_the_pace(paced):
    d = paced
    table = d.table_message()
    await d.act("ann", "stock")
    await d.act("ann", "throw", "9D")
    assert "discards 9♦" not in table.text()  # waiting for the pace
    await d.act("bob", "drop")
    assert "The hand is over" in table.text()


async def test_a_change_made_while_an_edit_waits_for_the_table_is_in_that_edit(paced):
    """The paced edit falls due while an action holds the table's lock: it goes out once
    the action is committed and shows it, and no second edit follows within the pace."""
    d, h = paced, paced.h
    table = d.table_message()
    live = h.bot.tables.in_channel(h.channel.id)
    presenter = h.bot.get_cog("TableCog").presenter
    await d.act("ann", "stock")  # within the pace: its edit is due in a second
    edits = len(table.versions)
    async with live.lock:  # an action being committed
        advancing = asyncio.create_task(h.advance(1))
        for _ in range(50):
            await asyncio.sleep(0)  # the due edit is queued, and waits for the lock
        assert len(table.versions) == edits
        await presenter.table_changed(live)  # as the service says once it has committed
    await advancing
    assert len(table.versions) == edits + 1  # one edit, showing both
    await h.advance(1)
    assert len(table.versions) == edits + 1  # nothing was left to show
    await h.advance(1)
    await d.act("ann", "throw", "9D")  # after a quiet second: shown at once
    assert len(table.versions) == edits + 2 and "discards 9♦" in table.text()


@pytest.fixture
async def held_pings(tmp_path):
    async with Harness(database_path=tmp_path / "gff.sqlite3", turn_ping_seconds=5) as h:
        yield await TableDriver.playing(h)


def _pings(h) -> list:
    return [m for m in h.public_messages() if "it's your turn" in m.text()]


async def test_a_player_who_acts_before_the_ping_is_due_is_not_pinged(held_pings):
    d, h = held_pings, held_pings.h
    await h.advance(4)
    assert _pings(h) == []  # not yet due
    await d.act("ann", "stock")
    await d.act("ann", "throw", "9D")  # ann's turn ends within the wait
    await h.advance(1)
    assert _pings(h) == []


async def test_a_player_still_to_act_is_pinged_once_the_wait_is_over(held_pings):
    d, h = held_pings, held_pings.h
    first = d.hand.to_act()[0]
    await h.advance(5)
    pings = _pings(h)
    assert len(pings) == 1 and f"<@{first}>" in pings[0].text()
    await d.act("ann", "stock")
    await d.act("ann", "throw", "9D")  # the next turn: the last ping goes at once
    assert _pings(h) == []
    await h.advance(5)
    (ping,) = _pings(h)
    assert f"<@{d.hand.to_act()[0]}>" in ping.text()
