"""Page One's rules (docs/rules/pageone.md), each test named after the rule it checks, on
fixed decks."""

from __future__ import annotations

import json
import random

import pytest

from engine import cards as C
from engine.pageone.actions import Play
from engine.pageone.game import PAGEONE
from engine.pageone.info import PACK
from tests.engine.helpers import error, replay, table_record


def deck(hands: list[str], stock: str = "") -> list[str]:
    """The hands in turn order (left of the dealer first), four cards each, dealt one at
    a time (PAGEONE-3.1); then the stock's top; then the rest of the pack."""
    dealt = [h.split() for h in hands]
    order = [dealt[p][i] for i in range(4) for p in range(len(dealt))] + stock.split()
    used = {C.parse_with_joker(x) for x in order}
    assert len(used) == len(order)
    return order + [C.code(c) for c in PACK if c not in used]


def pageone(seats, dealer, hands, actions=(), stock="", stake=2, **extra):
    return table_record("pageone", seats, stake, dealer=dealer, options={},
                        deck=deck(hands, stock), actions=list(actions), **extra)


def play(seat: str, card: str, call: bool | None = None) -> dict:
    action = {"seat": seat, "do": "play", "card": card}
    if call is not None:
        action["call"] = call
    return action


TWO = [("ann", 10), ("bob", 10)]
# PAGEONE-9's deal: ann 9H KD AS 2C, bob 3H QD 7S 5C.
EXAMPLE_HANDS = ["9H KD AS 2C", "3H QD 7S 5C"]
EXAMPLE = [
    play("ann", "9H"), play("bob", "3H"),
    play("ann", "KD"), play("bob", "QD"),
    play("ann", "AS"), play("bob", "7S", True),
    play("ann", "2C"), play("bob", "5C"),
]


def test_pageone_9_the_worked_example_bob_goes_out_and_takes_the_pot():
    result = replay(pageone(TWO, "bob", EXAMPLE_HANDS, EXAMPLE))
    assert result == {
        "ended": "out",
        "winners": ["bob"],
        "stacks": {"ann": 8, "bob": 12},
        "eliminated": [],
        "cards_left": {"ann": 5, "bob": 0},  # ann drew five for her missed call
    }


def test_pageone_9_with_the_call_ann_goes_out_with_her_last_card():
    actions = EXAMPLE[:4] + [play("ann", "AS", True), play("bob", "7S", True), play("ann", "2C")]
    result = replay(pageone(TWO, "bob", EXAMPLE_HANDS, actions))
    assert result["winners"] == ["ann"] and result["stacks"] == {"ann": 12, "bob": 8}


def test_pageone_4_7_a_missed_call_draws_five_before_the_trick_is_gathered():
    deal = PAGEONE.deal(PAGEONE.parse_record(
        pageone(TWO, "bob", EXAMPLE_HANDS, stock="2D 3D 4D 6D 7D")))
    for action in EXAMPLE[:5]:
        deal.apply(PAGEONE.parse_action(action, 0, ["ann", "bob"]))
    assert sorted(deal.hands["ann"]) == sorted(C.parse(x) for x in "2C 2D 3D 4D 6D 7D".split())
    assert deal.drawn["ann"] == 5 and len(deal.trick) == 1
    assert "ann did not call Page One: five cards" in deal.public_view().events


def test_pageone_4_7_a_call_on_any_other_play_is_bad_call():
    err = error(pageone(TWO, "bob", EXAMPLE_HANDS, [play("ann", "9H", True)]))
    assert err["code"] == "bad_call" and err["action"] == 0


def test_pageone_8_4_a_call_that_is_not_a_boolean_is_bad_record():
    err = error(pageone(TWO, "bob", EXAMPLE_HANDS, [play("ann", "9H", "yes")]))
    assert err["code"] == "bad_record" and err["action"] == 0


def test_pageone_4_2_a_follower_must_follow_suit():
    err = error(pageone(TWO, "bob", EXAMPLE_HANDS, [play("ann", "9H"), play("bob", "QD")]))
    assert err["code"] == "illegal_play" and err["action"] == 1 and "4.2" in err["message"]


def test_pageone_4_2_the_joker_may_be_played_even_by_a_player_who_can_follow():
    hands = ["9H KD AS 2C", "3H JK 7S 5C"]
    deal = PAGEONE.deal(PAGEONE.parse_record(pageone(TWO, "bob", hands, stock="4H")))
    deal.apply(Play("ann", C.parse("9H")))
    assert C.JOKER in deal.legal_cards("bob")
    deal.apply(Play("bob", C.JOKER))
    assert deal.current == "bob"  # 4.5: the joker wins the trick


