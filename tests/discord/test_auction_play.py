"""The flush auction played in a channel, as people would: five rounds of sealed bids
from each player's own view, with every way a round ends (AUCTION-4: `flush`,
`dealt_flush`, `deck_out`) and the game's one ending (`five_rounds`); the table showing
who has bid, never how much; time-outs, a restart, history, audit, computer players.

ann, bob (and cy) join in that order; the last seat deals, so cards go to ann first.
Stake 10, buy-in 200 and 1000 starting chips: the server defaults. The hidden-card scan
runs after every bid (it reads faces too). A bid is an amount, from a menu: no card is
played from the hand, so the hand view has no card buttons; every card shown (the hand,
the cards for sale, those bought, a flush) shows its face beside its words, which
`unfaced` reads.
"""

from __future__ import annotations

from cogs.table.emojis.shown import FACES
from engine import cards as C
from tests.discord.sealed_driver import SealedDriver, unfaced
from tests.discord.table_checks import (
    assert_audit_balances,
    assert_chips_conserved,
    assert_everything_agrees,
    assert_history_replays,
    assert_played_out_as_away,
    assert_stored_replays,
)
from tests.engine.decks import stacked_deck
from tests.harness import Harness
from tests.harness.cards import card_buttons, cards_shown_in

TURN = 60
QUIET = {"ann": "2S 3H 4D 5C 7S", "bob": "8S 9H TD JC QS", "cy": "2C 3D 4H 5S 7C"}


def pack(hands: list[str], up: str = "") -> list[int]:
    return [C.parse(code) for code in stacked_deck(hands, up)]


def quiet_packs(names=("ann", "bob"), count: int = 5) -> list[list[int]]:
    return [pack([QUIET[n] for n in names]) for _ in range(count)]


class AuctionDriver(SealedDriver):
    game = "auction"

    def lowest(self, name: str) -> str:
        """The least `name` may bid now (AUCTION-3.1), as the menu offers it."""
        return str(self.hand.private_view(self.seat(name)).low)


async def auction_table(h, packs, names=("ann", "bob")) -> AuctionDriver:
    return await AuctionDriver.opened(h, packs, names)


# Round 1: every bid 0, every auction a tie, until the pack runs out (deck_out).
# Round 2: ann is dealt a flush. Round 3: ann buys the 10♠ for her flush with 7 against 4.
# Round 4: both are dealt flushes. Round 5: bob buys the Q♣ for his flush with 1 against 0.
FIVE_ROUNDS = [
    pack([QUIET["ann"], QUIET["bob"]]),
    pack(["2H 4H 6H 8H TH", "2S 3D 4C 5S 7D"]),
    pack(["2S 4S 6S 8S 3D", "2H 4H 6C 8D TC"], "TS"),
    pack(["2S 4S 6S 8S TS", "2H 4H 6H 8H TH"]),
    pack(["2S 4S 6D 8D TC", "2C 4C 6C 8C 3D"], "QC"),
]


async def test_auction_a_game_of_five_rounds_with_every_way_a_round_ends(harness):
    d = await auction_table(harness, FIVE_ROUNDS)
    h = d.h
    while d.hand.round == 0:  # 42 cards, every one tied at 0
        await d.bids(ann="0", bob="0")
    assert [r.ended for r in d.hand.results] == ["deck_out", "dealt_flush"]
    rounds = d.field("Rounds")
    assert "1. the deck ran out: nobody scores" in rounds
    assert f"2. a flush dealt: <@{d.seat('ann')}> 2♥ 4♥ 6♥ 8♥ 10♥" in unfaced(rounds)
    assert cards_shown_in(rounds) == set(map(C.parse, "2H 4H 6H 8H TH".split()))
    # The last auction of round 1 stays on the table until round 3's first reveal.
    assert d.field("Bids shown, round 1").endswith(
        f"<@{d.seat('ann')}> 0 · <@{d.seat('bob')}> 0 → a tie for highest: nobody buys")
    await assert_audit_balances(h)
    await d.bids(ann="7", bob="4")  # round 3: the 10♠ makes ann's flush
    await d.bids(ann="0", bob="1")  # round 5 (round 4 was two dealt flushes)
    expected = {"ann": 190, "bob": 210}
    settlement, text = await assert_everything_agrees(d, "five_rounds", expected)
    assert [r.ended for r in settlement.rounds] == [
        "deck_out", "dealt_flush", "flush", "dealt_flush", "flush"]
    ann, bob = d.seat("ann"), d.seat("bob")
    assert settlement.scores == {ann: 9, bob: 10} and settlement.winners == (bob,)
    assert settlement.game_chips == {ann: 54, bob: 46}
    players = d.field("Players")
    for name, points, chips in (("ann", 9, 54), ("bob", 10, 46)):
        line = next(x for x in players.splitlines() if f"<@{d.seat(name)}>" in x)
        assert f"— {expected[name]} chips · {chips} game chips · **{points} points**" in line
    assert f"<@{ann}>: -10 → 190" in text and f"<@{bob}>: +10 → 210" in text
    assert f"<@{bob}> has the most points, 10 points, and takes the pot" in text
    listed, record = await assert_history_replays(d)
    assert "five_rounds: pot to" in listed and len(record["decks"]) == 5
    await assert_chips_conserved(h)
    d.scan()


