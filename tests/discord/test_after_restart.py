"""What players see of a table when the bot restarts in the middle of a hand: one live
table message, the pick they made, and how their own view catches up."""

from __future__ import annotations

from cogs.gff.render import LOBBY_TITLE
from engine import cards as C
from tests.discord.table_driver import QUIET, TableDriver
from tests.discord.test_restart import restart
from tests.harness.cards import card_buttons


def table_messages(d: TableDriver) -> list:
    """The public messages that carry this table's buttons, oldest first."""
    wanted = f"gff:{d.table.id}:hand"
    return [m for m in d.h.public_messages() if wanted in m.custom_ids]


def pings(d: TableDriver) -> list:
    return [m for m in d.h.public_messages() if "it's your turn" in m.content]


async def test_after_a_restart_the_hand_keeps_one_table_message_and_it_is_live(harness):
    d = await TableDriver.playing(harness)
    await d.act("ann", "stock")
    (before,) = table_messages(d)
    await restart(d)
    await d.act("ann", "throw", "9D")  # bob's turn now, played after the restart
    (after,) = table_messages(d)  # no second, frozen table message beside it
    assert after.id == before.id
    assert f"<@{d.user('bob').id}> to play" in after.text() and "discards 9♦" in after.text()
    await d.h.click(d.user("cy"), after, f"gff:{d.table.id}:hand")  # its buttons work
    assert d.h.last_response(d.user("cy")).ephemeral
    # The turn ping of the turn that was running at the restart is the one deleted at
    # the next turn: one ping in the channel, for bob.
    (ping,) = pings(d)
    assert ping.content.startswith(f"<@{d.user('bob').id}>, it's your turn")
    d.assert_no_hidden_card_in_public()


async def test_a_restart_between_hands_leaves_no_second_countdown_or_lobby(harness):
    d = await TableDriver.playing(harness)
    await d.act("ann", "drop")
    await restart(d)
    await d.h.advance(1)  # the channel is read back once the server is there
    countdowns = [m for m in d.h.public_messages() if m.content.startswith("Next hand")]
    assert len(countdowns) == 1
    d.deal_next(QUIET)
    await d.h.advance(10)
    assert d.table.running.number == 2
    texts = [m.content for m in d.h.public_messages()]
    assert not any(t.startswith("Next hand") for t in texts)  # gone once hand 2 starts
    lobbies = [m for m in table_messages(d) if m.embeds and m.embed["title"] == LOBBY_TITLE]
    assert lobbies == []
    assert [m.embed["title"].rsplit(" ", 1)[-1] for m in table_messages(d)] == ["1", "2"]


async def test_a_pick_made_before_a_restart_is_spread_by_the_press_after_it(harness):
    d = await TableDriver.playing(harness)
    ann = d.user("ann")
    await d.act("ann", "stock")
    view = await d.pick(ann, ["2H", "3H", "4H"])
    assert "Picked" in view.text()
    await restart(d)
    spread = d.control(view, "spread")
    assert view.component(spread)["disabled"] is False  # the view still offers it
    await d.h.click(ann, view, spread)
    shown = d.view_of(ann).text()
    assert "You spread 2♥ 3♥ 4♥" in shown and "Not done" not in shown
    assert [s.cards for s in d.hand.public_view().spreads] != []
    d.assert_no_hidden_card_in_public()


async def test_a_pick_of_cards_not_in_the_hand_is_refused_and_changes_nothing(harness):
    d = await TableDriver.playing(harness)
    ann = d.user("ann")
    await d.act("ann", "stock")
    view = await d.pick(ann, ["2H", "3H", "4H"])
    await restart(d)
    # A view whose buttons claim other picks (a modified client): green on cards that
    # make no spread, and on a place past the end of the hand. A place names only a card
    # the player holds; the engine refuses the rest.
    buttons = card_buttons(view, "pick")
    last = max(buttons.values(), key=lambda b: int(b["custom_id"].rsplit(".", 1)[1]))
    real = last["custom_id"]
    last["custom_id"], last["style"] = real.rsplit(".", 1)[0] + ".9", 3
    seq = d.hand.seq
    await d.h.click(ann, view, d.control(view, "spread"))
    assert d.hand.seq == seq and "out of date" in d.view_of(ann).text()
    last["custom_id"] = real
    for card, button in buttons.items():
        button["style"] = 3 if C.code(card) in {"8D", "9D", "2H"} else 2
    await d.h.click(ann, view, d.control(view, "spread"))
    assert d.hand.seq == seq and "Not done" in d.view_of(ann).text()


async def test_after_a_restart_a_view_catches_up_on_its_next_click(harness):
    """docs/playing.md: after a restart the bot holds no player's view; the turn ping
    still comes, and the next click on the view (Refresh, or any button) brings it up
    to date."""
    d = await TableDriver.playing(harness)
    bob = d.user("bob")
    view = await d.open_hand(bob)
    await restart(d)
    await d.act("ann", "stock")
    await d.act("ann", "throw", "9D")
    stale = d.h.message(view.id)
    assert "Waiting for" in stale.text()  # not edited: the bot cannot reach it any more
    await d.h.click(bob, stale, d.control(stale, "refresh"))
    fresh = d.h.message(view.id)
    assert "Your turn." in fresh.text()
    assert fresh.component(d.control(fresh, "stock"))["disabled"] is False
    # From then on the promise holds again: at bob's next turn the view catches up.
    await d.act("bob", "stock")
    await d.act("bob", "throw", "JD")
    await d.act("cy", "stock")
    await d.act("cy", "throw", "9C")
    await d.act("ann", "stock")
    await d.act("ann", "throw", "8D")
    assert "Your turn." in d.h.message(view.id).text()
