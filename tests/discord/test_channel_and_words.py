"""What a channel shows around a table, and the words players read in it: no stale
lobby or countdown, views that say the hand is over, plain results and counts."""

from __future__ import annotations

from engine import cards as C
from tests.discord.table_driver import QUIET, TableDriver


def lobby_messages(d: TableDriver) -> list:
    return [m for m in d.h.public_messages()
            if m.embeds and m.embed.get("title") == "Game, Flip and Flop"]


def countdowns(d: TableDriver) -> list:
    return [m for m in d.h.public_messages() if m.content.startswith("Next hand <t:")]


async def test_the_lobby_goes_once_the_first_hand_is_on_the_table(harness):
    d = TableDriver(harness)
    await d.seat_everyone()
    (lobby,) = lobby_messages(d)
    assert any(i.endswith(":join") for i in lobby.custom_ids)
    await d.start(QUIET)
    assert lobby_messages(d) == [] and d.h.message(lobby.id).deleted
    assert "hand 1" in d.table_message().embed["title"]


async def test_the_countdown_goes_when_the_next_hand_starts(harness):
    d = await TableDriver.playing(harness)
    await d.act("ann", "drop")
    (countdown,) = countdowns(d)
    d.deal_next(QUIET)
    await d.h.advance(10)
    assert d.table.running.number == 2
    assert countdowns(d) == [] and d.h.message(countdown.id).deleted


async def test_ending_the_table_between_hands_takes_the_countdown_away(harness):
    d = await TableDriver.playing(harness)
    await d.act("ann", "drop")
    (countdown,) = countdowns(d)
    table_id = d.table.id
    await d.h.slash(d.host, "gff end")
    assert d.table is None
    assert countdowns(d) == [] and d.h.message(countdown.id).deleted
    presenter = d.h.bot.get_cog("TableCog").presenter
    assert table_id not in presenter.shown  # its countdown and lobby among the rest
    assert any("The table is closed" in m.content for m in d.h.public_messages())


async def test_when_a_hand_ends_the_other_players_views_say_so(harness):
    d = await TableDriver.playing(harness)
    bob, cy = d.user("bob"), d.user("cy")
    bob_view, cy_view = await d.open_hand(bob), await d.open_hand(cy)
    assert "Waiting for" in bob_view.text()
    def theirs() -> int:
        return sum(1 for i in d.h.recorder.interactions.values() if i.user in (bob, cy))

    clicks = theirs()
    await d.act("ann", "drop")
    assert theirs() == clicks  # neither clicked
    for view in (bob_view, cy_view):
        text = d.h.message(view.id).text()
        assert "The hand is over." in text and "Waiting for" not in text


async def test_the_result_names_the_winner_and_how_the_hand_ended(harness):
    d = await TableDriver.playing(harness)
    await d.act("ann", "drop")  # caught: ann's 5-card hand is not the lowest
    number, settlement = d.table.last_result
    (winner,) = settlement.game_winners
    result = next(m for m in d.h.public_messages()
                  if m.embeds and m.embed["title"].startswith(f"Hand {number}:"))
    assert "won by" not in result.embed["title"]
    assert result.embed["description"] == (
        f"<@{winner}> wins: lowest hand, and the drop was caught."
    )


async def test_out_of_turn_the_player_is_spoken_to(harness):
    d = await TableDriver.playing(harness)
    ann, bob = d.user("ann"), d.user("bob")
    view = await d.open_hand(bob)
    # A client that sends a disabled button's click anyway is refused in plain words.
    await d.h.click(bob, view, d.control(view, "stock"), forged=True)
    text = d.h.message(view.id).text()
    assert f"It is not your turn; waiting for <@{ann.id}>." in text
    assert "acted, but" not in text and d.hand.seq == 0


async def test_one_card_left_in_the_stock_reads_1_card(harness):
    d = await TableDriver.playing(harness)
    # Everyone draws from the stock and throws what they drew, until one card is left.
    while d.hand.public_view().stock > 1:
        seat = d.hand.current
        name = next(u.name for u in d.users if d.seat(u) == seat)
        before = set(d.hand.hands[seat])
        await d.act(name, "stock")
        (drawn,) = set(d.hand.hands[seat]) - before
        await d.act(name, "throw", C.code(drawn))
    name = next(u.name for u in d.users if d.seat(u) == d.hand.current)
    view = await d.open_hand(d.user(name))
    fields = {f["name"]: f["value"] for f in view.embed["fields"]}
    assert fields["Stock"] == "1 card"
    table = {f["name"]: f["value"] for f in d.table_message().embed["fields"]}
    assert table["Stock"] == "1 card" and "1 cards" not in d.table_message().text()
