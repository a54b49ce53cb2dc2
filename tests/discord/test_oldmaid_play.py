"""Old Maid played in a channel, as people would, to both endings of OLDMAID-4.1.

ann (the host), bob and cy join in that order; cy deals first, so ann draws first, from
cy. The deck leaves, after the pairs thrown at the deal, ann Q♠, bob 5♠ and cy 5♣. A draw
is a press on one of the holder's cards shown face down: the slot -> position order is
the bot's own, drawn afresh for each view, so a test that wants a position looks it up
where the bot keeps it. Stake 10, buy-in 200 and 1000 starting chips. After every move:
no card but the pairs thrown (and, at the end, the Old Maid) reaches a public message,
by its words or its face, and no custom id names a card or a position. Cards are shown
as faces (the harness syncs them), with their words beside them.
"""

from __future__ import annotations

from cogs.table.emojis import face_and_word, faces_and_words
from cogs.table.emojis import names as face_names
from cogs.table.emojis.shown import FACES
from engine import cards as C
from tests.discord.table_checks import (
    assert_chips_conserved,
    assert_everything_agrees,
    assert_history_replays,
    assert_played_out_as_away,
    assert_stored_replays,
)
from tests.discord.table_driver import TableDriver, controls
from tests.harness import EPHEMERAL, Harness, Message
from tests.harness.cards import cards_shown_in

OTHERS = [rank + suit for rank in "A234679TJK8" for suit in "SHDC"]
# ann Q♠, bob 5♠, cy 5♥ 5♦ 5♣ (5♥ 5♦ go as a pair, OLDMAID-2.2), the rest in pairs.
THREE = ["QS " + " ".join(OTHERS[0:16]), "5S " + " ".join(OTHERS[16:32]),
         "5H " + " ".join(OTHERS[32:44] + ["QH", "QD", "5C", "5D"])]
# Five players: ann (first from the dealer's left) gets 11 cards, Q♠ and five pairs; the
# others ten, all pairs: the deal ends on the deal (OLDMAID-4.1).
FIVE = ["QS " + " ".join(OTHERS[0:10]), " ".join(OTHERS[10:20]), " ".join(OTHERS[20:30]),
        " ".join(OTHERS[30:40]), " ".join(OTHERS[40:44] + ["QH", "QD", "5S", "5H", "5D", "5C"])]


def shown(code: str) -> str:
    """A card as an embed shows it: its face and its words (the words alone, faces off)."""
    return face_and_word(C.parse(code))


def dealt(hands: list[str]) -> list:
    """OLDMAID-2.1: one card at a time from deck[0], from the dealer's left."""
    cards = [[C.parse(code) for code in hand.split()] for hand in hands]
    return [hand[k] for k in range(max(map(len, cards))) for hand in cards if k < len(hand)]


class OldMaidDriver(TableDriver):
    game = "oldmaid"
    hand_noun = "Deal"

    @property
    def ui(self):
        return self.h.bot.get_cog("TableCog").uis["oldmaid"]

    async def draw(self, name: str, pos: int) -> Message:
        """Press the face-down card that this view's order maps to `pos` (rank order)."""
        await self.fresh_view(name)
        _, order = self.ui.orders[(self.table.id, self.user(name).id)]
        return await self.press(name, f"back{order.index(pos)}")

    async def draw_to_the_end(self) -> None:
        """Whoever is to draw takes position 0, until the deal is over."""
        for _ in range(20):
            if self.table.last_result is not None:
                break
            name = next(u.name for u in self.users if self.seat(u) in self.hand.to_act())
            await self.draw(name, 0)
        assert self.table.last_result is not None

    def public_cards(self, hand) -> set[int]:
        """OLDMAID-5.2: only the pairs thrown, and at the end the Old Maid."""
        public = hand.public_view()
        allowed = {card for pair in public.pairs for card in pair.cards}
        if public.old_maid is not None:
            allowed.add(public.old_maid)
        return allowed


async def oldmaid_table(h, hands=THREE, names=("ann", "bob", "cy")) -> OldMaidDriver:
    return await OldMaidDriver.opened(h, dealt(hands), names)


async def assert_the_old_maid_loses(d: OldMaidDriver, ended: str, loser: str,
                                    expected: dict[str, int]) -> None:
    """`loser` kept the Old Maid, Q♠ (OLDMAID-4.1), and everything agrees."""
    settlement, text = await assert_everything_agrees(d, ended, expected)
    assert settlement.loser == d.seat(loser) and settlement.old_maid == C.parse("QS")
    assert f"<@{d.seat(loser)}> keeps {shown('QS')} and loses" in text
    assert (C.parse("QS") in cards_shown_in(text)) == FACES.on


