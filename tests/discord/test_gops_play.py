"""Gops played in a channel, as people would: sealed bids from each player's own view (the
hand's card buttons, each its face: GOPS-4.2), to
the page's one ending (GOPS-2.6, `all_prizes`) with a single winner, a shared pot and a
game where every prize is discarded; time-outs, leaving, a restart, computer players.

ann, bob (and cy) join in that order; the last seat deals, so ann bids ♠, bob ♥ and cy ♣
(GOPS-1.2). The prizes come A♦ to K♦ (worth 1 to 13). Stake 10, buy-in 200 and 1000
starting chips: the server defaults. The hidden-card scan runs after every bid (it reads
faces too). Cards on the table show their faces beside their words: `unfaced` reads the
words.
"""

from __future__ import annotations

from cogs.gops.render import round_line
from cogs.table.emojis.shown import FACES
from cogs.table.names import FIELD_LIMIT, clip
from engine import cards as C
from tests.discord.sealed_driver import SealedDriver, unfaced
from tests.discord.table_checks import (
    BUY_IN,
    assert_audit_balances,
    assert_chips_conserved,
    assert_everything_agrees,
    assert_history_replays,
    assert_played_out_as_away,
    play_through_a_restart,
)
from tests.harness.cards import card_buttons, card_on, cards_shown_in

PRIZES = [C.make(rank, C.DIAMONDS) for rank in range(13)]
SPADES = {C.make(rank, C.SPADES) for rank in range(13)}  # ann's hand (GOPS-1.2)
TURN = 60


def card(rank: int, suit: int) -> str:
    return C.code(C.make(rank % 13, suit))


async def gops_table(h, names=("ann", "bob", "cy")) -> SealedDriver:
    return await SealedDriver.opened(h, list(PRIZES), names)


async def play_round(d: SealedDriver, prize: int, shifts: dict[str, int]) -> None:
    """Each player bids the card `shift` ranks above the prize's rank, in their suit."""
    suits = {"ann": C.SPADES, "bob": C.HEARTS, "cy": C.CLUBS}
    for name, shift in shifts.items():
        await d.bid(name, card(prize + shift, suits[name]))


async def assert_all_prizes(d: SealedDriver, expected: dict[str, int],
                            scores: dict[str, int]) -> None:
    """Every prize went (GOPS-2.6) with these points each; everything agrees, and the
    table and the result show each player's points and net."""
    settlement, text = await assert_everything_agrees(d, "all_prizes", expected)
    assert {n: settlement.scores[d.seat(n)] for n in expected} == scores
    players = unfaced(d.field("Players"))
    for name, stack in expected.items():
        seat = d.seat(name)
        line = next(x for x in players.splitlines() if f"<@{seat}>" in x)
        assert f"— {stack} chips" in line and f"**{scores[name]}** points" in line
        net = stack - BUY_IN
        assert f"<@{seat}>: {'+' if net > 0 else ''}{net} → {stack}" in text
        assert f"<@{seat}>: {scores[name]}" in text


async def test_gops_2_6_a_game_to_all_prizes_with_a_tie_that_discards_the_king(harness):
    # cy bids one rank above every prize and takes A♦ to Q♦ (78); at K♦ ann and bob tie
    # with their kings above cy's ace, so the king is discarded (GOPS-2.3).
    d = await gops_table(harness)
    for prize in range(13):
        await play_round(d, prize, {"ann": 0, "bob": 0, "cy": 1})
    assert d.hand.public_view().discarded == (C.parse("KD"),)
    await assert_all_prizes(d, {"ann": 190, "bob": 190, "cy": 220},
                            {"ann": 0, "bob": 0, "cy": 78})
    shown = d.field("Bids shown")
    assert f"13. K♦ — <@{d.seat('ann')}> K♠ · <@{d.seat('bob')}> K♥ · <@{d.seat('cy')}> A♣" \
        " → a tie for highest: discarded" in unfaced(shown)
    assert cards_shown_in(shown.splitlines()[-1]) == set(map(C.parse, ("KD", "KS", "KH", "AC")))
    assert unfaced(d.field("Discarded prizes")) == "K♦"
    assert cards_shown_in(d.field("Discarded prizes")) == {C.parse("KD")}
    # Cy's twelve prizes as faces; every seat's line has them, or none has.
    assert cards_shown_in(d.field("Players")) == set(PRIZES[:12])


async def test_gops_3_3_every_prize_discarded_everyone_shares_the_pot(harness):
    d = await gops_table(harness)
    for prize in range(13):
        await play_round(d, prize, {"ann": 0, "bob": 0, "cy": 0})
    await assert_all_prizes(d, {"ann": 200, "bob": 200, "cy": 200},
                            {"ann": 0, "bob": 0, "cy": 0})


