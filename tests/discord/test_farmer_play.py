"""Farmer played in a channel, as people would, to every ending of FARMER-5 and FARMER-8.

ann (the host), bob and cy join in that order. The bot deals a pack face up from the
last seat for the 6♥ (FARMER-2.4): the packs below give it to cy, so cy farms first and
the deal goes ann, bob, cy; each deck is the face-down cards in that order, then the
stock. Stake 10, buy-in 200 and 1000 starting chips: the server defaults. Each test
checks the engine's settlement against the database, the result embed and /bankroll,
that the stored record replays to the table's result, and, after every move, that no
face-down card reached a public message.
"""

from __future__ import annotations

import json

from cogs.farmer.render import DRAW_FIELD
from engine import cards as C
from engine.farmer.info import PACK
from engine.replay import replay
from tests.discord.table_driver import CARD_CODE, CARD_LABEL, TableDriver
from tests.harness import EPHEMERAL, Message

START, BUY_IN = 1000, 200


def farmer_pack(top: str) -> list:
    first = [C.parse(code) for code in top.split()]
    assert len(set(first)) == len(first), "a card is used twice"
    return first + [card for card in PACK if card not in first]


class FarmerDriver(TableDriver):
    """The table driver with Farmer's decks, its draw for the first farmer, and its scan."""

    def rehook(self) -> None:
        super().rehook()
        self.draws: list[list] = getattr(self, "draws", [])
        self.h.bot.tables.draw_source = lambda table: self.draws.pop(0)

    def deal_farmer(self, cards: str, draw: str = "6H") -> None:
        """The next deal: the face-down cards from the farmer's left, then the stock."""
        self.decks.append(farmer_pack(cards))
        self.draws.append(farmer_pack(draw))

    async def act(self, name: str, act: str, cards: str = "", target: int | None = None
                  ) -> Message:
        """Hit or Stay from the player's own hand view, refreshed first if it is stale."""
        user = self.user(name)
        self.last_hand = self.hand
        if user.id not in self.views:
            await self.open_hand(user)
        view = self.view_of(user)
        if not self.control(view, "refresh").endswith(f":{self.table.running.number}."
                                                      f"{self.hand.seq}:refresh"):
            await self.h.click(user, view, self.control(view, "refresh"))
            view = self.view_of(user)
        await self.h.click(user, view, self.control(view, act))
        self.assert_no_hidden_card_in_public()
        return self.view_of(user)

    def assert_no_hidden_card_in_public(self) -> None:
        """No public message, embed or custom id shows a card that is not face up: only
        hits, every hand once the deal is over (FARMER-6), and the draw's own pack."""
        if self.table is not None and self.table.hand is not None:
            self.last_hand = self.table.hand
        hand = self.last_hand
        allowed: set[int] = set()
        if hand is not None:
            for seat in hand.public_view().seats:
                allowed |= set(seat.hits) | set(seat.shown or ())
        for message in self.h.public_messages():
            for custom_id in message.custom_ids:
                assert not CARD_CODE.search(custom_id.replace(":", " ")), custom_id
            for data in [*message.versions, message.data]:
                version = Message(message.id, message.channel_id, data)
                for embed in version.embeds:  # the first farmer's draw is a pack of its own
                    embed["fields"] = [f for f in embed.get("fields", [])
                                       if f["name"] != DRAW_FIELD]
                text = version.text()
                for rank, suit in CARD_LABEL.findall(text):
                    card = C.parse(rank + suit)
                    assert card in allowed or message.id in self.earlier_messages, (
                        f"{C.label(card)} is hidden but shown in {message!r}: {text[:300]}"
                    )


def controls(view: Message) -> dict[str, dict]:
    """A hand view's controls by their act."""
    return {c["custom_id"].rsplit(":", 1)[1]: c for c in view.walk_components()
            if "custom_id" in c}


