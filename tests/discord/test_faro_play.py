"""Faro played in a channel, as people would, to both endings of FARO-7 (`hoc`, `abandoned`).

The deck puts the 2♠ as the soda and the first turn as K♠ losing, Q♠ winning; the last
three cards are 7♣ 9♣ K♣, dealt in that order (losing, winning, hoc). Stake 10 (the
minimum bet), the maximum 100, buy-in 200 and 1000 starting chips: the server defaults.
Every bet type of the page is placed from the betting view; after every click no card
still in the box may reach a public message; chips agree between the engine, the table
message, /bankroll and the store, and the house's transfers are minted and burned.
Cards show as faces (emoji markup) beside their words; `in_words` reads a text as a
screen reader does, without the faces.
"""

from __future__ import annotations

import re

from cogs.table.emojis.shown import FACES
from engine import cards as C
from tests.discord.table_checks import (
    BUY_IN,
    STAKE,
    START,
    assert_audit_balances,
    assert_bankrolls,
    assert_chips_conserved,
    assert_history_replays,
    assert_stored_replays,
    result_message,
)
from tests.discord.table_driver import TableDriver, controls
from tests.harness import EPHEMERAL, Harness, Message
from tests.harness.cards import card_on, cards_shown_in

TOP, LAST_THREE = "2S KS QS", "7C 9C KC"
FACES_BEFORE_WORDS = re.compile(r"(?:<a?:\w+:\d+>)+ ")


def in_words(text: str) -> str:
    """The text without its faces: the words a screen reader reads."""
    return FACES_BEFORE_WORDS.sub("", text)


def cards(codes: str) -> set[int]:
    return {C.parse(code) for code in codes.split()}


def faro_deck(top: str = TOP, last: str = LAST_THREE) -> list:
    first = [C.parse(c) for c in top.split()]
    end = [C.parse(c) for c in last.split()]
    return first + [c for c in C.DECK if c not in first and c not in end] + end


class FaroDriver(TableDriver):
    game = "faro"
    hand_noun = "Deal"

    click = TableDriver.press  # one control of the player's own betting view

    async def bet(self, name: str, on: list[str], amount: int = STAKE, copper=False) -> Message:
        """How much, then where: the choice of where is the bet."""
        await self.click(name, "amount", [str(amount)])
        return await self.click(name, "coppered" if copper else "on", on)

    def public_cards(self, hand) -> set[int]:
        """Only the cards dealt face up may show: the soda, the turns, the three left
        before the last turn (FARO-1.4) and the hoc at the end; never one still in the box."""
        public = hand.public_view()
        allowed = {public.soda, *(c for turn in public.turns for c in turn), *public.last_three}
        if public.hoc is not None:
            allowed.add(public.hoc)
        return allowed


async def faro_table(h, names=("ann",)) -> FaroDriver:
    return await FaroDriver.opened(h, faro_deck(), names)


async def house_net(h) -> int:
    """What the ledger says the house won: burned by it, less minted by it."""
    rows = await h.bot.store.db.read(lambda db: db.execute(
        "SELECT source, target, amount FROM ledger WHERE reason LIKE 'house: faro%'"
    ).fetchall())
    return sum(a for _, t, a in rows if t == "burn") - sum(a for s, _, a in rows if s == "mint")


async def assert_the_house_agrees(d: FaroDriver, ended: str, expected: dict[str, int]
                                  ) -> None:
    """The deal ended as `ended` with the stacks `expected`; the store, the result embed,
    /audit and the house's ledger rows agree (the table may have closed: `d.result`)."""
    h = d.h
    number, settlement = d.table.last_result if d.table else d.result
    assert settlement.ended == ended
    by_name = {name: d.seat(name) for name in expected}
    assert {n: settlement.stacks[s] for n, s in by_name.items()} == expected
    await assert_stored_replays(h, d.last_table_id, number, settlement, "faro")
    assert await house_net(h) == settlement.house == sum(
        BUY_IN - stack for stack in expected.values())
    text = result_message(d, number).text()
    for name, seat in by_name.items():
        assert f"<@{seat}>: " in text and f"→ {expected[name]}" in text
    await assert_chips_conserved(h)
    await assert_audit_balances(h)
    d.assert_no_hidden_card_in_public()


