"""Page One played in a channel, as people would, to every ending of PAGEONE-5.

ann (the host) and bob join in that order (cy too where named); the last seat deals, so
the hands below are listed from ann. Stake 10, buy-in 200 and 1000 starting chips: the
server defaults. Each test checks the engine's settlement against the database, the
result embed and /bankroll, that the stored record replays to the table's result, and,
after every move, that no card that was not played reached a public message.

Games long enough to rebuild the stock (PAGEONE-4.6) are found by playing the engine
offline with the random strategy from a seeded pack and a seeded shuffle for new stocks;
the table is then given the same pack and the same shuffle, and the same moves are made
through the hand views.
"""

from __future__ import annotations

import json
import random

from engine import cards as C
from engine.pageone.actions import Play
from engine.pageone.game import PAGEONE
from engine.pageone.info import PACK
from engine.replay import replay
from tests.discord.table_driver import CARD_CODE, CARD_LABEL, TableDriver
from tests.harness import EPHEMERAL, Harness, Message

START, BUY_IN, STAKE = 1000, 200, 10


def pageone_pack(hands: list[str], stock: str = "") -> list:
    """Four cards each, dealt one at a time from the dealer's left; then the stock's top."""
    dealt = [h.split() for h in hands]
    order = [dealt[p][i] for i in range(4) for p in range(len(dealt))] + stock.split()
    cards = [C.parse_with_joker(code) for code in order]
    assert len(set(cards)) == len(cards), "a card is used twice"
    return cards + [card for card in PACK if card not in cards]


class PageOneDriver(TableDriver):
    """The table driver with Page One's pack, its new stocks, its plays and its scan."""

    def rehook(self) -> None:
        super().rehook()
        self.shuffles: random.Random = getattr(self, "shuffles", random.Random(0))
        self.h.bot.tables.stock_shuffle = lambda pile: self.shuffles.sample(pile, len(pile))

    async def play(self, name: str, card: str, call: bool = False) -> Message:
        """One card from the player's own play menu, with the Page One! toggle on first
        when `call`."""
        user = self.user(name)
        self.last_hand = self.hand
        if user.id not in self.views:
            await self.open_hand(user)
        view = self.view_of(user)
        if not self.control(view, "refresh").endswith(
                f":{self.table.running.number}.{self.hand.seq}:refresh"):
            await self.h.click(user, view, self.control(view, "refresh"))
            view = self.view_of(user)
        if call:
            await self.h.click(user, view, self.control(view, "call"))
            view = self.view_of(user)
        menu = self.control(view, "called" if call else "throw")
        code = C.code(C.parse_with_joker(card))
        await self.h.click(user, view, menu, values=[code])
        self.assert_no_hidden_card_in_public()
        return self.view_of(user)

    def assert_no_hidden_card_in_public(self) -> None:
        """Only cards played to a trick are public (PAGEONE-6): every card of the record's
        actions; hands, draws and new stocks never are."""
        if self.table is not None and self.table.hand is not None:
            self.last_hand = self.table.hand
        hand = self.last_hand
        allowed = {a.card for a in hand.record().actions} if hand is not None else set()
        for message in self.h.public_messages():
            for custom_id in message.custom_ids:
                assert not CARD_CODE.search(custom_id.replace(":", " ")), custom_id
        for message, text in self.public_text():
            for rank, suit in CARD_LABEL.findall(text):
                card = C.parse(rank + suit)
                assert card in allowed or message.id in self.earlier_messages, (
                    f"{C.label(card)} is hidden but shown in {message!r}: {text[:300]}"
                )


async def pageone_table(h: Harness, hands: list[str], stock: str = "",
                        names=("ann", "bob")) -> PageOneDriver:
    d = PageOneDriver(h, names=names, game="pageone")
    await d.seat_everyone()
    d.decks.append(pageone_pack(hands, stock))
    await h.slash(d.host, "pageone start")
    d.assert_no_hidden_card_in_public()
    return d


