"""Old Maid played in a channel, as people would, to both endings of OLDMAID-4.1.

ann (the host), bob and cy join in that order; cy deals first, so ann draws first, from
cy. The deck leaves, after the pairs thrown at the deal, ann Q♠, bob 5♠ and cy 5♣. A draw
is a press on one of the holder's cards shown face down: the slot -> position order is
the bot's own, drawn afresh for each view, so a test that wants a position looks it up
where the bot keeps it. Stake 10, buy-in 200 and 1000 starting chips. After every move:
no card but the pairs thrown (and, at the end, the Old Maid) reaches a public message,
and no custom id names a card or a position.
"""

from __future__ import annotations

import json

from engine import cards as C
from engine.replay import replay
from tests.discord.table_driver import CARD_CODE, CARD_LABEL, TableDriver
from tests.harness import EPHEMERAL, Message

START, BUY_IN = 1000, 200
OTHERS = [rank + suit for rank in "A234679TJK8" for suit in "SHDC"]
# ann Q♠, bob 5♠, cy 5♥ 5♦ 5♣ (5♥ 5♦ go as a pair, OLDMAID-2.2), the rest in pairs.
THREE = ["QS " + " ".join(OTHERS[0:16]), "5S " + " ".join(OTHERS[16:32]),
         "5H " + " ".join(OTHERS[32:44] + ["QH", "QD", "5C", "5D"])]
# Five players: ann (first from the dealer's left) gets 11 cards, Q♠ and five pairs; the
# others ten, all pairs: the deal ends on the deal (OLDMAID-4.1).
FIVE = ["QS " + " ".join(OTHERS[0:10]), " ".join(OTHERS[10:20]), " ".join(OTHERS[20:30]),
        " ".join(OTHERS[30:40]), " ".join(OTHERS[40:44] + ["QH", "QD", "5S", "5H", "5D", "5C"])]


def dealt(hands: list[str]) -> list:
    """OLDMAID-2.1: one card at a time from deck[0], from the dealer's left."""
    cards = [[C.parse(code) for code in hand.split()] for hand in hands]
    return [hand[k] for k in range(max(map(len, cards))) for hand in cards if k < len(hand)]


def controls(view: Message) -> dict[str, dict]:
    return {c["custom_id"].rsplit(":", 1)[1]: c for c in view.walk_components()
            if "custom_id" in c}


class OldMaidDriver(TableDriver):
    @property
    def ui(self):
        return self.h.bot.get_cog("TableCog").uis["oldmaid"]

    async def fresh_view(self, name: str) -> Message:
        user = self.user(name)
        if user.id not in self.views:
            await self.open_hand(user)
        view = self.view_of(user)
        if not controls(view)["refresh"]["custom_id"].endswith(
                f":{self.table.running.number}.{self.hand.seq}:refresh"):
            await self.h.click(user, view, controls(view)["refresh"]["custom_id"])
        return self.view_of(user)

    async def draw(self, name: str, pos: int) -> Message:
        """Press the face-down card that this view's order maps to `pos` (rank order)."""
        user = self.user(name)
        self.last_hand = self.hand
        view = await self.fresh_view(name)
        _, order = self.ui.orders[(self.table.id, user.id)]
        await self.h.click(user, view, controls(view)[f"back{order.index(pos)}"]["custom_id"])
        self.assert_no_hidden_card_in_public()
        return self.view_of(user)

    def assert_no_hidden_card_in_public(self) -> None:
        """OLDMAID-5.2: only the pairs thrown, and at the end the Old Maid."""
        if self.table is not None and self.table.hand is not None:
            self.last_hand = self.table.hand
        hand = self.last_hand
        allowed: set[int] = set()
        if hand is not None:
            public = hand.public_view()
            allowed = {card for pair in public.pairs for card in pair.cards}
            if public.old_maid is not None:
                allowed.add(public.old_maid)
        for message in self.h.public_messages():
            for custom_id in message.custom_ids:
                assert not CARD_CODE.search(custom_id.replace(":", " ")), custom_id
        for message, text in self.public_text():
            for rank, suit in CARD_LABEL.findall(text):
                card = C.parse(rank + suit)
                assert card in allowed or message.id in self.earlier_messages, (
                    f"{C.label(card)} is hidden but shown in {message!r}: {text[:300]}"
                )


