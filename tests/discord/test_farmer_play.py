"""Farmer played in a channel, as people would, to every ending of FARMER-5 and FARMER-8.

ann (the host), bob and cy join in that order. The bot deals a pack face up from the
last seat for the 6♥ (FARMER-2.4): the packs below give it to cy, so cy farms first and
the deal goes ann, bob, cy; each deck is the face-down cards in that order, then the
stock. Stake 10, buy-in 200 and 1000 starting chips: the server defaults. Each test
checks the engine's settlement against the database, the result embed and /bankroll,
that the stored record replays to the table's result, and, after every move, that no
face-down card reached a public message. Cards show as faces (emoji markup) beside their
words; `in_words` reads a text as a screen reader does, without the faces.
"""

from __future__ import annotations

import re

from cogs.farmer import render
from cogs.farmer.render import DRAW_FIELD
from cogs.table.emojis.shown import FACES
from engine import cards as C
from engine.farmer.info import PACK
from engine.farmer.views import PublicView, SeatView
from tests.discord.table_checks import (
    assert_chips_conserved,
    assert_everything_agrees,
    assert_history_replays,
    play_through_a_restart,
    result_message,
)
from tests.discord.table_driver import TableDriver, controls
from tests.harness import EPHEMERAL, Message
from tests.harness.cards import cards_shown_in

FACES_BEFORE_WORDS = re.compile(r"(?:<a?:\w+:\d+>)+ ")


def in_words(text: str) -> str:
    """The text without its faces: the words a screen reader reads."""
    return FACES_BEFORE_WORDS.sub("", text)


def cards(codes: str) -> set[int]:
    return {C.parse(code) for code in codes.split()}


def farmer_pack(top: str) -> list:
    first = [C.parse(code) for code in top.split()]
    assert len(set(first)) == len(first), "a card is used twice"
    return first + [card for card in PACK if card not in first]


class FarmerDriver(TableDriver):
    """The table driver with Farmer's decks, its draw for the first farmer, and its scan."""

    game = "farmer"
    hand_noun = "Deal"

    def rehook(self) -> None:
        super().rehook()
        self.draws: list[list] = getattr(self, "draws", [])
        self.h.bot.tables.draw_source = lambda table: self.draws.pop(0)

    def deal_farmer(self, cards: str, draw: str = "6H") -> None:
        """The next deal: the face-down cards from the farmer's left, then the stock."""
        self.decks.append(farmer_pack(cards))
        self.draws.append(farmer_pack(draw))

    async def start_with(self, deck: list, draw: str = "6H") -> None:
        """The host starts a deal from `deck`, the first farmer drawn from `draw`."""
        self.draws.append(farmer_pack(draw))
        await super().start_with(deck)

    def public_cards(self, hand) -> set[int]:
        """Only hits and every hand once the deal is over (FARMER-6)."""
        allowed: set[int] = set()
        for seat in hand.public_view().seats:
            allowed |= set(seat.hits) | set(seat.shown or ())
        return allowed

    def version_text(self, message: Message, data: dict) -> str:
        """The text without the draw for the first farmer: a pack of its own (FARMER-2.4)."""
        embeds = [{**embed, "fields": [f for f in embed.get("fields", [])
                                       if f["name"] != DRAW_FIELD]}
                  for embed in data.get("embeds", [])]
        return super().version_text(message, {**data, "embeds": embeds})


async def farmer_table(h, cards: str, names=("ann", "bob", "cy")) -> FarmerDriver:
    return await FarmerDriver.opened(h, farmer_pack(cards), names)


async def play(d: FarmerDriver, *moves: str) -> None:
    """Moves as "ann hit", "ann stay", from each player's own hand view."""
    for move in moves:
        name, act = move.split()
        await d.press(name, act)


async def assert_the_farm_is(d: FarmerDriver, ended: str, expected: dict[str, int],
                             farm: int) -> None:
    """Everything agrees, and `farm` chips carry to the next deal."""
    settlement, text = await assert_everything_agrees(d, ended, expected)
    assert settlement.carry == {"farm": farm}
    assert (await d.h.bot.store.table(d.table.id)).pots["farm"] == farm
    assert f"{farm} chips carry to the next deal" in text


async def test_farmer_2_4_the_draw_for_the_six_of_hearts_is_on_the_table(harness):
    h = harness
    d = FarmerDriver(h)
    await d.seat_everyone()
    await d.start_with(farmer_pack("9S 7S 2S"), draw="KS 2D 6H")  # cy K, ann 2, bob 6♥
    bob = d.seat(d.user("bob"))
    assert d.hand.farmer == bob
    field = d.field(DRAW_FIELD)
    cy, ann = d.seat(d.user("cy")), d.seat(d.user("ann"))
    assert f"<@{cy}> K♠, <@{ann}> 2♦, <@{bob}> 6♥" in in_words(field)
    assert cards_shown_in(field) == cards("KS 2D 6H")  # each card dealt, as its face
    assert f"<@{bob}> is the first farmer" in field
    d.assert_no_hidden_card_in_public()


