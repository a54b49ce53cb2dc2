"""Tonk's rules (docs/rules/tonk.md), each test named after the rule it checks, on fixed decks."""

from __future__ import annotations

import pytest

from engine.actions import DISCARD_CARD, DRAW_DISCARD, HIT, SPREAD
from engine.errors import EngineError
from engine.tonk.hand import TonkHand
from tests.engine.decks import discard, draw, drop, hit, spread, stacked_deck
from tests.engine.helpers import error, replay, table_record


def tonk(seats, dealer, hands, upcard_and_stock, actions=(), stake=10) -> dict:
    """A Tonk record: `hands` in turn order; the card after them is the upcard (TONK-3.1)."""
    return table_record("tonk", seats, stake, dealer=dealer,
                        deck=stacked_deck(hands, upcard_and_stock), actions=list(actions))


THREE = [("a", 100), ("b", 100), ("c", 100)]
HIGH_B, HIGH_C = "KS QS JS TD 8D", "KH QH JH TC 8C"  # 48 each: no tonk


def test_tonk_3_2_a_hand_of_11_or_less_on_the_deal_is_paid_2s_by_everyone():
    answer = replay(tonk(THREE, "c", ["AS AH 2S 2H 3S", HIGH_B, HIGH_C], "5D"))
    assert answer == {"ended": "instant", "winners": ["a"],
                      "stacks": {"a": 140, "b": 80, "c": 80}, "eliminated": []}


def test_tonk_3_2_exactly_50_on_the_deal_is_a_tonk():
    answer = replay(tonk(THREE, "c", ["9S 8S 7D 6D 5D", "KS QS JS TS KD", HIGH_C], "5H"))
    assert answer["ended"] == "instant" and answer["winners"] == ["b"]
    assert answer["stacks"] == {"a": 80, "b": 140, "c": 80}


def test_tonk_3_3_two_tonks_on_the_deal_are_a_draw_without_payments():
    answer = replay(tonk(THREE, "c", ["AS AH 2S 2H 3S", "AD AC 2D 2C 3H", HIGH_C], "5D"))
    assert answer == {"ended": "instant_draw", "winners": [],
                      "stacks": {"a": 100, "b": 100, "c": 100}, "eliminated": []}


def test_tonk_5_1_running_out_on_a_discard_is_paid_s_by_everyone():
    answer = replay(tonk(THREE, "c", ["3S 4S 5S 6S 9D", HIGH_B, HIGH_C], "2C 7S",
                         [draw("a"), spread("a", "3S 4S 5S 6S 7S"), discard("a", "9D")]))
    assert answer["ended"] == "running_out" and answer["winners"] == ["a"]
    assert answer["stacks"] == {"a": 120, "b": 90, "c": 90}


def test_tonk_5_2_tonking_out_by_a_spread_is_paid_2s_by_everyone():
    answer = replay(tonk(THREE, "c", ["3S 4S 5S 9D 9H", HIGH_B, HIGH_C], "2C 9C",
                         [draw("a"), spread("a", "3S 4S 5S"), spread("a", "9D 9H 9C")]))
    assert answer["ended"] == "tonk_out" and answer["winners"] == ["a"]
    assert answer["stacks"] == {"a": 140, "b": 80, "c": 80}


def test_tonk_5_3_a_strictly_lowest_drop_is_paid_s_by_everyone():
    answer = replay(tonk(THREE, "c", ["AS 2S 3D 4H 4C", HIGH_B, HIGH_C], "5D", [drop("a")]))
    assert answer["ended"] == "drop" and answer["winners"] == ["a"]
    assert answer["stacks"] == {"a": 120, "b": 90, "c": 90}


# The page's worked example (TONK-5.3): after one round A holds 10, B 8, C 10, D 20.
EXAMPLE_HANDS = ["AS 2S 3S 4D 6H", "AH 2H 3H 3D 5D", "4C 5C 6C 4H 6D", "7S 8S 9S TD KD"]
EXAMPLE_STOCK = "9H QC KC QD JH"  # the upcard, then what each draws and throws back
EXAMPLE_ROUND = [
    draw("a"), spread("a", "AS 2S 3S"), discard("a", "QC"),
    draw("b"), spread("b", "AH 2H 3H"), discard("b", "KC"),
    draw("c"), spread("c", "4C 5C 6C"), discard("c", "QD"),
    draw("d"), spread("d", "7S 8S 9S"), discard("d", "JH"),
]


def example(stacks: dict[str, int], stake: int) -> dict:
    return tonk(list(stacks.items()), "d", EXAMPLE_HANDS, EXAMPLE_STOCK,
                [*EXAMPLE_ROUND, drop("a")], stake=stake)


