"""A full disk or a read-only database, as players meet it: one sentence (the bot cannot save
now, nothing changed, try again shortly), never "Something went wrong"; the hand as it
was; the same click working once the disk has room; and one warning a minute in the
log, however many clicks meet it."""

from __future__ import annotations

import logging

import pytest

from bot.client import SORRY
from bot.store.errors import StoreUnavailable
from tests.discord.table_driver import TableDriver
from tests.tables.store_faults import FailingDisk

CANNOT_SAVE = StoreUnavailable("disk full").message
FAULTS_LOGGER = "bot.store.errors"


@pytest.fixture
def disk(monkeypatch) -> FailingDisk:
    return FailingDisk(monkeypatch)


@pytest.fixture
async def playing(harness):
    return await TableDriver.playing(harness)


def fault_warnings(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records
            if r.name == FAULTS_LOGGER and r.levelno == logging.WARNING]


def test_the_sentence_says_nothing_changed_and_to_try_again():
    assert CANNOT_SAVE == ("The bot cannot save anything right now, so nothing was changed; "
                           "try again in a few minutes.")


@pytest.mark.parametrize("read_only", [False, True], ids=["disk full", "read-only"])
async def test_a_click_on_a_full_disk_is_refused_in_a_sentence_and_works_later(
        playing, disk, caplog, read_only):
    d, h = playing, playing.h
    ann = d.user("ann")
    view = await d.open_hand(ann)
    seq, cards = d.hand.seq, list(d.hand.hands[str(ann.id)])
    disk.fill(read_only=read_only)
    with caplog.at_level(logging.WARNING, logger=FAULTS_LOGGER):
        for _ in range(3):  # a player who clicks again and again
            await h.click(ann, h.message(view.id), d.control(h.message(view.id), "stock"))
            answer = h.last_response(ann)
            assert CANNOT_SAVE in answer.text() and SORRY not in answer.text()
            assert answer.ephemeral and answer.viewer == ann.id
            assert (d.hand.seq, list(d.hand.hands[str(ann.id)])) == (seq, cards)
    (warned,) = fault_warnings(caplog)  # once, not once a click
    assert ("read-only" if read_only else "disk full") in warned
    stored = await h.bot.store.hand(d.table.running.hand_id)
    assert stored.seq == seq
    disk.free()
    await h.click(ann, h.message(view.id), d.control(h.message(view.id), "stock"))
    assert d.hand.seq == seq + 1 and "You drew" in h.message(view.id).text()
    assert (await h.bot.store.hand(d.table.running.hand_id)).seq == seq + 1


async def test_the_warning_comes_again_a_minute_later_while_the_disk_stays_full(
        playing, disk, caplog):
    d, h = playing, playing.h
    ann = d.user("ann")
    view = await d.open_hand(ann)
    faults = h.bot.store.db.faults
    now = [1000.0]
    faults.clock = lambda: now[0]
    disk.fill()
    with caplog.at_level(logging.WARNING, logger=FAULTS_LOGGER):
        for seconds in (0, 20, 39):  # within the minute: said once
            now[0] += seconds
            await h.click(ann, h.message(view.id), d.control(h.message(view.id), "stock"))
        assert len(fault_warnings(caplog)) == 1
        now[0] += 1  # a minute after it was said
        await h.click(ann, h.message(view.id), d.control(h.message(view.id), "stock"))
        assert len(fault_warnings(caplog)) == 2


async def test_a_command_on_a_full_disk_answers_the_sentence(harness, disk):
    h = harness
    ann = h.user("ann")
    disk.fill()
    await h.slash(ann, "gff join")
    answer = h.last_response(ann)
    assert answer.ephemeral and answer.content == CANNOT_SAVE
    assert h.bot.tables.in_channel(h.channel.id) is None
    disk.free()
    await h.slash(ann, "gff join")
    assert h.bot.tables.in_channel(h.channel.id).seat_of(ann.id) is not None