async def farmer_table(h, cards: str, names=("ann", "bob", "cy")) -> FarmerDriver:
    d = FarmerDriver(h, names=names, game="farmer")
    await d.seat_everyone()
    d.deal_farmer(cards)
    await h.slash(d.host, "farmer start")
    d.assert_no_hidden_card_in_public()
    return d


async def play(d: FarmerDriver, *moves: str) -> None:
    """Moves as "ann hit", "ann stay", from each player's own hand view."""
    for move in moves:
        name, act = move.split()
        await d.act(name, act)


async def assert_everything_agrees(
    d: FarmerDriver, ended: str, expected: dict[str, int], farm: int
) -> None:
    h = d.h
    table = d.table
    number, settlement = table.last_result
    assert settlement.ended == ended and settlement.carry == {"farm": farm}
    by_name = {name: d.seat(d.user(name)) for name in expected}
    assert {n: settlement.stacks[s] for n, s in by_name.items()} == expected
    stored = await h.bot.store.hand_by_number(table.id, number)
    assert stored.status == "settled" and stored.record["game"] == "farmer"
    assert replay(stored.record) == settlement.to_result() == stored.result
    info = await h.bot.store.table(table.id)
    assert info.pots["farm"] == farm
    in_db = {str(seat.user_id): seat.stack for seat in info.seats}
    assert {n: in_db[s] for n, s in by_name.items()} == expected
    result = next(m for m in reversed(h.public_messages()) if m.embeds
                  and m.embed.get("title", "") == f"Deal {number}: the result")
    text = result.text()
    for name, seat in by_name.items():
        assert f"<@{seat}>: " in text and f"→ {expected[name]}" in text
    assert f"{farm} chips carry to the next deal" in text
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


async def test_farmer_2_4_the_draw_for_the_six_of_hearts_is_on_the_table(harness):
    h = harness
    d = FarmerDriver(h, game="farmer")
    await d.seat_everyone()
    d.decks.append(farmer_pack("9S 7S 2S"))
    d.draws.append(farmer_pack("KS 2D 6H"))  # from cy (the last seat): cy K, ann 2, bob 6♥
    await h.slash(d.host, "farmer start")
    bob = d.seat(d.user("bob"))
    assert d.hand.farmer == bob
    field = next(f["value"] for f in d.table_message().embed["fields"] if f["name"] == DRAW_FIELD)
    cy, ann = d.seat(d.user("cy")), d.seat(d.user("ann"))
    assert f"<@{cy}> K♠, <@{ann}> 2♦, <@{bob}> 6♥" in field
    assert f"<@{bob}> is the first farmer" in field
    d.assert_no_hidden_card_in_public()


async def test_farmer_5_1_sixteen_takes_the_farm_and_its_winner_farms_next(harness):
    # ann T + 6♥ = 16; bob 9 + 5 = 14; cy (the farmer) 2 + 3 = 5.
    d = await farmer_table(harness, "TS 9S 2S 6H 5D 3D")
    ann = d.seat(d.user("ann"))
    view = await d.open_hand(d.user("ann"))
    assert "10♠" in view.text() and view.flags & EPHEMERAL
    buttons = controls(view)
    assert not buttons["hit"]["disabled"] and buttons["stay"]["disabled"]  # FARMER-4.2
    await play(d, "ann hit", "ann stay", "bob hit", "bob stay", "cy hit", "cy stay")
    await assert_everything_agrees(d, "sixteen", {"ann": 220, "bob": 190, "cy": 190}, 0)
    assert d.table.last_result[1].next_farmer == ann
    d.next_hand_begins()
    d.deal_farmer("9S 7S 2S")
    await d.h.advance(10)  # the next deal: ann farms (FARMER-5.6), so bob is first
    assert d.hand.farmer == ann and d.hand.to_act() == (d.seat(d.user("bob")),)
    d.assert_no_hidden_card_in_public()


