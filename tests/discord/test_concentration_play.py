"""Concentration played in a channel, as people would, to its one ending (CONC-3.1).

ann (the host), bob and cy join in that order; cy deals first, so ann flips first. The
layout puts each rank's four cards at four positions in a row, ♠ ♣ ♥ ♦: positions 2k and
2k+1 are a pair by rank and by colour. Stake 10, buy-in 200 and 1000 starting chips.
After every flip: the table shows only the current turn's flips (CONC-2.5), never an
earlier one, by its words or its face, and no custom id names a card; at the end chips
agree between the engine, the result, the table message, /bankroll and the store, and
the record replays. Cards are faces (the harness syncs them), with their words beside.
"""

from __future__ import annotations

import re

from cogs.table.emojis import face_and_word
from cogs.table.emojis import names as face_names
from cogs.table.emojis.shown import FACES
from engine import cards as C
from tests.discord.table_checks import (
    assert_chips_conserved,
    assert_everything_agrees,
    assert_history_replays,
    assert_played_out_as_away,
    play_through_a_restart,
)
from tests.discord.table_driver import (
    TableDriver,
    assert_no_card_in_custom_ids,
    cards_named,
    controls,
)
from tests.harness import EPHEMERAL, Message
from tests.harness.cards import card_on, cards_shown_in

SUITS = "SCHD"
RANKS = "A23456789TJQK"


def shown(code: str) -> str:
    """A card as an embed shows it: its face and its words (the words alone, faces off)."""
    return face_and_word(C.parse(code))


# One place of the layout drawn in faces: an emoji's markup, or the gap of a taken pair.
FACE_CELL = re.compile(r"<a?:(?P<name>[A-Za-z0-9_]{2,32}):[0-9]+>|⬛")


def layout_faces(embed: dict) -> list[str | int]:
    """The layout an embed draws in faces, position by position: "back", "gap", or the
    card; [] when it draws none."""
    rows = [line for line in embed.get("description", "").splitlines()
            if line and FACE_CELL.sub("", line) == ""]
    cells: list[str | int] = []
    for row in rows:
        assert len(FACE_CELL.findall(row)) == 13, row
        for found in FACE_CELL.finditer(row):
            if found["name"] is None:
                cells.append("gap")
            else:
                face = face_names.parse(found["name"])
                cells.append(face.mark if face.card is None else face.card)
    assert len(cells) in (0, 52), cells
    return cells


def layout(suits: str = SUITS) -> list:
    return [C.parse(rank + suit) for rank in RANKS for suit in suits]


class ConcentrationDriver(TableDriver):
    game = "concentration"
    hand_noun = "Game"

    async def flip(self, name: str, pos: int) -> Message:
        """One flip from the player's own view: the position's button once the view has
        them (20 or fewer left), else the menu of the position's row."""
        view = await self.fresh_view(name)
        if f"flip{pos}" in controls(view):
            return await self.press(name, f"flip{pos}")
        return await self.press(name, f"row{pos // 13}", [str(pos)])

    async def flips(self, *moves: str) -> None:
        """Moves as "ann 0 4": both flips of one turn."""
        for move in moves:
            name, *positions = move.split()
            for pos in positions:
                await self.flip(name, int(pos))

    def assert_no_hidden_card_in_public(self) -> None:
        """CONC-2.5: every version of every public message shows at most one turn's two
        flips, the table message as it stands only the current turn's; no custom id
        names a card."""
        if self.table is not None and self.table.hand is not None:
            self.last_hand = self.table.hand
        hand = self.last_hand
        shown = {card for _, card in hand.public_view().shown} if hand else set()
        assert_no_card_in_custom_ids(self.h)
        for _, text in self.public_text():
            assert len(set(cards_named(text))) <= 2, text[:400]
        if self.table is not None and self.table.running is not None:
            for card in cards_named(self.table_message().text()):
                assert card in shown, f"{C.label(card)} is an earlier flip"

    assert_no_earlier_flip_in_public = assert_no_hidden_card_in_public


async def concentration_table(h, cards=None, names=("ann", "bob", "cy"), **create
                              ) -> ConcentrationDriver:
    return await ConcentrationDriver.opened(h, cards or layout(), names, **create)


def pairs(first: int, last: int) -> list[str]:
    """The pairs (2k, 2k+1) of positions first … last, one flip pair a move."""
    return [f"{p} {p + 1}" for p in range(first, last, 2)]


