"""Bad input gets one clear ephemeral sentence and changes nothing."""

from __future__ import annotations

import discord
import pytest

from bot.tables import TableError
from cogs.table.commands import offered_value
from cogs.table.ui import TableOption
from tests.discord.table_driver import TableDriver


async def chips_snapshot(h) -> tuple:
    """Everything a refusal must leave alone: every wallet, stack and the ledger's length."""
    store = h.bot.store
    wallets = {}
    for user in h.users.values():
        wallet = await store.wallet(h.guild_id, user.id)
        wallets[user.id] = wallet.balance if wallet else None
    table = h.bot.tables.in_channel(h.channel.id)
    seats = ()
    if table is not None:
        info = await store.table(table.id)
        seats = tuple((s.user_id, s.stack, s.status) for s in info.seats)
    ledger = await store.db.read(lambda db: db.execute("SELECT COUNT(*) FROM ledger").fetchone())
    hand = table.hand.seq if table is not None and table.hand is not None else None
    return wallets, seats, ledger, hand


async def refused(h, user, text: str, run) -> None:
    before = await chips_snapshot(h)
    await run()
    answer = h.last_response(user)
    assert answer.ephemeral and answer.viewer == user.id
    assert text in answer.text(), answer.text()
    assert "Traceback" not in answer.text()
    assert await chips_snapshot(h) == before


@pytest.fixture
async def playing(harness):
    return await TableDriver.playing(harness)


async def test_acting_out_of_turn(playing):
    d, h = playing, playing.h
    bob = d.user("bob")
    view = await d.open_hand(bob)
    stock = d.control(view, "stock")
    assert view.component(stock)["disabled"]
    # A modified client can still send the click: the engine refuses it.
    ann = d.user("ann")
    await refused(h, bob, f"It is not your turn; waiting for <@{ann.id}>.",
                  lambda: h.click(bob, view, stock, forged=True))
    assert f"<@{bob.id}>" not in h.last_response(bob).text()  # spoken to, not about


async def test_another_users_hand_view(playing):
    d, h = playing, playing.h
    ann, bob = d.user("ann"), d.user("bob")
    view = await d.open_hand(ann)
    await refused(h, bob, "belong to", lambda: h.click(bob, view, d.control(view, "stock"),
                                                      forged=True))
    assert str(ann.id) in h.last_response(bob).text()


async def test_a_stale_button_is_refused_and_a_fresh_view_given(playing):
    d, h = playing, playing.h
    ann = d.user("ann")
    first = await d.open_hand(ann)
    stale_stock = d.control(first, "stock")
    await d.open_hand(ann)  # a second view, as after opening the hand twice
    await d.act("ann", "stock")
    # The first view still shows action 0: its draw button is out of date.
    await refused(h, ann, "out of date", lambda: h.click(ann, first, stale_stock))
    fresh = h.message(first.id)
    assert d.control(fresh, "throw").endswith(f":1.{d.hand.seq}:throw")


async def test_twenty_clicks_of_one_button_apply_once(playing):
    d, h = playing, playing.h
    ann = d.user("ann")
    views = [await d.open_hand(ann) for _ in range(20)]
    clicks = [h.click(ann, v, d.control(v, "stock")) for v in views]
    import asyncio

    await asyncio.gather(*clicks)
    assert d.hand.seq == 1 and len(d.hand.hands[d.seat(ann)]) == 6
    notes = [h.message(v.id).text() for v in views]
    assert sum("You drew" in n for n in notes) == 1
    assert sum("out of date" in n for n in notes) == 19


async def test_joining_twice(playing):
    await refused(playing.h, playing.user("ann"), "already have a seat",
                  lambda: playing.h.slash(playing.user("ann"), "gff join"))


async def test_joining_without_the_chips(harness):
    h = harness
    await h.slash(h.user("ann"), "gff join")  # a table with the default 200 buy-in
    # /config refuses starting chips below a buy-in; a player can still be this poor after
    # losing at other tables, so the store is set directly.
    await h.bot.store.update_guild_settings(h.guild_id, starting_chips=50)
    poor = h.user("poor")
    before_tables = (await h.bot.store.table(h.bot.tables.in_channel(h.channel.id).id)).seats
    await h.slash(poor, "gff join")
    answer = h.last_response(poor)
    assert answer.ephemeral and "150" in answer.text()  # short by 150
    wallet = await h.bot.store.wallet(h.guild_id, poor.id)
    assert wallet.balance == 50
    after = (await h.bot.store.table(h.bot.tables.in_channel(h.channel.id).id)).seats
    assert after == before_tables


async def test_starting_with_one_player(harness):
    h = harness
    ann = h.user("ann")
    await h.slash(ann, "gff join")
    await refused(h, ann, "At least 2 players", lambda: h.slash(ann, "gff start"))


async def test_a_non_host_cannot_start_or_end(harness):
    h = harness
    ann, bob = h.user("ann"), h.user("bob", permissions=discord.Permissions.none())
    await h.slash(ann, "gff join")
    await h.slash(bob, "gff join")
    await refused(h, bob, "Only the host", lambda: h.slash(bob, "gff start"))
    await refused(h, bob, "Only the host", lambda: h.slash(bob, "gff end"))
    assert h.bot.tables.in_channel(h.channel.id) is not None