async def test_farmer_5_2_the_closest_are_paid_and_the_farm_carries(harness):
    # ann 9+4 = 13, bob 7+5 = 12, cy 2+3 = 5: bob and cy pay ann; the farm of 30 stays.
    d = await farmer_table(harness, "9S 7S 2S 4D 5D 3D")
    await play(d, "ann hit", "ann stay", "bob hit", "bob stay", "cy hit", "cy stay")
    await assert_everything_agrees(d, "closest", {"ann": 210, "bob": 180, "cy": 180}, 30)
    lobby = d.h.bot.tables  # the farm carries into the next deal's antes
    d.next_hand_begins()
    d.deal_farmer("9S 7S 2S")
    await d.h.advance(10)
    assert lobby.in_channel(d.h.channel.id).hand.public_view().farm == 30 + 3 * 10


async def test_farmer_5_3_and_5_4_all_bust_and_the_busts_pay_the_farmer(harness):
    # ann K+Q bust, bob K+J bust, cy (the farmer) Q+J bust: the farm stays, ann and bob
    # each pay cy (a bust farmer still collects).
    d = await farmer_table(harness, "KS KH QS QD KD JD")
    ann = await d.act("ann", "hit")
    assert "bust" in ann.embed["description"]  # only ann is told
    buttons = controls(ann)
    assert buttons["hit"]["disabled"] and not buttons["stay"]["disabled"]  # FARMER-4.4
    assert "bust" not in d.table_message().text()  # a bust is not announced
    await play(d, "ann stay", "bob hit", "bob stay", "cy hit", "cy stay")
    await assert_everything_agrees(d, "all_bust", {"ann": 180, "bob": 180, "cy": 210}, 30)


async def test_farmer_2_5_a_table_closed_with_a_farm_shares_it_among_those_seated(harness):
    h = harness
    d = await farmer_table(h, "9S 7S 2S 4D 5D 3D")
    await play(d, "ann hit", "ann stay", "bob hit", "bob stay", "cy hit", "cy stay")
    await h.slash(d.host, "farmer end")
    wallets = {n: (await h.bot.store.wallet(h.guild_id, d.user(n).id)).balance
               for n in ("ann", "bob", "cy")}
    # Stacks 210, 180, 180 and a farm of 30, shared 10 each.
    assert wallets == {"ann": 800 + 220, "bob": 800 + 190, "cy": 800 + 190}
    assert all(g.holds for g in await h.bot.store.conservation(h.guild_id))
    d.assert_no_hidden_card_in_public()


async def test_farmer_4_6_a_time_out_hits_then_stays_and_two_make_a_player_away(harness):
    h = harness
    d = await farmer_table(h, "9S 7S 2S 4D 5D 3D")
    turn = d.table.info.turn_seconds
    ann, bob = d.seat(d.user("ann")), d.seat(d.user("bob"))
    await h.advance(turn)  # ann's clock runs out: she had not hit, so a hit, then a stay
    assert d.hand.hits[ann] == 1 and d.hand.to_act() == (bob,)
    assert [a.do for a in d.hand.record().actions] == ["hit", "stay"]
    d.assert_no_hidden_card_in_public()
    await play(d, "bob hit", "bob stay", "cy hit", "cy stay")
    d.next_hand_begins()
    d.deal_farmer("9S 7S 2S")  # ann (13 above) won the side pot: cy farms still
    await h.advance(10)
    assert d.hand.to_act() == (ann,)
    await h.advance(turn)  # her second time-out in a row: away, played to the end
    assert d.user("ann").id in d.table.away
    await play(d, "bob hit", "bob stay", "cy hit", "cy stay")
    assert ann not in {str(s.user_id) for s in d.table.info.seats}  # cashed out as away
    assert all(g.holds for g in await h.bot.store.conservation(h.guild_id))
    d.assert_no_hidden_card_in_public()