async def assert_cleared(d: ConcentrationDriver, expected: dict[str, int],
                         scores: dict[str, int]) -> None:
    """The layout was cleared (CONC-3.1) with these pairs each, and everything agrees."""
    settlement, text = await assert_everything_agrees(d, "cleared", expected)
    assert {n: settlement.scores[d.seat(n)] for n in expected} == scores
    for name in expected:
        assert f"<@{d.seat(name)}>: {scores[name]} pair" in text


async def test_conc_3_a_game_is_cleared_and_the_tied_most_pairs_share_the_pot(harness):
    d = await concentration_table(harness)
    ann, bob = d.seat("ann"), d.seat("bob")
    view = await d.open_hand("ann")
    assert view.flags & EPHEMERAL
    menus = controls(view)
    assert [f"row{r}" for r in range(4)] == [a for a in menus if a.startswith("row")]
    assert [o["value"] for o in menus["row1"]["options"]] == [str(p) for p in range(13, 26)]
    await d.flips("ann 0 4")  # A♠ and 2♠: no match, the turn passes (CONC-2.3)
    assert d.hand.to_act() == (bob,)
    text = d.table_message().text()
    assert f"0: {shown('AS')}, 4: {shown('2S')} — no match" in text
    await d.flip("bob", 0)  # a new turn: the 2♠ at 4 is no longer shown anywhere
    text = d.table_message().text()
    assert "2♠" not in text and C.parse("2S") not in cards_shown_in(text)
    assert f"0: {shown('AS')}" in text
    view = await d.flip("bob", 1)  # A♣: a pair, and bob flips again
    assert f"0: {shown('AS')}, 1: {shown('AC')} — a pair, taken" in view.text()
    assert d.hand.to_act() == (bob,) and {0, 1} <= d.hand.public_view().gone
    assert "0" not in [o["value"] for o in controls(view)["row0"]["options"]]
    assert f"<@{bob}> — 190 chips · 1 pair" in d.table_message().text()
    await d.flips(*[f"bob {m}" for m in pairs(2, 26)], "bob 26 30", "cy 26 30")
    await d.flips(*[f"ann {m}" for m in pairs(26, 52)])
    assert d.table.last_result is not None and d.table.last_result[1].winners == (ann, bob)
    # Pot 30 shared by ann and bob, 15 each (CONC-3.3): ann 205, bob 205, cy 190.
    await assert_cleared(d, {"ann": 205, "bob": 205, "cy": 190}, {"ann": 13, "bob": 13, "cy": 0})


async def test_conc_2_5_the_layout_is_drawn_in_faces_backs_flips_and_gaps(harness):
    d = await concentration_table(harness)
    cards = layout()
    assert FACES.on  # the harness synced them at start
    assert layout_faces(d.table_message().embed) == ["back"] * 52
    await d.flips("ann 0 4")  # a miss: both stay face up until the next flip (CONC-2.5)
    drawn = layout_faces(d.table_message().embed)
    assert drawn[0] == cards[0] and drawn[4] == cards[4]
    assert drawn.count("back") == 50
    # bob's menus: a back for each face-down position, the two face up by their faces.
    view = await d.fresh_view("bob")
    assert layout_faces(view.embed) == drawn  # his view draws the layout as the table
    options = {o["value"]: o for o in controls(view)["row0"]["options"]}
    assert [o["label"] for o in options.values()][:2] == ["Position 0: A♠", "Position 1"]
    assert card_on(options["0"]) == cards[0] and card_on(options["4"]) == cards[4]
    assert all(face_names.parse(o["emoji"]["name"]).mark == "back"
               for v, o in options.items() if v not in ("0", "4"))
    await d.flips("bob 0 1")  # A♠ A♣: a pair, shown until bob's next flip
    assert layout_faces(d.table_message().embed)[:2] == cards[:2]
    await d.flip("bob", 2)
    drawn = layout_faces(d.table_message().embed)
    assert drawn[:3] == ["gap", "gap", cards[2]] and drawn[4] == "back"
    assert cards_shown_in(d.table_message().text()) == {cards[2]}
    d.assert_no_earlier_flip_in_public()