def test_tonk_5_3_caught_the_pages_worked_example():
    answer = replay(example({"a": 10, "b": 10, "c": 10, "d": 10}, stake=1))
    assert answer["ended"] == "caught"
    # Net: A -3, B +4, C 0, D -1. C was paid by A (1 for 10 <= 10), so C is a winner.
    assert answer["stacks"] == {"a": 7, "b": 14, "c": 10, "d": 9}
    assert answer["winners"] == ["b", "c"]


def test_tonk_2_4_payments_are_capped_by_stacks_in_the_order_the_debts_arise():
    # A owes 10 to B, 10 to C (5.3, first kind), then 10 to B (second kind) but has 20.
    answer = replay(example({"a": 20, "b": 100, "c": 100, "d": 100}, stake=10))
    assert answer["stacks"] == {"a": 0, "b": 130, "c": 100, "d": 90}
    assert answer["winners"] == ["b", "c"]


def test_tonk_2_3_a_stack_below_2s_is_eliminated_after_the_hand():
    answer = replay(example({"a": 20, "b": 100, "c": 100, "d": 100}, stake=10))
    assert answer["eliminated"] == ["a"]


def test_tonk_2_3_a_stack_below_2s_is_not_dealt_in():
    seats = [("a", 100), ("x", 19), ("b", 100), ("c", 100)]
    hand = TonkHand.start(seats=seats, stake=10, dealer="c",
                          deck=[int(i) for i in range(52)])
    assert hand.order == ("a", "b", "c")


def stock_out_actions(first: str, second: str, stock: int) -> list[dict]:
    """Both draw from the stock and throw the drawn card back until it is gone."""
    deck_rest = STOCK_CARDS.split()
    actions, seats = [], [first, second]
    for i in range(stock):
        seat = seats[i % 2]
        actions += [draw(seat), discard(seat, deck_rest[i + 1])]
    return actions


STOCK_A, STOCK_B = "2S 3H 4D 5C 8S", "2H 3D 4C 5S 9H"  # 22 and 23
STOCK_CARDS = " ".join(
    code for code in stacked_deck([STOCK_A, STOCK_B])[10:]
)


def test_tonk_5_4_stock_out_a_single_lowest_hand_is_paid_s():
    record = tonk([("a", 100), ("b", 100)], "b", [STOCK_A, STOCK_B], "",
                  stock_out_actions("a", "b", 52 - 10 - 1))
    answer = replay(record)
    assert answer["ended"] == "stock_out" and answer["winners"] == ["a"]
    assert answer["stacks"] == {"a": 110, "b": 90}


def test_tonk_5_4_stock_out_a_tie_for_lowest_is_a_draw():
    b_hand = "2H 3D 4C 5S 8H"  # 22, as a's
    rest = " ".join(stacked_deck([STOCK_A, b_hand])[10:])
    actions, seats, cards = [], ["a", "b"], rest.split()
    for i in range(41):
        actions += [draw(seats[i % 2]), discard(seats[i % 2], cards[i + 1])]
    answer = replay(tonk([("a", 100), ("b", 100)], "b", [STOCK_A, b_hand], "", actions))
    assert answer == {"ended": "stock_out_draw", "winners": [],
                      "stacks": {"a": 100, "b": 100}, "eliminated": []}


# The hit lock: a lays 3S 4S 5S, b hits it with 6S; on a's next turn a may not spread or hit.
LOCK_HANDS = ["3S 4S 5S 9D 7S", "6S KD KH QC QD"]
LOCK_STOCK = "2D JC JD 9C JH TC 8H"
LOCK_ROUND = [draw("a"), spread("a", "3S 4S 5S"), discard("a", "JC"),
              draw("b"), hit("b", 0, "6S"), discard("b", "JD"), draw("a")]


def lock_hand(actions=()) -> TonkHand:
    record = tonk([("a", 100), ("b", 100)], "b", LOCK_HANDS, LOCK_STOCK, [*LOCK_ROUND, *actions])
    from engine.tonk.game import TONK
    return TONK.replay(TONK.parse_record(record))


def test_tonk_4_2_a_hit_locked_player_is_offered_no_spread_or_hit():
    hand = lock_hand()
    assert hand.legal_actions("a") == (DISCARD_CARD,)
    assert hand.public_view().seats[0].hit_locked


@pytest.mark.parametrize("action", [hit("a", 0, "7S"), spread("a", "9D 9C 9H")])
def test_tonk_4_2_a_spread_or_hit_during_a_hit_locked_turn_is_hit_locked(action):
    record = tonk([("a", 100), ("b", 100)], "b", LOCK_HANDS, LOCK_STOCK, [*LOCK_ROUND, action])
    assert error(record) == {
        "action": 7, "code": "hit_locked",
        "message": "one of your spreads was hit since your last turn: you may not spread or "
                   "hit this turn (TONK-4.2)",
    }


