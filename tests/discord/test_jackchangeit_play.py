"""Jack Change It played in a channel, as people would, to both endings of JCI-5, with
every trick card of JCI-4.5 to 4.7 made from the hand views.

ann (the host) and bob join in that order (cy too where named); the last seat deals, so
the hands below are listed from ann, and the first card after them is the upcard. Stake
10, buy-in 200 and 1000 starting chips. Each ending checks the engine's settlement
against the database, the table message, the result embed and /bankroll, and that the
stored record replays to the table's result; after every move, that no card that was not
face up reached a public message. Long games (new stocks, the drawn game) are found by
playing the engine offline from a seeded pack and shuffle, then made at the table.
"""

from __future__ import annotations

import re

from cogs.table.emojis import names as face_names
from cogs.table.emojis.shown import FACES
from engine import cards as C
from engine.jackchangeit.actions import Draw
from engine.jackchangeit.game import JACKCHANGEIT
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
)
from tests.harness import Harness, Message
from tests.harness.cards import card_buttons, card_on, cards_shown_in


def jci_pack(hands: list[str], stock: str) -> list:
    """Seven cards each, dealt one at a time from the dealer's left; then the upcard and
    the stock's top (`stock`'s first card is the upcard)."""
    dealt = [h.split() for h in hands]
    order = [dealt[p][i] for i in range(7) for p in range(len(dealt))] + stock.split()
    cards = [C.parse(code) for code in order]
    assert len(set(cards)) == len(cards), "a card is used twice"
    return cards + [card for card in C.DECK if card not in cards]


class JackDriver(SeededDriver):
    game = "jackchangeit"

    async def draw(self, name: str) -> Message:
        return await self.press(name, "draw")

    async def play(self, name: str, card: str, suit: str | None = None,
                   with_: str | None = None) -> Message:
        """A card's button (its option, in a hand too large for buttons), or the A♥ with
        the 2 `with_`; a jack's suit from the menu that follows it."""
        if with_ is None:
            view = await self.press_card(name, "throw", card)
        else:
            assert card == "AH", "only the A♥ goes with a 2 (JCI-4.6)"
            view = await self.pair(name, with_)
        if suit is not None:
            view = await self.press(name, "suit", [f"{card}:{suit}"])
        return view

    async def pair(self, name: str, two: str) -> Message:
        """The A♥ with `two` under it: the 2's pair button, or the option of the pair in
        the play menu of a hand too large for buttons."""
        view = await self.fresh_view(name)
        buttons = pair_buttons(view)
        if not buttons:
            return await self.press(name, "throw", [f"AH+{two}"])
        await self.h.click(self.user(name), view, buttons[C.parse(two)]["custom_id"])
        self.assert_no_hidden_card_in_public()
        return self.view_of(name)

    async def make(self, name: str, move) -> None:
        if isinstance(move, Draw):
            await self.draw(name)
        else:
            await self.play(name, C.code(move.card),
                            None if move.suit is None else C.SUITS[move.suit],
                            None if move.with_ is None else C.code(move.with_))

    async def play_first_legal(self, name: str, hand) -> None:
        """The draw when one is pending, else the first legal play; a jack asks for
        spades, or hearts when it is the jack of spades."""
        if hand.public_view().pending:
            await self.draw(name)
            return
        card, two = hand.legal_plays(self.seat(name))[0]
        suit = None if C.rank(card) != 10 else ("S" if C.suit(card) else "H")
        await self.play(name, C.code(card), suit, None if two is None else C.code(two))

    def public_cards(self, hand) -> set[int]:
        """Public (JCI-6): the first upcard and every card played; never a hand or a draw."""
        record = hand.record()
        allowed = {record.deck[7 * len(hand.dealt_in())]}
        for action in record.actions:
            allowed |= {getattr(action, "card", None), getattr(action, "with_", None)}
        return allowed


async def jci_table(h: Harness, hands: list[str], stock: str, names=("ann", "bob")
                    ) -> JackDriver:
    return await JackDriver.opened(h, jci_pack(hands, stock), names)


# ann's eights skip bob (JCI-4.5), who holds no spade and no 3 to follow her 3♠.
OUT_HANDS = ["8C 8D 8H 8S 3S 4S 5S", "KD QD TD 9D 7D 6D 5C"]