async def assert_everything_agrees(d: PageOneDriver, ended: str, expected: dict[str, int]
                                   ) -> None:
    """Engine, database, table message, result embed and /bankroll agree to the chip."""
    h = d.h
    table = d.table
    number, settlement = table.last_result
    assert settlement.ended == ended
    by_name = {name: d.seat(d.user(name)) for name in expected}
    assert {n: settlement.stacks[s] for n, s in by_name.items()} == expected
    stored = await h.bot.store.hand_by_number(table.id, number)
    assert stored.status == "settled" and stored.record["game"] == "pageone"
    assert replay(stored.record) == settlement.to_result() == stored.result
    info = await h.bot.store.table(table.id)
    in_db = {str(seat.user_id): seat.stack for seat in info.seats}
    assert {n: in_db[s] for n, s in by_name.items()} == expected
    result = next(m for m in reversed(h.public_messages()) if m.embeds
                  and m.embed.get("title", "") == f"Game {number}: the result")
    text = result.text()
    for name, seat in by_name.items():
        assert f"<@{seat}>: " in text and f"→ {expected[name]}" in text
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


EXAMPLE_HANDS = ["9H KD AS 2C", "3H QD 7S 5C"]  # PAGEONE-9


async def test_pageone_9_a_missed_call_draws_five_and_bob_goes_out(harness):
    h = harness
    d = await pageone_table(h, EXAMPLE_HANDS, "4D 5D 6D 7D 8D")
    await d.play("ann", "9H")
    view = await d.play("bob", "3H")
    await d.play("ann", "KD")
    await d.play("bob", "QD")
    ids = await d.open_hand(d.user("ann"))  # two cards: the toggle is there, off
    assert any(i.endswith(":call") for i in ids.custom_ids)
    assert not any(i.endswith(":called") for i in ids.custom_ids)
    view = await d.play("ann", "AS")  # from two cards, without the call: five at once
    assert view.ephemeral and "No call: the bot drew 4♦ 5♦ 6♦ 7♦ 8♦ for you" in view.text()
    table_text = d.table_message().text()
    assert "did not call Page One: five cards" in table_text
    assert f"<@{d.seat(d.user('ann'))}> — 190 chips · 6 cards, 5 drawn" in table_text
    await d.open_hand(d.user("bob"))
    bob_view = d.view_of(d.user("bob"))
    assert any(i.endswith(":call") for i in bob_view.custom_ids)
    view = await d.play("bob", "7S", call=True)
    assert "called Page One!" in view.text()
    assert "called Page One!" in d.table_message().text()
    await d.play("ann", "2C")
    await d.play("bob", "5C")  # his last card, mid-trick (PAGEONE-5.1)
    await assert_everything_agrees(d, "out", {"ann": 190, "bob": 210})


async def test_pageone_9_with_the_call_ann_goes_out_with_her_last_card(harness):
    d = await pageone_table(harness, EXAMPLE_HANDS)
    for name, card in (("ann", "9H"), ("bob", "3H"), ("ann", "KD"), ("bob", "QD")):
        await d.play(name, card)
    await d.play("ann", "AS", call=True)
    await d.play("bob", "7S", call=True)
    await d.play("ann", "2C")
    await assert_everything_agrees(d, "out", {"ann": 210, "bob": 190})


async def test_pageone_4_4_the_bot_draws_for_a_follower_and_shows_them_the_cards(harness):
    d = await pageone_table(harness, ["9H KD AS 2C", "3S QD 7S 5C"], "4C 8D 6H")
    await d.play("ann", "9H")
    view = await d.open_hand(d.user("bob"))
    assert "The bot drew for you: 4♣ 8♦ 6♥" in view.text()
    assert "Your only play: 6♥" in view.text()
    menu = next(c for c in view.walk_components() if c.get("custom_id", "").endswith(":throw"))
    assert [o["value"] for o in menu["options"]] == ["6H"]  # exactly the legal play
    assert f"<@{d.seat(d.user('bob'))}> — 190 chips · 7 cards, 3 drawn" in \
        d.table_message().text()
    await d.play("bob", "6H")
    assert d.hand.seq == 2


