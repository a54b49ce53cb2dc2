"""Fifty-One played in a channel, as people would, to its ending (FIFTYONE-4.5).

ann (the host) and bob join in that order (cy too where named); the last seat deals, so
the hands below are listed from ann. Stake 10, buy-in 200 and 1000 starting chips: the
server defaults. Each test checks the engine's settlement against the database, the
result embed and /bankroll, that the stored record replays to the table's result, and,
after every move, that no card that was never face up reached a public message.

A game long enough to rebuild the stock (FIFTYONE-4.4) is found by playing the engine
offline from a seeded pack and a seeded shuffle for new stocks; the table is then given
the same pack and the same shuffle, and the same moves are made through the hand views.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from bot.tables import TableError, shuffled_deck
from cogs.fiftyone import render
from cogs.fiftyone.ui import read_swap
from cogs.table.emojis import face_and_word, faces_and_words
from cogs.table.emojis.fitting import fitted
from cogs.table.emojis.shown import FACES
from engine import cards as C
from engine.cards import JOKER
from engine.fiftyone.actions import Clear, Swap
from engine.fiftyone.deal import best_swap
from engine.fiftyone.game import FIFTYONE
from engine.fiftyone.info import PACK, PACK_WITH_JOKER
from engine.pageone.game import PAGEONE
from tests.discord.seeded_driver import SeededDriver, dealt_offline, restarted_after_a_new_stock
from tests.discord.table_checks import (
    BUY_IN,
    assert_cashed_out,
    assert_chips_conserved,
    assert_everything_agrees,
    assert_history_replays,
)
from tests.harness import EPHEMERAL, Harness, Message
from tests.harness.cards import card_buttons, card_on, cards_shown_in


def fiftyone_pack(hands: list[str], board: str, stock: str = "", joker: bool = False) -> list:
    """Five cards each, dealt one at a time from the dealer's left; the board; then the
    stock's top; then the rest of the pack (FIFTYONE-3.1)."""
    dealt = [h.split() for h in hands]
    order = [dealt[p][i] for i in range(5) for p in range(len(dealt))]
    cards = [C.parse_with_joker(code) for code in order + board.split() + stock.split()]
    assert len(set(cards)) == len(cards), "a card is used twice"
    pack = PACK_WITH_JOKER if joker else PACK
    return cards + [card for card in pack if card not in cards]


def face_up_so_far(hand) -> set[int]:
    """Every card that has been on the board in this game (FIFTYONE-6), replayed from
    its record one action at a time, and every hand once the game is over."""
    record = hand.record()
    deal = FIFTYONE.deal(FIFTYONE.parse_record({**record.to_json(), "actions": []}))
    seen = set(deal.board)
    for action in record.actions:
        deal.apply(action)
        seen |= set(deal.board) | set(deal.discard)
    if deal.settlement is not None:
        seen |= {card for cards in deal.hands.values() for card in cards}
    return seen


class FiftyOneDriver(SeededDriver):
    """The table driver with Fifty-One's swaps, its clearing and its scan."""

    game = "fiftyone"

    def rehook(self) -> None:
        super().rehook()
        self.clicks = 0

    def offered(self, view: Message, act: str) -> list[str]:
        return [o["value"] for o in self.menu(view, act)["options"]]

    def chosen_take(self, view: Message) -> tuple[int, str]:
        """The Take menu's chosen board card: its place on the board and its code."""
        options = self.menu(view, "target")["options"]
        return next((i, o["value"]) for i, o in enumerate(options) if o["default"])

    async def swap(self, name: str, take: str, give: str, stop: bool = False) -> Message:
        """Take `take` from the board and give `give`: the Take menu only when the view
        has another card chosen, then a press of the Give button of `give` (or one
        choice in the Give and Stop menu)."""
        view = await self.fresh_view(name)
        self.clicks = 0
        take_code = C.code(C.parse_with_joker(take))
        give_code = C.code(C.parse_with_joker(give))
        if self.chosen_take(view)[1] != take_code:
            view = await self.press(name, "target", [take_code])
            self.clicks += 1
        if stop:
            view = await self.press(name, "called", [f"{take_code}-{give_code}"])
        else:
            act, _ = give_buttons(view)
            assert act == f"swap{self.chosen_take(view)[0]}"  # the take's place, no card
            view = await self.press_card(name, act, give_code)
        self.clicks += 1
        return view

    async def clear(self, name: str) -> Message:
        return await self.press(name, "stock")

    async def make(self, name: str, move) -> None:
        if isinstance(move, Clear):
            await self.clear(name)
        else:
            await self.swap(name, C.code(move.take), C.code(move.give), move.stop)

    def public_cards(self, hand) -> set[int]:
        """Only cards that have been face up on the board are public (FIFTYONE-6), and
        every hand once the game is over; hands and the stock never are. What a shown
        joker counts as (5.2) is a reading, not a card."""
        return face_up_so_far(hand) | {
            s.joker_as for s in hand.public_view().shown if s.joker_as is not None}

    def check_public_text(self, message: Message, text: str, allowed: set[int]) -> None:
        super().check_public_text(message, text, allowed)
        if "Board" in text and "🃏" in text:
            assert JOKER in allowed, f"the joker is hidden but shown: {text[:300]}"


