"""Turn time-outs and the away state, on a clock the test moves (no sleeping)."""

from __future__ import annotations

from engine import cards as C
from tests.discord.table_driver import TableDriver

QUIET = ["2H 3H 4H 8D 9D", "5H 6H 7H TD JD", "2D 3D 4D 5D 9C"]
TURN = 60  # the server default


async def started(harness, stock: str = "") -> TableDriver:
    d = TableDriver(harness)
    await d.seat_everyone()
    await d.start(QUIET, stock=stock)
    return d


async def test_a_turn_that_times_out_is_played_safely(harness):
    d = await started(harness, stock="KS")
    h, ann = d.h, d.seat(d.user("ann"))
    await h.advance(TURN - 1)
    assert d.hand.current == ann and d.hand.seq == 0  # not yet
    await h.advance(1)
    # Drew KS from the stock and threw the card worth most: KS itself (10 beats 9D).
    assert d.hand.current == d.seat(d.user("bob"))
    assert d.hand.discards == [C.parse("KS")]
    assert d.hand.actions[0].source == "stock"
    assert d.table.timeouts == {d.user("ann").id: 1}
    assert d.user("ann").id not in d.table.away
    d.assert_no_hidden_card_in_public()


async def test_two_time_outs_in_a_row_mark_a_player_away_until_the_hand_ends(harness):
    d = await started(harness)
    h = d.h
    ann = d.user("ann")
    await h.advance(TURN)  # ann times out
    await d.turn("bob", "JD")
    await d.turn("cy", "9C")
    assert d.hand.current == d.seat(ann)
    await h.advance(TURN)  # twice in a row: away
    assert ann.id in d.table.away
    embed_text = d.table_message().text()
    assert "away" in embed_text
    await d.turn("bob", "TD")
    await d.turn("cy", "5D")
    # Away: ann is played at once, without waiting for the clock.
    assert d.hand.current == d.seat(d.user("bob"))
    await d.act("bob", "drop")
    # After the hand ann is cashed out and told why.
    assert d.table.seat_of(ann.id) is None
    said = "\n".join(m.text() for m in h.public_messages())
    assert f"<@{ann.id}> was away for two turns in a row" in said
    wallet = await h.bot.store.wallet(h.guild_id, ann.id)
    assert wallet.balance > 800  # the stack went back to the bankroll
    assert all(g.holds for g in await h.bot.store.conservation(h.guild_id))


async def test_a_player_who_acts_again_is_no_longer_away(harness):
    d = await started(harness)
    h = d.h
    ann = d.user("ann")
    await h.advance(TURN)
    await d.turn("bob", "JD")
    await d.turn("cy", "9C")
    await h.advance(TURN - 1)
    await d.act("ann", "stock")  # back in time: the count starts again
    assert ann.id not in d.table.away and ann.id not in d.table.timeouts
    await d.act("ann", "throw", "8D")
    await d.act("bob", "drop")
    assert d.table.seat_of(ann.id) is not None


async def test_the_turn_ping_names_the_player_and_the_previous_one_is_deleted(harness):
    d = await started(harness)
    h = d.h
    pings = [m for m in h.public_messages() if "your turn" in m.content]
    assert len(pings) == 1 and d.user("ann").id in pings[0].pinged
    await d.turn("ann", "9D")
    pings = [m for m in h.messages if "your turn" in m.content and not m.ephemeral]
    assert [p.deleted for p in pings] == [True, False]
    assert d.user("bob").id in pings[1].pinged
