"""Concentration's rules (docs/rules/concentration.md), each test named after the rule it
checks, on fixed layouts."""

from __future__ import annotations

import json
import random

import pytest

from engine import cards as C
from engine.concentration.actions import Flip
from engine.concentration.game import CONCENTRATION
from engine.errors import EngineError
from engine.replay import run
from engine.simulate import simulate
from tests.engine.helpers import error as refused
from tests.engine.helpers import replay as answer
from tests.engine.helpers import table_record

# Positions 2i and 2i+1 hold a pair of one rank and one colour: for rank r, pair 2r is
# (r♠, r♣) and pair 2r+1 is (r♥, r♦). So position 26 is the 7♥ and 30 the 8♥.
PAIRED = [
    code
    for rank in C.RANKS
    for pair in (("S", "C"), ("H", "D"))
    for code in (rank + pair[0], rank + pair[1])
]
THREE = [("a", 100), ("b", 100), ("c", 100)]


def record(seats, dealer, flips, *, deck=PAIRED, stake=5, options=None) -> dict:
    return table_record(
        "concentration", seats, stake, dealer=dealer,
        options={"match": "rank"} if options is None else options, deck=list(deck),
        actions=[{"seat": seat, "do": "flip", "pos": pos} for seat, pos in flips],
    )


def takes(seat: str, positions) -> list[tuple[str, int]]:
    return [(seat, pos) for pos in positions]


def deal_of(data: dict):
    return CONCENTRATION.replay(CONCENTRATION.parse_record(data))


# CONC-3.4's example: a takes 13 pairs, misses, and b takes the other 13.
EXAMPLE = takes("a", range(26)) + [("a", 26), ("a", 30)] + takes("b", range(26, 52))


# -- 1: cards and matching --------------------------------------------------------------


def test_conc_1_1_the_deck_is_the_whole_pack_each_card_once():
    data = record(THREE, "c", EXAMPLE)
    data["deck"] = data["deck"][:51]
    error = refused(data)
    assert (error["code"], error["action"]) == ("bad_record", None)
    data["deck"] = PAIRED[:51] + ["AS"]
    assert refused(data)["code"] == "bad_record"


def test_conc_1_3_rank_match_pairs_any_two_suits_and_colour_needs_one_colour():
    swapped = list(PAIRED)
    swapped[1], swapped[2] = swapped[2], swapped[1]  # positions 0, 1: A♠ A♥
    rank = deal_of(record(THREE, "c", [("a", 0), ("a", 1)], deck=swapped))
    assert rank.pairs["a"] == [(C.parse("AS"), C.parse("AH"))] and rank.current == "a"
    colour = deal_of(record(THREE, "c", [("a", 0), ("a", 1)], deck=swapped,
                            options={"match": "colour"}))
    assert colour.pairs["a"] == [] and colour.current == "b"
    black = deal_of(record(THREE, "c", [("a", 0), ("a", 2)], deck=swapped,
                           options={"match": "colour"}))
    assert black.pairs["a"] == [(C.parse("AS"), C.parse("AC"))]


def test_conc_5_1_match_is_rank_when_the_option_is_absent():
    swapped = list(PAIRED)
    swapped[1], swapped[2] = swapped[2], swapped[1]
    deal = deal_of(record(THREE, "c", [("a", 0), ("a", 1)], deck=swapped, options={}))
    assert deal.match == "rank" and len(deal.pairs["a"]) == 1


# -- 2: turns --------------------------------------------------------------------------


def test_conc_2_1_the_player_left_of_the_dealer_starts():
    assert deal_of(record(THREE, "b", [])).to_act() == ("c",)


def test_conc_2_3_a_match_keeps_the_turn_and_a_miss_passes_it_left():
    deal = deal_of(record(THREE, "c", [("a", 0), ("a", 1), ("a", 2)]))
    assert deal.to_act() == ("a",) and deal.first == 2
    deal.apply(Flip("a", 4))  # A♥ then 2♠: a miss, both face down again
    assert deal.to_act() == ("b",) and deal.face_down >= {2, 4}


def test_conc_2_3_the_turn_skips_seats_not_dealt_in():
    seats = [("a", 100), ("x", 4), ("b", 100)]
    deal = deal_of(record(seats, "b", [("a", 0), ("a", 4)]))  # A♠ then 2♠: a miss
    assert deal.to_act() == ("b",)