async def test_gops_3_3_two_tied_for_highest_share_the_pot(harness):
    # ann bids each prize's own rank; bob ties the ace (discarded), takes 2♦ to 8♦ and
    # 10♦ (45) and loses 9♦, J♦, Q♦ and K♦ to ann (45): they share the pot of 20.
    d = await gops_table(harness, names=("ann", "bob"))
    bob = [0, 2, 3, 4, 5, 6, 7, 8, 1, 12, 9, 10, 11]
    for prize in range(13):
        await d.bids(ann=card(prize, C.SPADES), bob=card(bob[prize], C.HEARTS))
    await assert_all_prizes(d, {"ann": 200, "bob": 200}, {"ann": 45, "bob": 45})
    assert d.table.last_result[1].winners == (d.seat("ann"), d.seat("bob"))


async def test_the_bids_shown_are_faces_as_far_as_the_field_holds_them(harness):
    # 13 rounds of 3 bids are more than a field holds as faces: the newest round is
    # faces, the older ones words (the oldest dropped as in words alone), in one field.
    d = await gops_table(harness)
    for prize in range(13):
        await play_round(d, prize, {"ann": 0, "bob": 1, "cy": 2})
    shown = d.field("Bids shown")
    rounds = d.hand.public_view().rounds
    in_words = [round_line(i + 1, r, faces=False) for i, r in enumerate(rounds)]
    assert len(shown) <= FIELD_LIMIT
    lines = unfaced(shown).splitlines()
    assert lines[0] == "…" and lines[1:] == in_words[-len(lines) + 1:]
    assert len(lines) >= len(clip(in_words).splitlines()) - 1  # faces cost a line at most
    lines = shown.splitlines()
    assert cards_shown_in(lines[-1]) == set(map(C.parse, ("KD", "KS", "AH", "2C")))
    faced = [bool(cards_shown_in(line)) for line in lines]
    assert faced == sorted(faced)  # words, then faces to the newest


async def test_the_table_shows_who_has_bid_never_what_and_the_reveal_in_one_edit(harness):
    d = await gops_table(harness, names=("ann", "bob"))
    ann, bob = d.seat("ann"), d.seat("bob")
    view = await d.bid("ann", "KS")
    assert "**K♠** (final)" in unfaced(view.embed["description"])  # her own view confirms it
    assert d.bid_control(view) is None  # final: no card to bid again
    assert all(b["disabled"] for b in card_buttons(view, "bid").values())
    players = d.field("Players")
    assert "✅ has bid" in next(x for x in players.splitlines() if f"<@{ann}>" in x)
    assert "⏳ to bid" in next(x for x in players.splitlines() if f"<@{bob}>" in x)
    assert "K♠" not in d.table_message().text()
    assert C.parse("KS") not in cards_shown_in(d.table_message().text())
    edits = len(d.table_message().versions)
    await d.bid("bob", "2H")
    message = d.table_message()
    assert len(message.versions) == edits + 1  # one edit shows every bid of the round
    assert f"1. A♦ — <@{ann}> K♠ · <@{bob}> 2♥ → <@{ann}> takes it" in unfaced(
        d.field("Bids shown"))
    assert "the prize is **2♦ (worth 2)**" in unfaced(message.embed["description"])


async def test_one_bid_leaves_the_other_players_open_view_working(harness):
    d = await gops_table(harness, names=("ann", "bob"))
    await d.open_hand("ann")
    bob_view = await d.open_hand("bob")
    await d.bid("ann", "5S")
    # bob's view was opened before ann's bid; it is still current and takes his bid.
    await d.bid("bob", "4H", refresh=False)
    assert "out of date" not in d.view_of("bob").text()
    assert d.view_of("bob").id == bob_view.id
    resolved = d.hand.public_view().rounds[0]
    assert dict(resolved.bids) == {d.seat("ann"): C.parse("5S"), d.seat("bob"): C.parse("4H")}


async def test_a_second_bid_in_a_round_is_refused_and_changes_nothing(harness):
    d = await gops_table(harness, names=("ann", "bob"))
    ann = d.user("ann")
    first = await d.open_hand("ann")
    control = d.bid_control(first, "6S")
    await d.open_hand("ann")  # a second view, as after opening the hand twice
    await d.bid("ann", "5S")
    # The first view still offers a bid for this round: a bid is final (GOPS-2.2).
    await d.click_bid(ann, first, control, "6S")
    assert "out of date" in d.h.last_response(ann).text()
    assert d.hand.seq == 1 and d.hand.bids == {d.seat("ann"): C.parse("5S")}
    assert d.bid_control(d.h.message(first.id)) is None  # brought up to date: no bid
    d.scan()


