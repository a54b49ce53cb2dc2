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

import json
import random

from engine import cards as C
from engine.jackchangeit.actions import Draw
from engine.jackchangeit.game import JACKCHANGEIT
from engine.replay import replay
from tests.discord.table_driver import CARD_CODE, CARD_LABEL, TableDriver
from tests.harness import Harness, Message

START, BUY_IN, STAKE = 1000, 200, 10


def jci_pack(hands: list[str], stock: str) -> list:
    """Seven cards each, dealt one at a time from the dealer's left; then the upcard and
    the stock's top (`stock`'s first card is the upcard)."""
    dealt = [h.split() for h in hands]
    order = [dealt[p][i] for i in range(7) for p in range(len(dealt))] + stock.split()
    cards = [C.parse(code) for code in order]
    assert len(set(cards)) == len(cards), "a card is used twice"
    return cards + [card for card in C.DECK if card not in cards]


class JackDriver(TableDriver):
    def rehook(self) -> None:
        super().rehook()
        self.shuffles: random.Random = getattr(self, "shuffles", random.Random(0))
        self.h.bot.tables.stock_shuffle = lambda pile: self.shuffles.sample(pile, len(pile))

    async def fresh_view(self, name: str) -> Message:
        user = self.user(name)
        self.last_hand = self.hand
        if user.id not in self.views:
            await self.open_hand(user)
        view = self.view_of(user)
        if not self.control(view, "refresh").endswith(
                f":{self.table.running.number}.{self.hand.seq}:refresh"):
            await self.h.click(user, view, self.control(view, "refresh"))
            view = self.view_of(user)
        return view

    async def play(self, name: str, card: str, suit: str | None = None,
                   with_: str | None = None) -> Message:
        """A play from the menu; a jack's suit from the menu that follows it."""
        user = self.user(name)
        view = await self.fresh_view(name)
        value = card + (f"+{with_}" if with_ else "")
        await self.h.click(user, view, self.control(view, "throw"), values=[value])
        if suit is not None:
            view = self.view_of(user)
            await self.h.click(user, view, self.control(view, "suit"),
                               values=[f"{card}:{suit}"])
        self.assert_no_hidden_card_in_public()
        return self.view_of(user)

    async def draw(self, name: str) -> Message:
        view = await self.fresh_view(name)
        await self.h.click(self.user(name), view, self.control(view, "draw"))
        self.assert_no_hidden_card_in_public()
        return self.view_of(self.user(name))

    def assert_no_hidden_card_in_public(self) -> None:
        """Public (JCI-6): the first upcard and every card played; never a hand or a draw."""
        if self.table is not None and self.table.hand is not None:
            self.last_hand = self.table.hand
        hand = self.last_hand
        allowed: set[int] = set()
        if hand is not None:
            record = hand.record()
            allowed.add(record.deck[7 * len(hand.dealt_in())])
            for action in record.actions:
                allowed |= {getattr(action, "card", None), getattr(action, "with_", None)}
        for message in self.h.public_messages():
            for custom_id in message.custom_ids:
                assert not CARD_CODE.search(custom_id.replace(":", " ")), custom_id
        for message, text in self.public_text():
            for rank, suit in CARD_LABEL.findall(text):
                card = C.parse(rank + suit)
                assert card in allowed or message.id in self.earlier_messages, (
                    f"{C.label(card)} is hidden but shown in {message!r}: {text[:300]}"
                )


async def jci_table(h: Harness, hands: list[str], stock: str, names=("ann", "bob")
                    ) -> JackDriver:
    d = JackDriver(h, names=names, game="jackchangeit")
    await d.seat_everyone()
    d.decks.append(jci_pack(hands, stock))
    await h.slash(d.host, "jackchangeit start")
    d.assert_no_hidden_card_in_public()
    return d


