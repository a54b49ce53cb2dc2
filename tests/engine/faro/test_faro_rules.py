"""Faro's rules (docs/rules/faro.md), each test named after the rule it checks, on fixed decks."""

from __future__ import annotations

import json
import random

import pytest

from engine import cards as C
from engine.chips import house_net
from engine.faro.actions import (
    CALL,
    CARD,
    COMBO,
    EVEN,
    EVEN_KIND,
    HIGH,
    ODD,
    ODD_KIND,
    Bet,
    Position,
    Ready,
)
from engine.faro.game import FARO
from engine.replay import run
from tests.engine.helpers import error, replay, table_record


def deck(top: str = "", bottom: str = "") -> list[str]:
    """`top` first (the soda, then each turn's losing and winning card), `bottom` last
    (the last turn and the hoc); the other cards between, in a fixed order."""
    first, last = top.split(), bottom.split()
    used = {C.parse(x) for x in first + last}
    assert len(used) == len(first) + len(last), "a card is used twice"
    return first + [C.code(c) for c in C.DECK if c not in used] + last


def faro(seats, actions, *, top="", bottom="", stake=5, options=None):
    return table_record("faro", seats, stake, options=options if options is not None else {},
                        deck=deck(top, bottom), actions=list(actions))


def bet(seat, on, amount, **extra):
    return {"seat": seat, "do": "bet", "on": on, "amount": amount, **extra}


def ready(*seats, rounds=1):
    return [{"seat": s, "do": "ready"} for _ in range(rounds) for s in seats]


ANN = [("ann", 100)]
TO_END = ready("ann", rounds=25)


def test_faro_5_2_a_winning_card_bet_is_paid_even_money():
    answer = replay(faro(ANN, [bet("ann", "K", 10), *TO_END], top="AS 2S KS"))
    assert answer == {"ended": "hoc", "winners": ["ann"], "stacks": {"ann": 110},
                      "eliminated": [], "house": -10, "turns": 25, "left": []}


def test_faro_5_2_a_losing_card_bet_goes_to_the_house():
    answer = replay(faro(ANN, [bet("ann", "2", 10), *TO_END], top="AS 2S KS"))
    assert answer["stacks"] == {"ann": 90} and answer["house"] == 10
    assert answer["winners"] == []


def test_faro_4_5_copper_bets_on_losing():
    answer = replay(faro(ANN, [bet("ann", "2", 10, copper=True), *TO_END], top="AS 2S KS"))
    assert answer["stacks"] == {"ann": 110} and answer["house"] == -10


def test_faro_5_2_a_split_costs_half_the_stake_the_odd_chip_to_the_bank():
    answer = replay(faro(ANN, [bet("ann", "K", 5), *TO_END], top="AS KH KS"))
    assert answer["stacks"] == {"ann": 97} and answer["house"] == 3


def test_faro_5_1_a_split_of_a_coppered_rank_is_still_a_split():
    answer = replay(faro(ANN, [bet("ann", "K", 5, copper=True), *TO_END], top="AS KH KS"))
    assert answer["stacks"] == {"ann": 97}


def test_faro_5_1_both_ranks_of_a_combination_make_a_push():
    answer = replay(faro(ANN, [bet("ann", ["2", "K"], 10), *TO_END], top="AS 2S KS"))
    assert answer["stacks"] == {"ann": 100} and answer["house"] == 0


def test_faro_5_3_a_bet_with_no_action_stays_for_the_next_turn():
    # Turn 1 (3, 4) leaves the K bet alone; turn 2 (2, K) wins it.
    answer = replay(faro(ANN, [bet("ann", "K", 10), *TO_END], top="AS 3S 4S 2S KS"))
    assert answer["stacks"] == {"ann": 110}


def test_faro_4_3_even_is_one_combination_of_the_six_even_ranks():
    answer = replay(faro(ANN, [bet("ann", "even", 10), *TO_END], top="AS 3S QS"))
    assert answer["stacks"] == {"ann": 110}
    answer = replay(faro(ANN, [bet("ann", "odd", 10), *TO_END], top="AS 3S QS"))
    assert answer["stacks"] == {"ann": 90}


