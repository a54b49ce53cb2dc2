"""Concentration played in a channel, as people would, to its one ending (CONC-3.1).

ann (the host), bob and cy join in that order; cy deals first, so ann flips first. The
layout puts each rank's four cards at four positions in a row, ♠ ♣ ♥ ♦: positions 2k and
2k+1 are a pair by rank and by colour. Stake 10, buy-in 200 and 1000 starting chips.
After every flip: the table shows only the current turn's flips (CONC-2.5), never an
earlier one, and no custom id names a card; at the end chips agree between the engine,
the result, the table message, /bankroll and the store, and the record replays.
"""

from __future__ import annotations

import json

from engine import cards as C
from engine.replay import replay
from tests.discord.table_driver import CARD_CODE, CARD_LABEL, TableDriver
from tests.harness import EPHEMERAL, Message

START, BUY_IN = 1000, 200
SUITS = "SCHD"
RANKS = "A23456789TJQK"


def layout(suits: str = SUITS) -> list:
    return [C.parse(rank + suit) for rank in RANKS for suit in suits]


def controls(view: Message) -> dict[str, dict]:
    return {c["custom_id"].rsplit(":", 1)[1]: c for c in view.walk_components()
            if "custom_id" in c}


class ConcentrationDriver(TableDriver):
    async def flip(self, name: str, pos: int) -> Message:
        """One flip from the player's own view: the menu of the position's row."""
        user = self.user(name)
        self.last_hand = self.hand
        if user.id not in self.views:
            await self.open_hand(user)
        view = self.view_of(user)
        at = f":{self.table.running.number}.{self.hand.seq}:refresh"
        if not controls(view)["refresh"]["custom_id"].endswith(at):
            await self.h.click(user, view, controls(view)["refresh"]["custom_id"])
            view = self.view_of(user)
        await self.h.click(user, view, controls(view)[f"row{pos // 13}"]["custom_id"],
                           values=[str(pos)])
        self.assert_no_earlier_flip_in_public()
        return self.view_of(user)

    async def flips(self, *moves: str) -> None:
        """Moves as "ann 0 4": both flips of one turn."""
        for move in moves:
            name, *positions = move.split()
            for pos in positions:
                await self.flip(name, int(pos))

    def assert_no_earlier_flip_in_public(self) -> None:
        """CONC-2.5: every version of every public message shows at most one turn's two
        flips, the table message as it stands only the current turn's; no custom id
        names a card."""
        if self.table is not None and self.table.hand is not None:
            self.last_hand = self.table.hand
        hand = self.last_hand
        shown = {card for _, card in hand.public_view().shown} if hand else set()
        for message in self.h.public_messages():
            for custom_id in message.custom_ids:
                assert not CARD_CODE.search(custom_id.replace(":", " ")), custom_id
            for data in [*message.versions, message.data]:
                text = Message(message.id, message.channel_id, data).text()
                assert len(set(CARD_LABEL.findall(text))) <= 2, text[:400]
        if self.table is not None and self.table.running is not None:
            for rank, suit in CARD_LABEL.findall(self.table_message().text()):
                assert C.parse(rank + suit) in shown, f"{rank}{suit} is an earlier flip"

    assert_no_hidden_card_in_public = assert_no_earlier_flip_in_public


async def concentration_table(h, cards=None, names=("ann", "bob", "cy"), **create
                              ) -> ConcentrationDriver:
    d = ConcentrationDriver(h, names=names, game="concentration")
    if create:
        await h.slash(d.host, "concentration create", **create)
        for user in d.users[1:]:
            await h.slash(user, "concentration join")
    else:
        await d.seat_everyone()
    d.decks.append(cards or layout())
    await h.slash(d.host, "concentration start")
    d.assert_no_earlier_flip_in_public()
    return d


def pairs(first: int, last: int) -> list[str]:
    """The pairs (2k, 2k+1) of positions first … last, one flip pair a move."""
    return [f"{p} {p + 1}" for p in range(first, last, 2)]