def test_conc_2_4_the_last_pairs_flip_ends_the_game_and_any_flip_after_is_wrong_phase():
    error = refused(record(THREE, "c", EXAMPLE + [("c", 0)]))
    assert (error["code"], error["action"]) == ("wrong_phase", len(EXAMPLE))


# -- 3: the end and chips ------------------------------------------------------------------


def test_conc_3_4_worked_example_tied_most_pairs_share_the_odd_chip_left_of_the_dealer():
    assert answer(record(THREE, "c", EXAMPLE)) == {
        "ended": "cleared",
        "winners": ["a", "b"],
        "stacks": {"a": 103, "b": 102, "c": 95},
        "eliminated": [],
        "scores": {"a": 13, "b": 13, "c": 0},
    }


def test_conc_3_3_the_most_pairs_takes_the_whole_pot():
    flips = takes("a", range(20)) + [("a", 20), ("a", 24)] + takes("b", range(20, 52))
    result = answer(record(THREE, "c", flips))
    assert result["winners"] == ["b"] and result["scores"] == {"a": 10, "b": 16, "c": 0}
    assert result["stacks"] == {"a": 95, "b": 110, "c": 95}


def test_conc_3_3_odd_chips_go_from_the_dealers_left_whatever_the_seat_order():
    # Dealer a: b is first from the dealer's left, so the odd chip is b's, not a's.
    flips = takes("b", range(26)) + [("b", 26), ("b", 30)] + takes("c", range(26, 52))
    result = answer(record(THREE, "a", flips, stake=5))
    assert result["winners"] == ["b", "c"]
    assert result["stacks"] == {"a": 95, "b": 103, "c": 102}


def test_conc_3_5_a_seat_below_s_after_the_game_is_eliminated_and_one_not_dealt_in_too():
    seats = [("a", 5), ("b", 5), ("c", 100), ("x", 3)]
    result = answer(record(seats, "c", EXAMPLE))
    assert result["stacks"] == {"a": 8, "b": 7, "c": 95, "x": 3}
    assert result["eliminated"] == ["x"]
    seats = [("a", 100), ("b", 100), ("c", 7)]
    assert answer(record(seats, "c", EXAMPLE))["eliminated"] == ["c"]  # 7 - 5 = 2 < 5


# -- 5, 6: options, record, errors ------------------------------------------------------


@pytest.mark.parametrize("options", [{"pairs": 2}, {"match": "suit"}, {"match": None}, []])
def test_conc_5_1_an_unknown_option_or_match_value_is_bad_record(options):
    error = refused(record(THREE, "c", EXAMPLE, options=options))
    assert (error["code"], error["action"]) == ("bad_record", None)


def test_conc_5_2_time_out_flips_the_lowest_face_down_position_it_may():
    deal = deal_of(record(THREE, "c", [("a", 0), ("a", 1)]))
    assert deal.timeout_action("a") == Flip("a", 2)
    deal.apply(Flip("a", 2))
    assert deal.timeout_action("a") == Flip("a", 3)  # not 2, this turn's first


@pytest.mark.parametrize(
    "seats, dealer",
    [
        ([("a", 100), ("b", 4)], "a"),  # one dealt in
        ([("a", 100), ("b", 100), ("c", 4)], "c"),  # the dealer is not dealt in
        ([(f"p{i}", 100) for i in range(7)], "p0"),  # seven dealt in
    ],
)
def test_conc_6_2_two_to_six_dealt_in_and_the_dealer_among_them(seats, dealer):
    error = refused(record(seats, dealer, []))
    assert (error["code"], error["action"]) == ("bad_record", None)


def test_conc_6_2_six_dealt_in_and_more_seats_short_of_the_stake_is_a_record():
    seats = [(f"p{i}", 100) for i in range(6)] + [("x", 1), ("y", 0)]
    flips = takes("p0", range(52))
    result = answer(record(seats, "p5", flips))
    assert result["winners"] == ["p0"] and result["stacks"]["p0"] == 125


@pytest.mark.parametrize(
    "action",
    [
        {"seat": "a", "do": "flip", "pos": "3"},
        {"seat": "a", "do": "flip", "pos": 3.0},
        {"seat": "a", "do": "flip", "pos": False},
        {"seat": "a", "do": "flip"},
        {"seat": "a", "do": "draw", "pos": 3},
        {"seat": "nobody", "do": "flip", "pos": 3},
        "flip 3",
    ],
)
def test_conc_6_5_a_malformed_action_is_bad_record_at_its_index(action):
    data = record(THREE, "c", [("a", 0)])
    data["actions"].append(action)
    error = refused(data)
    assert (error["code"], error["action"]) == ("bad_record", 1)