def give_buttons(view: Message) -> tuple[str, dict[int, dict]]:
    """A view's Give buttons: their act (`swap<place>`, the board place of the take they
    give for) and the buttons by the card each shows."""
    acts = {i.rsplit(":", 1)[1].partition(".")[0] for i in view.custom_ids if ":swap" in i}
    assert len(acts) == 1, f"one row of Give buttons, not {sorted(acts)}"
    act = acts.pop()
    return act, card_buttons(view, act)


async def fiftyone_table(h: Harness, hands: list[str], board: str, stock: str = "",
                         names=("ann", "bob"), joker: bool = False) -> FiftyOneDriver:
    options = {"joker": "on"} if joker else {}
    return await FiftyOneDriver.opened(h, fiftyone_pack(hands, board, stock, joker), names,
                                       **options)


async def assert_stop_settles(d: FiftyOneDriver, expected: dict[str, int]) -> None:
    """The game ended with a Stop (FIFTYONE-4.5) and everything agrees; the result shows
    each score."""
    settlement, text = await assert_everything_agrees(d, "stop", expected)
    for name in expected:
        assert f"<@{d.seat(name)}>: {settlement.scores[d.seat(name)]}" in text


# ann: J♦ 9♦ 3♦ 8♣ 4♥ scores 22 − 12 = 10 (FIFTYONE-5.4); bob: K♠ 9♠ A♥ 2♥ 5♣ scores 1.
EXAMPLE = (["JD 9D 3D 8C 4H", "KS 9S AH 2H 5C"], "QD 2S 3S 4S 6S")


async def test_fiftyone_4_5_stop_gives_bob_one_last_turn_and_the_best_hand_wins(harness):
    d = await fiftyone_table(harness, *EXAMPLE)
    ann, bob = d.seat("ann"), d.seat("bob")
    view = await d.open_hand("ann")
    assert view.flags & EPHEMERAL and "Your score now: **10**" in view.text()
    assert d.offered(view, "target") == ["QD", "2S", "3S", "4S", "6S"]
    held = sorted(C.parse(x) for x in "JD 9D 3D 8C 4H".split())
    assert list(give_buttons(view)[1]) == held  # the hand, in its order, one button each
    assert [value.split("-")[1] for value in d.offered(view, "called")] == list(map(C.code, held))
    assert not any(i.endswith(":stock") for i in view.custom_ids)  # 4.3: the first round
    table_text = d.table_message().text()
    assert "First round: no clearing." in table_text
    assert "Q♦ 2♠ 3♠ 4♠ 6♠" in table_text and "Stop" in table_text
    view = await d.swap("ann", "QD", "4H", stop=True)  # J♦ 9♦ 3♦ Q♦ 8♣: 32 − 8 = 24
    assert "You took Q♦ and gave 4♥ and called Stop." in view.text()
    assert "Your score now: **24**" in view.text()
    table_text = d.table_message().text()
    assert (f"<@{ann}> took {face_and_word(C.parse('QD'))}, gave {face_and_word(C.parse('4H'))}"
            " and called **Stop**") in table_text
    assert f"<@{ann}> called Stop; a last turn for <@{bob}>" in table_text
    bob_view = await d.fresh_view("bob")
    assert not any(i.endswith(":called") for i in bob_view.custom_ids)  # one Stop (4.5)
    await d.swap("bob", "6S", "AH")  # K♠ 9♠ 6♠ 2♥ 5♣: 25 − 7 = 18
    assert d.last_hand.settlement.scores == {ann: 24, bob: 18}
    table_text = d.table_message().text()
    assert "every hand is shown" in table_text
    shown = [C.parse(c) for c in "6S 9S KS 2H 5C".split()]
    assert f"<@{bob}>: {faces_and_words(shown)} — 18" in table_text
    await assert_stop_settles(d, {"ann": 210, "bob": 190})