async def test_jci_5_1_eights_skip_and_the_bot_draws_for_a_player_who_cannot_play(harness):
    d = await jci_table(harness, OUT_HANDS, "9C TH TC")
    for card in ("8C", "8D", "8H", "8S", "3S"):
        await d.play("ann", card)
    assert d.hand.public_view().seats[1].drawn == 1  # bob could not play: one card drawn
    assert "could not play and drew a card" in d.table_message().text()
    assert f"<@{d.seat('bob')}> — 190 chips · 8 cards, 1 drawn" in d.table_message().text()
    await d.play("ann", "4S")
    await d.play("ann", "5S")  # her last card
    await assert_everything_agrees(d, "out", {"ann": 210, "bob": 190})


def offered(view: Message, d: JackDriver, act: str = "throw") -> list[str]:
    """The values a menu of the view offers, in order."""
    return [o["value"] for o in d.menu(view, act)["options"]]


def playable(view: Message) -> list[int]:
    """The cards whose buttons the view enables, in the hand's order."""
    return [card for card, b in card_buttons(view, "throw").items() if not b["disabled"]]


def pair_buttons(view: Message) -> dict[int, dict]:
    """The A♥-with-a-2 buttons of a view, by their 2: its face, or the label's first card."""
    found = {}
    for b in view.buttons:
        if b.get("custom_id", "").rsplit(":", 1)[-1].startswith("pair."):
            found[card_on(b) or C.parse(b["label"].split()[0])] = b
    return found


def in_words(text: str) -> str:
    """A text as a screen reader hears its cards: the faces (emoji markup) left out."""
    return re.sub(r"(<a?:\w+:\d+>)+ ?", "", text)


async def test_jci_4_5_a_jack_asks_for_a_suit_and_the_table_shows_it(harness):
    d = await jci_table(harness, ["JC 3H 3D 4D 5D 6D 7D", "5H KS QS TS 9S 7S 6S"], "9C")
    view = await d.fresh_view("ann")
    assert playable(view) == [C.parse("JC")]  # exactly the legal play
    assert len(card_buttons(view, "throw")) == 7  # the others shown, disabled
    jack = card_buttons(view, "throw")[C.parse("JC")]
    await d.h.click(d.user("ann"), view, jack["custom_id"])
    asked = d.view_of("ann")
    assert offered(asked, d, "suit") == ["JC:S", "JC:H", "JC:D"]
    marks = [face_names.parse(o["emoji"]["name"]).mark for o in d.menu(asked, "suit")["options"]]
    assert marks == ["suitS", "suitH", "suitD"]  # each suit by its face
    assert card_buttons(asked, "throw")[C.parse("JC")]["style"] == 3  # the jack, green
    assert d.hand.seq == 0  # nothing is played until the suit is named
    await d.h.click(d.user("ann"), asked, d.control(asked, "suit"), values=["JC:H"])
    assert "suit called: hearts" in in_words(d.table_message().text())
    assert "<:suitH_" in d.field("Upcard")
    assert playable(await d.fresh_view("bob")) == [C.parse("5H")]


async def test_jci_4_7_stacked_twos_the_pending_draw_on_the_table_and_the_draw_button(harness):
    d = await jci_table(harness, ["2C 2H 3D 4D 5D 6D 7D", "2D KS QS TS 9S 7S 6S"], "9C")
    await d.play("ann", "2C")
    assert "next player draws 2" in d.table_message().text()
    await d.play("bob", "2D")
    assert "next player draws 4" in d.table_message().text()
    view = await d.fresh_view("ann")
    assert any(i.endswith(":draw") for i in view.custom_ids)
    await d.draw("ann")  # she holds 2♥ but takes the draw
    assert len(d.hand.hands[d.seat("ann")]) == 10 and d.hand.public_view().pending == 0
    assert isinstance(d.hand.record().actions[-1], Draw)


async def test_jci_4_6_the_ace_of_hearts_with_a_two_and_the_five_of_hearts(harness):
    d = await jci_table(harness, ["AH 2C 3D 4D 5D 6D 7D", "5H KS QS TS 9S 7S 6S"], "9H")
    view = await d.fresh_view("ann")
    assert playable(view) == [C.parse("AH")]  # alone, or with the 2 by the pair's button
    assert list(pair_buttons(view)) == [C.parse("2C")]
    view = await d.play("ann", "AH", with_="2C")
    assert "You played A♥ with 2♣" in in_words(view.text())
    assert "next player draws 7" in d.table_message().text()
    bob = await d.fresh_view("bob")
    assert playable(bob) == [C.parse("5H")]  # the 5♥ blocks it
    assert not pair_buttons(bob) and any(i.endswith(":draw") for i in bob.custom_ids)
    await d.play("bob", "5H")
    assert d.hand.public_view().pending == 0 and d.hand.public_view().upcard == C.parse("5H")