def test_conc_6_5_a_flip_by_anyone_but_the_player_to_act_is_not_your_turn():
    error = refused(record(THREE, "c", [("a", 0), ("b", 1)]))
    assert (error["code"], error["action"]) == ("not_your_turn", 1)
    seats = THREE + [("x", 1)]
    error = refused(record(seats, "c", [("x", 0)]))
    assert (error["code"], error["action"]) == ("not_your_turn", 0)


@pytest.mark.parametrize(
    "flips, why",
    [
        ([("a", 52)], "0 to 51"),
        ([("a", -1)], "0 to 51"),
        ([("a", 0), ("a", 1), ("a", 1)], "taken"),
        ([("a", 0), ("a", 0)], "first"),
    ],
)
def test_conc_6_5_outside_the_layout_taken_or_the_first_card_again_is_illegal_play(flips, why):
    error = refused(record(THREE, "c", flips))
    assert (error["code"], error["action"]) == ("illegal_play", len(flips) - 1)
    assert why in error["message"]


def test_conc_6_5_the_check_order_is_wrong_phase_then_not_your_turn_then_the_position():
    error = refused(record(THREE, "c", [("b", 99)]))
    assert error["code"] == "not_your_turn"
    error = refused(record(THREE, "c", EXAMPLE + [("a", 99)]))
    assert error["code"] == "wrong_phase"


def test_conc_6_5_actions_that_stop_before_the_last_pair_are_incomplete():
    error = refused(record(THREE, "c", EXAMPLE[:-1]))
    assert (error["code"], error["action"]) == ("incomplete", None)


def test_conc_a_refused_flip_changes_nothing():
    deal = deal_of(record(THREE, "c", [("a", 0)]))
    before = (deal.seq, deal.first, set(deal.face_down), list(deal.shown), deal.turn)
    for flip in (Flip("a", 0), Flip("b", 1), Flip("a", 60)):
        with pytest.raises(EngineError):
            deal.apply(flip)
    assert (deal.seq, deal.first, set(deal.face_down), list(deal.shown), deal.turn) == before


# -- 2.5, 4: what everyone sees ---------------------------------------------------------------


def test_conc_2_5_the_public_view_shows_this_turns_flips_only_never_earlier_ones():
    deal = deal_of(record(THREE, "c", [("a", 0), ("a", 1), ("a", 2), ("a", 4)]))
    view = deal.public_view()
    # a's miss stays shown until the next flip, then it is gone from every view.
    assert view.shown == ((2, C.parse("AH")), (4, C.parse("2S"))) and view.turn == "b"
    deal.apply(Flip("b", 6))
    view = deal.public_view()
    assert view.shown == ((6, C.parse("2H")),) and view.first == 6 and view.shown_by == "b"
    assert view.gone == frozenset({0, 1})
    assert [len(s.pairs) for s in view.seats] == [1, 0, 0]
    shown_cards = {card for _, card in view.shown} | {
        card for seat in view.seats for pair in seat.pairs for card in pair
    }
    assert C.parse("AH") not in shown_cards and C.parse("2S") not in shown_cards
    assert deal.private_view("a").public == view


# -- replay and simulation ------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_conc_a_played_games_record_replays_to_the_same_result(seed):
    rng = random.Random(seed)
    deck = list(C.DECK)
    rng.shuffle(deck)
    seats = [(f"p{i}", 50) for i in range(2 + seed)]
    options = {"match": "colour" if seed % 2 else "rank"}
    deal = CONCENTRATION.start(seats=seats, stake=5, dealer="p1", deck_or_decks=deck,
                               options=options)
    players = {seat: CONCENTRATION.strategies["easy" if seed % 2 else "random"]()
               for seat, _ in seats}
    while not deal.is_over:
        seat = deal.to_act()[0]
        deal.apply(players[seat](deal.private_view(seat), rng))
    result, status = run(json.dumps(deal.record().to_json()))
    assert status == 0 and result == deal.settlement.to_result()
    assert sum(result["scores"].values()) == 26
    assert sorted(deal.cards_in_play()) == list(C.DECK)


def test_conc_simulation_conserves_chips_and_cards():
    ended = simulate(60, 4, 5, "concentration")
    assert ended == {"cleared": 60}