async def test_fiftyone_5_3_a_stop_caller_who_ties_loses_the_tie(harness):
    d = await fiftyone_table(harness, ["JD 9D 3D 8C 4H", "KS QS 4S 2C 6C"], "QD 2S 3S 7H 8H")
    ann, bob = d.seat("ann"), d.seat("bob")
    await d.swap("ann", "QD", "4H", stop=True)  # 32 − 8 = 24
    await d.swap("bob", "2S", "6C")  # K♠ Q♠ 4♠ 2♠ 2♣: 26 − 2 = 24, a tie with the caller
    settlement = d.last_hand.settlement
    assert settlement.scores == {ann: 24, bob: 24} and settlement.winners == (bob,)
    await assert_stop_settles(d, {"ann": 190, "bob": 210})


async def test_a_swap_is_one_click_when_the_take_chosen_is_the_one_wanted(harness):
    d = await fiftyone_table(harness, *EXAMPLE)
    ann = d.seat("ann")
    suggested = best_swap(ann, d.hand.hands[ann], d.hand.board)
    view = await d.open_hand("ann")
    chosen = [o["value"] for o in d.menu(view, "target")["options"] if o["default"]]
    assert chosen == [C.code(suggested.take)]
    await d.swap("ann", C.code(suggested.take), C.code(suggested.give))
    assert d.clicks == 1 and d.hand.seq == 1
    # bob chooses another take first: two clicks, and the Give menu carries it.
    await d.swap("bob", "2S", "AH")
    assert d.clicks == 2 and d.hand.record().actions[-1] == Swap(
        d.seat("bob"), C.parse("2S"), C.parse("AH"))


async def test_fiftyone_4_3_clear_is_offered_from_the_second_round_and_deals_five(harness):
    d = await fiftyone_table(harness, *EXAMPLE, stock="2C 3C 4C 7C 6C")
    await d.swap("ann", "QD", "4H")
    await d.swap("bob", "6S", "AH")
    view = await d.fresh_view("ann")
    assert any(i.endswith(":stock") for i in view.custom_ids)
    assert "First round" not in d.table_message().text()
    view = await d.clear("ann")
    assert "You cleared the board" in view.text()
    assert not any(i.endswith(":stock") for i in view.custom_ids)  # once a turn
    assert d.offered(view, "target") == ["2C", "3C", "4C", "7C", "6C"]
    table_text = d.table_message().text()
    assert f"<@{d.seat('ann')}> cleared the board" in table_text
    assert "2♣ 3♣ 4♣ 7♣ 6♣" in table_text and "on top · 5 cards" in table_text
    await d.swap("ann", "6C", "3D")
    assert d.hand.seq == 4


async def test_a_swap_from_an_out_of_date_view_changes_nothing(harness):
    d = await fiftyone_table(harness, *EXAMPLE)
    await d.swap("ann", "QD", "4H")
    bob_old = await d.open_hand("bob")
    await d.open_hand("bob")  # a second view, which the swap is made from
    await d.swap("bob", "6S", "AH")
    _, buttons = give_buttons(bob_old)
    await d.h.click(d.user("bob"), bob_old, buttons[C.parse("KS")]["custom_id"])
    assert d.hand.seq == 2  # the view from before bob's swap is out of date


