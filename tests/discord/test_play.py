"""Game, Flip and Flop played in a channel, as three people would, to every ending.

ann (the host), bob and cy join in that order; cy deals first, so the hands below
are listed ann, bob, cy. Stake 10, buy-in 200 and 1000 starting chips: the server
defaults. Each test checks the engine's settlement against the database, the
result embed and /bankroll, and that no hidden card reached a public message.
"""

from __future__ import annotations

import asyncio
import gc
import weakref

import pytest

from engine import cards as C
from engine.replay import replay
from tests.discord.table_driver import QUIET, TableDriver


@pytest.fixture
async def driver(harness):
    d = TableDriver(harness)
    await d.seat_everyone()
    return d


async def assert_everything_agrees(d: TableDriver, expected: dict[str, int]) -> None:
    """Engine, database, result embed and /bankroll agree with the stacks worked out by hand."""
    h = d.h
    table = d.table
    number, settlement = table.last_result
    by_name = {name: d.seat(d.user(name)) for name in expected}
    assert {n: settlement.stacks[s] for n, s in by_name.items()} == expected
    # The stored record replays to the same result: the hand is auditable.
    stored = await h.bot.store.hand_by_number(table.id, number)
    assert stored.status == "settled"
    assert replay(stored.record) == settlement.to_result() == stored.result
    info = await h.bot.store.table(table.id)
    in_db = {str(seat.user_id): seat.stack for seat in info.seats}
    for name, seat in by_name.items():
        if seat in in_db:  # an eliminated player is already cashed out
            assert in_db[seat] == expected[name]
    result = next(m for m in reversed(h.public_messages()) if m.embeds
                  and m.embed.get("title", "").startswith(f"Hand {number}:"))
    text = result.text()
    for name, seat in by_name.items():
        assert f"<@{seat}>: " in text and f"→ {expected[name]}" in text
    for name in expected:
        await h.slash(d.user(name), "bankroll")
        shown = h.last_response(d.user(name))
        fields = {f["name"]: f["value"] for f in shown.embed["fields"]}
        if by_name[name] in in_db:
            assert fields["At tables"] == str(expected[name])
            assert fields["Bankroll"] == "800"
    problems = await h.bot.store.conservation(h.guild_id)
    assert problems and all(g.holds for g in problems)
    d.assert_no_hidden_card_in_public()


async def test_three_players_each_see_only_their_own_hand(driver):
    d, h = driver, driver.h
    await d.start(QUIET)
    for user, cards in zip(d.users, QUIET, strict=True):
        view = await d.open_hand(user)
        assert view.ephemeral and view.viewer == user.id
        shown = view.embed["description"]
        for other in QUIET:
            if other != cards:
                # bob's 5H 6H 7H, say, never appear in ann's view, and so on
                own = set(cards.split())
                for code in set(other.split()) - own:
                    assert code not in view.text()
        assert "Worth" in shown
    table = d.table_message()
    assert not table.ephemeral and "Stake 10" in table.text()
    d.assert_no_hidden_card_in_public()
    assert h.message(d.views[d.users[0].id]).component(
        d.control(d.view_of(d.users[0]), "stock"))["disabled"] is False
    assert h.message(d.views[d.users[1].id]).component(
        d.control(d.view_of(d.users[1]), "stock"))["disabled"] is True


async def test_the_bot_keeps_no_view_or_timer_for_the_messages_it_sends(driver):
    """Every control is a DynamicItem found again from its custom id, so discord.py
    need hold no view, nor start the 15-minute timer it gives an ephemeral view."""
    d, h = driver, driver.h
    await d.start(QUIET)
    for user in d.users:
        await d.open_hand(user)
    await d.act("ann", "stock")
    views = h.bot._connection._view_store
    assert views._views == {} and views._synced_message_views == {}
    timers = [t for t in asyncio.all_tasks() if "timeout_task" in repr(t.get_coro())]
    assert timers == []


async def test_a_sent_hand_view_is_freed_without_a_garbage_collection(driver, monkeypatch):
    """A view and its items refer to each other; sending lets the items go, so each
    click's view is freed when the send ends rather than by the next collection."""
    d = driver
    await d.start(QUIET)
    await d.open_hand(d.users[0])
    built = []
    # The UI the running bot loaded (each bot loads its extensions afresh).
    ui = d.h.bot.get_cog("TableCog").uis["gff"]
    build = ui.hand_view

    def remembered(*args, **kwargs):
        view = build(*args, **kwargs)
        built.append(weakref.ref(view))
        return view

    monkeypatch.setattr(ui, "hand_view", remembered)
    gc.disable()
    try:
        await d.act("ann", "stock")
        assert built and all(ref() is None for ref in built)
    finally:
        gc.enable()


