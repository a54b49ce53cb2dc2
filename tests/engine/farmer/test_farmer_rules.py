"""Farmer's rules (docs/rules/farmer.md), each test named after the rule it checks."""

from __future__ import annotations

import json

import pytest

from engine import cards as C
from engine.farmer.actions import HIT, STAY, FarmerAction
from engine.farmer.game import FARMER
from engine.farmer.info import PACK
from engine.replay import run
from tests.engine.helpers import error, replay, table_record


def deck(face_down: str, stock: str = "") -> list[str]:
    """The face-down cards in deal order (from the farmer's left), then the stock's top."""
    order = (face_down + " " + stock).split()
    rest = [C.code(c) for c in PACK if C.code(c) not in {C.code(C.parse(x)) for x in order}]
    return order + rest


def farmer(seats, dealer, face_down, stock="", actions=(), stake=3, carry=None, **extra):
    data = table_record("farmer", seats, stake, dealer=dealer, options={},
                        deck=deck(face_down, stock), actions=list(actions), **extra)
    if carry is not None:
        data["carry"] = {"farm": carry}
    return data


def plays(*moves: str) -> list[dict]:
    """`"a:hit"`-style moves as record actions."""
    return [{"seat": m.split(":")[0], "do": m.split(":")[1]} for m in moves]


FIVE = [("a", 60), ("b", 60), ("c", 60), ("d", 60), ("e", 60)]
THREE = [("a", 30), ("b", 30), ("c", 30)]
ONE_HIT_EACH = plays("a:hit", "a:stay", "b:hit", "b:stay", "c:hit", "c:stay")


def test_farmer_1_1_the_pack_is_45_cards_with_the_six_of_hearts():
    codes = {C.code(c) for c in PACK}
    assert len(PACK) == 45 and "6H" in codes
    assert not codes & {"8S", "8H", "8D", "8C", "6S", "6D", "6C"}


def test_farmer_1_1_a_deck_with_an_eight_is_a_bad_record():
    record = farmer(FIVE, "e", "KS KH QS 2S 3S")
    record["deck"][-1] = "8S"
    assert error(record)["code"] == "bad_record"


def test_farmer_5_2_the_pages_worked_example():
    # S = 3, carry 4, farmer E: A 15, B 15, C 12, D bust, E bust.
    record = farmer(
        FIVE, "e", "KS KH QS TS TH", "5S 5H 2S 7S 9S 9H",
        plays("a:hit", "a:stay", "b:hit", "b:stay", "c:hit", "c:stay",
              "d:hit", "d:stay", "e:hit", "e:stay"),
        carry=4,
    )
    answer = replay(record)
    assert answer == {
        "ended": "closest",
        "winners": ["a", "b"],
        "stacks": {"a": 58, "b": 58, "c": 54, "d": 54, "e": 60},
        "eliminated": [],
        "farm_winner": None,
        "totals": {"a": 15, "b": 15, "c": 12, "d": 17, "e": 19},
        "busted": ["d", "e"],
        "carry": {"farm": 20},
        "next_farmer": "e",
    }


def test_farmer_5_2_every_farm_chip_is_paid_by_a_seat():
    record = farmer(FIVE, "e", "KS KH QS TS TH", "5S 5H 2S 7S 9S 9H",
                    plays("a:hit", "a:stay", "b:hit", "b:stay", "c:hit", "c:stay",
                          "d:hit", "d:stay", "e:hit", "e:stay"), carry=4)
    deal = FARMER.replay(FARMER.parse_record(record))
    into_farm = [t for t in deal.settlement.transfers if t.target == "pot:farm"]
    assert all(t.source.startswith("seat:") for t in into_farm)
    assert ("seat:c", "pot:farm", 1) in [(t.source, t.target, t.amount) for t in into_farm]


def test_farmer_5_1_a_single_sixteen_takes_the_whole_farm_and_no_side_payments():
    # a: K + 6H = 16; b: 9 + 4 = 13; c (farmer): 5 + 3 = 8.
    record = farmer(THREE, "c", "KS 9S 5S", "6H 4S 3S", ONE_HIT_EACH, carry=10)
    answer = replay(record)
    assert answer["ended"] == "sixteen" and answer["winners"] == ["a"]
    assert answer["farm_winner"] == "a"
    assert answer["stacks"] == {"a": 27 + 19, "b": 27, "c": 27}
    assert answer["carry"] == {"farm": 0}
    assert answer["next_farmer"] == "a"


def test_farmer_5_1_a_tie_on_sixteen_goes_to_the_holder_of_the_six_of_hearts():
    # a: K + 6H = 16; b: 9 + 7 = 16, also in two cards.
    record = farmer(THREE, "c", "KS 9S 5S", "6H 7S 3S", ONE_HIT_EACH)
    answer = replay(record)
    assert answer["totals"] == {"a": 16, "b": 16, "c": 8}
    assert answer["farm_winner"] == "a"