async def test_farmer_5_1_sixteen_takes_the_farm_and_its_winner_farms_next(harness):
    # ann T + 6♥ = 16; bob 9 + 5 = 14; cy (the farmer) 2 + 3 = 5.
    d = await farmer_table(harness, "TS 9S 2S 6H 5D 3D")
    ann = d.seat(d.user("ann"))
    view = await d.open_hand(d.user("ann"))
    assert "10♠" in in_words(view.text()) and view.flags & EPHEMERAL
    buttons = controls(view)
    assert not buttons["hit"]["disabled"] and buttons["stay"]["disabled"]  # FARMER-4.2
    await play(d, "ann hit", "ann stay", "bob hit", "bob stay", "cy hit", "cy stay")
    await assert_the_farm_is(d, "sixteen", {"ann": 220, "bob": 190, "cy": 190}, 0)
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
    await assert_the_farm_is(d, "closest", {"ann": 210, "bob": 180, "cy": 180}, 30)
    lobby = d.h.bot.tables  # the farm carries into the next deal's antes
    d.next_hand_begins()
    d.deal_farmer("9S 7S 2S")
    await d.h.advance(10)
    assert lobby.in_channel(d.h.channel.id).hand.public_view().farm == 30 + 3 * 10


async def test_farmer_5_3_and_5_4_all_bust_and_the_busts_pay_the_farmer(harness):
    # ann K+Q bust, bob K+J bust, cy (the farmer) Q+J bust: the farm stays, ann and bob
    # each pay cy (a bust farmer still collects).
    d = await farmer_table(harness, "KS KH QS QD KD JD")
    ann = await d.press("ann", "hit")
    assert "bust" in ann.embed["description"]  # only ann is told
    buttons = controls(ann)
    assert buttons["hit"]["disabled"] and not buttons["stay"]["disabled"]  # FARMER-4.4
    assert "bust" not in d.table_message().text()  # a bust is not announced
    await play(d, "ann stay", "bob hit", "bob stay", "cy hit", "cy stay")
    await assert_the_farm_is(d, "all_bust", {"ann": 180, "bob": 180, "cy": 210}, 30)


async def test_farmer_2_5_a_table_closed_with_a_farm_shares_it_among_those_seated(harness):
    h = harness
    d = await farmer_table(h, "9S 7S 2S 4D 5D 3D")
    await play(d, "ann hit", "ann stay", "bob hit", "bob stay", "cy hit", "cy stay")
    await h.slash(d.host, "farmer end")
    wallets = {n: (await h.bot.store.wallet(h.guild_id, d.user(n).id)).balance
               for n in ("ann", "bob", "cy")}
    # Stacks 210, 180, 180 and a farm of 30, shared 10 each.
    assert wallets == {"ann": 800 + 220, "bob": 800 + 190, "cy": 800 + 190}
    await assert_chips_conserved(h)
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
    await assert_chips_conserved(h)
    d.assert_no_hidden_card_in_public()


async def test_farmer_leaving_mid_deal_is_played_out_and_gives_up_the_farm(harness):
    h = harness
    d = await farmer_table(h, "9S 7S 2S 4D 5D 3D")
    assert "when this hand is over" in await d.leave("bob")
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
    await assert_chips_conserved(h)


async def test_a_farmer_deals_history_is_its_record_and_replays_to_the_tables_result(harness):
    d = await farmer_table(harness, "TS 9S 2S 6H 5D 3D")
    await play(d, "ann hit", "ann stay", "bob hit", "bob stay", "cy hit", "cy stay")
    listed, _ = await assert_history_replays(d)
    assert f"sixteen: the farm to <@{d.seat(d.host)}>" in listed


async def test_a_computer_player_plays_farmer_at_each_level(harness):
    d = await FarmerDriver.against_computers(harness, farmer_pack("9S 7S 2S 4D 5D 3D"))
    ann = d.seat(d.host)
    await d.play_out(lambda hand: d.press("ann", "stay" if hand.hits[ann] else "hit"), limit=100)
    await assert_chips_conserved(harness)
    d.assert_no_hidden_card_in_public()


MOVES = ["ann hit", "ann stay", "bob hit", "bob stay", "cy hit", "cy stay"]


async def _play_through_a_restart(folder, stop_after: int | None) -> dict:
    # After a restart the old hand views are still the players' own: their buttons work.
    return await play_through_a_restart(
        folder, lambda h: farmer_table(h, "TS 9S 2S 6H 5D 3D"), MOVES, play, stop_after)


