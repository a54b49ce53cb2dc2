"""The flush auction's rules (docs/rules/auction.md), each test named after the rule it checks,
on fixed packs."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from engine.auction.actions import Bid
from engine.auction.deal import AuctionDeal
from engine.auction.game import AUCTION
from engine.errors import EngineError
from tests.engine.decks import stacked_deck
from tests.engine.helpers import error, replay, table_record

FLUSHES = ["6S 7S 8S 9S TS", "6H 7H 8H 9H TH", "6C 7C 8C 9C TC"]
MIXED = ["AS 2H 3D 4C JD", "AH 2D 3C 4S QD", "AD 2C 3S 4H KD"]
THREE = [("a", 100), ("b", 100), ("c", 100)]  # dealer c: a, b, c is the dealing order


def dealt(*flushed: int, players: int = 3) -> list[str]:
    """A pack dealing a flush to the positions `flushed` (0: left of the dealer)."""
    return stacked_deck([FLUSHES[p] if p in flushed else MIXED[p] for p in range(players)])


def auction(seats, dealer, decks, actions=(), stake=5) -> dict:
    bids = [{"seat": s, "do": "bid", "amount": a} for s, a in actions]
    return table_record("auction", seats, stake, dealer=dealer, options={}, decks=decks,
                        actions=bids)


def deal_of(record: dict) -> AuctionDeal:
    return AUCTION.replay(AUCTION.parse_record(record))


def drive(record: dict, choose: Callable[[AuctionDeal, str], int], *, until_round: int = 6):
    """Play `record` on with `choose(deal, seat)` for every bid due, into the record."""
    deal = deal_of(record)
    while not deal.is_over and deal.round + 1 < until_round:
        for seat in deal.to_act():
            deal.apply(Bid(seat, choose(deal, seat)))
    record["actions"] = deal.record().to_json()["actions"]
    return deal


def lowest(deal: AuctionDeal, seat: str) -> int:
    return deal.limits(seat)[0]


# Round 1: a holds four spades and buys the six (AUCTION-4.1); then dealt flushes end
# rounds 2 to 5 for b; b and c; a; c.
ROUND_1_A_FLUSH = stacked_deck(["7S 8S 9S TS 5H", MIXED[1], MIXED[2]], "6S")
GAME_A = [ROUND_1_A_FLUSH, dealt(1), dealt(1, 2), dealt(0), dealt(2)]


def test_auction_5_a_whole_game_flushes_dealt_flushes_points_and_the_pot():
    answer = replay(auction(THREE, "c", GAME_A, [("a", 3), ("b", 0), ("c", 0)]))
    assert answer == {
        "ended": "five_rounds",
        "winners": ["c"],
        "stacks": {"a": 95, "b": 95, "c": 110},
        "eliminated": [],
        "scores": {"a": 6, "b": 4, "c": 8},
        "rounds": [
            {"ended": "flush", "winners": ["a"]},
            {"ended": "dealt_flush", "winners": ["b"]},
            {"ended": "dealt_flush", "winners": ["b", "c"]},
            {"ended": "dealt_flush", "winners": ["a"]},
            {"ended": "dealt_flush", "winners": ["c"]},
        ],
        "game_chips": {"a": 50, "b": 50, "c": 50},
    }


def test_auction_4_1_the_buyer_of_a_flush_takes_the_points_and_the_whole_bank():
    decks = [ROUND_1_A_FLUSH] + [dealt()] * 4
    deal = deal_of(auction(THREE, "c", decks, [("a", 3), ("b", 2), ("c", 1)]))
    assert deal.results == [("flush", ("a",))]
    assert deal.points == {"a": 1, "b": 0, "c": 0}
    assert deal.chips == {"a": 7 + 6 + 10, "b": 8 + 10, "c": 9 + 10}  # bank 6 to a
    assert deal.bank == 0
    assert deal.flushes[0] == ("a", tuple(range(5, 10)))  # 6S to TS are shown


def test_auction_3_7_the_worked_example():
    pack = stacked_deck(MIXED, "7H 8H")
    deal = deal_of(auction(THREE, "c", [pack] * 5, [("a", 3), ("b", 3), ("c", 1)]))
    assert deal.to_act() == ("a", "b")  # only the tied bid again (3.4)
    assert deal.public_view().standing_bids == (("c", 1),)
    assert deal.bank == 6 and len(deal.table) == 2
    deal.apply(Bid("a", 0))
    deal.apply(Bid("b", 2))
    assert deal.bank == 9
    assert deal.chips == {"a": 7, "b": 5, "c": 9}
    assert deal.bought["b"] == [19, 20]  # 7H and 8H
    assert deal.to_act() == ("a", "b", "c")  # 3.5: a new auction, everyone bids


def test_auction_3_4_a_bid_that_stayed_can_be_tied_and_then_bids_again():
    pack = stacked_deck(MIXED, "7H 8H")
    record = auction(THREE, "c", [pack] * 5, [("a", 3), ("b", 3), ("c", 1), ("a", 1), ("b", 0)])
    deal = deal_of(record)
    assert deal.to_act() == ("a", "c")
    assert deal.bank == 6 + 1 + 1
    assert deal.public_view().standing_bids == (("b", 0),)
    record["actions"].append({"seat": "b", "do": "bid", "amount": 0})
    found = error(record)
    assert (found["action"], found["code"]) == (5, "not_your_turn")
    assert "tied" in found["message"]


def test_auction_2_2_dealt_flushes_share_the_bank_odd_chip_from_the_dealers_left():
    record = auction(THREE, "c", [dealt()] + [dealt(0, 1)] + [dealt(2)] * 3)
    deal = drive(record, lambda d, s: 1 if d.next_card < 19 else 0)
    assert deal.results[0] == ("deck_out", ())
    assert deal.results[1] == ("dealt_flush", ("a", "b"))
    # Three cards at 1 each from everyone went to the bank: 9, shared 5 and 4; then c's
    # dealt flushes end rounds 3 to 5.
    assert deal.settlement.game_chips == {"a": 7 + 5 + 40, "b": 7 + 4 + 40, "c": 7 + 40}
    assert deal.points == {"a": 1, "b": 1, "c": 13}


def test_auction_4_3_deck_out_returns_the_bids_on_the_table_and_keeps_the_bank():
    def choose(deal: AuctionDeal, seat: str) -> int:
        if deal.next_card < 52:
            return 0
        return {"a": 2, "b": 2, "c": 1}[seat] if seat in deal.bidding.due else 0

    record = auction(THREE, "c", [dealt()] * 5)
    deal = drive(record, choose, until_round=2)
    assert deal.results[0] == ("deck_out", ())
    assert deal.bank == 4  # a's and b's tied 2s; c's 1 went home
    assert deal.chips == {"a": 8 + 10, "b": 8 + 10, "c": 10 + 10}
    assert deal.points == {"a": 0, "b": 0, "c": 0}
    assert sorted(deal.cards_in_play()) == list(range(52))


def test_auction_5_2_when_nobody_scores_everyone_shares_the_pot():
    record = auction([("a", 30), ("b", 9)], "b", [stacked_deck(MIXED[:2])] * 5, stake=4)
    drive(record, lowest)
    answer = replay(record)
    assert answer["rounds"] == [{"ended": "deck_out", "winners": []}] * 5
    assert answer["winners"] == ["a", "b"]
    assert answer["scores"] == {"a": 0, "b": 0}
    assert answer["stacks"] == {"a": 30, "b": 9}


def test_auction_3_1_the_round_limits_cut_to_what_a_player_holds():
    two = [("a", 50), ("b", 50)]  # dealer b: a is dealt first
    decks = [stacked_deck([FLUSHES[0], MIXED[1]])] + [stacked_deck(MIXED[:2])] * 4
    record = auction(two, "b", decks, [("a", 5), ("b", 5)] * 3 + [("a", 4), ("b", 4)])
    deal = deal_of(record)  # round 2 (2-5): 20 chips, 19 spent in ties
    assert deal.round == 1 and deal.chips == {"a": 1, "b": 1}
    assert deal.limits("a") == (1, 1)  # fewer than the minimum: bid all (3.1)
    with pytest.raises(EngineError) as refused:
        deal.check(Bid("a", 0))
    assert refused.value.code == "illegal_play" and "AUCTION-3.1" in refused.value.message
    assert deal.timeout_action("a") == Bid("a", 1)


@pytest.mark.parametrize(("amount", "code"), [(4, "illegal_play"), (-1, "illegal_play"),
                                              (2.5, "bad_record"), ("2", "bad_record"),
                                              (True, "bad_record"), (None, "bad_record")])
def test_auction_8_5_amounts_outside_the_range_or_not_whole(amount, code):
    record = auction(THREE, "c", GAME_A)
    record["actions"] = [{"seat": "a", "do": "bid", "amount": 1},
                         {"seat": "b", "do": "bid", "amount": amount}]
    found = error(record)
    assert (found["action"], found["code"]) == (1, code)


@pytest.mark.parametrize(
    ("bad", "code"),
    [
        ({"seat": "a", "do": "bid", "amount": 1}, "not_your_turn"),  # a has bid
        ({"seat": "short", "do": "bid", "amount": 1}, "not_your_turn"),  # not dealt in
        ({"seat": "zed", "do": "bid", "amount": 1}, "bad_record"),
        ({"seat": "b", "do": "pass"}, "bad_record"),
        ({"seat": "b", "do": "bid"}, "bad_record"),
        ("bid", "bad_record"),
    ],
)
def test_auction_8_5_a_refused_action_is_pinned_to_its_index(bad, code):
    record = auction([*THREE, ("short", 4)], "c", GAME_A, [("a", 1)])
    record["actions"].append(bad)
    found = error(record)
    assert (found["action"], found["code"]) == (1, code)


def test_auction_8_5_after_round_5_any_bid_is_wrong_phase_and_short_is_incomplete():
    record = auction(THREE, "c", GAME_A, [("a", 3), ("b", 0), ("c", 0), ("a", 0)])
    found = error(record)
    assert (found["action"], found["code"]) == (3, "wrong_phase")
    found = error(auction(THREE, "c", GAME_A, [("a", 3), ("b", 0)]))
    assert (found["action"], found["code"]) == (None, "incomplete")


@pytest.mark.parametrize(
    "change",
    [
        lambda r: r.update(decks=r["decks"][:4]),
        lambda r: r["decks"][2].__setitem__(0, r["decks"][2][1]),
        lambda r: r["decks"][1].pop(),
        lambda r: r.update(deck=r.pop("decks")[0]),
        lambda r: r.update(options={"limits": 1}),
        lambda r: r.update(dealer="short"),
        lambda r: r.update(seats=[{"id": "a", "stack": 9}, {"id": "c", "stack": 4}]),
        lambda r: r.update(seats=[{"id": f"s{i}", "stack": 9} for i in range(7)], dealer="s0"),
    ],
)
def test_auction_8_2_and_8_5_a_malformed_record_is_bad_record(change):
    record = auction([*THREE, ("short", 4)], "c", [list(d) for d in GAME_A])
    change(record)
    found = error(record)
    assert (found["action"], found["code"]) == (None, "bad_record")


def test_auction_6_a_sealed_bid_is_private_until_the_last_bid_due():
    def after(amount: int) -> AuctionDeal:
        return deal_of(auction(THREE, "c", GAME_A, [("b", amount)]))

    low, high = after(0), after(3)
    assert low.public_view() == high.public_view()  # neither chips nor anything shows it
    assert high.private_view("b").bid == 3 and high.private_view("b").game_chips == 7
    assert high.private_view("a").bid is None
    assert [s.has_bid for s in high.public_view().seats] == [False, True, False]
    assert high.private_view("a").hand != high.private_view("b").hand
    high.apply(Bid("a", 1))
    high.apply(Bid("c", 1))
    assert high.public_view().reveals[0].bids == (("a", 1), ("b", 3), ("c", 1))


def test_g3_4_sealed_round_seat_seq_changes_only_with_the_seats_own_bid_or_a_reveal():
    deal = deal_of(auction(THREE, "c", GAME_A))
    before = {seat: deal.seat_seq(seat) for seat in "abc"}
    deal.apply(Bid("b", 1))
    assert deal.seat_seq("a") == before["a"] and deal.seat_seq("c") == before["c"]
    assert deal.seat_seq("b") != before["b"]
    deal.apply(Bid("a", 1))
    deal.apply(Bid("c", 0))
    assert all(deal.seat_seq(seat) > deal.seat_seq("b") - 1 for seat in "ac")
    assert deal.seat_seq("a") not in (before["a"], before["a"] + 1)


def test_auction_a_played_game_replays_to_the_same_result_and_keeps_each_pack():
    rng = random.Random(7)
    for players in (2, 6):
        decks = [rng.sample(range(52), 52) for _ in range(5)]
        seats = [(f"p{i}", 40) for i in range(players)]
        deal = AUCTION.start(seats=seats, stake=5, dealer="p0", deck_or_decks=decks)
        while not deal.is_over:
            assert sorted(deal.cards_in_play()) == list(range(52))
            deal.apply(AUCTION.simulation_action(deal, rng))
        assert sorted(deal.cards_in_play()) == list(range(52))
        again = replay(deal.record().to_json())
        assert again == deal.settlement.to_result()
        assert sum(again["stacks"].values()) == 40 * players
