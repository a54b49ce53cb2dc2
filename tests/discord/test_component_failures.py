"""A button or menu whose work fails: the player hears one private sentence, the log gets
the traceback, and nothing changes."""

from __future__ import annotations

import pytest

from bot.client import SORRY
from cogs.table.items import AnsweringItem
from tests.discord.table_driver import TableDriver
from tests.harness import Harness

BROKEN = "broken on purpose"


@pytest.fixture
async def playing(harness):
    return await TableDriver.playing(harness)


def controls(h: Harness):
    return h.bot.get_cog("TableCog").controls


async def broken(*args, **kwargs):
    raise RuntimeError(BROKEN)


def assert_nobody_saw_the_error(h: Harness) -> None:
    for message in h.messages:
        for data in [*message.versions, message.data]:
            text = str(data)
            assert BROKEN not in text and "Traceback" not in text, text[:300]


async def test_a_failing_table_button_answers_the_player_privately(playing, monkeypatch):
    d, h = playing, playing.h
    ann = d.user("ann")
    monkeypatch.setattr(controls(h), "show_hand", broken)
    with h.expect_error(rf"Component gff:{d.table.id}:hand failed.*{BROKEN}") as logged:
        await h.click(ann, d.table_message(), f"gff:{d.table.id}:hand")
    reply = h.last_response(ann)
    assert reply.content == SORRY and reply.ephemeral and reply.viewer == ann.id
    assert reply.via == "response"
    (record,) = logged.matched
    assert record.exc_info is not None and record.exc_info[1].args == (BROKEN,)
    assert_nobody_saw_the_error(h)


async def test_a_failing_menu_changes_nothing_and_says_so(playing, monkeypatch):
    d, h = playing, playing.h
    ann = d.user("ann")
    await d.act("ann", "stock")
    view = d.view_of(ann)
    seq, cards = d.hand.seq, list(d.hand.hands[str(ann.id)])
    monkeypatch.setattr(h.bot.tables, "act", broken)
    with h.expect_error(r"Component gff:\d+:\d+:1\.\d+:throw failed"):
        await h.click(ann, view, d.control(view, "throw"), values=["9D"])
    reply = h.last_response(ann)
    assert reply.content == SORRY and reply.ephemeral and reply.viewer == ann.id
    assert (d.hand.seq, list(d.hand.hands[str(ann.id)])) == (seq, cards)
    assert_nobody_saw_the_error(h)


async def test_a_click_that_fails_after_its_answer_gets_a_follow_up(playing, monkeypatch):
    d, h = playing, playing.h
    ann = d.user("ann")
    view = await d.open_hand(ann)
    # What runs once the hand view is already updated: the answer has been sent.
    monkeypatch.setattr(controls(h), "_remember", lambda *args: (_ for _ in ()).throw(
        RuntimeError(BROKEN)))
    with h.expect_error(rf"Component .*:stock failed.*{BROKEN}"):
        clicked = await h.click(ann, view, d.control(view, "stock"))
    reply = h.last_response(ann)
    assert reply.content == SORRY and reply.ephemeral and reply.via == "followup"
    assert reply.interaction is clicked
    assert d.hand.seq == 1  # the draw itself went through and was shown
    assert "You drew" in h.message(view.id).text()
    assert_nobody_saw_the_error(h)


async def test_every_registered_control_answers_its_failures(harness):
    clicks = harness.bot.get_cog("TableCog").clicks
    assert clicks.take in harness.bot._click_takers
    registered = [item for item, _ in clicks.items]
    assert registered
    for item in registered:
        assert issubclass(item, AnsweringItem), item
        assert item.callback is AnsweringItem.callback, item