async def test_jci_4_5_a_queen_turns_play_round_and_the_table_shows_the_direction(harness):
    d = await jci_table(harness, ["QC 3D 4D 5D 6D 7D 8D", "KS QS TS 9S 7S 6S 5S",
                                  "KH QH TH 9H 7H 6H 5H"], "9C", names=("ann", "bob", "cy"))
    assert "play goes clockwise ↻" in d.table_message().text()
    await d.play("ann", "QC")
    assert "play goes anticlockwise ↺" in d.table_message().text()
    assert d.hand.to_act() == (d.seat("cy"),)


async def test_jci_4_8_a_new_stock_survives_a_restart_and_the_record_replays(tmp_path):
    find = seeded_game(JACKCHANGEIT, C.DECK, rebuilt_and_out)
    async with restarted_after_a_new_stock(tmp_path, JackDriver, find) as d:
        winner = next(u.name for u in d.users if d.seat(u) == d.table.last_result[1].winners[0])
        loser = next(u.name for u in d.users if u.name != winner)
        await assert_everything_agrees(d, "out", {winner: 210, loser: 190})


# JCI-9's deal at a table of six: four 2s make eve draw 8, fay's A♥ makes ann draw the
# last stock card and four of the new one, bob draws the last card and cy cannot play.
DRAWN_HANDS = ["2C 3H 4H 6H AS AD AC", "2D 3S 4S 5S 6S 7S 8S", "2S 9S TS JS QS KS 3D",
               "2H 7H 8H 9H TH JH QH", "KH 5H 4D 5D 6D 7D 8D", "AH 9D TD JD QD KD 3C"]
SIX = ("ann", "bob", "cy", "dan", "eve", "fay")


async def test_jci_9_a_drawn_game_at_a_table_of_six_gives_every_ante_back(harness):
    d = await jci_table(harness, DRAWN_HANDS, "7C 4C 5C 6C 8C 9C TC JC QC KC", names=SIX)
    await d.play("ann", "2C")
    await d.play("bob", "2D")
    await d.play("cy", "2S")
    await d.play("dan", "2H")
    assert "drew 8" in d.table_message().text()  # eve had no 2
    await d.play("fay", "AH")
    assert "the pile under the upcard became the new stock" in d.table_message().text()
    assert "drawn game" in d.table_message().text()
    stored = await harness.bot.store.hand_by_number(d.table.id, d.table.last_result[0])
    assert len(stored.record["reshuffles"]) == 1  # stored with fay's play
    await assert_everything_agrees(d, "drawn", dict.fromkeys(SIX, 200))


async def test_a_computer_player_plays_jackchangeit_at_each_level(harness):
    d = await JackDriver.against_computers(
        harness, jci_pack(OUT_HANDS + ["KH QH TH 9H 7H 6H 5H"], "9C"))
    await d.play_out(lambda hand: d.play_first_legal("ann", hand), limit=400)
    assert d.last_hand.seq > 3
    d.assert_no_hidden_card_in_public()
    await assert_chips_conserved(harness)


async def test_jci_7_time_outs_and_history(harness):
    h = harness
    d = await jci_table(h, OUT_HANDS, "9C TH TC")
    turn = d.table.info.turn_seconds
    await h.advance(turn + 1)  # ann's first legal card in sorted order: 8♣
    assert d.hand.record().actions[0].card == C.parse("8C")
    await h.advance(turn + 1)  # the eight skipped bob: ann again, now away
    assert d.user("ann").id in d.table.away
    # ann is played on by her time-out move; bob plays
    await d.play_out(lambda hand: d.play_first_legal("bob", hand), who="bob", pause=1,
                     limit=60)
    await assert_history_replays(d, "bob")
    await assert_chips_conserved(h)


async def test_old_buttons_still_work_after_a_restart(tmp_path):
    async with Harness(database_path=tmp_path / "gff.sqlite3") as h:
        d = await jci_table(h, OUT_HANDS, "9C TH TC")
        await d.play("ann", "8C")  # the eight skips bob: ann plays again (JCI-4.5)
        old = await d.fresh_view("ann")
        await h.restart()
        d.rehook()
        await h.click(d.user("ann"), old, card_buttons(old, "throw")[C.parse("8D")]["custom_id"])
        assert d.hand.seq == 2 and d.hand.record().actions[1].card == C.parse("8D")
        d.assert_no_hidden_card_in_public()