async def test_oldmaid_4_1_the_last_holder_of_the_queen_loses_and_the_rest_share(harness):
    h = harness
    d = await oldmaid_table(h)
    ann, bob, cy = (d.seat(n) for n in ("ann", "bob", "cy"))
    assert "Q♠" not in d.table_message().text() and "2♠ 2♥" in d.table_message().text()
    assert f"<@{ann}> to draw from <@{cy}> (1 card)" in d.table_message().text()
    view = await d.open_hand("ann")
    assert view.flags & EPHEMERAL and "Q♠" in view.text()
    assert [a for a in controls(view) if a.startswith("back")] == ["back0"]
    bob_view = await d.open_hand("bob")
    assert [a for a in controls(bob_view)] == ["refresh"]  # not bob's turn: no backs
    view = await d.draw("ann", 0)  # cy's last card: cy is out (OLDMAID-3.4)
    assert f"You drew {shown('5C')}" in view.text()
    assert f"<@{cy}> — 190 chips · dealer, out: no cards left" in d.table_message().text()
    assert f"1. <@{ann}> drew from <@{cy}>" in d.table_message().text()
    assert d.hand.to_act() == (bob,) and d.hand.holder == ann
    view = await d.draw("bob", 0)  # ann's 5♣ (rank order 5, Q): bob pairs out
    assert f"You drew {shown('5C')} and threw the pair" in view.text()
    await assert_the_old_maid_loses(d, "old_maid", "ann", {"ann": 190, "bob": 205, "cy": 205})


async def test_oldmaid_3_2_the_backs_come_in_a_fresh_order_and_ids_name_only_slots(harness):
    h = harness
    d = await oldmaid_table(h)
    await d.draw("ann", 0)
    bob = d.user("bob")
    seen = set()
    for _ in range(30):
        view = await d.fresh_view("bob")
        await h.click(bob, view, controls(view)["refresh"]["custom_id"])
        ids = [i for i in d.view_of(bob).custom_ids if ":back" in i]
        assert [i.rsplit(":", 1)[1] for i in ids] == ["back0", "back1"]
        seen.add(d.ui.orders[(d.table.id, bob.id)][1])
    assert seen == {(0, 1), (1, 0)}  # both orders turn up; a slot tells nothing


def backs_of(view: Message) -> list[dict]:
    """The draw view's face-down cards, in slot order."""
    return [c for act, c in controls(view).items() if act.startswith("back")]


async def test_oldmaid_faces_show_the_hand_the_pairs_thrown_and_the_backs_to_draw(harness):
    h = harness
    d = await oldmaid_table(h)
    assert FACES.on  # the harness synced them at start
    thrown = d.hand.public_view().pairs
    pairs = {card for pair in thrown for card in pair.cards}
    # The deal threw 24 pairs, too many faces for one field: every pair in words, the
    # newest as faces too, as far as they fit.
    field = d.field("Pairs thrown")
    assert len(field) <= 1024 and all(C.labels(pair.cards) in field for pair in thrown)
    faced = cards_shown_in(field)
    assert faced and faced < pairs and set(thrown[-1].cards) <= faced
    view = await d.draw("ann", 0)  # cy's 5♣: ann holds 5♣ Q♠
    description = view.embed["description"]
    assert cards_shown_in(description) == {C.parse("5C"), C.parse("QS")}
    assert "\n5♣ Q♠\n" in description  # the words under the faces
    assert cards_shown_in(d.field("You drew last", view)) == {C.parse("5C")}
    # OLDMAID-3.2: bob draws from ann's two cards, shown as two backs numbered 1 and 2.
    view = await d.fresh_view("bob")
    backs = backs_of(view)
    assert [b["label"] for b in backs] == ["1", "2"]
    assert all(face_names.parse(b["emoji"]["name"]).mark == "back" for b in backs)
    assert cards_shown_in(view.embed["description"]) == {C.parse("5S")}
    await d.draw("bob", 0)  # ann's 5♣: bob pairs out, ann keeps the Old Maid
    text = d.table_message().text()
    assert f"keeps the Old Maid, {shown('QS')}." in text
    assert faces_and_words([C.parse("5S"), C.parse("5C")]) in text  # bob's pair, newest
    assert {C.parse("5S"), C.parse("5C"), C.parse("QS")} <= cards_shown_in(text)
    d.assert_no_hidden_card_in_public()