def test_pageone_4_4_a_follower_who_cannot_play_draws_until_a_card_of_the_suit():
    hands = ["9H KD AS 2C", "3S QD 7S 5C"]
    record = pageone(TWO, "bob", hands, [play("ann", "9H"), play("bob", "4D")],
                     stock="4D 8C 6H")
    err = error(record)
    # bob drew 4D, 8C and 6H: only the heart he drew may be played.
    assert err["code"] == "illegal_play" and err["action"] == 1 and "4.4" in err["message"]
    deal = PAGEONE.deal(PAGEONE.parse_record(record))
    deal.apply(Play("ann", C.parse("9H")))
    assert deal.drawn["bob"] == 3 and deal.legal_cards("bob") == (C.parse("6H"),)
    deal.apply(Play("bob", C.parse("6H")))
    assert deal.current == "ann"  # 9H beat 6H


def test_pageone_4_4_drawing_stops_at_the_joker():
    hands = ["9H KD AS 2C", "3S QD 7S 5C"]
    deal = PAGEONE.deal(PAGEONE.parse_record(pageone(TWO, "bob", hands, stock="4D JK")))
    deal.apply(Play("ann", C.parse("9H")))
    assert deal.legal_cards("bob") == (C.JOKER,)
    deal.apply(Play("bob", C.JOKER))
    assert deal.current == "bob"  # 4.5: the joker wins the trick


def test_pageone_4_4_a_player_holding_the_joker_never_draws():
    hands = ["9H KD AS 2C", "3S JK 7S 5C"]
    deal = PAGEONE.deal(PAGEONE.parse_record(pageone(TWO, "bob", hands)))
    deal.apply(Play("ann", C.parse("9H")))
    assert deal.drawn["bob"] == 0 and deal.legal_cards("bob") == (C.JOKER,)


def test_pageone_4_3_after_a_joker_lead_the_second_card_sets_the_suit():
    three = [("ann", 10), ("bob", 10), ("cy", 10)]
    hands = ["JK KD AS 2C", "3S QD 7S 5C", "4S 4D 9S 6C"]
    deal = PAGEONE.deal(PAGEONE.parse_record(pageone(three, "cy", hands)))
    deal.apply(Play("ann", C.JOKER))
    assert set(deal.legal_cards("bob")) == set(deal.hands["bob"])  # any card
    deal.apply(Play("bob", C.parse("QD")))
    assert deal.legal_cards("cy") == (C.parse("4D"),)
    deal.apply(Play("cy", C.parse("4D")))
    assert deal.current == "ann"  # the joker won


def test_pageone_4_5_the_highest_of_the_suit_wins_the_ace_high():
    three = [("ann", 10), ("bob", 10), ("cy", 10)]
    hands = ["KS KD 3H 2C", "AS QD 7H 5C", "4S 4D 9H 6C"]
    deal = PAGEONE.deal(PAGEONE.parse_record(pageone(three, "cy", hands)))
    for seat, card in (("ann", "KS"), ("bob", "AS"), ("cy", "4S")):
        deal.apply(Play(seat, C.parse(card)))
    assert deal.current == "bob"
    assert deal.public_view().discard == tuple(C.parse(x) for x in ("KS", "AS", "4S"))


def test_pageone_5_1_out_mid_trick_wins_at_once():
    three = [("ann", 10), ("bob", 10), ("cy", 10)]
    hands = ["KS KD 3H 2C", "AS QD 9H 5C", "4D TH 6C 8H"]
    actions = [play("ann", "KS"), play("bob", "AS"), play("cy", "5S"),  # cy drew 8D, 5S
               play("bob", "QD"), play("cy", "4D"), play("ann", "KD"),
               play("ann", "3H", True), play("bob", "9H", True), play("cy", "TH"),
               play("cy", "6C"), play("ann", "2C")]  # ann's last card, bob still to play
    result = replay(pageone(three, "cy", hands, actions, stock="8D 5S"))
    assert result == {
        "ended": "out",
        "winners": ["ann"],
        "stacks": {"ann": 14, "bob": 8, "cy": 8},
        "eliminated": [],
        "cards_left": {"ann": 0, "bob": 1, "cy": 2},
    }


def test_pageone_7_the_time_out_plays_the_lowest_legal_card_the_joker_last_with_the_call():
    hands = ["9H KD JK 2C", "3H QD 7S 5C"]
    deal = PAGEONE.deal(PAGEONE.parse_record(pageone(TWO, "bob", hands)))
    assert deal.timeout_action("ann") == Play("ann", C.parse("2C"), False)
    deal.apply(Play("ann", C.parse("9H")))
    assert deal.timeout_action("bob") == Play("bob", C.parse("3H"), False)
    deal2 = PAGEONE.deal(PAGEONE.parse_record(pageone(TWO, "bob", ["JK AH 9H 2C", "3H QD 7S 5C"])))
    deal2.apply(Play("ann", C.parse("2C")))
    deal2.apply(Play("bob", C.parse("5C")))  # 2C < 5C: bob leads
    deal2.apply(Play("bob", C.parse("3H")))
    assert deal2.timeout_action("ann") == Play("ann", C.parse("9H"), False)