async def test_the_hand_is_face_buttons_and_the_table_shows_the_faces_face_up(harness):
    """The hand as one row of Give buttons, each a face without words (the hand embed has
    them); the board, the moves, the discard's top and the hands shown as faces too."""
    d = await fiftyone_table(harness, *EXAMPLE, stock="2C 3C 4C 7C 6C")
    ann = d.seat("ann")
    view = await d.open_hand("ann")
    _, buttons = give_buttons(view)
    held = d.hand.private_view(ann).hand  # sorted, as the hand embed shows it
    assert list(buttons) == list(held)
    assert all(b["emoji"]["id"] and "label" not in b for b in buttons.values())
    assert {len(row["components"]) for row in view.components} <= {1, 2, 5}  # a row of five
    takes = d.menu(view, "target")["options"]
    assert [card_on(o) for o in takes] == list(d.hand.board)  # faces, by the emoji's name
    assert all(o["emoji"]["id"] and o["label"].startswith("Take ") for o in takes)
    assert [card_on(o) for o in d.menu(view, "called")["options"]] == list(held)
    assert cards_shown_in(view.embed["description"]) == set(held)
    assert cards_shown_in(view.embed["fields"][0]["value"]) == set(d.hand.board)
    assert cards_shown_in(d.field("Board")) == set(d.hand.board)
    assert "Q♦ 2♠ 3♠ 4♠ 6♠" in d.field("Board")  # the words stay, for a screen reader
    await d.swap("ann", "QD", "4H")
    assert cards_shown_in(d.field("Moves")) == {C.parse("QD"), C.parse("4H")}
    await d.swap("bob", "6S", "AH")
    await d.clear("ann")  # FIFTYONE-4.3: the old board on the discard pile
    assert cards_shown_in(d.field("Discard pile")) == {d.hand.discard[-1]}
    await d.swap("ann", "6C", "3D", stop=True)
    await d.swap("bob", "2C", "5C")
    hands = {card for cards in d.last_hand.hands.values() for card in cards}
    assert cards_shown_in(d.field("Hands shown")) == hands  # every hand, once it is over
    d.assert_no_hidden_card_in_public()


async def test_with_faces_off_the_hand_and_the_table_are_in_words(harness):
    d = await fiftyone_table(harness, *EXAMPLE)
    ann = d.seat("ann")
    view = await d.open_hand("ann")
    FACES.clear()  # as when the emojis could not be synced
    await d.h.click(d.user("ann"), view, d.control(view, "refresh"))
    view = d.view_of("ann")
    _, buttons = give_buttons(view)  # the buttons read by their words now
    held = d.hand.private_view(ann).hand
    assert list(buttons) == list(held)
    assert all("emoji" not in b and b["label"] == C.label(c) for c, b in buttons.items())
    assert not any(o.get("emoji") for o in d.menu(view, "target")["options"])
    assert "<:" not in view.text()
    assert f"# {C.labels(held)}\n" in view.embed["description"]
    await d.swap("ann", "QD", "4H")  # pressed by its words
    table_text = d.table_message().text()
    assert "<:" not in table_text
    assert f"<@{ann}> took Q♦, gave 4♥" in table_text and "4♥ 2♠ 3♠ 4♠ 6♠" in table_text
    d.assert_no_hidden_card_in_public()


async def test_a_give_button_swaps_for_the_take_its_view_showed_even_after_a_restart(tmp_path):
    """The take chosen in the Take menu is remembered by the bot only until a restart;
    the Give buttons carry its board place, so the swap made is the swap shown."""
    async with Harness(database_path=tmp_path / "gff.sqlite3") as h:
        d = await fiftyone_table(h, *EXAMPLE)
        ann = d.seat("ann")
        best = best_swap(ann, d.hand.hands[ann], d.hand.board)
        other = next(card for card in d.hand.board if card != best.take)
        view = await d.press("ann", "target", [C.code(other)])
        act, buttons = give_buttons(view)
        assert act == f"swap{d.hand.board.index(other)}"
        await h.restart()
        d.rehook()
        await h.click(d.user("ann"), view, buttons[C.parse("4H")]["custom_id"])
        assert d.hand.record().actions == (Swap(ann, other, C.parse("4H")),)
        d.assert_no_hidden_card_in_public()


async def test_a_five_player_end_keeps_every_field_within_discords_limits(harness):
    """Six swaps and five hands shown, with seat ids as long as Discord's: faces where
    they fit, words where they would not, and never a field past 1024 characters."""
    seats = [str(1_575_314_774_042_869_760 + i) for i in range(5)]
    _, _, deal = dealt_offline(FIFTYONE, PACK, seats, seed=5)
    rng = random.Random(5)
    while not deal.is_over:
        seat = deal.to_act()[0]
        stop = deal.can_stop(seat) and deal.turns_done >= 10
        deal.apply(Swap(seat, rng.choice(deal.board), rng.choice(deal.hands[seat]), stop))
    embed = render.table_embed(deal.public_view(), hand_number=1)
    fields = {f.name: f.value for f in embed.fields}
    assert all(len(value) <= 1024 for value in fields.values()) and len(embed) <= 6000
    for shown in deal.public_view().shown:
        assert C.labels(shown.hand) in fields["Hands shown"]
    assert cards_shown_in(fields["Board"]) == set(deal.board)
    # Lines that would pass the limit as faces are all in words instead.
    long = fitted(lambda show: [show(PACK[i:i + 5]) for i in range(0, 40, 5)])
    assert "<:" not in long and C.labels(PACK[:5]) in long