async def test_auction_3_7_the_table_shows_who_has_bid_then_every_bid_at_once(harness):
    d = await auction_table(harness, quiet_packs(("ann", "bob", "cy")), ("ann", "bob", "cy"))
    ann, bob, cy = d.seat("ann"), d.seat("bob"), d.seat("cy")
    bob_view = await d.open_hand("bob")
    view = await d.bid("ann", "3")
    assert "Your bid for" in view.embed["description"] and "**3** (final)" in \
        view.embed["description"]
    line = next(x for x in d.field("Players").splitlines() if f"<@{ann}>" in x)
    assert "10 game chips" in line and "✅ has bid" in line  # never how much
    assert d.field("Bids shown, round 1") == "" and "Bank" in d.table_message().text()
    await d.bid("bob", "3", refresh=False)  # his view, opened before ann's bid, still bids
    assert d.view_of("bob").id == bob_view.id
    edits = len(d.table_message().versions)
    await d.bid("cy", "1")
    assert len(d.table_message().versions) == edits + 1  # the reveal is one edit
    shown = d.field("Bids shown, round 1")
    assert f"<@{ann}> 3 · <@{bob}> 3 · <@{cy}> 1 → a tie for highest: nobody buys" in shown
    assert d.field("Bids staying on the table") == f"<@{cy}> 1"
    assert d.field("Bank") == "6 game chips"
    assert d.hand.to_act() == (ann, bob)  # only the tied bid again (AUCTION-3.4)
    await d.bids(ann="0", bob="2")
    assert f"<@{ann}> 0 · <@{bob}> 2 → <@{bob}> buys" in d.field("Bids shown, round 1")
    assert d.field("Bank") == "9 game chips"
    chips = {s.id: s.game_chips for s in d.hand.public_view().seats}
    assert chips == {ann: 7, bob: 5, cy: 9}


async def test_an_amount_outside_the_range_is_refused_and_changes_nothing(harness):
    d = await auction_table(harness, quiet_packs())
    view = await d.open_hand("ann")
    amounts = [o["value"] for o in view.component(d.bid_control(view))["options"]]
    assert amounts == ["0", "1", "2", "3"]  # round 1: 0 to 3 (AUCTION-3.1)
    await d.h.click(d.user("ann"), view, d.bid_control(view), values=["9"], forged=True)
    reply = d.view_of("ann").text()
    # The engine's words, with the player named and no rule number (AUCTION-3.1).
    ann = d.seat("ann")
    assert f"<@{ann}> may bid 0 to 3, not 9" in reply and "AUCTION-" not in reply
    await d.h.click(d.user("ann"), view, d.bid_control(view), values=["x"], forged=True)
    assert "not a whole number of game chips" in d.view_of("ann").text()
    assert d.hand.seq == 0 and d.hand.to_act() == (d.seat("ann"), d.seat("bob"))
    d.scan()


async def test_a_time_out_bids_the_lowest_amount_for_that_seat_alone_then_away(harness):
    d = await auction_table(harness, quiet_packs())
    h, ann, bob = d.h, d.seat("ann"), d.seat("bob")
    await d.bid("ann", "2")
    await h.advance(TURN)  # bob's clock alone runs out: the least he may bid, 0
    first = d.hand.public_view().reveals[0]
    assert first.bids == ((ann, 2), (bob, 0)) and first.buyer == ann
    assert d.table.timeouts == {int(bob): 1}
    table = d.table
    for _ in range(10):  # nobody bids: both time out twice, then are played to the end
        if table.last_result is not None:
            break
        await h.advance(TURN)
    for name in ("ann", "bob"):
        await assert_played_out_as_away(d, name, table.last_result[1])