def test_pageone_7_the_time_out_calls_page_one_when_due():
    deal = PAGEONE.deal(PAGEONE.parse_record(pageone(TWO, "bob", EXAMPLE_HANDS)))
    for action in EXAMPLE[:4]:
        deal.apply(PAGEONE.parse_action(action, 0, ["ann", "bob"]))
    assert deal.timeout_action("ann") == Play("ann", C.parse("2C"), True)


def test_pageone_8_4_errors_in_the_pages_order():
    base = pageone(TWO, "bob", EXAMPLE_HANDS, EXAMPLE)
    assert error({**base, "actions": [play("bob", "3H")]})["code"] == "not_your_turn"
    assert error({**base, "actions": [play("ann", "3H")]})["code"] == "card_not_in_hand"
    err = error({**base, "actions": EXAMPLE + [play("ann", "KD")]})
    assert err == {**err, "code": "wrong_phase", "action": 8}
    err = error({**base, "actions": EXAMPLE[:3]})
    assert err["code"] == "incomplete" and err["action"] is None
    assert error({**base, "actions": [{"seat": "ann", "do": "draw"}]})["code"] == "bad_record"
    assert error({**base, "actions": [play("ann", "ZZ")]})["code"] == "bad_record"


@pytest.mark.parametrize(
    "change",
    [
        {"options": {"joker": True}},
        {"seats": [{"id": "ann", "stack": 10}, {"id": "bob", "stack": 1}]},  # dealer short
        {"seats": [{"id": "ann", "stack": 1}, {"id": "bob", "stack": 10}]},  # one dealt in
        {"reshuffles": "no"},
        {"reshuffles": [["XX"]]},
        {"seats": [{"id": x, "stack": 10} for x in "abcde"], "dealer": "a"},  # 1.2: four
    ],
)
def test_pageone_8_1_malformed_records_are_bad_record(change):
    err = error({**pageone(TWO, "bob", EXAMPLE_HANDS, EXAMPLE), **change})
    assert err["code"] == "bad_record" and err["action"] is None


def test_pageone_1_1_the_deck_must_hold_the_joker():
    record = pageone(TWO, "bob", EXAMPLE_HANDS, EXAMPLE)
    record["deck"] = [x for x in record["deck"] if x != "JK"]
    assert error(record)["code"] == "bad_record"


def test_pageone_2_1_a_seat_below_the_stake_sits_out_and_is_eliminated():
    seats = [("ann", 10), ("bob", 10), ("cy", 1)]
    result = replay(pageone(seats, "bob", EXAMPLE_HANDS, EXAMPLE))
    assert result["stacks"] == {"ann": 8, "bob": 12, "cy": 1}
    assert result["eliminated"] == ["cy"] and "cy" not in result["cards_left"]


def test_pageone_6_the_public_view_holds_no_hand():
    deal = PAGEONE.deal(PAGEONE.parse_record(pageone(TWO, "bob", EXAMPLE_HANDS)))
    text = repr(deal.public_view())
    assert "hand" not in text
    assert deal.private_view("ann").hand == tuple(sorted(C.parse(x) for x in "9H KD AS 2C".split()))


def _played(seed: int, players: int = 4):
    """A whole game by the random strategy, new stocks shuffled from `seed`."""
    rng = random.Random(seed)
    pack = list(PACK)
    rng.shuffle(pack)
    ids = [f"p{i}" for i in range(players)]
    deal = PAGEONE.start(seats=[(i, 20) for i in ids], stake=2, dealer=ids[-1],
                         deck_or_decks=pack)
    deal.shuffle_with(lambda pile: rng.sample(pile, len(pile)))
    players_ = {seat: PAGEONE.strategies["random"]() for seat in ids}
    while not deal.is_over:
        seat = deal.to_act()[0]
        deal.apply(players_[seat](deal.private_view(seat), rng))
    return deal


def _with_rebuild(ending: str):
    for seed in range(400):
        deal = _played(seed)
        if deal.record().reshuffles and deal.settlement.ended == ending:
            return deal
    raise AssertionError("no seed rebuilt the stock")


def test_pageone_4_6_a_played_game_replays_exactly_with_its_new_stocks():
    deal = _with_rebuild("out")
    data = deal.record().to_json()
    assert data["reshuffles"]
    assert replay(json.loads(json.dumps(data))) == deal.settlement.to_result()


def test_pageone_5_2_a_drawn_game_gives_every_ante_back():
    deal = _with_rebuild("drawn")
    result = replay(deal.record().to_json())
    assert result["ended"] == "drawn" and result["winners"] == []
    assert set(result["stacks"].values()) == {20}


def test_pageone_4_6_a_new_stock_must_hold_exactly_the_discard_pile():
    data = _with_rebuild("out").record().to_json()
    wrong = {**data, "reshuffles": [data["reshuffles"][0][1:]] + data["reshuffles"][1:]}
    err = error(wrong)
    assert err["code"] == "bad_reshuffle" and isinstance(err["action"], int)
    missing = error({**data, "reshuffles": []})
    assert missing["code"] == "bad_reshuffle" and missing["action"] == err["action"]