async def test_a_restart_in_the_middle_of_a_farmer_deal_changes_nothing(tmp_path):
    expected = await _play_through_a_restart(tmp_path / "straight", None)
    assert expected["ended"] == "sixteen" and expected["farm_winner"] == "ann"
    for stop_after in (1, 3, 5):
        assert await _play_through_a_restart(tmp_path / f"stop{stop_after}", stop_after) \
            == expected, stop_after


async def test_farmer_cards_are_faces_on_the_table_in_the_hand_and_in_the_result(harness):
    """The hand embed's heading is the player's cards as faces, their words under it; the
    table shows each seat's face-down card as a back and its hits as faces (FARMER-6);
    the result shows every hand. The view has no card to press: hit or stay (4.1)."""
    d = await farmer_table(harness, "TS 9S 2S 6H 5D 3D")
    ann, bob = d.seat("ann"), d.seat("bob")
    view = await d.press("ann", "hit")
    said = view.embed["description"]
    assert cards_shown_in(said) == cards("TS 6H")
    assert said.startswith("> You drew <:6H_") and "You drew 6♥." in in_words(said)
    assert "\n10♠ 6♥\nTotal **16**" in said  # the words under the heading of faces
    assert not any("emoji" in c for c in view.walk_components())  # Hit, Stay, Refresh
    seats = d.field("Seats").splitlines()
    ann_line = next(line for line in seats if f"<@{ann}>" in line)
    bob_line = next(line for line in seats if f"<@{bob}>" in line)
    assert cards_shown_in(ann_line) == cards("6H")
    assert f"{FACES.back()} + <:6H_" in ann_line  # the face-down card: a back
    assert f"<@{ann}> — 190 chips · + 6♥" in in_words(ann_line)
    assert cards_shown_in(bob_line) == set() and f"{FACES.back()} + no hits" in bob_line
    await play(d, "ann stay", "bob hit", "bob stay", "cy hit", "cy stay")
    await assert_everything_agrees(d, "sixteen", {"ann": 220, "bob": 190, "cy": 190})
    shown = d.field("Hands shown", result_message(d, 1))
    assert cards_shown_in(shown) == cards("TS 6H 9S 5D 2S 3D")
    assert f"<@{ann}>: 10♠ 6♥ = 16" in in_words(shown)
    assert cards_shown_in(d.field("Seats")) == cards("TS 6H 9S 5D 2S 3D")  # all shown (5)


async def test_farmer_without_faces_shows_every_card_in_words(harness):
    """Faces off (the emojis could not be synced): the same places, in words alone."""
    d = await farmer_table(harness, "TS 9S 2S 6H 5D 3D")
    ann = d.seat("ann")
    FACES.clear()
    view = await d.press("ann", "refresh")
    assert "<:" not in view.text() and "# 10♠\nTotal **10**" in view.embed["description"]
    view = await d.press("ann", "hit")
    said = view.embed["description"]
    assert "<:" not in said and "> You drew 6♥.\n# 10♠ 6♥\nTotal **16**" in said
    seats = d.field("Seats")
    assert "<:" not in seats and f"<@{ann}> — 190 chips · 🂠 + 6♥" in seats
    await play(d, "ann stay", "bob hit", "bob stay", "cy hit", "cy stay")
    shown = d.field("Hands shown", result_message(d, 1))
    assert "<:" not in shown and f"<@{ann}>: 10♠ 6♥ = 16" in shown


def _seats(count: int, hand: str, *, over: bool) -> PublicView:
    held = tuple(C.parse(code) for code in hand.split())
    seats = tuple(SeatView(str(10**17 + i), 200, True, held[1:], True,
                           held if over else None, 10 if over else None)
                  for i in range(count))
    return PublicView(10, seats[0].id, 30, seats, 30, None, 1, "closest" if over else None)


async def test_farmer_fields_show_faces_only_while_they_fit(harness):
    """A face is some 30 characters: eight hands of four cards would pass a field's 1024,
    so that field is in words, whole; three hands fit with their faces."""
    few = render.table_embed(_seats(3, "AS 2S 3S 4S", over=True), hand_number=1)
    seats = next(f["value"] for f in few.to_dict()["fields"] if f["name"] == "Seats")
    assert cards_shown_in(seats) == cards("AS 2S 3S 4S") and seats.count("<:") == 12
    many = render.table_embed(_seats(8, "AS 2S 3S 4S", over=True), hand_number=1)
    seats = next(f["value"] for f in many.to_dict()["fields"] if f["name"] == "Seats")
    assert "<:" not in seats and seats.count("A♠ 2♠ 3♠ 4♠ = 10") == 8 and len(seats) <= 1024
    playing = render.table_embed(_seats(8, "AS 2S 3S 4S", over=False), hand_number=1)
    seats = next(f["value"] for f in playing.to_dict()["fields"] if f["name"] == "Seats")
    assert "<:" not in seats and seats.count("🂠 + 2♠ 3♠ 4♠") == 8
