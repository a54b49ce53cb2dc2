"""Rendering helpers that people read: seat mentions and the table's action log."""

from __future__ import annotations

from cogs.gff import render
from cogs.rummy.render import LOG_LINES, last_actions
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
    shown = last_actions(events)
    assert len(shown) == LOG_LINES
    assert shown[-1] == f"<@{A}> discards " and shown[-2] == f"<@{A}> draws from the stock"
    assert not any("posted" in line or "dealt" in line for line in shown)


def test_a_short_log_shows_every_action():
    events = [Event("deal", detail="hand 1"), Event("draw_stock", seat=B)]
    assert last_actions(events) == [f"<@{B}> draws from the stock"]


def _settled(ended: str, winners: tuple[str, ...], values: dict[str, int]):
    from engine.gff.settlement import Settlement

    return Settlement(
        ended=ended, winners=winners, stacks={}, eliminated=(), net={}, transfers=(),
        flip_winner=None, flop_winner=None, posted={}, won={}, shown={}, values=values,
    )


def test_a_result_names_the_winner_and_how_the_hand_ended():
    line = render.winner_line
    assert line(_settled("stock_out", (A,), {A: 7, B: 9})) == (
        f"<@{A}> wins: lowest hand when the stock ran out"
    )
    assert line(_settled("going_out", (B,), {})) == f"<@{B}> wins: went out"
    assert line(_settled("instant", (A, B), {A: 49, B: 50})) == (
        f"<@{A}> and <@{B}> share the game: declared 49 and 50 before the first turn"
    )
    assert line(_settled("tunk_out", (A,), {})) == f"<@{A}> wins: tunked out"
    assert "won by" not in line(_settled("drop", (A,), {A: 3}))


def test_counts_of_one_are_singular():
    assert (render.count(1, "card"), render.count(0, "card"), render.count(2, "card")) == (
        "1 card", "0 cards", "2 cards"
    )
