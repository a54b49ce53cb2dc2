"""Computer players: seated by the host, paid by the house, acting like anyone, never alone."""

from __future__ import annotations

from bot.tables.computer import is_computer
from engine import cards as C
from engine.actions import Discard
from engine.gff.autoplay import stand_in_action
from tests.discord.table_driver import TableDriver


async def table_with_computers(harness, *levels: str) -> TableDriver:
    d = TableDriver(harness, names=("ann",))
    await d.seat_everyone()
    for level in levels:
        await d.h.slash(d.host, "gff addbot", level=level)
        assert "sits down" in d.h.last_response(d.host).text()
    return d


async def play_hand_to_the_end(d: TableDriver) -> None:
    ann = d.seat(d.user("ann"))
    for _ in range(500):
        hand = d.table.hand
        if hand.is_over:
            return
        if hand.current == ann:
            move = stand_in_action(hand.private_view(ann))
            if isinstance(move, Discard):
                await d.act("ann", "throw", C.code(move.card))
            else:
                await d.act("ann", "stock")
        else:
            await d.h.advance(2)  # a computer player acts after its short pause
    raise AssertionError("the hand did not end")


async def test_one_person_and_two_computer_players_play_a_hand_to_the_end(harness):
    d = await table_with_computers(harness, "sharp", "easy")
    h = d.h
    seats = d.table.info.seats
    assert sum(is_computer(s.user_id) for s in seats) == 2
    assert "🤖 Sharp 1" in d.table_message().text() and "🤖 Easy 1" in d.table_message().text()
    d.deal_next(["2H 3H 4H 8D 9D", "5H 6H 7H TD JD", "2D 3D 4D 5D 9C"])
    await h.slash(d.host, "gff start")
    await play_hand_to_the_end(d)
    log = "\n".join(e.text for e in d.table.hand.events)
    assert d.table.last_result is not None and log
    shown = d.table_message().text()
    assert "🤖" in shown  # computer moves are in the table's log like anyone's
    d.assert_no_hidden_card_in_public()
    await h.slash(h.owner, "audit")
    assert "Every chip is accounted for" in h.last_response(h.owner).text()


async def test_computer_players_never_time_out_and_are_not_pinged(harness):
    d = await table_with_computers(harness, "easy", "random")
    h = d.h
    # ann (the first seat) deals, so the two computer players play first.
    h.bot.tables.first_dealer = lambda players: players[0]
    d.deal_next(["2H 3H 4H 8D 9D", "5H 6H 7H TD JD", "2D 3D 4D 5D 9C"])
    await h.slash(d.host, "gff start")
    assert d.hand.current != d.seat(d.user("ann"))
    await h.advance(2)
    assert d.hand.seq >= 1 and not d.table.timeouts and not d.table.away
    pings = [m for m in h.public_messages() if "your turn" in m.content]
    assert all(str(d.user("ann").id) in m.content for m in pings)


async def test_computer_players_leave_between_hands_and_their_chips_go_back_to_the_house(
    harness,
):
    d = await table_with_computers(harness, "random")
    h = d.h
    d.deal_next(["2H 3H 4H 8D 9D", "5H 6H 7H TD JD"])
    await h.slash(d.host, "gff start")
    await h.slash(d.host, "gff removebot")
    assert "between hands" in h.last_response(d.host).text()
    await play_hand_to_the_end(d)
    await h.slash(d.host, "gff removebot")
    assert "left the table" in h.last_response(d.host).text()
    assert not any(is_computer(s.user_id) for s in d.table.info.seats)
    audit = await h.bot.store.audit(h.guild_id)
    assert audit.balances and audit.burned > 0  # the house took its chips back


async def test_a_table_of_only_computer_players_does_not_play_on(harness):
    d = await table_with_computers(harness, "sharp", "sharp")
    h = d.h
    await h.slash(d.host, "gff leave")
    assert h.bot.tables.in_channel(h.channel.id) is None  # nobody left to play for
    audit = await h.bot.store.audit(h.guild_id)
    assert audit.balances and audit.stacks == 0 and audit.wallets == 1000


async def test_standings_list_people_only(harness):
    d = await table_with_computers(harness, "sharp")
    await d.h.slash(d.host, "bankroll")
    fields = {f["name"]: f["value"] for f in d.h.last_response(d.host).embed["fields"]}
    top = fields["Standings"]
    assert f"**#1** <@{d.user('ann').id}>" in top and "#2" not in top


async def test_only_the_host_adds_computer_players(harness):
    d = await table_with_computers(harness)
    bob = d.h.user("bob")
    await d.h.slash(bob, "gff join")
    await d.h.slash(bob, "gff addbot", level="easy")
    assert "Only the host" in d.h.last_response(bob).text()
    assert len(d.table.info.seats) == 2