async def oldmaid_table(h, hands=THREE, names=("ann", "bob", "cy")) -> OldMaidDriver:
    d = OldMaidDriver(h, names=names, game="oldmaid")
    await d.seat_everyone()
    d.decks.append(dealt(hands))
    await h.slash(d.host, "oldmaid start")
    d.assert_no_hidden_card_in_public()
    return d


async def assert_everything_agrees(d: OldMaidDriver, ended: str, loser: str,
                                   expected: dict[str, int]) -> None:
    h = d.h
    table = d.table
    number, settlement = table.last_result
    assert settlement.ended == ended and settlement.loser == d.seat(d.user(loser))
    assert settlement.old_maid == C.parse("QS")
    by_name = {name: d.seat(d.user(name)) for name in expected}
    assert {n: settlement.stacks[s] for n, s in by_name.items()} == expected
    stored = await h.bot.store.hand_by_number(table.id, number)
    assert stored.status == "settled" and stored.record["game"] == "oldmaid"
    assert replay(stored.record) == settlement.to_result() == stored.result
    info = await h.bot.store.table(table.id)
    in_db = {str(seat.user_id): seat.stack for seat in info.seats}
    assert {n: in_db[s] for n, s in by_name.items()} == expected
    result = next(m for m in reversed(h.public_messages()) if m.embeds
                  and m.embed.get("title", "") == f"Deal {number}: the result")
    assert f"<@{by_name[loser]}> keeps Q♠ and loses" in result.text()
    for name, seat in by_name.items():
        assert f"<@{seat}>: " in result.text() and f"→ {expected[name]}" in result.text()
    table_text = d.table_message().text()
    for name, seat in by_name.items():
        assert f"<@{seat}> — {expected[name]} chips" in table_text
    for name in expected:
        await h.slash(d.user(name), "bankroll")
        fields = {f["name"]: f["value"] for f in h.last_response(d.user(name)).embed["fields"]}
        assert fields["At tables"] == str(expected[name])
        assert fields["Bankroll"] == str(START - BUY_IN)
    assert all(g.holds for g in await h.bot.store.conservation(h.guild_id))
    await h.slash(h.owner, "audit")
    assert "Every chip is accounted for." in h.last_response(h.owner).text()
    d.assert_no_hidden_card_in_public()


async def test_oldmaid_4_1_the_last_holder_of_the_queen_loses_and_the_rest_share(harness):
    h = harness
    d = await oldmaid_table(h)
    ann, bob, cy = (d.seat(d.user(n)) for n in ("ann", "bob", "cy"))
    assert "Q♠" not in d.table_message().text() and "2♠ 2♥" in d.table_message().text()
    assert f"<@{ann}> to draw from <@{cy}> (1 card)" in d.table_message().text()
    view = await d.open_hand(d.user("ann"))
    assert view.flags & EPHEMERAL and "Q♠" in view.text()
    assert [a for a in controls(view) if a.startswith("back")] == ["back0"]
    bob_view = await d.open_hand(d.user("bob"))
    assert [a for a in controls(bob_view)] == ["refresh"]  # not bob's turn: no backs
    view = await d.draw("ann", 0)  # cy's last card: cy is out (OLDMAID-3.4)
    assert "You drew 5♣" in view.text()
    assert f"<@{cy}> — 190 chips · dealer, out: no cards left" in d.table_message().text()
    assert f"1. <@{ann}> drew from <@{cy}>" in d.table_message().text()
    assert d.hand.to_act() == (bob,) and d.hand.holder == ann
    view = await d.draw("bob", 0)  # ann's 5♣ (rank order 5, Q): bob pairs out
    assert "You drew 5♣ and threw the pair" in view.text()
    await assert_everything_agrees(d, "old_maid", "ann", {"ann": 190, "bob": 205, "cy": 205})


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


async def test_oldmaid_4_1_on_deal_when_the_pairs_leave_one_player_holding(harness):
    h = harness
    d = await oldmaid_table(h, FIVE, names=("ann", "bob", "cy", "dee", "eve"))
    assert d.table.last_result is not None  # no draw at all
    # Pot 50 shared by four: 12 each, the two odd chips to bob and cy (from eve's left).
    await assert_everything_agrees(
        d, "on_deal", "ann", {"ann": 190, "bob": 203, "cy": 203, "dee": 202, "eve": 202})