def test_faro_4_4_high_card_wins_when_the_winning_card_outranks_the_losing_card():
    assert replay(faro(ANN, [bet("ann", "high", 10), *TO_END], top="AS 3S QS"))["house"] == -10
    assert replay(faro(ANN, [bet("ann", "high", 10), *TO_END], top="AS QS 3S"))["house"] == 10
    coppered = bet("ann", "high", 10, copper=True)
    assert replay(faro(ANN, [coppered, *TO_END], top="AS 3S QS"))["house"] == 10
    assert replay(faro(ANN, [bet("ann", "high", 10), *TO_END], top="AS QH QS"))["house"] == 5


def test_faro_5_4_bets_still_on_the_layout_at_the_hoc_go_back():
    # The K is the hoc: no turn decides a bet on it.
    answer = replay(faro(ANN, [bet("ann", "K", 10), *TO_END], top="KH KD KC", bottom="KS"))
    assert answer["ended"] == "hoc" and answer["stacks"] == {"ann": 95}  # the split only


def test_faro_6_2_the_pages_call_example_pays_4_to_1():
    actions = [*ready("ann", rounds=24), {"seat": "ann", "do": "call", "order": ["9", "K", "7"],
                                         "amount": 10}, *ready("ann")]
    answer = replay(faro(ANN, actions, bottom="9S KS 7S", options={"max_bet": 50}))
    assert answer["stacks"] == {"ann": 140} and answer["house"] == -40


def test_faro_6_2_a_cat_hop_call_pays_2_to_1():
    actions = [*ready("ann", rounds=24), {"seat": "ann", "do": "call", "order": ["9", "K", "9"],
                                         "amount": 10}, *ready("ann")]
    assert replay(faro(ANN, actions, bottom="9S KS 9H"))["stacks"] == {"ann": 120}


def test_faro_6_2_a_wrong_call_is_lost():
    actions = [*ready("ann", rounds=24), {"seat": "ann", "do": "call", "order": ["K", "9", "7"],
                                         "amount": 10}, *ready("ann")]
    assert replay(faro(ANN, actions, bottom="9S KS 7S"))["stacks"] == {"ann": 90}


def test_faro_3_3_a_call_before_round_25_is_wrong_phase():
    record = faro(ANN, [{"seat": "ann", "do": "call", "order": ["9", "K", "7"], "amount": 10}],
                  bottom="9S KS 7S")
    assert error(record)["code"] == "wrong_phase"


def test_faro_6_1_three_of_one_rank_cannot_be_called():
    actions = [*ready("ann", rounds=24), {"seat": "ann", "do": "call", "order": ["9", "9", "9"],
                                         "amount": 10}]
    assert error(faro(ANN, actions, bottom="9S 9H 9D"))["code"] == "illegal_play"


def test_faro_6_1_a_call_must_order_the_three_cards_left():
    actions = [*ready("ann", rounds=24), {"seat": "ann", "do": "call", "order": ["9", "K", "Q"],
                                         "amount": 10}]
    assert error(faro(ANN, actions, bottom="9S KS 7S")) == {
        "action": 24, "code": "illegal_play",
        "message": "a call orders the three cards left, 7 9 K (FARO-6.1)"}


def test_faro_6_1_a_call_cannot_be_coppered():
    actions = [*ready("ann", rounds=24), {"seat": "ann", "do": "call", "order": ["9", "K", "7"],
                                         "amount": 10, "copper": True}]
    assert error(faro(ANN, actions, bottom="9S KS 7S"))["code"] == "illegal_play"


def test_faro_6_1_a_call_can_be_removed_by_its_order():
    actions = [*ready("ann", rounds=24),
               {"seat": "ann", "do": "call", "order": ["9", "K", "7"], "amount": 10},
               {"seat": "ann", "do": "remove", "order": ["9", "K", "7"]}, *ready("ann")]
    assert replay(faro(ANN, actions, bottom="9S KS 7S"))["stacks"] == {"ann": 100}