async def test_faro_every_bet_type_is_on_the_view_and_a_deal_plays_to_the_hoc(harness):
    h = harness
    d = await faro_table(h)
    d.last_table_id = d.table.id
    ann = d.seat(d.host)
    view = await d.open_hand(d.host)
    assert view.flags & EPHEMERAL
    on = controls(view)["on"]
    values = {o["value"] for o in on["options"]}
    assert {"r:A", "r:K", "even", "odd", "high"} <= values and on["max_values"] == 4
    assert len(on["options"]) <= 25 and len(view.components) <= 5
    amounts = [int(o["value"]) for o in controls(view)["amount"]["options"]]
    assert amounts[0] == STAKE and amounts[-1] == 10 * STAKE  # the table's minimum, maximum
    # Turn 1 deals K♠ losing, Q♠ winning.
    await d.bet("ann", ["r:Q"], 20)  # a card: wins, +20
    await d.bet("ann", ["r:K"])  # loses, -10
    await d.bet("ann", ["r:3", "r:Q"])  # a combination with Q: wins, +10
    await d.bet("ann", ["even"])  # Q is even: wins, +10
    await d.bet("ann", ["odd"])  # K is odd: loses, -10
    await d.bet("ann", ["high"])  # Q is below K: loses, -10
    await d.bet("ann", ["r:5"])  # taken down again below
    view = await d.bet("ann", ["r:K"], copper=True)  # a coppered K: wins, +10
    layout = d.field("Layout")
    assert f"<@{ann}>: 20 on Q" in layout and "10 on K (coppered)" in layout
    assert f"<@{ann}>: 10 on 3-Q" in layout and "10 on high card" in layout
    remove = controls(view)["remove"]
    five = next(o["value"] for o in remove["options"] if o["label"].endswith("10 on 5"))
    await d.click("ann", "remove", [five])
    assert d.hand.private_view(ann).stack == BUY_IN - 80
    # The amount menu never goes past the maximum: 110 on one position is refused.
    view = await d.bet("ann", ["r:Q"], 100)
    # The engine cites FARO-4.7; players read no rule number.
    assert "> Not done: a bet on one position must total 10 to 100, not 120.\n" in (
        view.embed["description"])
    await d.click("ann", "ready")
    assert d.hand.turns == 1 and d.hand.private_view(ann).stack == BUY_IN + 20
    keeper = d.field("Casekeeper")
    assert "K×3" in keeper and "Q×3" in keeper and "2×3" in keeper
    turns = d.field("Turns")
    assert "1. K♠ loses, Q♠ wins" in in_words(turns) and cards_shown_in(turns) == cards("KS QS")
    # A dead rank is refused: the view offers only ranks still to come.
    for _ in range(23):
        await d.click("ann", "ready")
    assert d.hand.round == 25
    view = d.view_of(d.host)
    calls = [o["value"] for o in controls(view)["on"]["options"] if o["value"].startswith("call:")]
    assert sorted(calls) == sorted(f"call:{o}" for o in ("79K", "7K9", "97K", "9K7", "K79", "K97"))
    # A call cannot be coppered (FARO-6.1): the coppered menu has none, and one sent anyway
    # is refused with nothing placed.
    copper = controls(view)["coppered"]
    assert not any(o["value"].startswith("call:") for o in copper["options"])
    await h.click(d.host, view, copper["custom_id"], values=["call:79K"], forged=True)
    assert "Not done: a call cannot be coppered" in d.view_of(d.host).text()
    assert d.hand.private_view(ann).bets == ()
    keeper = d.field("Casekeeper")
    assert "The three left: 7♣ 9♣ K♣" in in_words(keeper)
    assert cards_shown_in(keeper) == cards(LAST_THREE)
    await d.bet("ann", ["call:79K"])  # right: 4 to 1
    await d.click("ann", "ready")
    await assert_the_house_agrees(d, "hoc", {"ann": BUY_IN + 20 + 40})
    await assert_bankrolls(d, {"ann": BUY_IN + 60})
    table_text = d.table_message().text()
    assert f"<@{ann}> — {BUY_IN + 60} chips" in table_text and "Hoc" in table_text