def _table_game(seat_ids: list[str], want):
    """A seed whose engine game, from that seed's pack and new-stock shuffle, `want`s;
    the game's moves and the pack."""
    for seed in range(2000):
        rng = random.Random(seed)
        pack = list(PACK)
        rng.shuffle(pack)
        shuffles = random.Random(seed + 10_000)
        deal = PAGEONE.start(seats=[(s, BUY_IN) for s in seat_ids], stake=STAKE,
                             dealer=seat_ids[-1], deck_or_decks=pack)
        deal.shuffle_with(lambda pile, r=shuffles: r.sample(pile, len(pile)))
        strategy = PAGEONE.strategies["random"]()
        while not deal.is_over:
            seat = deal.to_act()[0]
            deal.apply(strategy(deal.private_view(seat), rng))
        if want(deal):
            return seed, pack, list(deal.record().actions)
    raise AssertionError("no seed plays such a game")


async def _play_seeded(h: Harness, want, names=("ann", "bob"), restart_after=None):
    d = PageOneDriver(h, names=names, game="pageone")
    await d.seat_everyone()
    seed, pack, moves = _table_game([d.seat(u) for u in d.users], want)
    d.shuffles = random.Random(seed + 10_000)
    d.rehook()
    d.decks.append(pack)
    await h.slash(d.host, "pageone start")
    names_by_seat = {d.seat(u): u.name for u in d.users}
    for done, move in enumerate(moves):
        if restart_after is not None and done == restart_after(d):
            await h.restart()
            d.rehook()
        assert isinstance(move, Play)
        await d.play(names_by_seat[move.seat], C.code(move.card), move.call)
    return d


def _rebuilt(deal) -> bool:
    return bool(deal.record().reshuffles) and deal.settlement.ended == "out"


async def test_pageone_4_6_a_new_stock_is_shuffled_at_play_time_and_stored(harness):
    d = await _play_seeded(harness, _rebuilt)
    number, settlement = d.table.last_result
    stored = await harness.bot.store.hand_by_number(d.table.id, number)
    assert stored.record["reshuffles"] == d.last_hand.record().to_json()["reshuffles"]
    assert "the discard pile became the new stock" in d.table_message().text()
    winner = next(u.name for u in d.users if d.seat(u) == settlement.winners[0])
    loser = next(u.name for u in d.users if u.name != winner)
    await assert_everything_agrees(d, "out", {winner: 210, loser: 190})


def _drawn(deal) -> bool:
    return deal.settlement.ended == "drawn"


async def test_pageone_5_2_a_drawn_game_gives_every_ante_back(harness):
    d = await _play_seeded(harness, _drawn, names=("ann", "bob", "cy", "dan"))
    assert "drawn game" in d.table_message().text()
    await assert_everything_agrees(d, "drawn", dict.fromkeys(("ann", "bob", "cy", "dan"), 200))


async def test_a_restart_after_a_new_stock_replays_it_and_the_game_goes_on(tmp_path):
    async with Harness(database_path=tmp_path / "gff.sqlite3") as h:
        stopped = []

        def after_the_first_new_stock(d: PageOneDriver):
            # The move after the one that made the first new stock: found as play goes.
            if not stopped and d.table and d.table.hand and d.hand.record().reshuffles:
                stopped.append(d.hand.seq)
                return d.hand.seq
            return -1

        d = await _play_seeded(h, _rebuilt, restart_after=after_the_first_new_stock)
        assert stopped, "the game made no new stock"
        number, settlement = d.table.last_result
        stored = await h.bot.store.hand_by_number(d.table.id, number)
        assert stored.status == "settled" and stored.record["reshuffles"]
        assert replay(stored.record) == settlement.to_result() == stored.result
        assert all(g.holds for g in await h.bot.store.conservation(h.guild_id))