def test_farmer_5_1_b_then_fewest_cards():
    # a: 9 + 3 + 4 = 16 (3 cards); b: 9 + 7 = 16 (2 cards).
    record = farmer(THREE, "c", "9S 9H 5S", "3S 4S 7S 2S",
                    plays("a:hit", "a:hit", "a:stay", "b:hit", "b:stay", "c:hit", "c:stay"))
    answer = replay(record)
    assert answer["totals"] == {"a": 16, "b": 16, "c": 7}
    assert answer["farm_winner"] == "b"


def test_farmer_5_1_c_among_the_fewest_the_farmer():
    # a: 9 + 7 = 16; b: 5 + 2 = 7; c (farmer): 9 + 7 = 16, as few cards as a.
    record = farmer(THREE, "c", "9S 5S 9H", "7S 2S 7H", ONE_HIT_EACH)
    answer = replay(record)
    assert answer["totals"] == {"a": 16, "b": 7, "c": 16}
    assert answer["farm_winner"] == "c" and answer["next_farmer"] == "c"


def test_farmer_5_1_d_otherwise_the_first_from_the_farmers_left():
    record = farmer(THREE, "a", "9S 9H 5S", "7S 7H 2S",
                    plays("b:hit", "b:stay", "c:hit", "c:stay", "a:hit", "a:stay"))
    # Deal order from a's left: b, c, a. b: 9 + 7, c: 9 + 7, a: 5 + 2.
    answer = replay(record)
    assert answer["totals"] == {"a": 7, "b": 16, "c": 16}
    assert answer["farm_winner"] == "b"


def test_farmer_5_2_with_several_on_c_and_none_below_nothing_is_paid():
    seats = [("a", 30), ("b", 30)]
    record = farmer(seats, "b", "9S 9H", "3S 3H",
                    plays("a:hit", "a:stay", "b:hit", "b:stay"), carry=1)
    answer = replay(record)
    assert answer["ended"] == "closest" and answer["winners"] == ["a", "b"]
    assert answer["stacks"] == {"a": 27, "b": 27} and answer["carry"] == {"farm": 7}


def test_farmer_5_3_all_bust_the_farm_stays_and_busts_pay_the_farmer():
    record = farmer(THREE, "c", "KS KH QS", "9S 9H 9D", ONE_HIT_EACH, carry=2)
    answer = replay(record)
    assert answer["ended"] == "all_bust" and answer["winners"] == []
    assert answer["busted"] == ["a", "b", "c"]
    assert answer["stacks"] == {"a": 24, "b": 24, "c": 33}
    assert answer["carry"] == {"farm": 11} and answer["next_farmer"] == "c"


def test_farmer_5_4_busts_pay_the_farmer_even_when_someone_has_sixteen():
    record = farmer(THREE, "c", "KS QS 5S", "6H 9S 3S", ONE_HIT_EACH)
    answer = replay(record)
    assert answer["farm_winner"] == "a" and answer["busted"] == ["b"]
    assert answer["stacks"] == {"a": 27 + 9, "b": 24, "c": 30}


def test_farmer_2_3_a_seat_below_2s_is_not_dealt_in_and_is_eliminated():
    seats = [("a", 30), ("poor", 5), ("b", 30), ("c", 30)]
    record = farmer(seats, "c", "KS 9S 5S", "6H 4S 3S", ONE_HIT_EACH)
    answer = replay(record)
    assert "poor" not in answer["totals"] and answer["stacks"]["poor"] == 5
    assert answer["eliminated"] == ["poor"]


def test_farmer_2_3_a_player_left_below_2s_is_eliminated():
    seats = [("a", 6), ("b", 30)]
    record = farmer(seats, "b", "KS 5S", "9S 3S",
                    plays("a:hit", "a:stay", "b:hit", "b:stay"))
    answer = replay(record)  # a busts: ante 3 and 3 to the farmer, 0 left
    assert answer["stacks"]["a"] == 0 and answer["eliminated"] == ["a"]


def test_farmer_5_6_an_eliminated_farmer_passes_to_the_next_seat_on_the_left():
    seats = [("a", 30), ("b", 30), ("c", 6)]
    # c (farmer) 5 + 2 = 7 is below a's 13 and b's 13: pays 3 into the side pot.
    record = farmer(seats, "c", "9S 9H 5S", "4S 4H 2S", ONE_HIT_EACH)
    answer = replay(record)
    assert answer["stacks"]["c"] == 0 and answer["eliminated"] == ["c"]
    assert answer["next_farmer"] == "a"


def test_farmer_4_2_stay_before_a_hit_is_illegal():
    record = farmer(FIVE, "e", "KS KH QS TS TH", "", plays("a:stay"))
    assert error(record) | {"message": ""} == {"action": 0, "code": "illegal_play",
                                              "message": ""}


def test_farmer_4_4_a_bust_player_may_not_hit_again():
    record = farmer(FIVE, "e", "KS KH QS TS TH", "QH 2S", plays("a:hit", "a:hit"))
    assert error(record)["code"] == "illegal_play" and error(record)["action"] == 1


