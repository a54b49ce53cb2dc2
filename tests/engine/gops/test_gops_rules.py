"""Gops's rules (docs/rules/gops.md), each test named after the rule it checks, on fixed decks."""

from __future__ import annotations

import random

import pytest

from engine import cards as C
from engine.errors import EngineError
from engine.gops.actions import Bid
from engine.gops.game import GOPS
from tests.engine.helpers import error, replay, table_record

RANKS = "A23456789TJQK"
SUIT_CODES = "SHC"  # GOPS-1.2: from the dealer's left, spades, hearts, clubs, then again

# GOPS-3.5: round 1 is K♦; then the prizes below, each won as `WINNER` says, with bids by rank.
EXAMPLE_PRIZES = "KD 2D 7D 4D AD JD 6D TD 8D 9D 3D QD 5D".split()
EXAMPLE_BIDS = [  # ranks bid by a, b, c, round by round
    (9, 9, 2), (1, 1, 3), (3, 2, 1), (2, 3, 4), (4, 4, 5), (7, 5, 6), (5, 6, 7),
    (6, 10, 8), (8, 11, 9), (10, 12, 10), (11, 13, 11), (13, 7, 12), (12, 8, 13),
]
THREE = [("a", 100), ("b", 100), ("c", 100)]


def suits(seats, dealer) -> dict[str, str]:
    ids = [seat for seat, _ in seats]
    at = ids.index(dealer)
    order = ids[at + 1 :] + ids[: at + 1]
    return {seat: SUIT_CODES[i % 3] for i, seat in enumerate(order)}


def gops(seats, dealer, rounds, *, deck=EXAMPLE_PRIZES, stake=5, players=None) -> dict:
    """A Gops record; `rounds` holds, per round, the ranks bid by `players` (default: all)."""
    playing = players or [seat for seat, _ in seats]
    suit = suits([(s, 0) for s in playing], dealer) if dealer in playing else {}
    actions = [
        {"seat": seat, "do": "bid", "card": RANKS[rank - 1] + suit[seat]}
        for ranks in rounds
        for seat, rank in zip(playing, ranks, strict=True)
    ]
    return table_record("gops", seats, stake, dealer=dealer, options={}, deck=list(deck),
                        actions=actions)


def test_gops_3_5_the_worked_example():
    answer = replay(gops(THREE, "c", EXAMPLE_BIDS))
    assert answer == {
        "ended": "all_prizes",
        "winners": ["a", "b"],
        "stacks": {"a": 103, "b": 102, "c": 95},
        "eliminated": [],
        "scores": {"a": 30, "b": 30, "c": 18},
    }


def test_gops_2_3_a_tie_for_highest_discards_the_prize_whatever_the_lower_bids():
    deal = GOPS.deal(GOPS.parse_record(gops(THREE, "c", [])))
    for seat, card in (("a", "9S"), ("b", "9H"), ("c", "2C")):
        deal.apply(Bid(seat, C.parse(card)))
    assert deal.discarded == [C.parse("KD")]
    assert deal.scores() == {"a": 0, "b": 0, "c": 0}
    assert deal.public_view().rounds[0].winner is None


def test_gops_3_3_odd_chips_go_first_to_the_left_of_the_dealer():
    # Dealer a: b is first on the dealer's left, so b takes the odd chip of 15.
    answer = replay(gops(THREE, "a", EXAMPLE_BIDS))
    assert answer["winners"] == ["a", "b"]
    assert answer["stacks"] == {"a": 102, "b": 103, "c": 95}


def test_gops_3_3_when_every_prize_is_discarded_everyone_ties_at_0_and_shares():
    rounds = [(r, r, r) for r in range(1, 14)]
    answer = replay(gops(THREE, "c", rounds, stake=7))
    assert answer["winners"] == ["a", "b", "c"]
    assert answer["scores"] == {"a": 0, "b": 0, "c": 0}
    assert answer["stacks"] == {"a": 100, "b": 100, "c": 100}


def test_gops_3_1_a_single_highest_score_takes_the_whole_pot():
    # a wins the first prize with its king; b and c tie above a in every later round.
    rounds = [(13, 1, 1)] + [(k - 1, k, k) for k in range(2, 14)]
    answer = replay(gops(THREE, "c", rounds))
    assert answer["winners"] == ["a"]
    assert answer["stacks"] == {"a": 110, "b": 95, "c": 95}