async def test_an_answered_click_leaves_nothing_for_the_garbage_collector(driver):
    """discord.py's objects for a click (the interaction, its response, the clicked
    message and the view rebuilt from it) are freed when the click's task ends, not
    by a later collection. This also fails if discord.py renames what the bot unlinks."""
    d = driver
    await d.start(QUIET)
    await d.open_hand(d.users[0])
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        await d.act("ann", "stock")
        await d.act("ann", "throw", "9D")
        gc.collect()
        left = {type(o).__name__ for o in gc.garbage if type(o).__module__.startswith("discord")}
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert left == set()


async def test_going_out(driver):
    d = driver
    await d.start(["8C 9C TC JC QC", "5H 6H 7H TD JD", "2D 3D 4D 5D KS"], stock="KH")
    await d.act("ann", "stock")
    await d.act("ann", "spread", "8C 9C TC JC QC")
    view = await d.act("ann", "throw", "KH")
    assert "over" in view.text()
    await assert_everything_agrees(d, {"ann": 230, "bob": 170, "cy": 200})


async def test_tunk_out(driver):
    d = driver
    await d.start(["7S 7H 7D 8C 9C", "5H 6H 7C TD JD", "2D 3D 4D 5D KS"], stock="KH QH JH TC")
    await d.act("ann", "stock")
    await d.act("ann", "spread", "7S 7H 7D")
    await d.act("ann", "throw", "KH")
    await d.turn("bob", "QH")
    await d.turn("cy", "JH")
    await d.act("ann", "stock")
    await d.act("ann", "spread", "8C 9C TC")
    assert d.table.last_result[1].ended == "tunk_out"
    await assert_everything_agrees(d, {"ann": 250, "bob": 190, "cy": 160})


async def test_a_winning_drop_after_hits_and_taking_the_discard(driver):
    d = driver
    await d.start(QUIET, stock="QS")
    await d.act("ann", "stock")
    await d.act("ann", "spread", "2H 3H 4H")
    await d.act("ann", "throw", "8D")
    await d.act("bob", "take")
    await d.act("bob", "hit", "5H 6H 7H", target=0)
    await d.act("bob", "throw", "8D")
    await d.act("cy", "take")
    await d.act("cy", "throw", "8D")
    await d.act("ann", "drop")
    assert d.table.last_result[1].ended == "drop"
    await assert_everything_agrees(d, {"ann": 200, "bob": 170, "cy": 200})


async def test_a_caught_drop(driver):
    d = driver
    await d.start(QUIET)
    await d.act("ann", "drop")
    assert d.table.last_result[1].ended == "caught"
    await assert_everything_agrees(d, {"ann": 160, "bob": 170, "cy": 240})


async def test_the_stock_runs_out(driver):
    d = driver
    hands = ["2H 3H 4H 5S 9H", "5H 6H 7H TD JD", "2D 3D 4D 5D 9C"]
    d.deal_next(hands)
    stock = d.decks[0][15:]
    await d.h.slash(d.host, "gff start")
    names = ["ann", "bob", "cy"]
    for i, card in enumerate(stock):
        await d.turn(names[i % 3], C.code(card))
    assert d.table.last_result[1].ended == "stock_out"
    await assert_everything_agrees(d, {"ann": 215, "bob": 170, "cy": 215})


async def test_an_instant_fifty(driver):
    d = driver
    await d.start(["KS QS JS TS KH", "2H 3H 4H 8D 9D", "2D 3D 4D 5D 9C"])
    assert d.table.last_result[1].ended == "instant"
    await assert_everything_agrees(d, {"ann": 250, "bob": 160, "cy": 190})


async def test_the_next_hand_deals_itself_after_a_countdown(driver):
    d, h = driver, driver.h
    await d.start(QUIET)
    await d.act("ann", "drop")
    assert any("Next hand" in m.text() for m in h.public_messages())
    d.next_hand_begins()
    d.deal_next(["2H 3H 4H 8D 9D", "5H 6H 7H TD JD", "2D 3D 4D 5D 9C"])
    await h.advance(10)
    # The deal passed left: ann deals, bob plays first.
    assert d.table.hand.dealer == d.seat(d.user("ann"))
    assert d.table.hand.current == d.seat(d.user("bob"))
    d.views.clear()
    await d.act("bob", "drop")
    d.assert_no_hidden_card_in_public()