async def test_a_choice_in_a_betting_menu_is_the_bet_at_the_amount_chosen_before(harness):
    """One click a bet, as chips are put down: the amount is chosen once, kept for the
    player's next bets, and the menus say it."""
    h = harness
    d = await faro_table(h)
    ann = d.seat(d.host)
    view = await d.open_hand(d.host)
    assert controls(view)["on"]["placeholder"].startswith("Bet 10 on")
    view = await d.click("ann", "on", ["r:Q"])
    assert "You bet 10 on Q" in view.text()
    assert [(b.amount, b.position.copper) for b in d.hand.private_view(ann).bets] == [(10, False)]
    view = await d.click("ann", "amount", ["30"])  # chooses, bets nothing
    assert len(d.hand.private_view(ann).bets) == 1
    assert controls(view)["on"]["placeholder"].startswith("Bet 30 on")
    assert controls(view)["coppered"]["placeholder"].startswith("Bet 30 coppered")
    assert [o["value"] for o in controls(view)["amount"]["options"] if o["default"]] == ["30"]
    await d.click("ann", "coppered", ["r:K"])
    view = await d.click("ann", "on", ["even"])
    assert [(b.amount, b.position.copper) for b in d.hand.private_view(ann).bets] == [
        (10, False), (30, True), (30, False)]
    layout = d.table_message().text()
    assert "30 on K (coppered)" in layout and "30 on even" in layout.lower()


async def test_a_bet_button_of_a_view_drawn_before_bets_were_menus_is_answered(harness):
    """A view sent by the bot before bets were placed from the menus still has Bet: a
    click on it is answered, and places nothing."""
    h = harness
    d = await faro_table(h)
    view = await d.open_hand(d.host)
    ready = controls(view)["ready"]
    old = {**ready, "custom_id": ready["custom_id"].rsplit(":", 1)[0] + ":bet", "label": "Bet"}
    view.data["components"][3]["components"].insert(0, old)  # as such a view was drawn
    await h.click(d.host, view, old["custom_id"])
    assert "Not done: a bet is placed by choosing where in a betting menu" in (
        d.view_of(d.host).text())
    assert d.hand.private_view(d.seat(d.host)).bets == ()


async def test_faro_7_abandoned_when_everyone_leaves_and_their_bets_come_back(harness):
    h = harness
    d = await faro_table(h, names=("ann", "bob"))
    d.last_table_id = d.table.id
    await d.bet("ann", ["r:7"], 30)
    await d.bet("bob", ["even"], 20)
    assert set(d.hand.to_act()) == {d.seat(d.host), d.seat(d.user("bob"))}  # both at once
    assert "bets came back" in await d.leave("ann")
    assert d.hand.private_view(d.seat(d.host)).stack == BUY_IN
    d.result = None
    hand = d.hand
    await d.click("bob", "leave")  # the view's Leave does the same
    assert hand.is_over and hand.settlement.ended == "abandoned"
    d.result = (1, hand.settlement)
    await assert_the_house_agrees(d, "abandoned", {"ann": BUY_IN, "bob": BUY_IN})
    assert d.table is None  # everyone left: the table closed, every chip back
    for name in ("ann", "bob"):
        assert (await h.bot.store.wallet(h.guild_id, d.user(name).id)).balance == START


async def test_faro_a_betting_round_times_out_to_ready_and_two_make_a_player_away(harness):
    h = harness
    d = await faro_table(h, names=("ann", "bob"))
    d.last_table_id = d.table.id
    await d.bet("bob", ["r:Q"])
    await d.click("ann", "ready")
    turn = d.table.info.turn_seconds
    await h.advance(turn)  # bob's clock says ready, his bet unchanged (FARO-3.1)
    assert d.hand.turns == 1 and d.hand.private_view(d.seat(d.user("bob"))).stack == 210
    await d.click("ann", "ready")
    await h.advance(turn)
    assert d.user("bob").id in d.table.away  # two in a row: away, said ready from now on
    assert d.hand.turns == 2
    for _ in range(23):
        await d.click("ann", "ready")
    await assert_the_house_agrees(d, "hoc", {"ann": BUY_IN, "bob": BUY_IN + 10})
    assert d.user("bob").id not in {s.user_id for s in d.table.info.seats}