def test_gops_1_2_with_four_players_the_fourth_holds_spades_of_a_second_pack():
    four = [("a", 50), ("b", 50), ("c", 50), ("d", 50)]
    assert suits(four, "a") == {"b": "S", "c": "H", "d": "C", "a": "S"}
    deal = GOPS.deal(GOPS.parse_record(gops(four, "a", [])))
    deal.apply(Bid("b", C.parse("AS")))
    deal.apply(Bid("a", C.parse("AS")))  # each hand is its own
    assert deal.to_act() == ("c", "d")


def test_gops_6_2_seats_short_of_the_stake_sit_out_keep_their_stack_and_are_eliminated():
    seats = [("a", 100), ("b", 4), ("c", 100), ("d", 100)]
    rounds = [(r, r, r) for r in range(1, 14)]
    record = gops(seats, "d", rounds, players=["a", "c", "d"])
    answer = replay(record)
    assert answer["stacks"] == {"a": 100, "b": 4, "c": 100, "d": 100}
    assert answer["eliminated"] == ["b"]
    assert set(answer["scores"]) == {"a", "c", "d"}
    record["actions"].insert(0, {"seat": "b", "do": "bid", "card": "AS"})
    assert error(record)["code"] == "not_your_turn"


def test_gops_3_4_a_seat_left_below_the_stake_is_eliminated():
    seats = [("a", 100), ("b", 5), ("c", 100)]
    answer = replay(gops(seats, "c", EXAMPLE_BIDS, stake=5))
    assert answer["stacks"]["c"] == 95
    record = gops([("a", 100), ("b", 100), ("c", 5)], "a", EXAMPLE_BIDS)
    assert replay(record)["eliminated"] == ["c"]


def test_gops_2_5_the_13th_round_is_still_a_bid_and_stopping_short_is_incomplete():
    record = gops(THREE, "c", EXAMPLE_BIDS)
    record["actions"].pop()
    assert error(record) == {
        "action": None, "code": "incomplete", "message": error(record)["message"]
    }


@pytest.mark.parametrize(
    ("bad", "code"),
    [
        ({"seat": "a", "do": "bid", "card": "KS"}, "not_your_turn"),  # a has bid this round
        ({"seat": "b", "do": "bid", "card": "KS"}, "card_not_in_hand"),  # b holds hearts
        ({"seat": "b", "do": "bid", "card": "KD"}, "card_not_in_hand"),  # a prize
        ({"seat": "zed", "do": "bid", "card": "KH"}, "bad_record"),
        ({"seat": "b", "do": "play", "card": "KH"}, "bad_record"),
        ({"seat": "b", "do": "bid", "card": "1H"}, "bad_record"),
        ({"seat": "b", "do": "bid"}, "bad_record"),
        (["b", "bid", "KH"], "bad_record"),
    ],
)
def test_gops_6_5_a_refused_bid_is_pinned_to_its_index(bad, code):
    record = gops(THREE, "c", [(9, 9, 2)])
    record["actions"].insert(1, bad)
    assert error(record)["action"] == 1
    assert error(record)["code"] == code


def test_gops_2_4_a_card_already_played_is_not_in_hand():
    record = gops(THREE, "c", [(9, 9, 2), (9, 1, 1)])
    found = error(record)
    assert (found["action"], found["code"]) == (3, "card_not_in_hand")
    assert "already played" in found["message"]


def test_gops_6_5_any_bid_after_the_13th_round_is_wrong_phase():
    record = gops(THREE, "c", EXAMPLE_BIDS)
    record["actions"].append({"seat": "a", "do": "bid", "card": "KS"})
    assert error(record) == {"action": 39, "code": "wrong_phase",
                             "message": error(record)["message"]}