async def test_leaving_mid_game_bids_the_lowest_for_the_leaver(harness):
    d = await auction_table(harness, quiet_packs())
    h, bob = d.h, d.user("bob")
    await d.leave("bob")
    # bob's lowest bid is made at once each auction; ann plays on alone.
    table = d.table
    while table.last_result is None:
        await d.bid("ann", d.lowest("ann"))
    assert table.seat_of(bob.id) is None
    await assert_chips_conserved(h)
    d.scan()


async def test_a_restart_mid_game_keeps_the_old_views_working(tmp_path):
    async with Harness(database_path=tmp_path / "gff.sqlite3") as h:
        d = await auction_table(h, quiet_packs())
        old = await d.open_hand("bob")
        await d.bid("ann", "3")
        await h.restart()
        d.rehook()
        await d.bid("bob", "1", refresh=False)  # the view from before the restart
        assert d.view_of("bob").id == old.id
        reveal = d.hand.public_view().reveals[0]
        assert reveal.bids == ((d.seat("ann"), 3), (d.seat("bob"), 1))
        table = d.table
        while table.last_result is None:  # then both let time run out
            await h.advance(TURN)
        number, settlement = table.last_result
        await assert_stored_replays(h, table.id, number, settlement)
        await assert_chips_conserved(h)
        d.scan()


async def test_computer_players_bid_at_each_level(harness):
    d = await AuctionDriver.against_computers(
        harness, [list(p) for p in quiet_packs(("ann", "bob", "cy"))])
    await d.play_out(lambda hand: d.bid("ann", d.lowest("ann")), limit=3000)
    assert d.table.last_result[1].ended == "five_rounds"
    await assert_chips_conserved(harness)
    d.scan()


def cards(codes: str) -> set[int]:
    return {C.parse(code) for code in codes.split()}


async def test_auction_6_the_cards_shown_are_faces_and_the_bid_an_amount(harness):
    d = await auction_table(harness, quiet_packs())
    ann = d.seat("ann")
    view = await d.open_hand("ann")
    hand = d.hand.private_view(ann).hand
    up = set(d.hand.public_view().table)  # the card for sale (AUCTION-2.3)
    heading = view.embed["description"].splitlines()
    assert cards_shown_in(heading[0]) == cards(QUIET["ann"]) and heading[1] == C.labels(hand)
    assert cards_shown_in(view.embed["description"]) == cards(QUIET["ann"]) | up
    # The bid is game chips: a menu of amounts, no card buttons and no faces on it.
    assert card_buttons(view, "bid") == {}
    options = view.component(d.bid_control(view))["options"]
    assert [o["value"] for o in options] == ["0", "1", "2", "3"]
    assert not any("emoji" in o for o in options)
    assert cards_shown_in(d.table_message().embed["description"]) == up
    await d.bids(ann="3", bob="1")  # ann buys the card (AUCTION-3.3)
    shown = d.field("Bids shown, round 1")
    assert cards_shown_in(shown) == up
    assert unfaced(shown) == f"{C.labels(sorted(up))}: <@{ann}> 3 · <@{d.seat('bob')}> 1 → " \
        f"<@{ann}> buys"
    line = next(x for x in d.field("Players").splitlines() if f"<@{ann}>" in x)
    assert cards_shown_in(line) == up and f"bought {C.labels(sorted(up))}" in unfaced(line)
    assert cards_shown_in(d.table_message().embed["description"]) == set(
        d.hand.public_view().table)  # the next card up
    view = await d.bid("ann", "0")  # her hand now holds what she bought
    heading = next(x for x in view.embed["description"].splitlines() if x.startswith("# "))
    assert cards_shown_in(heading) == cards(QUIET["ann"]) | up


async def test_with_faces_off_the_auctions_cards_are_words(harness):
    d = await auction_table(harness, quiet_packs())
    ann, bob = d.seat("ann"), d.seat("bob")
    FACES.clear()  # as when the emojis could not be synced
    view = await d.open_hand("ann")
    up = d.hand.public_view().table
    assert view.embed["description"].startswith(f"# {C.labels(d.hand.private_view(ann).hand)}\n")
    await d.bids(ann="3", bob="1")
    assert "<:" not in d.table_message().text() and "<:" not in d.view_of("ann").text()
    assert d.field("Bids shown, round 1") == f"{C.labels(up)}: <@{ann}> 3 · <@{bob}> 1 → " \
        f"<@{ann}> buys"
    assert f"bought {C.labels(up)}" in next(
        x for x in d.field("Players").splitlines() if f"<@{ann}>" in x)
    assert f"Up for sale: **{C.labels(d.hand.public_view().table)}**" in (
        d.table_message().embed["description"])