def test_faro_4_6_a_rank_with_no_card_to_come_is_dead():
    actions = [*ready("ann", rounds=2), bet("ann", "K", 5)]
    record = faro(ANN, actions, top="AS KS KH KD KC")
    assert error(record) == {"action": 2, "code": "dead_rank",
                             "message": "every K is already out (FARO-4.6)"}
    combo = faro(ANN, [*ready("ann", rounds=2), bet("ann", ["Q", "K"], 5)], top="AS KS KH KD KC")
    assert error(combo)["code"] == "dead_rank"


def test_faro_4_6_the_hoc_counts_as_a_card_to_come():
    record = faro(ANN, [*ready("ann", rounds=2), bet("ann", "K", 5), *ready("ann", rounds=23)],
                  top="AS KS KH KD QC", bottom="KC")
    assert replay(record)["stacks"] == {"ann": 100}


@pytest.mark.parametrize("amount, max_bet, code", [(4, None, "bet_limit"), (51, None, "bet_limit"),
                                                    (30, 25, "bet_limit"), (101, 500,
                                                                            "short_stack")])
def test_faro_4_7_the_total_on_a_position_is_within_the_limits(amount, max_bet, code):
    options = {} if max_bet is None else {"max_bet": max_bet}
    assert error(faro(ANN, [bet("ann", "K", amount)], options=options))["code"] == code


def test_faro_4_7_adding_to_a_bet_counts_the_total():
    record = faro(ANN, [bet("ann", "K", 30), bet("ann", "K", 30)])
    assert error(record)["code"] == "bet_limit" and error(record)["action"] == 1
    record = faro(ANN, [bet("ann", "K", 4), bet("ann", "K", 1)])
    assert error(record)["action"] == 0  # 4 alone is below the stake


def test_faro_4_2_a_combination_covers_2_to_4_different_ranks():
    for on in (["K"], ["A", "2", "3", "4", "5"], ["K", "K"]):
        assert error(faro(ANN, [bet("ann", on, 5)]))["code"] == "illegal_play"


def test_faro_4_8_remove_takes_down_a_whole_bet_of_ones_own():
    actions = [bet("ann", "K", 10), bet("ann", "K", 5),
               {"seat": "ann", "do": "remove", "on": "K"}, *TO_END]
    assert replay(faro(ANN, actions, top="AS 2S KS"))["stacks"] == {"ann": 100}


def test_faro_4_8_removing_a_bet_not_on_the_layout_is_no_such_bet():
    coppered = {"seat": "ann", "do": "remove", "on": "K", "copper": True}
    assert error(faro(ANN, [bet("ann", "K", 10), coppered]))["code"] == "no_such_bet"
    theirs = {"seat": "bob", "do": "remove", "on": "K"}
    assert error(faro([("ann", 100), ("bob", 100)], [bet("ann", "K", 10), theirs]))[
        "code"] == "no_such_bet"


def test_faro_3_1_the_turn_waits_for_every_player_to_be_ready():
    two = [("ann", 100), ("bob", 100)]
    deal = FARO.replay(FARO.parse_record(faro(two, ready("ann"))))
    assert deal.turns == 0 and deal.to_act() == ("bob",)
    deal.apply(Ready("bob"))
    assert deal.turns == 1 and deal.to_act() == ("ann", "bob")


def test_faro_3_2_a_ready_player_may_not_bet_until_the_turn():
    record = faro([("ann", 100), ("bob", 100)], [*ready("ann"), bet("ann", "K", 5)])
    assert error(record)["code"] == "wrong_phase"


def test_faro_3_2_a_ready_player_may_still_leave():
    actions = [bet("ann", "K", 10), *ready("ann"), {"seat": "ann", "do": "leave"},
               *ready("bob", rounds=25)]
    answer = replay(faro([("ann", 100), ("bob", 100)], actions, top="AS 2S KS"))
    assert answer["left"] == ["ann"] and answer["stacks"] == {"ann": 100, "bob": 100}