async def test_oldmaid_6_1_a_time_out_draws_at_random_and_two_make_a_player_away(harness):
    h = harness
    d = await oldmaid_table(h)
    turn = d.table.info.turn_seconds
    ann, bob = d.seat(d.user("ann")), d.seat(d.user("bob"))
    await h.advance(turn)  # ann's draw runs out: cy's one card, at position 0
    assert [(a.seat, a.pos) for a in d.hand.record().actions] == [(ann, 0)]
    d.assert_no_hidden_card_in_public()
    await d.draw("bob", 1)  # ann's Q♠: bob holds 5♠ Q♠, ann 5♣
    assert d.hand.to_act() == (ann,) and d.hand.holder == bob
    await h.advance(turn)  # her second time-out in a row: away, played to the end
    for _ in range(20):
        if d.table.last_result is not None:
            break
        await d.draw("bob", 0)
    assert d.table.last_result is not None
    assert ann not in {str(s.user_id) for s in d.table.info.seats}  # cashed out as away
    assert any("was away for two turns in a row" in m.text() for m in h.public_messages())
    assert all(g.holds for g in await h.bot.store.conservation(h.guild_id))
    d.assert_no_hidden_card_in_public()


async def test_leaving_mid_deal_is_played_out_by_random_draws(harness):
    h = harness
    d = await oldmaid_table(h)
    await h.slash(d.user("bob"), "oldmaid leave")
    assert "when this hand is over" in h.last_response(d.user("bob")).text()
    await d.draw("ann", 0)  # then bob's draw is made for him at once
    for _ in range(20):
        if d.table.last_result is not None:
            break
        await d.draw("ann" if d.seat(d.user("ann")) in d.hand.to_act() else "cy", 0)
    assert d.table.last_result is not None
    assert d.user("bob").id not in {s.user_id for s in d.table.info.seats}
    assert all(g.holds for g in await h.bot.store.conservation(h.guild_id))
    d.assert_no_hidden_card_in_public()


async def test_an_oldmaid_deals_history_is_its_record_and_replays_to_the_result(harness):
    d = await oldmaid_table(harness)
    await d.draw("ann", 0)
    await d.draw("bob", 0)
    number, settlement = d.table.last_result
    await d.h.slash(d.host, "oldmaid history")
    text = d.h.last_response(d.host).text()
    assert f"old_maid: <@{d.seat(d.host)}> kept the Old Maid (QS)" in text
    await d.h.slash(d.host, "oldmaid history", hand=number)
    (attachment,) = d.h.last_response(d.host).attachments.values()
    record = json.loads(attachment.data)
    assert record["game"] == "oldmaid" and record["actions"][1]["pos"] == 0
    assert replay(record) == settlement.to_result() == record.pop("result")


async def test_computer_players_play_oldmaid(harness):
    h = harness
    d = OldMaidDriver(h, names=("ann",), game="oldmaid")
    await d.seat_everyone()
    for level in d.table.game.strategies:
        for _ in range(2):
            await h.slash(d.host, "oldmaid addbot", level=level)
            assert "sits down" in h.last_response(d.host).text()
    d.decks.append(dealt(THREE))
    await h.slash(d.host, "oldmaid start")
    for _ in range(200):
        if d.table.last_result is not None:
            break
        if d.seat(d.host) in d.hand.to_act():
            await d.draw("ann", 0)
        else:
            await h.advance(2)
    assert d.table.last_result is not None
    assert all(g.holds for g in await h.bot.store.conservation(h.guild_id))
    d.assert_no_hidden_card_in_public()


async def test_a_restart_mid_deal_keeps_the_old_draw_buttons_working(tmp_path):
    from tests.harness import Harness

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
        for _ in range(20):
            if d.table.last_result is not None:
                break
            name = next(n for n in ("ann", "bob", "cy") if d.seat(d.user(n)) in d.hand.to_act())
            await d.draw(name, 0)
        number, settlement = d.table.last_result
        stored = await h.bot.store.hand_by_number(d.table.id, number)
        assert replay(stored.record) == settlement.to_result() == stored.result
        assert all(g.holds for g in await h.bot.store.conservation(h.guild_id))
        d.assert_no_hidden_card_in_public()