async def test_conc_20_positions_or_fewer_left_are_buttons_backs_and_the_turns_face(harness):
    d = await concentration_table(harness, names=("ann", "bob"))
    cards = layout()
    await d.flips(*[f"ann {m}" for m in pairs(0, 30)])  # 15 pairs: 22 left, still menus
    view = await d.fresh_view("ann")
    assert [a for a in controls(view) if a.startswith(("row", "flip"))] == ["row2", "row3"]
    await d.flips("ann 30 31")  # 20 left: four rows of five buttons, then Refresh
    view = await d.fresh_view("ann")
    rows = [[c["custom_id"].rsplit(":", 1)[1] for c in row["components"]]
            for row in view.components]
    assert rows == [[f"flip{p}" for p in range(r, r + 5)] for r in range(32, 52, 5)] + [
        ["refresh"]]
    buttons = controls(view)
    assert [buttons[f"flip{p}"]["label"] for p in (32, 51)] == ["32", "51"]
    assert all(face_names.parse(buttons[f"flip{p}"]["emoji"]["name"]).mark == "back"
               and not buttons[f"flip{p}"]["disabled"] for p in range(32, 52))
    view = await d.flip("ann", 32)  # its button: now face up, and not to be flipped again
    first = controls(view)["flip32"]
    assert card_on(first) == cards[32] and first["disabled"]
    assert not controls(view)["flip33"]["disabled"]
    view = await d.flip("ann", 33)  # a pair: both go from the buttons
    assert "flip32" not in controls(view) and len(d.hand.public_view().gone) == 34
    bob_view = await d.fresh_view("bob")  # not his turn: the buttons are shown, not live
    assert all(c["disabled"] for a, c in controls(bob_view).items() if a.startswith("flip"))
    await d.flips(*[f"ann {m}" for m in pairs(34, 52)])
    await assert_cleared(d, {"ann": 210, "bob": 190}, {"ann": 26, "bob": 0})


async def test_conc_with_faces_off_the_layout_and_the_positions_are_words(harness):
    h = harness
    d = await concentration_table(h, names=("ann", "bob"))
    await d.flips(*[f"ann {m}" for m in pairs(0, 32)])  # 20 left: buttons
    FACES.clear()  # as when the sync fails: cards in words
    ann = d.user("ann")
    view = await d.fresh_view(ann)
    await h.click(ann, view, controls(view)["refresh"]["custom_id"])
    view = d.view_of(ann)
    buttons = controls(view)
    assert buttons["flip32"]["label"] == "🂠 32" and "emoji" not in buttons["flip32"]
    assert layout_faces(view.embed) == [] and "<:" not in view.text()
    view = await d.flip("ann", 32)
    assert controls(view)["flip32"]["label"] == "32: 9♠"
    assert "flipped 32: 9♠." in view.text() and "<:" not in view.text()
    text = d.table_message().text()
    assert "32: 9♠" in text and "<:" not in text and layout_faces(d.table_message().embed) == []
    d.assert_no_earlier_flip_in_public()


async def test_conc_1_3_a_table_created_with_match_colour_needs_one_colour(harness):
    h = harness
    d = await concentration_table(h, layout("SHCD"), names=("ann", "bob"), match="colour")
    assert d.hand.record().options == {"match": "colour"}
    assert "rank and a colour" in d.table_message().text()
    ann, bob = d.seat("ann"), d.seat("bob")
    await d.flips("ann 0 1")  # A♠ A♥: one rank, not one colour
    assert d.hand.to_act() == (bob,) and not d.hand.public_view().gone
    await d.flips("bob 0 2")  # A♠ A♣: both black
    assert d.hand.to_act() == (bob,) and d.hand.public_view().gone == {0, 2}
    await d.flips("bob 1 3", *[f"bob {r * 4} {r * 4 + 2}" for r in range(1, 13)],
                  *[f"bob {r * 4 + 1} {r * 4 + 3}" for r in range(1, 13)])
    assert d.table.last_result[1].scores == {ann: 0, bob: 26}
    await assert_cleared(d, {"ann": 190, "bob": 210}, {"ann": 0, "bob": 26})
    d.next_hand_begins()
    d.decks.append(layout("SHCD"))
    await h.advance(10)  # the next game: the table's options are given to every deal
    assert d.table.running.number == 2 and d.hand.record().options == {"match": "colour"}


async def test_create_with_match_colour_says_so_and_the_lobby_shows_it(harness):
    h = harness
    ann = h.user("ann")
    await h.slash(ann, "concentration create", match="colour")
    assert "match colour" in h.last_response(ann).text()
    table = h.bot.tables.in_channel(h.channel.id)
    assert table.info.options == {"match": "colour"}
    lobby = ConcentrationDriver(h, names=("ann",)).table_message()
    assert "match colour" in lobby.text()