def test_faro_7_when_every_player_has_left_the_deal_is_abandoned():
    actions = [*ready("ann", rounds=3), bet("ann", "K", 10), {"seat": "ann", "do": "leave"}]
    answer = replay(faro(ANN, actions))
    assert answer == {"ended": "abandoned", "winners": [], "stacks": {"ann": 100},
                      "eliminated": [], "house": 0, "turns": 3, "left": ["ann"]}


def test_faro_9_a_seat_that_left_or_is_not_in_the_deal_is_not_your_turn():
    seats = [("ann", 100), ("bob", 100), ("poor", 4)]
    assert error(faro(seats, [bet("poor", "K", 5)]))["code"] == "not_your_turn"
    left = [{"seat": "bob", "do": "leave"}, bet("bob", "K", 5)]
    assert error(faro(seats, left))["code"] == "not_your_turn"


def test_faro_9_anything_after_the_end_is_wrong_phase():
    assert error(faro(ANN, [*TO_END, *ready("ann")]))["code"] == "wrong_phase"
    after_leaving = [{"seat": "ann", "do": "leave"}, {"seat": "ann", "do": "leave"}]
    assert error(faro(ANN, after_leaving))["code"] == "wrong_phase"


def test_faro_9_actions_that_stop_early_are_incomplete():
    assert error(faro(ANN, ready("ann", rounds=24)))["code"] == "incomplete"


def test_faro_2_3_winners_end_above_their_stack_and_eliminated_are_below_s():
    seats = [("ann", 100), ("bob", 5), ("cy", 3)]
    actions = [bet("ann", "K", 10), bet("bob", "2", 5), *ready("ann", "bob", rounds=25)]
    answer = replay(faro(seats, actions, top="AS 2S KS"))
    assert answer["winners"] == ["ann"] and answer["eliminated"] == ["bob", "cy"]
    assert answer["stacks"] == {"ann": 110, "bob": 0, "cy": 3} and answer["house"] == -5


@pytest.mark.parametrize(
    "change",
    [
        lambda r: r["actions"].append(bet("ann", "Z", 5)),
        lambda r: r["actions"].append(bet("ann", "kings", 5)),
        lambda r: r["actions"].append(bet("ann", ["K", "1"], 5)),
        lambda r: r["actions"].append(bet("ann", "K", 0)),
        lambda r: r["actions"].append(bet("ann", "K", "5")),
        lambda r: r["actions"].append(bet("ann", "K", 5, copper="yes")),
        lambda r: r["actions"].append({"seat": "ann", "do": "double"}),
        lambda r: r["actions"].append({"seat": "zed", "do": "ready"}),
        lambda r: r["actions"].append({"seat": "ann", "do": "remove"}),
        lambda r: r["actions"].append({"seat": "ann", "do": "call", "order": "9K7",
                                       "amount": 5}),
        lambda r: r.update(options={"max_bet": 4}),
        lambda r: r.update(options={"min_bet": 5}),
        lambda r: r.update(seats=[{"id": "ann", "stack": 4}]),
        lambda r: r.update(seats=[{"id": f"p{i}", "stack": 50} for i in range(9)]),
    ],
)
def test_faro_9_malformed_records_are_bad_record(change):
    record = faro(ANN, [])
    change(record)
    assert error(record)["code"] == "bad_record"


def test_faro_1_1_ten_may_be_written_10_and_ranks_in_either_case():
    answer = replay(faro(ANN, [bet("ann", "10", 10), bet("ann", "k", 10), *TO_END],
                         top="AS KS TS"))
    assert answer["stacks"] == {"ann": 100}  # ten wins, king loses


