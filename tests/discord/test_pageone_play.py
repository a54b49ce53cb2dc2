"""Page One played in a channel, as people would, to every ending of PAGEONE-5.

ann (the host) and bob join in that order (cy too where named); the last seat deals, so
the hands below are listed from ann. Stake 10, buy-in 200 and 1000 starting chips: the
server defaults. Each test checks the engine's settlement against the database, the
result embed and /bankroll, that the stored record replays to the table's result, and,
after every move, that no card that was not played reached a public message.

Games long enough to rebuild the stock (PAGEONE-4.6) are found by playing the engine
offline with the random strategy from a seeded pack and a seeded shuffle for new stocks;
the table is then given the same pack and the same shuffle, and the same moves are made
through the hand views (seeded_driver.py).
"""

from __future__ import annotations

import re
from dataclasses import replace

from cogs.pageone.ui import PageOneUI
from cogs.shedding.render import DESCRIPTION_LIMIT, cards_field
from cogs.table.emojis.shown import FACES
from cogs.table.names import FIELD_LIMIT
from engine import cards as C
from engine.pageone.actions import Play
from engine.pageone.game import PAGEONE
from engine.pageone.info import PACK
from tests.discord.seeded_driver import (
    SeededDriver,
    rebuilt_and_out,
    restarted_after_a_new_stock,
    seeded_game,
)
from tests.discord.table_checks import (
    assert_cashed_out,
    assert_chips_conserved,
    assert_everything_agrees,
    assert_history_replays,
    assert_played_out_as_away,
)
from tests.harness import EPHEMERAL, Harness, Message
from tests.harness.cards import card_buttons, card_on, cards_shown_in


def pageone_pack(hands: list[str], stock: str = "") -> list:
    """Four cards each, dealt one at a time from the dealer's left; then the stock's top."""
    dealt = [h.split() for h in hands]
    order = [dealt[p][i] for i in range(4) for p in range(len(dealt))] + stock.split()
    cards = [C.parse_with_joker(code) for code in order]
    assert len(set(cards)) == len(cards), "a card is used twice"
    return cards + [card for card in PACK if card not in cards]


class PageOneDriver(SeededDriver):
    """The table driver with Page One's plays and its scan."""

    game = "pageone"

    async def play(self, name: str, card: str, call: bool = False) -> Message:
        """One card's button in the player's own view (its option, in a hand too large for
        buttons), with the Page One! toggle on first when `call`."""
        if call:
            await self.press(name, "call")
        return await self.press_card(name, "called" if call else "throw", card)

    async def make(self, name: str, move: Play) -> None:
        assert isinstance(move, Play)
        await self.play(name, C.code(move.card), move.call)

    async def play_first_legal(self, name: str, hand) -> None:
        """The first card `name` may play, calling Page One from two cards."""
        seat = self.seat(name)
        await self.play(name, C.code(hand.legal_cards(seat)[0]), len(hand.hands[seat]) == 2)

    def public_cards(self, hand) -> set[int]:
        """Only cards played to a trick are public (PAGEONE-6): every card of the record's
        actions; hands, draws and new stocks never are."""
        return {a.card for a in hand.record().actions}


async def pageone_table(h: Harness, hands: list[str], stock: str = "",
                        names=("ann", "bob")) -> PageOneDriver:
    return await PageOneDriver.opened(h, pageone_pack(hands, stock), names)


def finds(want):
    return seeded_game(PAGEONE, PACK, want)


def in_words(text: str) -> str:
    """A text as a screen reader hears its cards: the faces (emoji markup) left out."""
    return re.sub(r"(<a?:\w+:\d+>)+ ?", "", text)


def playable(view: Message, act: str = "throw") -> list[int]:
    """The cards whose buttons the view enables for `act`, in the hand's order."""
    return [card for card, button in card_buttons(view, act).items() if not button["disabled"]]


EXAMPLE_HANDS = ["9H KD AS 2C", "3H QD 7S 5C"]  # PAGEONE-9