async def test_config_needs_manage_server(harness):
    h = harness
    bob = h.user("bob", permissions=discord.Permissions.none())
    await refused(h, bob, "Manage Server", lambda: h.slash(bob, "config", stake=50))
    assert (await h.bot.store.guild_settings(h.guild_id)).stake == 10


@pytest.mark.parametrize(
    "options",
    [{"stake": 0}, {"max_players": 9}, {"turn_seconds": 5}, {"stake": 10, "buy_in": 20}],
)
async def test_out_of_range_options_from_a_modified_client(harness, options):
    h = harness
    ann = h.user("ann")
    before = await chips_snapshot(h)
    await h.slash(ann, "gff create", forged=True, **options)
    answer = h.last_response(ann)
    assert answer.ephemeral and "Something went wrong" not in answer.text()
    assert h.bot.tables.in_channel(h.channel.id) is None
    assert (await chips_snapshot(h))[1:] == before[1:]


async def test_commands_outside_a_table_say_so(harness):
    h = harness
    ann = h.user("ann")
    for command in ("gff start", "gff leave", "gff hand", "gff table", "gff end", "gff history"):
        await refused(h, ann, "no table in this channel", lambda c=command: h.slash(ann, c))


async def test_a_button_from_an_earlier_hand_is_refused(playing):
    d, h = playing, playing.h
    ann = d.user("ann")
    old = await d.open_hand(ann)  # hand 1, action 0: ann to play
    await d.open_hand(ann)  # a second view, which she plays from
    await d.act("ann", "drop")
    d.deal_next(["2H 3H 4H 8D 9D", "5H 6H 7H TD JD", "2D 3D 4D 5D 9C"])
    await h.advance(10)
    # Hand 2 also stands at action 0, but the button names hand 1: it is out of date.
    (stock,) = [i for i in h.message(old.id).custom_ids if i.endswith(":stock")]
    assert ":1.0:" in stock and d.table.running.number == 2 and d.hand.seq == 0
    await refused(h, ann, "out of date", lambda: h.click(ann, h.message(old.id), stock,
                                                        forged=True))


@pytest.mark.parametrize(
    ("values", "why"),
    [
        (["KH"], "not in your hand"),  # a real card, somebody else's
        (["ZZ"], "not a card"),
        (["2H", "3H"], "choose one card"),
        ([], "choose one card"),
    ],
)
async def test_a_forged_discard_choice_is_refused(playing, values, why):
    d, h = playing, playing.h
    ann = d.user("ann")
    await d.act("ann", "stock")
    view = d.view_of(ann)
    seq = d.hand.seq
    await refused(h, ann, why, lambda: h.click(ann, view, d.control(view, "throw"),
                                               values=values, forged=True))
    assert d.hand.seq == seq


async def test_discarding_before_drawing_is_refused(playing):
    d, h = playing, playing.h
    ann = d.user("ann")
    view = await d.open_hand(ann)
    throw = d.control(view, "throw")
    assert view.component(throw)["disabled"] is True
    await refused(h, ann, "draw", lambda: h.click(ann, view, throw, values=["2H"], forged=True))
    assert d.hand.seq == 0


async def test_a_refusal_quotes_only_a_short_part_of_a_long_option(harness):
    """A modified client sends a 4,000-character table option: the answer is short enough
    for Discord to show, and opens nothing."""
    h = harness
    ann = h.user("ann")
    await refused(h, ann, "match", lambda: h.slash(ann, "concentration create",
                                                   match="x" * 4000, forged=True))
    text = h.last_response(ann).text()
    assert len(text) < 200 and "x" * 41 not in text
    assert h.bot.tables.in_channel(h.channel.id) is None


def test_a_table_option_not_offered_is_quoted_short_and_as_typed():
    """`/<game> create` checks a word option against its choices itself, and quotes what
    it was given through the one helper: 40 characters at most, markdown escaped."""
    match = TableOption("match", "what makes a pair", ("rank", "colour"))
    with pytest.raises(TableError) as long:
        offered_value(match, "x" * 4000)
    assert long.value.message == (
        "The option match is rank or colour, not “" + "x" * 39 + "…”.")
    with pytest.raises(TableError) as marked:
        offered_value(match, "**big** `code`\n@ here")
    assert marked.value.message.endswith(r"not “\*\*big\*\* \`code\` @ here”.")
    assert offered_value(match, "colour") == "colour"


async def test_a_table_option_the_game_refuses_is_said_without_a_rule_number(harness):
    h = harness
    ann = h.user("ann")
    await refused(h, ann, "", lambda: h.slash(ann, "faro create", max_bet=5))
    # The engine cites FARO-2.2; the player reads one sentence with one full stop.
    assert h.last_response(ann).text() == (
        "Faro: max_bet must be a whole number of at least the stake 10.")


async def test_too_few_players_to_deal_counts_one_stake(harness):
    h = harness
    ann = h.user("ann")
    await h.slash(ann, "concentration join")
    await refused(h, ann, "At least 2 players with 1 stake or more are needed to deal "
                  "Concentration.", lambda: h.slash(ann, "concentration start"))