async def test_conc_5_2_a_time_out_flips_the_lowest_position_and_two_make_a_player_away(
    harness,
):
    h = harness
    d = await concentration_table(h)
    ann = d.seat(d.user("ann"))
    turn = d.table.info.turn_seconds
    await d.flips("ann 4")
    await h.advance(turn)  # her second flip runs out: the lowest she may flip, 0
    assert [a.pos for a in d.hand.record().actions] == [4, 0]
    assert d.user("ann").id not in d.table.away  # one time-out so far
    d.assert_no_earlier_flip_in_public()
    await d.flips("bob 2 8", "cy 2 3")  # cy takes A♥ A♦ and goes on
    await h.advance(turn)  # cy's first flip runs out: 0
    await h.advance(turn)  # and the second: 1, the pair of A♠ A♣; two in a row
    # An away player is played to the end of the game: lowest positions, every one a pair.
    assert d.table.last_result is not None
    number, settlement = d.table.last_result
    assert settlement.scores[d.seat(d.user("cy"))] == 26 and settlement.winners != (ann,)
    await assert_played_out_as_away(d, "cy", settlement)


async def test_leaving_mid_game_is_played_out_by_the_time_out_move(harness):
    h = harness
    d = await concentration_table(h)
    assert "when this hand is over" in await d.leave("bob")
    await d.flips("ann 4 8")  # bob's turn is played at once: 0 and 1, a pair, and on
    bob = d.seat(d.user("bob"))
    assert d.table.last_result is not None  # he took every pair left
    assert d.table.last_result[1].scores[bob] == 26
    assert d.user("bob").id not in {s.user_id for s in d.table.info.seats}
    await assert_chips_conserved(h)
    d.assert_no_earlier_flip_in_public()


async def test_a_concentration_history_is_its_record_and_replays_to_the_result(harness):
    d = await concentration_table(harness, names=("ann", "bob"))
    await d.flips(*[f"ann {m}" for m in pairs(0, 52)])
    listed, record = await assert_history_replays(d)
    assert f"cleared: <@{d.seat(d.host)}> with 26 pairs" in listed
    assert record["options"] == {"match": "rank"}


async def test_a_running_games_record_is_not_given_out(harness):
    d = await concentration_table(harness, names=("ann", "bob"))
    await d.flips("ann 0 4")
    await d.h.slash(d.host, "concentration history", hand=1)
    assert "is not finished" in d.h.last_response(d.host).text()


async def test_computer_players_play_concentration_at_each_level(harness):
    d = await ConcentrationDriver.against_computers(harness, layout())

    async def ann_plays_well(hand) -> None:
        """The mate of her first card where she knows it, else the lowest."""
        flippable = hand.flippable()
        first = hand.public_view().first
        mate = first ^ 1 if first is not None and (first ^ 1) in flippable else None
        await d.flip("ann", mate if mate is not None else flippable[0])

    await d.play_out(ann_plays_well, limit=2000)
    await assert_chips_conserved(harness)
    d.assert_no_earlier_flip_in_public()


MOVES = ["ann 0 4", "bob 0 1", *[f"bob {m}" for m in pairs(2, 52)]]
FLIPS = [(m.split()[0], int(p)) for m in MOVES for p in m.split()[1:]]


async def _play_through_a_restart(folder, stop_after: int | None) -> dict:
    # After a restart the old flip views are still the players' own: their menus work.
    return await play_through_a_restart(
        folder, lambda h: concentration_table(h, names=("ann", "bob")), FLIPS,
        lambda d, flip: d.flip(*flip), stop_after)


async def test_a_restart_in_the_middle_of_a_concentration_game_changes_nothing(tmp_path):
    expected = await _play_through_a_restart(tmp_path / "straight", None)
    assert expected["scores"] == {"ann": 0, "bob": 26}
    for stop_after in (1, 3, 20):
        assert await _play_through_a_restart(tmp_path / f"stop{stop_after}", stop_after) \
            == expected, stop_after


async def test_a_game_everyone_left_that_time_outs_cannot_end_closes_with_its_chips_back(
        harness):
    """Played by time-out moves alone (CONC-5.2, the two lowest positions), a layout is
    never cleared: after a long run of moves made for players who all left, the table
    closes, its game void and every chip back in the wallets."""
    by_suit = [C.parse(rank + suit) for suit in SUITS for rank in RANKS]  # A♠ 2♠ 3♠ …
    d = await concentration_table(harness, by_suit, names=("ann", "bob"))
    wallets = {}
    for name in ("ann", "bob"):
        wallets[name] = (await harness.bot.store.wallet(harness.guild_id,
                                                        d.user(name).id)).balance
        await harness.slash(d.user(name), "concentration leave")
    assert d.table is None
    closed = harness.public_messages()[-1].text()
    assert "The table is closed: nobody was left to play a game that only players can end" \
        in closed
    for name in ("ann", "bob"):
        wallet = await harness.bot.store.wallet(harness.guild_id, d.user(name).id)
        assert wallet.balance == wallets[name] + 200  # the buy-in back, the stake posted too
    await assert_chips_conserved(harness)