async def test_farmer_leaving_mid_deal_is_played_out_and_gives_up_the_farm(harness):
    h = harness
    d = await farmer_table(h, "9S 7S 2S 4D 5D 3D")
    await h.slash(d.user("bob"), "farmer leave")
    assert "when this hand is over" in h.last_response(d.user("bob")).text()
    await play(d, "ann hit", "ann stay")  # bob's turn is played for him: hit, then stay
    assert d.hand.hits[d.seat(d.user("bob"))] == 1
    await play(d, "cy hit", "cy stay")
    _, settlement = d.table.last_result
    assert settlement.carry == {"farm": 30}
    assert d.user("bob").id not in {s.user_id for s in d.table.info.seats}
    await h.slash(d.host, "farmer end")  # the farm is shared by ann and cy only (2.5)
    wallets = {n: (await h.bot.store.wallet(h.guild_id, d.user(n).id)).balance
               for n in ("ann", "bob", "cy")}
    assert wallets == {"ann": 800 + 210 + 15, "bob": 800 + 180, "cy": 800 + 180 + 15}
    assert all(g.holds for g in await h.bot.store.conservation(h.guild_id))


async def test_a_farmer_deals_history_is_its_record_and_replays_to_the_tables_result(harness):
    d = await farmer_table(harness, "TS 9S 2S 6H 5D 3D")
    await play(d, "ann hit", "ann stay", "bob hit", "bob stay", "cy hit", "cy stay")
    number, settlement = d.table.last_result
    await d.h.slash(d.host, "farmer history")
    assert f"sixteen: the farm to <@{d.seat(d.host)}>" in d.h.last_response(d.host).text()
    await d.h.slash(d.host, "farmer history", hand=number)
    (attachment,) = d.h.last_response(d.host).attachments.values()
    record = json.loads(attachment.data)
    assert record["game"] == "farmer"
    assert replay(record) == settlement.to_result() == record.pop("result")


async def test_a_computer_player_plays_farmer_at_each_level(harness):
    h = harness
    d = FarmerDriver(h, names=("ann",), game="farmer")
    await d.seat_everyone()
    for level in d.table.game.strategies:
        await h.slash(d.host, "farmer addbot", level=level)
        assert "sits down" in h.last_response(d.host).text()
    d.deal_farmer("9S 7S 2S 4D 5D 3D")
    await h.slash(d.host, "farmer start")
    for _ in range(100):
        if d.table.last_result is not None:
            break
        if d.seat(d.host) in d.hand.to_act():
            await d.act("ann", "stay" if d.hand.hits[d.seat(d.host)] else "hit")
        else:
            await h.advance(2)
    assert d.table.last_result is not None
    assert all(g.holds for g in await h.bot.store.conservation(h.guild_id))
    d.assert_no_hidden_card_in_public()


async def _play_through_a_restart(tmp_path, stop_after: int | None) -> dict:
    from tests.harness import Harness

    tmp_path.mkdir()
    moves = ["ann hit", "ann stay", "bob hit", "bob stay", "cy hit", "cy stay"]
    async with Harness(database_path=tmp_path / "farmer.sqlite3") as h:
        d = await farmer_table(h, "TS 9S 2S 6H 5D 3D")
        for done, move in enumerate(moves):
            if done == stop_after:
                views = dict(d.views)
                await h.restart()
                d.rehook()
                d.views = views  # the old hand views: their buttons still work
            await play(d, move)
        number, settlement = d.table.last_result
        stored = await h.bot.store.hand_by_number(d.table.id, number)
        assert replay(stored.record) == settlement.to_result() == stored.result
        assert all(g.holds for g in await h.bot.store.conservation(h.guild_id))
        d.assert_no_hidden_card_in_public()
        result = json.dumps(stored.result)
        for user in d.users:
            result = result.replace(str(user.id), user.name)
        return json.loads(result)


async def test_a_restart_in_the_middle_of_a_farmer_deal_changes_nothing(tmp_path):
    expected = await _play_through_a_restart(tmp_path / "straight", None)
    assert expected["ended"] == "sixteen" and expected["farm_winner"] == "ann"
    for stop_after in (1, 3, 5):
        assert await _play_through_a_restart(tmp_path / f"stop{stop_after}", stop_after) \
            == expected, stop_after