async def assert_everything_agrees(d: ConcentrationDriver, expected: dict[str, int],
                                   scores: dict[str, int]) -> None:
    h = d.h
    table = d.table
    number, settlement = table.last_result
    assert settlement.ended == "cleared"
    by_name = {name: d.seat(d.user(name)) for name in expected}
    assert {n: settlement.stacks[s] for n, s in by_name.items()} == expected
    assert {n: settlement.scores[s] for n, s in by_name.items()} == scores
    stored = await h.bot.store.hand_by_number(table.id, number)
    assert stored.status == "settled" and stored.record["game"] == "concentration"
    assert replay(stored.record) == settlement.to_result() == stored.result
    info = await h.bot.store.table(table.id)
    in_db = {str(seat.user_id): seat.stack for seat in info.seats}
    assert {n: in_db[s] for n, s in by_name.items()} == expected
    result = next(m for m in reversed(h.public_messages()) if m.embeds
                  and m.embed.get("title", "") == f"Game {number}: the result")
    for name, seat in by_name.items():
        assert f"<@{seat}>: {scores[name]} pair" in result.text()
        assert f"→ {expected[name]}" in result.text()
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
    d.assert_no_earlier_flip_in_public()


async def test_conc_3_a_game_is_cleared_and_the_tied_most_pairs_share_the_pot(harness):
    d = await concentration_table(harness)
    ann, bob = d.seat(d.user("ann")), d.seat(d.user("bob"))
    view = await d.open_hand(d.user("ann"))
    assert view.flags & EPHEMERAL
    menus = controls(view)
    assert [f"row{r}" for r in range(4)] == [a for a in menus if a.startswith("row")]
    assert [o["value"] for o in menus["row1"]["options"]] == [str(p) for p in range(13, 26)]
    await d.flips("ann 0 4")  # A♠ and 2♠: no match, the turn passes (CONC-2.3)
    assert d.hand.to_act() == (bob,)
    text = d.table_message().text()
    assert "0: A♠, 4: 2♠ — no match" in text
    await d.flip("bob", 0)  # a new turn: the 2♠ at 4 is no longer shown anywhere
    assert "2♠" not in d.table_message().text() and "0: A♠" in d.table_message().text()
    view = await d.flip("bob", 1)  # A♣: a pair, and bob flips again
    assert "0: A♠, 1: A♣ — a pair, taken" in view.text()
    assert d.hand.to_act() == (bob,) and {0, 1} <= d.hand.public_view().gone
    assert "0" not in [o["value"] for o in controls(view)["row0"]["options"]]
    assert f"<@{bob}> — 190 chips · 1 pair" in d.table_message().text()
    await d.flips(*[f"bob {m}" for m in pairs(2, 26)], "bob 26 30", "cy 26 30")
    await d.flips(*[f"ann {m}" for m in pairs(26, 52)])
    assert d.table.last_result is not None and d.table.last_result[1].winners == (ann, bob)
    # Pot 30 shared by ann and bob, 15 each (CONC-3.3): ann 205, bob 205, cy 190.
    await assert_everything_agrees(d, {"ann": 205, "bob": 205, "cy": 190},
                                   {"ann": 13, "bob": 13, "cy": 0})


async def test_conc_1_3_a_table_created_with_match_colour_needs_one_colour(harness):
    h = harness
    d = await concentration_table(h, layout("SHCD"), names=("ann", "bob"), match="colour")
    assert d.hand.record().options == {"match": "colour"}
    assert "rank and a colour" in d.table_message().text()
    ann, bob = d.seat(d.user("ann")), d.seat(d.user("bob"))
    await d.flips("ann 0 1")  # A♠ A♥: one rank, not one colour
    assert d.hand.to_act() == (bob,) and not d.hand.public_view().gone
    await d.flips("bob 0 2")  # A♠ A♣: both black
    assert d.hand.to_act() == (bob,) and d.hand.public_view().gone == {0, 2}
    await d.flips("bob 1 3", *[f"bob {r * 4} {r * 4 + 2}" for r in range(1, 13)],
                  *[f"bob {r * 4 + 1} {r * 4 + 3}" for r in range(1, 13)])
    assert d.table.last_result[1].scores == {ann: 0, bob: 26}
    await assert_everything_agrees(d, {"ann": 190, "bob": 210}, {"ann": 0, "bob": 26})
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
    lobby = ConcentrationDriver(h, names=("ann",), game="concentration").table_message()
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
    assert d.user("cy").id not in {s.user_id for s in d.table.info.seats}  # cashed out
    assert any("was away for two turns in a row" in m.text() for m in h.public_messages())
    assert all(g.holds for g in await h.bot.store.conservation(h.guild_id))
    d.assert_no_earlier_flip_in_public()