def test_a_give_value_that_is_not_a_swap_is_refused_in_words():
    for value, said in (("ZZ-QQ", "not a swap"), ("QD", "choose one card to give"),
                        ("QD-KS-JD", "choose one card to give")):
        with pytest.raises(TableError, match=said):
            read_swap([value])
    assert read_swap(["JK-QD"]) == (JOKER, C.parse("QD"))


def stop_after_a_new_stock(seed: int = 3, want_rebuilds: int = 1):
    """For the seats: an engine game from a seeded pack and new-stock shuffle where
    everyone clears when allowed and swaps at random, and the first player to act after
    `want_rebuilds` new stocks calls Stop; its seed, pack and moves."""
    def find(seat_ids: list[str]):
        rng, pack, deal = dealt_offline(FIFTYONE, PACK, seat_ids, seed)
        while not deal.is_over:
            seat = deal.to_act()[0]
            if deal.can_clear(seat):
                deal.apply(Clear(seat))
                continue
            stop = deal.can_stop(seat) and len(deal.record().reshuffles) >= want_rebuilds
            deal.apply(Swap(seat, rng.choice(deal.board), rng.choice(deal.hands[seat]), stop))
        return seed, pack, list(deal.record().actions)
    return find


async def test_fiftyone_4_4_a_new_stock_is_shuffled_at_play_time_and_stored(harness):
    d, _ = await FiftyOneDriver.seeded(harness, stop_after_a_new_stock(),
                                       names=("ann", "bob", "cy"))
    number, settlement = d.table.last_result
    stored = await harness.bot.store.hand_by_number(d.table.id, number)
    assert stored.record["reshuffles"]
    assert stored.record["reshuffles"] == d.last_hand.record().to_json()["reshuffles"]
    assert "the discard pile became the new stock" in d.table_message().text()
    expected = {u.name: settlement.stacks[d.seat(u)] for u in d.users}
    assert sum(expected.values()) == 3 * BUY_IN
    await assert_stop_settles(d, expected)


async def test_a_restart_after_a_new_stock_replays_it_and_the_game_goes_on(tmp_path):
    async with restarted_after_a_new_stock(tmp_path, FiftyOneDriver, stop_after_a_new_stock()
                                           ) as d:
        assert d.table.last_result[1].ended == "stop"


async def test_old_buttons_still_work_after_a_restart(tmp_path):
    async with Harness(database_path=tmp_path / "gff.sqlite3") as h:
        d = await fiftyone_table(h, *EXAMPLE)
        await d.swap("ann", "QD", "4H")
        old = await d.open_hand("bob")
        await h.restart()
        d.rehook()
        await h.click(d.user("bob"), old, d.control(old, "called"), values=["6S-AH"])
        assert d.hand.seq == 2 and d.hand.stopped_by == d.seat("bob")
        d.assert_no_hidden_card_in_public()


async def test_fiftyone_7_a_time_out_makes_the_best_swap_and_two_make_a_player_away(harness):
    h = harness
    d = await fiftyone_table(h, *EXAMPLE)
    ann, bob = d.seat("ann"), d.seat("bob")
    turn = d.table.info.turn_seconds
    expected = best_swap(ann, d.hand.hands[ann], d.hand.board)
    await h.advance(turn + 1)  # ann's clock: the best swap, no Stop
    assert d.hand.record().actions[0] == expected and not expected.stop
    await d.swap("bob", "6S", "AH")
    await h.advance(turn + 1)  # ann's second time-out in a row: away
    assert d.user("ann").id in d.table.away
    assert d.hand.stopped_by is None and len(d.hand.record().actions) == 3
    assert "away" in d.table_message().text()
    await d.swap("bob", C.code(d.hand.board[0]), C.code(d.hand.hands[bob][0]), stop=True)
    for _ in range(5):  # ann, away, is played on at once: her last turn
        if d.last_hand.is_over:
            break
        await h.advance(1)
    assert d.last_hand.is_over and d.last_hand.settlement.stopped_by == bob
    d.assert_no_hidden_card_in_public()
    await assert_chips_conserved(h)