async def test_old_buttons_still_work_after_a_restart(tmp_path):
    async with Harness(database_path=tmp_path / "gff.sqlite3") as h:
        d = await pageone_table(h, EXAMPLE_HANDS)
        await d.play("ann", "9H")
        await d.open_hand(d.user("bob"))
        old = d.view_of(d.user("bob"))
        await h.restart()
        d.rehook()
        menu = d.control(old, "throw")
        await h.click(d.user("bob"), old, menu, values=["3H"])
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
    ann, bob = d.seat(d.user("ann")), d.seat(d.user("bob"))
    assert d.user("ann").id in d.table.away
    # bob's time-out led his lowest, 3♥; ann away is played on: 9♥ wins, and she leads K♦
    # from two cards, calling Page One as the time-out move does.
    assert d.hand.record().to_json()["actions"][2:] == [
        {"seat": bob, "do": "play", "card": "3H"}, {"seat": ann, "do": "play", "card": "9H"},
        {"seat": ann, "do": "play", "card": "KD", "call": True}]
    await d.play("bob", "QD")  # ann wins the trick and goes out with A♠, then is cashed out
    assert d.last_hand.settlement.winners == (ann,)
    assert d.user("ann").id not in {s.user_id for s in d.table.info.seats}
    wallet = await h.bot.store.wallet(h.guild_id, d.user("ann").id)
    assert wallet.balance == START - BUY_IN + 210
    d.assert_no_hidden_card_in_public()
    assert all(g.holds for g in await h.bot.store.conservation(h.guild_id))


async def test_leaving_mid_game_plays_the_leaver_out_and_cashes_them_out(harness):
    h = harness
    d = await pageone_table(h, EXAMPLE_HANDS)
    await h.slash(d.user("ann"), "pageone leave")
    for _ in range(20):
        if d.table is None or d.table.hand is None or d.table.hand.is_over:
            break
        if d.hand.to_act() == (d.seat(d.user("bob")),):
            card = d.hand.legal_cards(d.seat(d.user("bob")))[0]
            await d.play("bob", C.code(card), len(d.hand.hands[d.seat(d.user("bob"))]) == 2)
        else:
            await h.advance(1)
    assert d.last_hand.is_over
    assert all(g.holds for g in await h.bot.store.conservation(h.guild_id))
    wallet = await h.bot.store.wallet(h.guild_id, d.user("ann").id)
    ann = d.seat(d.user("ann"))
    assert wallet.balance == START - BUY_IN + d.last_hand.settlement.stacks[ann]


async def test_a_computer_player_plays_pageone_at_each_level(harness):
    h = harness
    d = PageOneDriver(h, names=("ann",), game="pageone")
    await d.seat_everyone()
    for level in PAGEONE.strategies:
        await h.slash(d.host, "pageone addbot", level=level)
        assert "sits down" in h.last_response(d.host).text()
    d.decks.append(pageone_pack(["9H KD AS 2C", "3H QD 7S 5C", "4H JD 8S 6C"]))
    await h.slash(d.host, "pageone start")
    for _ in range(300):
        hand = d.table.hand
        if hand.is_over:
            break
        if hand.to_act() == (d.seat(d.host),):
            card = hand.legal_cards(d.seat(d.host))[0]
            await d.play("ann", C.code(card), len(hand.hands[d.seat(d.host)]) == 2)
        else:
            await h.advance(2)  # a computer player acts after its short pause
    assert d.last_hand.seq > 3
    d.assert_no_hidden_card_in_public()
    assert all(g.holds for g in await h.bot.store.conservation(h.guild_id))


async def test_a_games_history_is_its_record_and_replays_to_the_tables_result(harness):
    d = await pageone_table(harness, EXAMPLE_HANDS)
    for name, card in (("ann", "9H"), ("bob", "3H"), ("ann", "KD"), ("bob", "QD")):
        await d.play(name, card)
    await d.play("ann", "AS", call=True)
    await d.play("bob", "7S", call=True)
    await d.play("ann", "2C")
    number, settlement = d.table.last_result
    await d.h.slash(d.host, "pageone history")
    assert f"out: the pot to <@{d.seat(d.host)}>" in d.h.last_response(d.host).text()
    await d.h.slash(d.host, "pageone history", hand=number)
    (attachment,) = d.h.last_response(d.host).attachments.values()
    record = json.loads(attachment.data)
    assert record["game"] == "pageone"
    assert replay(record) == settlement.to_result() == record.pop("result")


async def test_a_hand_view_is_ephemeral_and_the_rules_name_the_call(harness):
    d = await pageone_table(harness, EXAMPLE_HANDS)
    view = await d.open_hand(d.user("ann"))
    assert view.flags & EPHEMERAL and "9♥" in view.text()
    await d.h.slash(d.host, "pageone rules")
    assert "Page One!" in d.h.last_response(d.host).text()