async def test_leaving_mid_game_is_played_out_by_the_time_out_move(harness):
    h = harness
    d = await concentration_table(h)
    await h.slash(d.user("bob"), "concentration leave")
    assert "when this hand is over" in h.last_response(d.user("bob")).text()
    await d.flips("ann 4 8")  # bob's turn is played at once: 0 and 1, a pair, and on
    bob = d.seat(d.user("bob"))
    assert d.table.last_result is not None  # he took every pair left
    assert d.table.last_result[1].scores[bob] == 26
    assert d.user("bob").id not in {s.user_id for s in d.table.info.seats}
    assert all(g.holds for g in await h.bot.store.conservation(h.guild_id))
    d.assert_no_earlier_flip_in_public()


async def test_a_concentration_history_is_its_record_and_replays_to_the_result(harness):
    d = await concentration_table(harness, names=("ann", "bob"))
    await d.flips(*[f"ann {m}" for m in pairs(0, 52)])
    number, settlement = d.table.last_result
    await d.h.slash(d.host, "concentration history")
    assert f"cleared: <@{d.seat(d.host)}> with 26 pairs" in d.h.last_response(d.host).text()
    await d.h.slash(d.host, "concentration history", hand=number)
    (attachment,) = d.h.last_response(d.host).attachments.values()
    record = json.loads(attachment.data)
    assert record["game"] == "concentration" and record["options"] == {"match": "rank"}
    assert replay(record) == settlement.to_result() == record.pop("result")


async def test_a_running_games_record_is_not_given_out(harness):
    d = await concentration_table(harness, names=("ann", "bob"))
    await d.flips("ann 0 4")
    await d.h.slash(d.host, "concentration history", hand=1)
    assert "is not finished" in d.h.last_response(d.host).text()


async def test_computer_players_play_concentration_at_each_level(harness):
    h = harness
    d = ConcentrationDriver(h, names=("ann",), game="concentration")
    await d.seat_everyone()
    for level in d.table.game.strategies:
        await h.slash(d.host, "concentration addbot", level=level)
        assert "sits down" in h.last_response(d.host).text()
    d.decks.append(layout())
    await h.slash(d.host, "concentration start")
    for _ in range(2000):
        if d.table.last_result is not None:
            break
        if d.seat(d.host) in d.hand.to_act():
            flippable = d.hand.flippable()
            first = d.hand.public_view().first
            # ann plays well: the mate of her first card where she knows it, else the lowest.
            mate = first ^ 1 if first is not None and (first ^ 1) in flippable else None
            await d.flip("ann", mate if mate is not None else flippable[0])
        else:
            await h.advance(2)
    assert d.table.last_result is not None
    assert all(g.holds for g in await h.bot.store.conservation(h.guild_id))
    d.assert_no_earlier_flip_in_public()


async def _play_through_a_restart(tmp_path, stop_after: int | None) -> dict:
    from tests.harness import Harness

    tmp_path.mkdir()
    moves = ["ann 0 4", "bob 0 1", *[f"bob {m}" for m in pairs(2, 52)]]
    flips = [(m.split()[0], int(p)) for m in moves for p in m.split()[1:]]
    async with Harness(database_path=tmp_path / "conc.sqlite3") as h:
        d = await concentration_table(h, names=("ann", "bob"))
        for done, (name, pos) in enumerate(flips):
            if done == stop_after:
                views = dict(d.views)
                await h.restart()
                d.rehook()
                d.views = views  # the old flip views: their menus still work
            await d.flip(name, pos)
        number, settlement = d.table.last_result
        stored = await h.bot.store.hand_by_number(d.table.id, number)
        assert replay(stored.record) == settlement.to_result() == stored.result
        assert all(g.holds for g in await h.bot.store.conservation(h.guild_id))
        result = json.dumps(stored.result)
        for user in d.users:
            result = result.replace(str(user.id), user.name)
        return json.loads(result)


async def test_a_restart_in_the_middle_of_a_concentration_game_changes_nothing(tmp_path):
    expected = await _play_through_a_restart(tmp_path / "straight", None)
    assert expected["scores"] == {"ann": 0, "bob": 26}
    for stop_after in (1, 3, 20):
        assert await _play_through_a_restart(tmp_path / f"stop{stop_after}", stop_after) \
            == expected, stop_after