async def assert_everything_agrees(d: JackDriver, ended: str, expected: dict[str, int]) -> None:
    h = d.h
    table = d.table
    number, settlement = table.last_result
    assert settlement.ended == ended
    by_name = {name: d.seat(d.user(name)) for name in expected}
    assert {n: settlement.stacks[s] for n, s in by_name.items()} == expected
    stored = await h.bot.store.hand_by_number(table.id, number)
    assert stored.status == "settled" and stored.record["game"] == "jackchangeit"
    assert replay(stored.record) == settlement.to_result() == stored.result
    info = await h.bot.store.table(table.id)
    in_db = {str(seat.user_id): seat.stack for seat in info.seats}
    assert {n: in_db[s] for n, s in by_name.items()} == expected
    result = next(m for m in reversed(h.public_messages()) if m.embeds
                  and m.embed.get("title", "") == f"Game {number}: the result")
    for name, seat in by_name.items():
        assert f"<@{seat}>: " in result.text() and f"→ {expected[name]}" in result.text()
        assert f"<@{seat}> — {expected[name]} chips" in d.table_message().text()
    for name in expected:
        await h.slash(d.user(name), "bankroll")
        fields = {f["name"]: f["value"] for f in h.last_response(d.user(name)).embed["fields"]}
        assert fields["At tables"] == str(expected[name])
        assert fields["Bankroll"] == str(START - BUY_IN)
    assert all(g.holds for g in await h.bot.store.conservation(h.guild_id))
    await h.slash(h.owner, "audit")
    assert "Every chip is accounted for." in h.last_response(h.owner).text()
    d.assert_no_hidden_card_in_public()


# ann's eights skip bob (JCI-4.5), who holds no spade and no 3 to follow her 3♠.
OUT_HANDS = ["8C 8D 8H 8S 3S 4S 5S", "KD QD TD 9D 7D 6D 5C"]


async def test_jci_5_1_eights_skip_and_the_bot_draws_for_a_player_who_cannot_play(harness):
    d = await jci_table(harness, OUT_HANDS, "9C TH TC")
    for card in ("8C", "8D", "8H", "8S", "3S"):
        await d.play("ann", card)
    bob = d.seat(d.user("bob"))
    assert d.hand.public_view().seats[1].drawn == 1  # bob could not play: one card drawn
    assert "could not play and drew a card" in d.table_message().text()
    assert f"<@{bob}> — 190 chips · 8 cards, 1 drawn" in d.table_message().text()
    await d.play("ann", "4S")
    await d.play("ann", "5S")  # her last card
    await assert_everything_agrees(d, "out", {"ann": 210, "bob": 190})


async def test_jci_4_5_a_jack_asks_for_a_suit_and_the_table_shows_it(harness):
    d = await jci_table(harness, ["JC 3H 3D 4D 5D 6D 7D", "5H KS QS TS 9S 7S 6S"], "9C")
    view = await d.fresh_view("ann")
    menu = next(c for c in view.walk_components() if c.get("custom_id", "").endswith(":throw"))
    assert {o["value"] for o in menu["options"]} == {"JC"}  # exactly the legal play
    await d.h.click(d.user("ann"), view, menu["custom_id"], values=["JC"])
    asked = d.view_of(d.user("ann"))
    suits = next(c for c in asked.walk_components() if c.get("custom_id", "").endswith(":suit"))
    assert [o["value"] for o in suits["options"]] == ["JC:S", "JC:H", "JC:D"]
    assert d.hand.seq == 0  # nothing is played until the suit is named
    await d.h.click(d.user("ann"), asked, suits["custom_id"], values=["JC:H"])
    assert "suit called: ♥ hearts" in d.table_message().text()
    view = await d.fresh_view("bob")
    menu = next(c for c in view.walk_components() if c.get("custom_id", "").endswith(":throw"))
    assert [o["value"] for o in menu["options"]] == ["5H"]


async def test_jci_4_7_stacked_twos_the_pending_draw_on_the_table_and_the_draw_button(harness):
    d = await jci_table(harness, ["2C 2H 3D 4D 5D 6D 7D", "2D KS QS TS 9S 7S 6S"], "9C")
    await d.play("ann", "2C")
    assert "next player draws 2" in d.table_message().text()
    await d.play("bob", "2D")
    assert "next player draws 4" in d.table_message().text()
    view = await d.fresh_view("ann")
    assert any(i.endswith(":draw") for i in view.custom_ids)
    await d.draw("ann")  # she holds 2♥ but takes the draw
    ann = d.seat(d.user("ann"))
    assert len(d.hand.hands[ann]) == 10 and d.hand.public_view().pending == 0
    assert isinstance(d.hand.record().actions[-1], Draw)