async def test_leaving_mid_game_plays_the_leaver_out_and_cashes_them_out(harness):
    h = harness
    d = await fiftyone_table(h, *EXAMPLE)
    await d.leave("ann")
    bob = d.seat("bob")

    async def first_swap(hand) -> None:
        await d.swap("bob", C.code(hand.board[0]), C.code(hand.hands[bob][0]),
                     stop=hand.can_stop(bob))

    await d.play_out(first_swap, who="bob", pause=1, limit=40)
    assert d.last_hand.is_over
    await assert_cashed_out(d, "ann", d.last_hand.settlement)


async def test_a_computer_player_plays_fiftyone_at_each_level(harness):
    d = await FiftyOneDriver.against_computers(harness, fiftyone_pack(
        ["JD 9D 3D 8C 4H", "KS 9S AH 2H 5C", "2C 3C 4C 5D 6D"], "QD 2S 3S 4S 6S"))
    ann = d.seat(d.host)

    async def best(hand) -> None:
        swap = best_swap(ann, hand.hands[ann], hand.board)
        await d.swap("ann", C.code(swap.take), C.code(swap.give),
                     stop=hand.can_stop(ann) and hand.turns_done >= 6)

    await d.play_out(best, limit=300)
    assert d.last_hand.is_over and d.last_hand.seq >= 3
    d.assert_no_hidden_card_in_public()
    await assert_chips_conserved(harness)


async def test_a_games_history_is_its_record_and_replays_to_the_tables_result(harness):
    d = await fiftyone_table(harness, *EXAMPLE)
    await d.swap("ann", "QD", "4H", stop=True)
    await d.swap("bob", "6S", "AH")
    listed, record = await assert_history_replays(d)
    assert f"the pot to <@{d.seat(d.host)}> (24)" in listed
    assert record["options"] == {"joker": False}


async def test_fiftyone_1_1_a_joker_table_deals_53_cards_and_the_joker_can_be_taken(harness):
    d = await fiftyone_table(harness, ["JD 9D 3D 8C 4H", "KS 9S AH 2H 5C"], "JK 2S 3S 4S 6S",
                             joker=True)
    assert d.table.info.options == {"joker": True}
    assert "joker on" in d.table_message().text()
    view = await d.swap("ann", "JK", "4H", stop=True)  # the joker as Q♦ or K♦: 33 − 8 = 25
    assert "Your score now: **25**" in view.text()
    await d.swap("bob", "6S", "AH")
    assert "🃏 as" in d.table_message().text()
    await assert_stop_settles(d, {"ann": 210, "bob": 190})


async def test_the_table_shuffles_the_pack_of_its_options(harness):
    """`Game.pack(options)`: a joker table's deal is shuffled from 53 cards, a plain
    table's from 52 (FIFTYONE-1.1), with the service's own shuffle."""
    h = harness
    d = FiftyOneDriver(h, names=("ann", "bob"))
    await h.slash(d.host, "fiftyone create", joker="on")
    assert "joker on" in h.last_response(d.host).text()
    await h.slash(d.user("bob"), "fiftyone join")
    assert sorted(shuffled_deck(d.table)) == sorted(PACK_WITH_JOKER)
    h.bot.tables.deck_source = shuffled_deck
    await h.slash(d.host, "fiftyone start")
    record = d.hand.record()
    assert len(record.deck) == 53 and JOKER in record.deck
    assert record.options == {"joker": True}
    plain = SimpleNamespace(game=FIFTYONE, info=SimpleNamespace(options={}))
    assert sorted(shuffled_deck(plain)) == sorted(PACK)
    # A game whose pack does not follow the options: BaseGame.pack, its one pack.
    other = SimpleNamespace(game=PAGEONE, info=SimpleNamespace(options={}))
    assert sorted(shuffled_deck(other)) == sorted(PAGEONE.info.pack)


async def test_fiftyone_create_joker_off_is_the_default_shown(harness):
    h = harness
    ann = h.user("ann")
    await h.slash(ann, "fiftyone create", joker="off")
    assert "joker off" in h.last_response(ann).text()
    assert h.bot.tables.in_channel(h.channel.id).info.options == {"joker": False}


async def test_the_rules_name_stop_and_clearing(harness):
    h = harness
    ann = h.user("ann")
    await h.slash(ann, "fiftyone rules")
    text = h.last_response(ann).text()
    assert "Stop" in text and "Clear" in text and "joker:on" in text