async def test_pageone_9_a_missed_call_draws_five_and_bob_goes_out(harness):
    d = await pageone_table(harness, EXAMPLE_HANDS, "4D 5D 6D 7D 8D")
    await d.play("ann", "9H")
    view = await d.play("bob", "3H")
    await d.play("ann", "KD")
    await d.play("bob", "QD")
    ids = await d.open_hand("ann")  # two cards: the toggle is there, off
    assert any(i.endswith(":call") for i in ids.custom_ids)
    assert not any(i.endswith(":called") for i in ids.custom_ids)
    view = await d.play("ann", "AS")  # from two cards, without the call: five at once
    assert view.ephemeral and "No call: the bot drew 4♦ 5♦ 6♦ 7♦ 8♦ for you" in in_words(
        view.text())
    drew = next(line for line in view.text().splitlines() if "No call" in line)
    assert cards_shown_in(drew) >= {C.parse(c) for c in ("4D", "5D", "6D", "7D", "8D")}
    table_text = d.table_message().text()
    assert "did not call Page One: five cards" in table_text
    assert f"<@{d.seat('ann')}> — 190 chips · 6 cards, 5 drawn" in table_text
    await d.open_hand("bob")
    assert any(i.endswith(":call") for i in d.view_of("bob").custom_ids)
    view = await d.play("bob", "7S", call=True)
    assert "called Page One!" in view.text()
    assert "called Page One!" in d.table_message().text()
    await d.play("ann", "2C")
    await d.play("bob", "5C")  # his last card, mid-trick (PAGEONE-5.1)
    await assert_everything_agrees(d, "out", {"ann": 190, "bob": 210})


async def play_the_example_with_the_calls(d: PageOneDriver) -> None:
    """PAGEONE-9 with both calls made: ann goes out with her last card."""
    for name, card in (("ann", "9H"), ("bob", "3H"), ("ann", "KD"), ("bob", "QD")):
        await d.play(name, card)
    await d.play("ann", "AS", call=True)
    await d.play("bob", "7S", call=True)
    await d.play("ann", "2C")


async def test_pageone_9_with_the_call_ann_goes_out_with_her_last_card(harness):
    d = await pageone_table(harness, EXAMPLE_HANDS)
    await play_the_example_with_the_calls(d)
    await assert_everything_agrees(d, "out", {"ann": 210, "bob": 190})


async def test_pageone_4_4_the_bot_draws_for_a_follower_and_shows_them_the_cards(harness):
    d = await pageone_table(harness, ["9H KD AS 2C", "3S QD 7S 5C"], "4C 8D 6H")
    await d.play("ann", "9H")
    view = await d.open_hand("bob")
    assert "The bot drew for you: 4♣ 8♦ 6♥" in in_words(view.text())
    assert "Your only play: 6♥" in in_words(view.text())
    drew = next(line for line in view.text().splitlines() if line.startswith("The bot drew"))
    assert cards_shown_in(drew) == {C.parse(c) for c in ("4C", "8D", "6H")}
    assert playable(view) == [C.parse("6H")]  # the legal play, among all seven cards
    assert set(card_buttons(view, "throw")) == set(d.hand.hands[d.seat("bob")])
    assert f"<@{d.seat('bob')}> — 190 chips · 7 cards, 3 drawn" in d.table_message().text()
    await d.play("bob", "6H")
    assert d.hand.seq == 2


async def test_pageone_4_6_a_new_stock_is_shuffled_at_play_time_and_stored(harness):
    d, _ = await PageOneDriver.seeded(harness, finds(rebuilt_and_out))
    number, settlement = d.table.last_result
    stored = await harness.bot.store.hand_by_number(d.table.id, number)
    assert stored.record["reshuffles"] == d.last_hand.record().to_json()["reshuffles"]
    assert "the discard pile became the new stock" in d.table_message().text()
    winner = next(u.name for u in d.users if d.seat(u) == settlement.winners[0])
    loser = next(u.name for u in d.users if u.name != winner)
    await assert_everything_agrees(d, "out", {winner: 210, loser: 190})


async def test_pageone_5_2_a_drawn_game_gives_every_ante_back(harness):
    four = ("ann", "bob", "cy", "dan")
    d, _ = await PageOneDriver.seeded(
        harness, finds(lambda deal: deal.settlement.ended == "drawn"), names=four)
    assert "drawn game" in d.table_message().text()
    await assert_everything_agrees(d, "drawn", dict.fromkeys(four, 200))


async def test_a_restart_after_a_new_stock_replays_it_and_the_game_goes_on(tmp_path):
    async with restarted_after_a_new_stock(tmp_path, PageOneDriver, finds(rebuilt_and_out)) as d:
        assert d.table.last_result[1].ended == "out"