async def test_oldmaid_with_faces_off_shows_every_card_in_words(harness):
    h = harness
    d = await oldmaid_table(h)
    await d.draw("ann", 0)
    FACES.clear()  # as when the sync fails: cards in words
    bob = d.user("bob")
    view = await d.fresh_view(bob)
    await h.click(bob, view, controls(view)["refresh"]["custom_id"])
    view = d.view_of(bob)
    assert [(b["label"], "emoji" in b) for b in backs_of(view)] == [("🂠 1", False),
                                                                   ("🂠 2", False)]
    assert view.embed["description"].startswith("# 5♠\n") and "<:" not in view.text()
    view = await d.draw("bob", 0)  # ann's 5♣, and the deal is over
    assert "You drew 5♣ and threw the pair" in view.text() and "<:" not in view.text()
    text = d.table_message().text()
    assert "keeps the Old Maid, Q♠." in text and "5♠ 5♣" in text and "<:" not in text
    await assert_the_old_maid_loses(d, "old_maid", "ann", {"ann": 190, "bob": 205, "cy": 205})


async def test_oldmaid_4_1_on_deal_when_the_pairs_leave_one_player_holding(harness):
    h = harness
    d = await oldmaid_table(h, FIVE, names=("ann", "bob", "cy", "dee", "eve"))
    assert d.table.last_result is not None  # no draw at all
    # Pot 50 shared by four: 12 each, the two odd chips to bob and cy (from eve's left).
    await assert_the_old_maid_loses(
        d, "on_deal", "ann", {"ann": 190, "bob": 203, "cy": 203, "dee": 202, "eve": 202})


async def test_oldmaid_6_1_a_time_out_draws_at_random_and_two_make_a_player_away(harness):
    h = harness
    d = await oldmaid_table(h)
    turn = d.table.info.turn_seconds
    ann, bob = d.seat("ann"), d.seat("bob")
    await h.advance(turn)  # ann's draw runs out: cy's one card, at position 0
    assert [(a.seat, a.pos) for a in d.hand.record().actions] == [(ann, 0)]
    d.assert_no_hidden_card_in_public()
    await d.draw("bob", 1)  # ann's Q♠: bob holds 5♠ Q♠, ann 5♣
    assert d.hand.to_act() == (ann,) and d.hand.holder == bob
    await h.advance(turn)  # her second time-out in a row: away, played to the end
    await d.draw_to_the_end()  # bob draws; ann's draws are made for her at once
    await assert_played_out_as_away(d, "ann", d.table.last_result[1])


async def test_leaving_mid_deal_is_played_out_by_random_draws(harness):
    h = harness
    d = await oldmaid_table(h)
    assert "when this hand is over" in await d.leave("bob")
    await d.draw("ann", 0)  # then bob's draw is made for him at once
    await d.draw_to_the_end()
    assert d.user("bob").id not in {s.user_id for s in d.table.info.seats}
    await assert_chips_conserved(h)
    d.assert_no_hidden_card_in_public()


async def test_an_oldmaid_deals_history_is_its_record_and_replays_to_the_result(harness):
    d = await oldmaid_table(harness)
    await d.draw("ann", 0)
    await d.draw("bob", 0)
    listed, record = await assert_history_replays(d)
    assert f"old_maid: <@{d.seat(d.host)}> kept the Old Maid ({shown('QS')})" in listed
    assert C.parse("QS") in cards_shown_in(listed)
    assert record["actions"][1]["pos"] == 0


async def test_computer_players_play_oldmaid(harness):
    d = await OldMaidDriver.against_computers(harness, dealt(THREE), each=2)
    await d.play_out(lambda hand: d.draw("ann", 0), limit=200)
    await assert_chips_conserved(harness)
    d.assert_no_hidden_card_in_public()


async def test_a_restart_mid_deal_keeps_the_old_draw_buttons_working(tmp_path):
    async with Harness(database_path=tmp_path / "oldmaid.sqlite3") as h:
        d = await oldmaid_table(h)
        await d.draw("ann", 0)
        bob = d.user("bob")
        old = await d.fresh_view("bob")
        await h.restart()
        d.rehook()
        # The order that view showed went with the restart; a press still draws, by a
        # fresh order (a slot never told anything).
        await h.click(bob, old, controls(old)["back1"]["custom_id"])
        assert d.table.hand.seq == 2 or d.table.last_result is not None
        await d.draw_to_the_end()
        number, settlement = d.table.last_result
        await assert_stored_replays(h, d.table.id, number, settlement)
        await assert_chips_conserved(h)
        d.assert_no_hidden_card_in_public()