async def test_jci_4_6_the_ace_of_hearts_with_a_two_and_the_five_of_hearts(harness):
    d = await jci_table(harness, ["AH 2C 3D 4D 5D 6D 7D", "5H KS QS TS 9S 7S 6S"], "9H")
    view = await d.play("ann", "AH", with_="2C")
    assert "with 2♣" in view.text()
    assert "next player draws 7" in d.table_message().text()
    view = await d.fresh_view("bob")
    menu = next(c for c in view.walk_components() if c.get("custom_id", "").endswith(":throw"))
    assert [o["value"] for o in menu["options"]] == ["5H"]  # the 5♥ blocks it
    await d.play("bob", "5H")
    assert d.hand.public_view().pending == 0 and d.hand.public_view().upcard == C.parse("5H")


async def test_jci_4_5_a_queen_turns_play_round_and_the_table_shows_the_direction(harness):
    d = await jci_table(harness, ["QC 3D 4D 5D 6D 7D 8D", "KS QS TS 9S 7S 6S 5S",
                                  "KH QH TH 9H 7H 6H 5H"], "9C", names=("ann", "bob", "cy"))
    assert "play goes clockwise ↻" in d.table_message().text()
    await d.play("ann", "QC")
    assert "play goes anticlockwise ↺" in d.table_message().text()
    assert d.hand.to_act() == (d.seat(d.user("cy")),)


def _table_game(seat_ids: list[str], want):
    for seed in range(3000):
        rng = random.Random(seed)
        pack = list(C.DECK)
        rng.shuffle(pack)
        shuffles = random.Random(seed + 10_000)
        deal = JACKCHANGEIT.start(seats=[(s, BUY_IN) for s in seat_ids], stake=STAKE,
                                  dealer=seat_ids[-1], deck_or_decks=pack)
        deal.shuffle_with(lambda pile, r=shuffles: r.sample(pile, len(pile)))
        strategy = JACKCHANGEIT.strategies["random"]()
        while not deal.is_over:
            seat = deal.to_act()[0]
            deal.apply(strategy(deal.private_view(seat), rng))
        if want(deal):
            return seed, pack, list(deal.record().actions)
    raise AssertionError("no seed plays such a game")


async def _play_seeded(h: Harness, want, names=("ann", "bob"), restart_at=None):
    d = JackDriver(h, names=names, game="jackchangeit")
    await d.seat_everyone()
    seed, pack, moves = _table_game([d.seat(u) for u in d.users], want)
    d.shuffles = random.Random(seed + 10_000)
    d.rehook()
    d.decks.append(pack)
    await h.slash(d.host, "jackchangeit start")
    by_seat = {d.seat(u): u.name for u in d.users}
    restarted = False
    for move in moves:
        if restart_at is not None and not restarted and restart_at(d):
            restarted = True
            await h.restart()
            d.rehook()
        if isinstance(move, Draw):
            await d.draw(by_seat[move.seat])
        else:
            await d.play(by_seat[move.seat], C.code(move.card),
                         None if move.suit is None else C.SUITS[move.suit],
                         None if move.with_ is None else C.code(move.with_))
    return d, restarted


def _rebuilt(deal) -> bool:
    return bool(deal.record().reshuffles) and deal.settlement.ended == "out"


async def test_jci_4_8_a_new_stock_survives_a_restart_and_the_record_replays(tmp_path):
    async with Harness(database_path=tmp_path / "gff.sqlite3") as h:
        d, restarted = await _play_seeded(
            h, _rebuilt, restart_at=lambda d: bool(d.hand.record().reshuffles))
        assert restarted
        number, settlement = d.table.last_result
        stored = await h.bot.store.hand_by_number(d.table.id, number)
        assert stored.record["reshuffles"] == d.last_hand.record().to_json()["reshuffles"]
        assert replay(stored.record) == settlement.to_result() == stored.result
        winner = next(u.name for u in d.users if d.seat(u) == settlement.winners[0])
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
    h = harness
    d = JackDriver(h, names=("ann",), game="jackchangeit")
    await d.seat_everyone()
    for level in JACKCHANGEIT.strategies:
        await h.slash(d.host, "jackchangeit addbot", level=level)
        assert "sits down" in h.last_response(d.host).text()
    d.decks.append(jci_pack(OUT_HANDS + ["KH QH TH 9H 7H 6H 5H"], "9C"))
    await h.slash(d.host, "jackchangeit start")
    for _ in range(400):
        hand = d.table.hand
        if hand.is_over:
            break
        ann = d.seat(d.host)
        if hand.to_act() == (ann,):
            if hand.public_view().pending:
                await d.draw("ann")
            else:
                card, two = hand.legal_plays(ann)[0]
                suit = "S" if C.rank(card) == 10 and C.suit(card) != 0 else (
                    "H" if C.rank(card) == 10 else None)
                await d.play("ann", C.code(card), suit, None if two is None else C.code(two))
        else:
            await h.advance(2)
    assert d.last_hand.seq > 3
    d.assert_no_hidden_card_in_public()
    assert all(g.holds for g in await h.bot.store.conservation(h.guild_id))