async def test_leaving_mid_game_plays_the_leaver_out_and_cashes_them_out(harness):
    h = harness
    d = await jci_table(h, OUT_HANDS, "9C TH TC")
    await d.leave("ann")
    assert d.table.seat_of(d.user("ann").id) is not None  # seated until the game ends
    # ann is played by her time-out move at once; bob plays
    await d.play_out(lambda hand: d.play_first_legal("bob", hand), who="bob", pause=1,
                     limit=80)
    assert d.last_hand.is_over
    await assert_cashed_out(d, "ann", d.last_hand.settlement)  # when it ended
    d.assert_no_hidden_card_in_public()


async def test_the_hand_is_face_buttons_and_the_table_shows_the_upcard_and_pile_as_faces(harness):
    d = await jci_table(harness, OUT_HANDS, "9C TH TC")
    assert FACES.on  # the harness answers Discord's emoji routes: the faces are synced
    view = await d.open_hand("ann")
    buttons = card_buttons(view, "throw")
    assert set(buttons) == set(d.hand.hands[d.seat("ann")])
    assert all("emoji" in b and "label" not in b for b in buttons.values())
    assert playable(view) == [C.parse("8C")]
    heading = view.embed["description"].split("\n")[0]
    assert heading.startswith("# <:") and cards_shown_in(heading) == set(buttons)
    upcard = d.field("Upcard")
    assert cards_shown_in(upcard) == {C.parse("9C")} and "9♣" in upcard
    await d.play("ann", "8C")
    pile = next(f["value"] for f in d.table_message().embed["fields"]
                if f["name"].startswith("Discard pile"))
    assert cards_shown_in(pile) == {C.parse("9C"), C.parse("8C")} and "9♣ 8♣" in pile


async def test_with_the_faces_off_the_hand_the_suits_and_the_table_are_in_words(harness):
    d = await jci_table(harness, ["JC AH 2C 4D 5D 6D 7D", "5H KS QS TS 9S 7S 6S"], "9C")
    FACES.clear()  # as when the emojis could not be synced
    view = await d.open_hand("ann")
    buttons = card_buttons(view, "throw")  # found by their labels
    assert all("emoji" not in b for b in buttons.values())
    assert buttons[C.parse("JC")]["label"] == "J♣"
    assert playable(view) == [C.parse("2C"), C.parse("JC")]
    assert [b["label"] for b in pair_buttons(view).values()] == [
        "2♣ + A♥: the next player draws 7"]
    assert "<:" not in view.text()
    asked = await d.press_card("ann", "throw", "JC")
    options = d.menu(asked, "suit")["options"]
    assert [o["label"] for o in options] == ["♠ spades", "♥ hearts", "♦ diamonds"]
    assert not any("emoji" in o for o in options)
    await d.press("ann", "suit", ["JC:H"])
    table = d.table_message().text()
    assert "suit called: ♥ hearts" in table and "**J♣**" in table and "<:" not in table


# ann's A♥ with the 2♣ makes bob draw 7, her 2♥ 2 more: bob holds 16, too many for
# three rows of buttons; ann cannot play on the 2♥ and draws; bob's one play is the 7♥.
BIG_HANDS = ["AH 2C 2H 3D 4D 5D 6D", "KS QS TS 9S 7S 6S 5S"]


async def test_a_hand_of_more_than_fifteen_is_one_menu_of_its_plays_with_faces(harness):
    d = await jci_table(harness, BIG_HANDS, "9H 3C 4C 5C 6C 7C 8C 9C TC 7H QC KC")
    await d.play("ann", "AH", with_="2C")
    await d.play("ann", "2H")
    assert len(d.hand.hands[d.seat("bob")]) == 16
    view = await d.fresh_view("bob")
    assert not card_buttons(view, "throw") and not pair_buttons(view)
    options = d.menu(view, "throw")["options"]
    assert [o["value"] for o in options] == ["7H"]  # the legal plays, as before
    assert card_on(options[0]) == C.parse("7H") and "emoji" in options[0]
    assert len(cards_shown_in(view.embed["description"])) == 16
    await d.play("bob", "7H")  # chosen in the menu
    assert d.hand.public_view().upcard == C.parse("7H")