async def test_gops_4_2_the_hand_is_face_buttons_and_the_table_shows_faces(harness):
    d = await gops_table(harness, names=("ann", "bob"))
    ann, bob = d.seat("ann"), d.seat("bob")
    view = await d.open_hand("ann")
    buttons = card_buttons(view, "bid")  # each found by the card its face's name says
    assert set(buttons) == SPADES
    assert all("emoji" in b and "label" not in b and not b["disabled"]
               for b in buttons.values())
    # Thirteen cards, five a row, then Refresh's row: four of Discord's five rows.
    rows = [[card_on(c) for c in row["components"]] for row in view.components]
    assert [len(row) for row in rows] == [5, 5, 3, len(rows[3])]
    assert all(None not in row for row in rows[:3]) and set(rows[3]) == {None}
    heading = view.embed["description"].splitlines()
    assert cards_shown_in(heading[0]) == SPADES and heading[1] == C.labels(sorted(SPADES))
    table = d.table_message().embed["description"]
    assert cards_shown_in(table) == {C.parse("AD")}  # the prize up
    view = await d.press_card("ann", "bid", "KS")  # a press of the K♠ bids it
    assert d.hand.bids == {ann: C.parse("KS")}
    left = card_buttons(view, "bid")
    assert set(left) == SPADES - {C.parse("KS")} and all(b["disabled"] for b in left.values())
    assert "You bid" in view.embed["description"] and C.parse("KS") in cards_shown_in(
        view.embed["description"])
    await d.bid("bob", "2H")
    shown = d.field("Bids shown")
    assert cards_shown_in(shown) == set(map(C.parse, ("AD", "KS", "2H")))
    line = next(x for x in d.field("Players").splitlines() if f"<@{ann}>" in x)
    assert cards_shown_in(line) == {C.parse("AD")}  # the prize she won
    assert cards_shown_in(d.table_message().embed["description"]) == {C.parse("2D")}
    assert f"<@{bob}>" in shown


async def test_with_faces_off_the_hand_and_the_table_are_words(harness):
    d = await gops_table(harness, names=("ann", "bob"))
    ann, bob = d.seat("ann"), d.seat("bob")
    FACES.clear()  # as when the emojis could not be synced
    view = await d.open_hand("ann")
    buttons = card_buttons(view, "bid")  # each found by its label
    assert set(buttons) == SPADES
    assert all("emoji" not in b and b["label"] == C.label(card) for card, b in buttons.items())
    assert view.embed["description"].startswith(f"# {C.labels(sorted(SPADES))}\n")
    await d.bids(ann="KS", bob="2H")
    message = d.table_message()
    assert "<:" not in message.text() and "<:" not in d.view_of("ann").text()
    assert f"1. A♦ — <@{ann}> K♠ · <@{bob}> 2♥ → <@{ann}> takes it" in d.field("Bids shown")
    assert "the prize is **2♦ (worth 2)**" in message.embed["description"]
    assert "won A♦" in next(x for x in d.field("Players").splitlines() if f"<@{ann}>" in x)


async def test_a_time_out_bids_the_lowest_card_for_that_seat_alone_then_away(harness):
    d = await gops_table(harness, names=("ann", "bob"))
    h, bob = d.h, d.user("bob")
    await d.bid("ann", "KS")
    await h.advance(TURN - 1)
    assert d.hand.seq == 1  # not yet
    await h.advance(1)  # bob's clock alone runs out: his ace; ann's king stands
    first = d.hand.public_view().rounds[0]
    assert dict(first.bids) == {d.seat("ann"): C.parse("KS"), d.seat("bob"): C.parse("AH")}
    assert d.table.timeouts == {bob.id: 1} and bob.id not in d.table.away
    while bob.id not in d.table.away:  # ann bids her highest card; bob lets time run
        if d.seat("ann") in d.hand.to_act():
            await d.bid("ann", C.code(d.hand.private_view(d.seat("ann")).hand[-1]))
        else:
            await h.advance(TURN)
    assert "away" in next(x for x in d.field("Players").splitlines() if f"<@{bob.id}>" in x)
    while d.table.last_result is None:  # away: his bids are made for him at once
        await d.bid("ann", C.code(d.hand.private_view(d.seat("ann")).hand[-1]))
    await assert_played_out_as_away(d, "bob", d.table.last_result[1])  # cashed out after


async def test_a_time_out_bids_only_the_round_that_ran_out(harness):
    d = await gops_table(harness, names=("ann", "bob"))
    await d.bid("ann", "KS")
    await d.h.advance(TURN)
    assert d.hand.seq == 2 and d.seat("bob") in d.hand.to_act()  # round 2: his own choice