def test_tonk_4_2_the_lock_lasts_one_turn():
    hand = lock_hand([discard("a", "9C"), draw("b"), discard("b", "JH"), draw("a")])
    assert HIT in hand.legal_actions("a")
    hand.apply(hand_hit(hand))
    assert hand.spreads[0].cards[-1] % 13 == 6  # 7S on the run


def hand_hit(hand):
    from engine.actions import Hit
    from engine.cards import parse
    return Hit("a", 0, (parse("7S"),))


def test_tonk_4_2_hitting_ones_own_spread_does_not_lock():
    record = tonk([("a", 100), ("b", 100)], "b", ["3S 4S 5S 9D 7S", "8C KD KH QC QD"],
                  "2D 6S JD JC", [draw("a"), spread("a", "3S 4S 5S"), hit("a", 0, "6S"),
                                  discard("a", "9D"), draw("b"), discard("b", "JD"), draw("a")])
    from engine.tonk.game import TONK
    hand = TONK.replay(TONK.parse_record(record))
    assert HIT in hand.legal_actions("a")


def test_tonk_1_2_a_run_may_be_ace_high():
    record = tonk(THREE, "c", ["QS KS 9D 9H 7C", HIGH_B.replace("KS QS", "2D 3C"), HIGH_C],
                  "2C AS", [draw("a"), spread("a", "QS KS AS")])
    from engine.tonk.game import TONK
    hand = TONK.replay(TONK.parse_record(record))
    assert len(hand.spreads) == 1 and hand.spreads[0].kind == "run"


def test_tonk_1_2_k_a_2_is_not_a_run():
    record = tonk(THREE, "c", ["KS 2S 9D 9H 7C", HIGH_B.replace("KS", "4D"), HIGH_C],
                  "2C AS", [draw("a"), spread("a", "KS AS 2S")])
    assert error(record)["code"] == "invalid_spread"


def test_tonk_1_2_an_ace_hits_above_the_king():
    record = tonk(THREE, "c", ["JD QD KD 9H 6C", "AD 9S 9C 7H 7C", HIGH_C], "2C 3C 4C",
                  [draw("a"), spread("a", "JD QD KD"), discard("a", "3C"),
                   draw("b"), hit("b", 0, "AD")])
    from engine.tonk.game import TONK
    hand = TONK.replay(TONK.parse_record(record))
    assert len(hand.spreads[0].cards) == 4


def test_tonk_4_1_the_first_player_may_take_the_upcard():
    from engine.tonk.game import TONK
    hand = TONK.replay(TONK.parse_record(tonk(THREE, "c", ["3S 4S 5S 9D 9H", HIGH_B, HIGH_C],
                                                "6S", [draw("a", "discard")])))
    assert hand.discards == []
    assert SPREAD in hand.legal_actions("a")
    assert DRAW_DISCARD not in hand.legal_actions("a")


@pytest.mark.parametrize(
    ("actions", "code"),
    [
        ([draw("b")], "not_your_turn"),
        ([discard("a", "3S")], "wrong_phase"),
        ([draw("a"), draw("a")], "wrong_phase"),
        ([draw("a"), drop("a")], "wrong_phase"),
        ([draw("a"), discard("a", "KS")], "card_not_in_hand"),
        ([draw("a"), spread("a", "9D 9H 3S")], "invalid_spread"),
        ([draw("a"), hit("a", 0, "9D")], "no_such_spread"),
        ([draw("a"), spread("a", "3S 4S 5S"), hit("a", 0, "9D")], "invalid_hit"),
        ([draw("a")], "incomplete"),
        ([{"seat": "a", "do": "fly"}], "bad_record"),
    ],
)
def test_tonk_6_error_codes(actions, code):
    record = tonk(THREE, "c", ["3S 4S 5S 9D 9H", HIGH_B, HIGH_C], "2C 7S", actions)
    assert error(record)["code"] == code


def test_tonk_6_the_result_has_exactly_the_pages_fields_and_a_carry_is_ignored():
    record = tonk(THREE, "c", ["AS 2S 3D 4H 4C", HIGH_B, HIGH_C], "5D", [drop("a")])
    record["carry"] = {"flip": 5}
    assert set(replay(record)) == {"ended", "winners", "stacks", "eliminated"}


def test_tonk_6_a_deck_must_be_the_whole_pack():
    record = tonk(THREE, "c", ["AS 2S 3D 4H 4C", HIGH_B, HIGH_C], "5D", [drop("a")])
    record["deck"].pop()
    assert error(record) == {"action": None, "code": "bad_record",
                             "message": error(record)["message"]}
    assert "52" in error(record)["message"]


def test_engine_errors_for_tonk_are_known_codes():
    with pytest.raises(EngineError) as refused:
        lock_hand([spread("a", "9D 9C 9H")])
    assert refused.value.code == "hit_locked" and refused.value.action == 7