async def test_a_faro_deals_history_is_its_record_and_replays_to_the_tables_result(harness):
    d = await faro_table(harness)
    await d.bet("ann", ["r:K"], 20)
    for _ in range(25):
        await d.click("ann", "ready")
    listed, record = await assert_history_replays(d)
    assert "hoc: 25 turns, the house won 20" in listed
    assert "dealer" not in record or record["dealer"] is None


async def test_a_restart_in_the_middle_of_a_faro_deal_keeps_the_old_buttons_working(tmp_path):
    async with Harness(database_path=tmp_path / "faro.sqlite3") as h:
        d = await faro_table(h)
        d.last_table_id = d.table.id
        await d.bet("ann", ["r:Q"], 20)
        old = d.view_of(d.host)
        await h.restart()
        d.rehook()
        ready = controls(old)["ready"]["custom_id"]
        await h.click(d.host, old, ready)  # the view from before the restart
        assert d.hand.turns == 1 and d.hand.private_view(d.seat(d.host)).stack == 220
        d.assert_no_hidden_card_in_public()
        for _ in range(24):
            await d.click("ann", "ready")
        await assert_the_house_agrees(d, "hoc", {"ann": 220})


async def test_a_computer_player_bets_at_faro_at_each_level(harness):
    d = await FaroDriver.against_computers(harness, faro_deck())
    d.last_table_id = d.table.id
    await d.play_out(lambda hand: d.click("ann", "ready"), limit=400)
    assert len(d.table.last_result[1].transfers) > 0  # the computers bet
    await assert_chips_conserved(harness)
    d.assert_no_hidden_card_in_public()


async def test_a_refusal_names_the_player_and_cites_no_rule(harness):
    """The engine refuses with the seat's id and FARO-4.7; the player reads a name (a
    mention, which never pings in an ephemeral view) and no rule number."""
    h = harness
    d = await faro_table(h)
    ann = d.seat(d.host)
    await d.bet("ann", ["r:Q"], 100)
    await d.bet("ann", ["r:K"], 100)  # the whole buy-in is on the layout
    view = await d.bet("ann", ["r:A"])
    said = view.embed["description"]
    assert f"> Not done: <@{ann}> has only 0 chips.\n" in said
    assert re.search(rf"(?<!<@){ann}", view.text()) is None  # no raw id anywhere
    assert "FARO-" not in view.text()
    assert len(d.hand.private_view(ann).bets) == 2


async def test_the_amount_menu_takes_only_the_amounts_it_offers(harness):
    """A modified client can send any value: only the menu's own are taken; anything else
    is refused with a sentence, and the amount stays as it was."""
    h = harness
    d = await faro_table(h)
    ann = d.seat(d.host)
    view = await d.click("ann", "amount", ["30"])
    for forged in (["-10"], ["0"], ["1000000"], ["١٠٠"], [" 30"], ["30", "40"], []):
        await h.click(d.host, view, controls(view)["amount"]["custom_id"], values=forged,
                      forged=True)
        view = d.view_of(d.host)
        assert "> Not done: choose one of the amounts in the menu.\n" in view.text(), forged
        assert controls(view)["on"]["placeholder"].startswith("Bet 30 on"), forged
    await d.click("ann", "on", ["r:Q"])
    assert [b.amount for b in d.hand.private_view(ann).bets] == [30]


