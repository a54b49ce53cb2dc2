"""The table service through the game protocol: the turn clock, the deal after a restart,
and a restart that waits for its server before it speaks."""

from __future__ import annotations

import logging

from engine import cards as C
from tests.discord.table_driver import QUIET, TableDriver

TURN = 60  # the server default


async def restart(d: TableDriver) -> None:
    await d.h.restart()
    d.rehook()


def live_pings(d: TableDriver):
    return [m for m in d.h.public_messages() if "your turn" in m.content]


async def test_a_restart_pings_the_player_whose_turn_goes_on_and_finds_the_channel(
    harness, caplog
):
    d = await TableDriver.playing(harness)
    await d.turn("ann", "9D")
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        await restart(d)
    bob = d.user("bob")
    pings = live_pings(d)
    assert len(pings) == 1 and bob.id in pings[0].pinged  # one live mention, for bob
    assert "is gone" not in caplog.text and "failed" not in caplog.text
    await d.turn("bob", "JD")  # and play goes on
    assert d.hand.current == d.seat(d.user("cy"))


async def test_the_deal_moves_on_from_a_dealer_who_left_even_across_a_restart(harness):
    d = await TableDriver.playing(harness)
    # The last seat (cy) dealt the first hand; ann drops and wins it.
    assert d.hand.dealer == d.seat(d.user("cy"))
    await d.act("ann", "drop")
    await d.h.slash(d.user("cy"), "gff leave")
    assert d.table.seat_of(d.user("cy").id) is None
    await restart(d)
    # GFF-2.8: the deal passes left of where cy sat, to ann, not to a newly drawn dealer
    # (the driver's first dealer would be the last seat, bob).
    d.deal_next(["5H 6H 7H TD JD", "2D 3D 4D 5D 9C"])  # bob, then ann (the dealer)
    await d.h.advance(10)
    assert d.hand is not None and d.hand.seq == 0 and not d.hand.is_over
    assert d.hand.dealer == d.seat(d.user("ann"))
    assert d.hand.current == d.seat(d.user("bob"))


async def test_a_player_who_draws_and_then_waits_is_timed_out_for_the_rest_of_the_turn(harness):
    d = TableDriver(harness)
    await d.seat_everyone()
    await d.start(QUIET, stock="KS")
    await d.h.advance(TURN - 10)
    await d.act("ann", "stock")  # drew KS, then nothing more
    assert d.hand.seq == 1
    await d.h.advance(9)
    assert d.hand.current == d.seat(d.user("ann"))  # the turn's own clock: not yet
    await d.h.advance(1)
    # The time-out move finishes the turn: throw the card worth most, KS itself.
    assert d.hand.current == d.seat(d.user("bob"))
    assert d.hand.discards == [C.parse("KS")]
    assert d.table.timeouts == {d.user("ann").id: 1}
    d.assert_no_hidden_card_in_public()
