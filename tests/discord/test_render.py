"""Rendering helpers that people read: seat mentions and the table's action log."""

from __future__ import annotations

from cogs.gff import render
from engine.gff.events import Event

A = "1000000012"  # people's ids: computer players' ids are below 1,000,000
B = "1000000123"


def test_seat_ids_become_mentions_and_other_numbers_stay():
    text = f"{A} drew; {B} discards 7 of {A}; <@{A}> already named; {A}4 is no seat"
    assert render.mention_seats(text, [A, B]) == (
        f"<@{A}> drew; <@{B}> discards 7 of <@{A}>; <@{A}> already named; {A}4 is no seat"
    )


def test_a_seat_that_is_not_a_number_is_left_as_written():
    assert render.mention_seats("p0 takes the 7", ["p0"]) == "p0 takes the 7"


def test_the_log_shows_the_newest_actions_in_order_without_quiet_events():
    events = [Event("deal", detail="hand 1")] + [
        Event(kind, seat=A) for kind in ["post", "draw_stock", "discard"] * 4
    ]
    shown = render._last_actions(events)
    assert len(shown) == render.LOG_LINES
    assert shown[-1] == f"<@{A}> discards " and shown[-2] == f"<@{A}> draws from the stock"
    assert not any("posted" in line or "dealt" in line for line in shown)


def test_a_short_log_shows_every_action():
    events = [Event("deal", detail="hand 1"), Event("draw_stock", seat=B)]
    assert render._last_actions(events) == [f"<@{B}> draws from the stock"]