def test_farmer_4_3_a_player_on_16_may_still_hit():
    record = farmer([("a", 30), ("b", 30)], "b", "KS 9S", "6H AS",
                    plays("a:hit", "a:hit", "a:stay", "b:hit", "b:stay"))
    assert replay(record)["totals"]["a"] == 17


def test_farmer_4_1_acting_out_of_turn_is_not_your_turn():
    record = farmer(FIVE, "e", "KS KH QS TS TH", "", plays("b:hit"))
    assert error(record) == {"action": 0, "code": "not_your_turn",
                             "message": "b acted, but it is a's turn"}


def test_farmer_8_a_seat_not_dealt_in_is_not_your_turn():
    seats = [("a", 30), ("poor", 5), ("b", 30)]
    record = farmer(seats, "b", "KS 9S", "", plays("poor:hit"))
    assert error(record)["code"] == "not_your_turn"


def test_farmer_8_an_action_after_the_farmer_stayed_is_wrong_phase():
    record = farmer([("a", 30), ("b", 30)], "b", "KS 9S", "2S 3S",
                    plays("a:hit", "a:stay", "b:hit", "b:stay", "a:hit"))
    assert error(record)["code"] == "wrong_phase" and error(record)["action"] == 4


def test_farmer_8_actions_that_stop_early_are_incomplete():
    record = farmer([("a", 30), ("b", 30)], "b", "KS 9S", "2S 3S", plays("a:hit"))
    assert error(record)["code"] == "incomplete"


@pytest.mark.parametrize(
    "change",
    [
        lambda r: r.update(options={"jokers": True}),
        lambda r: r.update(dealer="zed"),
        lambda r: r["seats"].__setitem__(1, {"id": "b", "stack": 5}),  # the farmer below 2S
        lambda r: r["seats"].__setitem__(0, {"id": "a", "stack": 5}),  # one dealt in
        lambda r: r["actions"].append({"seat": "a", "do": "fold"}),
        lambda r: r["actions"].append({"seat": "zed", "do": "hit"}),
        lambda r: r.update(carry={"farm": -1}),
        lambda r: r["seats"].extend({"id": f"x{i}", "stack": 30} for i in range(7)),
    ],
)
def test_farmer_8_malformed_records_are_bad_record(change):
    record = farmer([("a", 30), ("b", 30)], "b", "KS 9S", "2S 3S")
    change(record)
    assert error(record)["code"] == "bad_record"


def test_farmer_4_6_the_time_out_hits_first_then_stays():
    deal = FARMER.replay(FARMER.parse_record(farmer([("a", 30), ("b", 30)], "b", "KS 9S", "2S")))
    assert deal.timeout_action("a") == FarmerAction("a", HIT)
    deal.apply(deal.timeout_action("a"))
    assert deal.timeout_action("a") == FarmerAction("a", STAY)


def test_farmer_6_the_public_view_hides_face_down_cards_and_totals_until_the_end():
    deal = FARMER.replay(FARMER.parse_record(
        farmer([("a", 30), ("b", 30)], "b", "KS 9S", "QS 3S", plays("a:hit"))))
    public = deal.public_view()
    shown = repr(public)
    assert all(seat.shown is None and seat.total is None for seat in public.seats)
    assert public.seats[0].hits == (C.parse("QS"),)
    assert str(C.parse("KS")) not in [str(c) for s in public.seats for c in s.hits]
    mine = deal.private_view("a")
    assert mine.face_down == C.parse("KS") and mine.bust and mine.legal == (STAY,)
    assert "bust=True" not in shown


def test_farmer_2_4_the_first_farmer_is_who_gets_the_six_of_hearts():
    cards = [C.parse(x) for x in deck("KS QS 6H")]
    assert FARMER.first_dealer(["a", "b", "c"], cards, 0) == "c"
    assert FARMER.first_dealer(["a", "b", "c"], cards, 1) == "a"


def test_farmer_2_5_a_closing_table_shares_the_farm_from_the_farmers_left():
    moves = FARMER.close_carried({"farm": 7}, {"farm": {"a": 3, "gone": 4}}, ["a", "b", "c"], "a")
    assert [(t.target, t.amount) for t in moves] == [("seat:b", 3), ("seat:c", 2), ("seat:a", 2)]


def test_farmer_5_6_next_dealer_keeps_the_farmer_or_passes_left():
    assert FARMER.next_dealer([0, 1, 2], 1) == 1
    assert FARMER.next_dealer([0, 2], 1) == 2
    assert FARMER.next_dealer([0, 1], None) is None


def test_farmer_8_a_played_deal_replays_to_the_same_result():
    deal = FARMER.start(seats=[("a", 30), ("b", 30), ("c", 30)], stake=3, dealer="b",
                        deck_or_decks=[C.parse(x) for x in deck("KS 9S 5S", "6H 4S 3S 2S")],
                        carry={"farm": 5})
    while not deal.is_over:
        seat = deal.to_act()[0]
        deal.apply(deal.timeout_action(seat))
    text = json.dumps(deal.record().to_json())
    assert run(text) == (deal.settlement.to_result(), 0)