async def test_old_buttons_still_work_after_a_restart(tmp_path):
    async with Harness(database_path=tmp_path / "gff.sqlite3") as h:
        d = await pageone_table(h, EXAMPLE_HANDS)
        await d.play("ann", "9H")
        old = await d.open_hand("bob")
        await h.restart()
        d.rehook()
        await h.click(d.user("bob"), old, card_buttons(old, "throw")[C.parse("3H")]["custom_id"])
        assert d.hand.seq == 2 and d.hand.trick == []


async def test_pageone_7_a_time_out_plays_the_lowest_card_and_two_make_a_player_away(harness):
    h = harness
    d = await pageone_table(h, EXAMPLE_HANDS)
    turn = d.table.info.turn_seconds
    await h.advance(turn + 1)  # ann's clock: her lowest card, 2♣
    assert d.hand.record().actions[0].card == C.parse("2C")
    await d.play("bob", "5C")
    await h.advance(turn + 1)  # bob won with 5♣ and leads; his clock runs out too
    await h.advance(turn + 1)  # ann again: her second time-out in a row
    ann, bob = d.seat("ann"), d.seat("bob")
    assert d.user("ann").id in d.table.away
    # bob's time-out led his lowest, 3♥; ann away is played on: 9♥ wins, and she leads K♦
    # from two cards, calling Page One as the time-out move does.
    assert d.hand.record().to_json()["actions"][2:] == [
        {"seat": bob, "do": "play", "card": "3H"}, {"seat": ann, "do": "play", "card": "9H"},
        {"seat": ann, "do": "play", "card": "KD", "call": True}]
    await d.play("bob", "QD")  # ann wins the trick and goes out with A♠, then is cashed out
    settlement = d.last_hand.settlement
    assert settlement.winners == (ann,) and settlement.stacks[ann] == 210
    await assert_played_out_as_away(d, "ann", settlement)


async def test_leaving_mid_game_plays_the_leaver_out_and_cashes_them_out(harness):
    h = harness
    d = await pageone_table(h, EXAMPLE_HANDS)
    await d.leave("ann")
    await d.play_out(lambda hand: d.play_first_legal("bob", hand), who="bob", pause=1,
                     limit=20)
    assert d.last_hand.is_over
    await assert_cashed_out(d, "ann", d.last_hand.settlement)


async def test_a_computer_player_plays_pageone_at_each_level(harness):
    d = await PageOneDriver.against_computers(
        harness, pageone_pack(["9H KD AS 2C", "3H QD 7S 5C", "4H JD 8S 6C"]))
    await d.play_out(lambda hand: d.play_first_legal("ann", hand), limit=300)
    assert d.last_hand.seq > 3
    d.assert_no_hidden_card_in_public()
    await assert_chips_conserved(harness)


async def test_a_games_history_is_its_record_and_replays_to_the_tables_result(harness):
    d = await pageone_table(harness, EXAMPLE_HANDS)
    await play_the_example_with_the_calls(d)
    listed, _ = await assert_history_replays(d)
    assert f"out: the pot to <@{d.seat(d.host)}>" in listed


async def test_a_hand_view_is_ephemeral_and_the_rules_name_the_call(harness):
    d = await pageone_table(harness, EXAMPLE_HANDS)
    view = await d.open_hand("ann")
    assert view.flags & EPHEMERAL and "9♥" in view.text()
    await d.h.slash(d.host, "pageone rules")
    assert "Page One!" in d.h.last_response(d.host).text()