def test_faro_3_1_one_seats_bet_leaves_anothers_sequence_number_alone():
    deal = FARO.deal(FARO.parse_record(faro([("ann", 100), ("bob", 100)], [])))
    bob_before, ann_before = deal.seat_seq("bob"), deal.seat_seq("ann")
    deal.apply(Bet("ann", Position(CARD, (13,)), 5))
    assert deal.seat_seq("bob") == bob_before and deal.seat_seq("ann") != ann_before
    deal.apply(Ready("ann"))
    deal.apply(Ready("bob"))  # the turn is dealt: every seat's buttons change
    assert deal.seat_seq("bob") > bob_before


def test_faro_3_1_the_timer_says_ready_with_bets_unchanged():
    deal = FARO.deal(FARO.parse_record(faro(ANN, [bet("ann", "K", 5)])))
    assert deal.timeout_action("ann") == Ready("ann")


def test_faro_1_4_the_public_view_shows_the_cards_dealt_and_none_to_come():
    record = faro(ANN, ready("ann", rounds=2), top="AS 2S KS 3S QS", bottom="9S KH 7S")
    deal = FARO.replay(FARO.parse_record(record))
    view = deal.public_view()
    codes = ["AS", "2S", "KS", "3S", "QS"]
    assert [C.code(view.soda)] + [C.code(c) for t in view.turns for c in t] == codes
    assert view.casekeeper[13] == 3 and view.casekeeper[1] == 3 and view.last_three == ()
    assert view.hoc is None and view.round == 3


def test_the_public_view_is_made_again_after_each_action_only():
    # Every hand view reads the public view; it is kept until the next action.
    deal = FARO.deal(FARO.parse_record(faro([("ann", 100), ("bob", 100)], [])))
    before = deal.public_view()
    assert deal.public_view() is before
    deal.apply(Bet("ann", Position(CARD, (13,)), 5))
    after = deal.public_view()
    assert after is not before and after.seq == before.seq + 1
    assert [(b.owner, b.amount) for b in after.layout] == [("ann", 5)] and before.layout == ()
    deal.apply(Ready("ann"))
    deal.apply(Ready("bob"))  # the turn is dealt
    assert deal.public_view().round == after.round + 1


@pytest.mark.parametrize(("position", "label"), [
    (Position(CARD, (13,)), "K"),
    (Position(CARD, (1,), copper=True), "A (coppered)"),
    (Position(COMBO, (3, 12)), "3-Q"),
    (Position(CALL, (7, 9, 13)), "call 7 9 K"),
    (Position(HIGH, ()), "high card"),
    (Position(EVEN_KIND, EVEN), "even"),
    (Position(ODD_KIND, ODD, copper=True), "odd (coppered)"),
])
def test_each_kind_of_bet_is_named_on_the_layout(position, label):
    assert position.label() == label


def test_faro_9_a_played_deal_replays_to_the_same_result():
    deal = FARO.start(seats=[("ann", 100), ("bob", 60)], stake=5, dealer=None,
                      deck_or_decks=[C.parse(x) for x in deck("AS 2S KS")])
    rng = random.Random(7)
    while not deal.is_over:
        seat = deal.to_act()[0]
        deal.apply(FARO.strategies["random"]()(deal.private_view(seat), rng))
    assert run(json.dumps(deal.record().to_json())) == (deal.settlement.to_result(), 0)
    settlement = deal.settlement
    assert sum(settlement.net.values()) + house_net(settlement.transfers) == 0
    assert settlement.house == house_net(settlement.transfers)


def test_faro_1_4_before_the_last_turn_the_three_left_are_shown_not_their_order():
    """The box's order of the last three would call the turn (FARO-6.2) for 4 to 1."""
    from engine.record import parse_record

    def before_the_last_turn(bottom: str):
        deal = FARO.replay(parse_record(faro(ANN, ready("ann", rounds=24), bottom=bottom)))
        return deal.public_view()

    shown = [before_the_last_turn(order) for order in ("9S KS 7S", "7S 9S KS", "KS 7S 9S")]
    assert shown[0].last_three == tuple(C.sorted_cards(C.parse(x) for x in ("9S", "KS", "7S")))
    assert shown[0] == shown[1] == shown[2]