async def test_jci_7_time_outs_and_history(harness):
    h = harness
    d = await jci_table(h, OUT_HANDS, "9C TH TC")
    turn = d.table.info.turn_seconds
    await h.advance(turn + 1)  # ann's first legal card in sorted order: 8♣
    assert d.hand.record().actions[0].card == C.parse("8C")
    await h.advance(turn + 1)  # the eight skipped bob: ann again, now away
    assert d.user("ann").id in d.table.away
    bob = d.seat(d.user("bob"))
    for _ in range(60):  # ann is played on by her time-out move; bob plays
        hand = d.table.hand
        if hand.is_over:
            break
        if hand.to_act() == (bob,):
            if hand.public_view().pending:
                await d.draw("bob")
            else:
                card, two = hand.legal_plays(bob)[0]
                suit = None if C.rank(card) != 10 else ("S" if C.suit(card) else "H")
                await d.play("bob", C.code(card), suit, None if two is None else C.code(two))
        else:
            await h.advance(1)
    number, settlement = d.table.last_result
    await h.slash(d.user("bob"), "jackchangeit history", hand=number)
    (attachment,) = h.last_response(d.user("bob")).attachments.values()
    record = json.loads(attachment.data)
    assert replay(record) == settlement.to_result() == record.pop("result")
    assert all(g.holds for g in await h.bot.store.conservation(h.guild_id))


async def test_old_buttons_still_work_after_a_restart(tmp_path):
    tmp_path.mkdir(exist_ok=True)
    async with Harness(database_path=tmp_path / "gff.sqlite3") as h:
        d = await jci_table(h, OUT_HANDS, "9C TH TC")
        await d.play("ann", "8C")  # the eight skips bob: ann plays again (JCI-4.5)
        old = await d.fresh_view("ann")
        await h.restart()
        d.rehook()
        await h.click(d.user("ann"), old, d.control(old, "throw"), values=["8D"])
        assert d.hand.seq == 2 and d.hand.record().actions[1].card == C.parse("8D")
        d.assert_no_hidden_card_in_public()


async def test_leaving_mid_game_plays_the_leaver_out_and_cashes_them_out(harness):
    h = harness
    d = await jci_table(h, OUT_HANDS, "9C TH TC")
    await h.slash(d.user("ann"), "jackchangeit leave")
    assert d.table.seat_of(d.user("ann").id) is not None  # seated until the game ends
    bob = d.seat(d.user("bob"))
    for _ in range(80):  # ann is played by her time-out move at once; bob plays
        hand = d.table.hand
        if hand.is_over:
            break
        if hand.public_view().pending:
            await d.draw("bob")
        else:
            card, two = hand.legal_plays(bob)[0]
            suit = None if C.rank(card) != 10 else ("S" if C.suit(card) else "H")
            await d.play("bob", C.code(card), suit, None if two is None else C.code(two))
    assert d.last_hand.is_over
    ann = d.seat(d.user("ann"))
    assert d.table.seat_of(d.user("ann").id) is None  # cashed out when it ended
    wallet = await h.bot.store.wallet(h.guild_id, d.user("ann").id)
    assert wallet.balance == START - BUY_IN + d.last_hand.settlement.stacks[ann]
    assert all(g.holds for g in await h.bot.store.conservation(h.guild_id))
    d.assert_no_hidden_card_in_public()