async def test_the_hand_is_face_buttons_and_the_table_shows_the_cards_played_as_faces(harness):
    d = await pageone_table(harness, ["9H KD JK 2C", "3H QD 7S 5C"])
    assert FACES.on  # the harness answers Discord's emoji routes: the faces are synced
    view = await d.open_hand("ann")
    buttons = card_buttons(view, "throw")
    held = [C.parse_with_joker(c) for c in ("9H", "KD", "JK", "2C")]
    assert set(buttons) == set(held)  # the joker too, by its own face
    assert all("emoji" in b and "label" not in b for b in buttons.values())
    assert sorted(playable(view)) == sorted(held)  # a lead may be any card (PAGEONE-4.1)
    heading = view.embed["description"].split("\n")[0]
    assert heading.startswith("# <:") and cards_shown_in(heading) == set(held)
    await d.play("ann", "9H")
    trick = d.field("Trick")
    assert cards_shown_in(trick) == {C.parse("9H")} and "9♥" in trick  # face and words
    assert "follow" in trick and "hearts" in trick
    bob = await d.fresh_view("bob")
    assert len(card_buttons(bob, "throw")) == 4 and playable(bob) == [C.parse("3H")]
    await d.play("bob", "3H")
    discard = next(f["value"] for f in d.table_message().embed["fields"]
                   if f["name"].startswith("Discard pile"))
    assert cards_shown_in(discard) == {C.parse("9H"), C.parse("3H")} and "9♥ 3♥" in discard
    await d.play("ann", "KD")
    await d.play("bob", "QD")
    ann = await d.fresh_view("ann")  # two cards left: the toggle turns the buttons to calls
    last_two = {C.JOKER, C.parse("2C")}
    assert set(card_buttons(ann, "throw")) == last_two
    calling = await d.press("ann", "call")  # the same view, edited
    assert set(card_buttons(calling, "called")) == last_two
    assert not card_buttons(calling, "throw")


async def test_with_the_faces_off_the_hand_and_the_table_are_in_words(harness):
    d = await pageone_table(harness, EXAMPLE_HANDS)
    await d.play("ann", "9H")
    FACES.clear()  # as when the emojis could not be synced
    view = await d.open_hand("bob")
    buttons = card_buttons(view, "throw")  # found by their labels
    assert {card_on(b) for b in buttons.values()} == set(d.hand.hands[d.seat("bob")])
    assert all("emoji" not in b and b["label"] for b in buttons.values())
    assert buttons[C.parse("3H")]["label"] == "3♥" and playable(view) == [C.parse("3H")]
    assert view.embed["description"].startswith("# 7♠ 3♥ Q♦ 5♣\nYour turn.")
    assert "<:" not in view.text()
    await d.play("bob", "3H")
    table = d.table_message().text()
    assert "<:" not in table and "9♥ 3♥" in table


# bob holds no heart and draws until one: 17 cards, then the 6♥ (PAGEONE-4.4).
LONG_DRAW = "2S 4S 5S 6S 8S 9S TS JS KS 2D 3D 4D 5D 6D 7D 8D 9D 6H"


async def test_a_hand_of_more_than_twenty_is_one_menu_of_its_plays_with_faces(harness):
    d = await pageone_table(harness, ["9H KD AS 2C", "3S QD 7S 5C"], LONG_DRAW)
    await d.play("ann", "9H")
    view = await d.fresh_view("bob")
    assert len(d.hand.hands[d.seat("bob")]) == 22
    assert not card_buttons(view, "throw")  # more than four rows of five
    options = d.menu(view, "throw")["options"]
    assert [o["value"] for o in options] == ["6H"]  # the one legal play, as before
    assert card_on(options[0]) == C.parse("6H") and "emoji" in options[0]
    assert len(cards_shown_in(view.embed["description"])) == 22
    await d.play("bob", "6H")  # chosen in the menu
    assert d.hand.seq == 2


async def test_a_long_pile_and_a_huge_hand_keep_to_discords_embed_limits(harness):
    d = await pageone_table(harness, EXAMPLE_HANDS)
    pile = tuple(C.DECK[:40])  # a long game's tricks: 40 faces would pass a field's 1024
    assert cards_field(pile, "empty") == C.labels(pile)
    short = cards_field(pile[:8], "empty")
    assert cards_shown_in(short) == set(pile[:8]) and len(short) <= FIELD_LIMIT
    # The most a hand can hold, nearly all drawn: its faces fit the description.
    view = replace(d.hand.private_view(d.seat("ann")), hand=tuple(C.DECK), drawn=C.DECK[:48])
    description = PageOneUI.embeds.hand_embed(view).description
    assert len(description) <= DESCRIPTION_LIMIT and cards_shown_in(description) == set(C.DECK)
    # A long note on top: the hand is then in words, the rest as it was.
    description = PageOneUI.embeds.hand_embed(view, note="x" * 1500).description
    assert len(description) <= DESCRIPTION_LIMIT
    assert f"\n# {C.labels(C.DECK)}\n" in description