@pytest.mark.parametrize(
    "change",
    [
        lambda r: r.update(deck=r["deck"][:12]),
        lambda r: r.update(deck=r["deck"][:12] + ["KS"]),
        lambda r: r.update(deck=r["deck"][:12] + ["KD"]),
        lambda r: r.update(options={"turn": 30}),
        lambda r: r.update(dealer="zed"),
        lambda r: r.update(stake=0),
        lambda r: r.pop("deck"),
        lambda r: r.update(seats=[{"id": "a", "stack": 100}, {"id": "b", "stack": 3},
                                  {"id": "c", "stack": 3}]),
        lambda r: r.update(seats=[{"id": "a", "stack": 100}, {"id": "b", "stack": 100},
                                  {"id": "c", "stack": 3}]),  # the dealer c is short
        lambda r: r.update(seats=[{"id": f"s{i}", "stack": 9} for i in range(7)],
                           dealer="s0"),
    ],
)
def test_gops_6_2_and_6_5_a_malformed_record_is_bad_record_with_no_action(change):
    record = gops(THREE, "c", EXAMPLE_BIDS)
    change(record)
    found = error(record)
    assert (found["action"], found["code"]) == (None, "bad_record")


def test_gops_6_2_seven_seats_with_six_dealt_in_is_a_game():
    seats = [(f"s{i}", 9 if i else 2) for i in range(7)]
    record = gops(seats, "s1", [], players=[f"s{i}" for i in range(1, 7)])
    deal = GOPS.replay(GOPS.parse_record(record))
    assert len(deal.dealt_in()) == 6


def test_gops_4_a_bid_stays_private_until_the_last_bid_of_its_round():
    deal = GOPS.deal(GOPS.parse_record(gops(THREE, "c", [])))
    deal.apply(Bid("b", C.parse("QH")))
    public = deal.public_view()
    other = GOPS.deal(GOPS.parse_record(gops(THREE, "c", [])))
    other.apply(Bid("b", C.parse("2H")))
    assert other.public_view() == public  # nothing public depends on the bid's card
    assert [s.has_bid for s in public.seats] == [False, True, False]
    assert deal.private_view("b").bid == C.parse("QH")
    assert deal.private_view("a").bid is None
    deal.apply(Bid("a", C.parse("2S")))
    deal.apply(Bid("c", C.parse("3C")))
    revealed = deal.public_view().rounds[0]
    assert dict(revealed.bids) == {"a": C.parse("2S"), "b": C.parse("QH"), "c": C.parse("3C")}
    assert revealed.winner == "b"


def test_g3_4_sealed_round_to_act_and_seat_seq_change_only_for_the_bidder():
    deal = GOPS.deal(GOPS.parse_record(gops(THREE, "c", [])))
    assert deal.to_act() == ("a", "b", "c")
    before = {seat: deal.seat_seq(seat) for seat in "abc"}
    deal.apply(Bid("b", C.parse("QH")))
    assert deal.to_act() == ("a", "c")
    assert deal.seat_seq("a") == before["a"] and deal.seat_seq("c") == before["c"]
    assert deal.seat_seq("b") != before["b"]
    assert deal.legal_actions("b") == ()
    deal.apply(Bid("a", C.parse("2S")))
    deal.apply(Bid("c", C.parse("3C")))
    assert all(deal.seat_seq(seat) > max(before.values()) + 1 for seat in "abc")
    with pytest.raises(EngineError) as refused:
        deal.check(Bid("b", C.parse("QH")))
    assert refused.value.code == "card_not_in_hand"


def test_gops_5_1_a_timed_out_seat_bids_its_lowest_card():
    deal = GOPS.deal(GOPS.parse_record(gops(THREE, "c", [(1, 2, 3)])))
    deal.apply(Bid("a", C.parse("AS")))
    deal.apply(Bid("b", C.parse("AH")))
    deal.apply(Bid("c", C.parse("AC")))
    assert deal.timeout_action("a") == Bid("a", C.parse("2S"))


def test_gops_a_played_game_replays_to_the_same_result_and_keeps_the_prizes():
    rng = random.Random(11)
    for players in (2, 4, 6):
        deck = rng.sample(EXAMPLE_PRIZES, 13)
        seats = [(f"p{i}", 60 + i) for i in range(players)]
        deal = GOPS.start(seats=seats, stake=5, dealer="p1",
                          deck_or_decks=[C.parse(c) for c in deck])
        while not deal.is_over:
            assert sorted(deal.cards_in_play()) == sorted(GOPS.info.pack)
            deal.apply(GOPS.simulation_action(deal, rng))
        assert deal.seq == 13 * players
        again = replay(deal.record().to_json())
        assert again == deal.settlement.to_result()
        assert sum(again["stacks"].values()) == sum(s for _, s in seats)