async def test_a_bet_is_exactly_one_of_the_menus_values(harness):
    """`r:A` is a value of the menu, `r:a` is not: a forged value is refused, not read
    loosely, and nothing is placed."""
    h = harness
    d = await faro_table(h)
    ann = d.seat(d.host)
    view = await d.open_hand(d.host)
    for act, forged in (("on", ["r:a"]), ("on", ["r:1"]), ("on", ["EVEN"]),
                        ("on", ["r:Q", "even"]), ("coppered", ["r:q"]),
                        ("on", ["call:79K"])):  # no call before the last turn
        await h.click(d.host, view, controls(view)[act]["custom_id"], values=forged,
                      forged=True)
        view = d.view_of(d.host)
        assert "> Not done: choose where to bet from the menu" in view.text(), forged
    assert d.hand.private_view(ann).bets == ()
    remove = controls(await d.bet("ann", ["r:Q"]))["remove"]["custom_id"]
    for forged in (["b:-1"], ["b:٠"], ["b:1"], ["0"]):
        await h.click(d.host, d.view_of(d.host), remove, values=forged, forged=True)
        assert "> Not done: that bet is no longer on the layout." in d.view_of(d.host).text()
    assert len(d.hand.private_view(ann).bets) == 1


def _field(message: Message, name: str) -> str:
    return next((f["value"] for f in message.embed.get("fields", []) if f["name"] == name), "")


async def test_faro_ranks_in_the_menus_and_the_cards_dealt_are_faces(harness):
    """A rank in the betting menus shows its card of the layout (a suit of spades, as the
    table picture draws it; only ranks count, FARO-1.1); the table shows the soda, each
    turn, the three left and the hoc as faces beside their words (1.2, 1.4)."""
    d = await faro_table(harness)
    view = await d.open_hand(d.host)
    for act in ("on", "coppered"):
        for choice in controls(view)[act]["options"]:
            if choice["value"].startswith("r:"):  # r:T is the 10: its face is the 10♠
                assert card_on(choice) == C.parse(choice["value"][2:] + "S"), choice
                assert choice["label"].split(" ")[0] in ("10", choice["value"][2:])
            else:
                assert "emoji" not in choice, choice  # even, odd, high card
    assert cards_shown_in(d.field("Soda")) == cards("2S") and in_words(d.field("Soda")) == "2♠"
    await d.bet("ann", ["r:Q"])
    view = await d.bet("ann", ["even"])
    taken = {o["label"]: o for o in controls(view)["remove"]["options"]}
    assert card_on(taken["Take down 10 on Q"]) == C.parse("QS")
    assert "emoji" not in taken["Take down 10 on even"]
    await d.click("ann", "ready")
    assert cards_shown_in(d.field("Last turn")) == cards("KS QS")
    for _ in range(23):
        await d.click("ann", "ready")
    view = d.view_of(d.host)
    assert cards_shown_in(_field(view, "Casekeeper")) == cards(LAST_THREE)  # the hand embed
    calls = [o for o in controls(view)["on"]["options"] if o["value"].startswith("call:")]
    assert len(calls) == 6 and not any("emoji" in o for o in calls)  # three ranks: words
    await d.click("ann", "ready")
    table = d.table_message()
    assert cards_shown_in(_field(table, "Hoc")) == cards("KC")
    # 25 turns with faces pass a field's 1024 characters: the newest keep their faces,
    # the oldest are in words, and every turn is listed.
    turns = _field(table, "Turns").splitlines()
    assert [line.split(".")[0] for line in turns] == [str(n) for n in range(1, 26)]
    assert len("\n".join(turns)) <= 1024
    assert "<:" not in turns[0] and turns[0] == "1. K♠ loses, Q♠ wins"
    assert cards_shown_in(turns[-1]) == cards("7C 9C")
    assert in_words(turns[-1]) == "25. 7♣ loses, 9♣ wins"
    d.assert_no_hidden_card_in_public()


async def test_faro_without_faces_shows_ranks_and_cards_in_words(harness):
    """Faces off (the emojis could not be synced): no emoji on an option, and the table's
    cards in words alone."""
    d = await faro_table(harness)
    FACES.clear()
    view = await d.click("ann", "refresh")
    ranks = [o for o in controls(view)["on"]["options"] if o["value"].startswith("r:")]
    assert ranks and not any("emoji" in o for o in ranks)
    assert "Q (4 to come)" in [o["label"] for o in ranks]
    await d.bet("ann", ["r:Q"])
    await d.click("ann", "ready")
    text = d.table_message().text()
    assert "<:" not in text and d.field("Soda") == "2♠"
    assert d.field("Turns") == "1. K♠ loses, Q♠ wins" == d.field("Last turn")