async def test_each_round_gives_every_bidder_a_fresh_clock(harness):
    d = await gops_table(harness, names=("ann", "bob"))
    await d.bids(ann="KS", bob="KH")
    await d.h.advance(TURN - 10)
    await d.bids(ann="QS", bob="QH")  # bob bid last, promptly, in both rounds
    await d.h.advance(20)
    assert d.table.timeouts == {}


async def test_leaving_mid_game_bids_for_the_leaver_and_cashes_out_after(harness):
    d = await gops_table(harness)
    h, cy = d.h, d.user("cy")
    await d.bids(ann="AS", bob="2H", cy="3C")
    await d.leave("cy")
    assert d.table.seat_of(cy.id) is not None  # seated until the game ends
    await d.bids(ann="KS", bob="KH")  # cy's lowest card is bid for him at once
    second = dict(d.hand.public_view().rounds[1].bids)
    assert second[d.seat("cy")] == C.parse("AC")
    while d.table.last_result is None:  # each bids their lowest card left
        await d.bids(**{n: C.code(d.hand.private_view(d.seat(n)).hand[0])
                        for n in ("ann", "bob")})
    assert d.table.last_result is not None
    assert d.table.seat_of(cy.id) is None
    await assert_chips_conserved(h)
    d.scan()


async def test_a_gops_games_history_is_its_record_and_replays_to_the_tables_result(harness):
    d = await gops_table(harness, names=("ann", "bob"))
    for prize in range(13):
        await d.bids(ann=card(prize, C.SPADES), bob=card(prize + 1, C.HEARTS))
    listed, _ = await assert_history_replays(d)
    assert f"all_prizes: pot to <@{d.seat('bob')}>" in listed


async def test_audit_balances_during_and_after_a_gops_game(harness):
    d = await gops_table(harness, names=("ann", "bob"))
    await d.bid("ann", "AS")
    await assert_audit_balances(d.h)
    for prize in range(13):
        if prize:
            await d.bid("ann", card(prize, C.SPADES))
        await d.bid("bob", card(prize, C.HEARTS))
    await assert_audit_balances(d.h)


async def test_computer_players_bid_at_each_level(harness):
    h = harness
    d = await SealedDriver.against_computers(h, list(PRIZES))
    seats = len(d.table.info.seats)
    assert seats == 1 + len(d.table.game.strategies)  # random, easy and hard
    for rank in range(13):
        await d.bid("ann", card(rank, C.SPADES))
        for _ in range(5):
            if d.table.last_result or d.hand.seq == seats * (rank + 1):
                break
            await h.advance(2)  # a computer player bids after its short pause
    assert d.table.last_result is not None
    number, settlement = d.table.last_result
    assert len(settlement.scores) == seats
    await assert_chips_conserved(h)
    d.scan()


async def bob_with_a_view_open(h) -> SealedDriver:
    d = await gops_table(h, names=("ann", "bob"))
    await d.open_hand("bob")
    return d


# ann bids each prize's own rank, bob one above: bob takes every prize.
MOVES = [(name, card(p + (name == "bob"), suit))
         for p in range(13) for name, suit in (("ann", C.SPADES), ("bob", C.HEARTS))]


async def _through_a_restart(folder, stop_after: int | None) -> dict:
    # bob's view from before the restart still takes his bid, unrefreshed.
    return await play_through_a_restart(
        folder, bob_with_a_view_open, MOVES,
        lambda d, move: d.bid(*move, refresh=move[0] == "ann"), stop_after)


async def test_a_restart_mid_game_changes_nothing_and_old_views_still_bid(tmp_path):
    expected = await _through_a_restart(tmp_path / "straight", None)
    assert expected["winners"] == ["bob"] and expected["stacks"] == {"ann": 190, "bob": 210}
    for stop_after in (1, 6):  # between the two bids of a round, and at a round's start
        assert await _through_a_restart(tmp_path / f"stop{stop_after}", stop_after) == expected


async def test_a_round_that_starts_for_everyone_is_one_mention_of_everyone(harness):
    d = await gops_table(harness)
    pings = [m for m in d.h.public_messages() if "your turn" in m.content]
    # Three clocks started together: one message, not three (each deleting the last).
    assert len(pings) == 1
    assert pings[0].pinged == {d.user(name).id for name in ("ann", "bob", "cy")}
    sent = [m for m in d.h.messages if "your turn" in m.content and not m.ephemeral]
    assert len(sent) == 1
    await d.bids(ann="KS", bob="KH", cy="KC")
    pings = [m for m in d.h.public_messages() if "your turn" in m.content]
    assert len(pings) == 1 and len(pings[0].pinged) == 3  # the next round's, the last gone
