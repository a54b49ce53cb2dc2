"""Fifty-One's rules (docs/rules/fiftyone.md), each test named after the rule it checks, on
fixed decks."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import cards as C
from engine.errors import EngineError
from engine.fiftyone.actions import Clear, Swap
from engine.fiftyone.deal import swaps
from engine.fiftyone.game import FIFTYONE
from engine.fiftyone.info import PACK_WITH_JOKER
from engine.fiftyone.scoring import score
from tests.engine.helpers import error, replay, table_record


def deck(hands: list[str], board: str, stock: str = "", joker: bool = False) -> list[str]:
    """The hands in turn order (left of the dealer first), five each dealt one at a time
    (FIFTYONE-3.1); then the board; then the stock's top; then the rest of the pack."""
    dealt = [h.split() for h in hands]
    assert all(len(h) == 5 for h in dealt)
    order = [dealt[p][i] for i in range(5) for p in range(len(dealt))]
    order += board.split() + stock.split()
    used = [C.parse_with_joker(x) for x in order]
    assert len(set(used)) == len(used), "a card is used twice"
    pack = PACK_WITH_JOKER if joker else C.DECK
    return order + [C.code(c) for c in pack if c not in set(used)]


def fiftyone(seats, dealer, hands, board, actions=(), stock="", stake=5, joker=False, **extra):
    return table_record("fiftyone", seats, stake, dealer=dealer, options={"joker": joker},
                        deck=deck(hands, board, stock, joker), reshuffles=[],
                        actions=list(actions), **extra)


def swap(seat: str, take: str, give: str, stop: bool | None = None) -> dict:
    action = {"seat": seat, "do": "swap", "take": take, "give": give}
    if stop is not None:
        action["stop"] = stop
    return action


def clear(seat: str) -> dict:
    return {"seat": seat, "do": "clear"}


def hand(text: str) -> list[int]:
    return [C.parse_with_joker(x) for x in text.split()]


THREE = [("ann", 20), ("bob", 20), ("cat", 20)]
# The dealer is ann: bob starts (4.1), then cat, then ann.
HANDS = ["2C 3D 4H 5S 7C", "AS KS QS JS 9H", "AH KH QH JH 9D"]
BOARD = "6C 6D 6H 6S 8D"
# bob calls Stop with a hand of 1; cat and ann each reach 35.
TIED = [swap("bob", "6C", "2C", True), swap("cat", "6H", "9H"), swap("ann", "6D", "9D")]


# -- 5. scoring -------------------------------------------------------------------


def test_fiftyone_5_4_the_pages_examples_score_10_1_and_33():
    assert score(hand("JD 9D 3D 8C 4H")) == 10
    assert score(hand("KS 9S AH 2H 5C")) == 1
    assert score(hand("JK 7C 8C 9C 2D")) == 33


def test_fiftyone_1_2_values_ace_11_courts_10_a_flush_of_the_top_five_is_51():
    assert score(hand("AS KS QS JS TS")) == 51
    assert score(hand("2S 3S 4S 5S 6S")) == 20


def test_fiftyone_5_1_a_score_may_be_negative():
    assert score(hand("2S 3S AH KD QC")) == 5 - 31


def test_fiftyone_5_2_the_joker_is_a_card_not_in_the_hand():
    # With A K Q J of spades held, the joker is the 10 of spades: 51, the most there is.
    assert score(hand("JK AS KS QS JS")) == 51
    # It never doubles a card held: with all five top spades but the ace held, it is A♠.
    assert score(hand("JK KS QS JS TS")) == 51


# -- 5.3, 2.2, 5.4: the end and the pot -----------------------------------------


def test_fiftyone_5_4_settlement_two_winners_share_15_as_8_and_7_from_the_dealers_left():
    result = replay(fiftyone(THREE, "ann", HANDS, BOARD, TIED))
    assert result == {
        "ended": "stop",
        "winners": ["ann", "cat"],  # seat order
        # cat is the first winner from the dealer's (ann's) left: the odd chip is cat's
        "stacks": {"ann": 22, "bob": 15, "cat": 23},
        "eliminated": [],
        "scores": {"bob": 1, "cat": 35, "ann": 35},
        "stopped_by": "bob",
    }


def test_fiftyone_5_3_the_caller_who_ties_for_the_best_does_not_win():
    hands = ["AD KD QD JD 2C", "AS KS QS JS 9H", "2H 3H 4H 5C 7D"]
    actions = [swap("bob", "6D", "2C", True), swap("cat", "6S", "9H"), swap("ann", "6H", "7D")]
    result = replay(fiftyone(THREE, "ann", hands, BOARD, actions))
    assert result["scores"] == {"bob": 47, "cat": 47, "ann": 2 + 3 + 4 + 6 - 5}
    assert result["winners"] == ["cat"]
    assert result["stacks"] == {"ann": 15, "bob": 15, "cat": 30}


def test_fiftyone_5_3_the_caller_with_the_best_hand_alone_takes_the_pot():
    hands = ["AD KD QD JD 2C", "2S 3S 4S 5S 9H", "2H 3H 4H 5C 7D"]
    actions = [swap("bob", "6D", "2C", True), swap("cat", "6S", "9H"), swap("ann", "6H", "7D")]
    result = replay(fiftyone(THREE, "ann", hands, BOARD, actions))
    assert result["winners"] == ["bob"] and result["stopped_by"] == "bob"
    assert result["stacks"] == {"ann": 15, "bob": 30, "cat": 15}


def test_fiftyone_4_5_after_stop_each_other_player_has_one_more_turn_then_it_ends():
    record = fiftyone(THREE, "ann", HANDS, BOARD, TIED[:2])
    deal = FIFTYONE.replay(FIFTYONE.parse_record(record))
    assert not deal.is_over and deal.to_act() == ("ann",)
    view = deal.public_view()
    assert view.stopped_by == "bob"
    assert [s.id for s in view.seats if s.turn_left] == ["ann"]
    deal.apply(Swap("ann", C.parse("6D"), C.parse("9D")))
    assert deal.is_over and deal.to_act() == ()


def test_fiftyone_4_5_stop_may_be_called_later_and_play_goes_round_until_then():
    actions = [swap("bob", "6C", "2C"), swap("cat", "6H", "9H"), swap("ann", "6D", "9D"),
               swap("bob", "2C", "3D", True), swap("cat", "3D", "6H"), swap("ann", "9D", "6D")]
    result = replay(fiftyone(THREE, "ann", HANDS, BOARD, actions))
    assert result["stopped_by"] == "bob"
    assert result["scores"] == {"bob": 6 + 2 + 7 - 4 - 5, "cat": 41 - 3, "ann": 41 - 9}
    assert result["winners"] == ["cat"]


def test_fiftyone_2_1_a_seat_below_the_stake_sits_out_and_is_eliminated():
    seats = [("ann", 20), ("bob", 20), ("cat", 20), ("dan", 4)]
    result = replay(fiftyone(seats, "ann", HANDS, BOARD, TIED))
    assert "dan" not in result["scores"]
    assert result["stacks"]["dan"] == 4
    assert result["eliminated"] == ["dan"]


def test_fiftyone_2_1_a_seat_left_below_the_stake_after_the_game_is_eliminated():
    seats = [("ann", 20), ("bob", 5), ("cat", 20)]
    result = replay(fiftyone(seats, "ann", HANDS, BOARD, TIED))
    assert result["stacks"]["bob"] == 0 and result["eliminated"] == ["bob"]


# -- 4. turns ---------------------------------------------------------------------


def test_fiftyone_4_2_the_swap_puts_the_given_card_in_the_taken_cards_place():
    deal = FIFTYONE.replay(FIFTYONE.parse_record(fiftyone(THREE, "ann", HANDS, BOARD, TIED[:1])))
    assert deal.public_view().board == tuple(hand("2C 6D 6H 6S 8D"))
    assert sorted(deal.hands["bob"]) == sorted(hand("6C 3D 4H 5S 7C"))
    move = deal.public_view().moves[0]
    assert (move.seat, move.take, move.give, move.stop) == ("bob", *hand("6C 2C"), True)


def test_fiftyone_4_3_a_clear_after_the_first_round_deals_five_from_the_stock():
    actions = [swap("bob", "6C", "2C"), swap("cat", "6H", "9H"),
               swap("ann", "6D", "9D"), clear("bob")]
    record = fiftyone(THREE, "ann", HANDS, BOARD, actions, stock="TC TD TH TS 9C 9S")
    deal = FIFTYONE.replay(FIFTYONE.parse_record(record))
    view = deal.public_view()
    assert view.board == tuple(hand("TC TD TH TS 9C"))
    assert view.discard == tuple(hand("2C 9D 9H 6S 8D"))
    assert view.cleared and deal.to_act() == ("bob",)
    assert deal.legal_actions("bob") == ("swap",)
    # 4.3: the swap that follows takes one of the new cards
    deal.apply(Swap("bob", C.parse("TC"), C.parse("3D")))
    assert deal.public_view().board == tuple(hand("3D TD TH TS 9C"))


def test_fiftyone_4_3_no_clear_in_the_first_round_is_illegal_play():
    actions = [swap("bob", "6C", "2C"), swap("cat", "6H", "9H"), clear("ann")]
    err = error(fiftyone(THREE, "ann", HANDS, BOARD, actions))
    assert err["code"] == "illegal_play" and err["action"] == 2
    assert "FIFTYONE-4.3" in err["message"]


def test_fiftyone_4_3_a_second_clear_in_a_turn_is_wrong_phase():
    actions = [swap("bob", "6C", "2C"), swap("cat", "6H", "9H"), swap("ann", "6D", "9D"),
               clear("bob"), clear("bob")]
    err = error(fiftyone(THREE, "ann", HANDS, BOARD, actions))
    assert err == {"action": 4, "code": "wrong_phase", "message": err["message"]}


def test_fiftyone_4_3_the_turn_clock_counts_turns_not_the_clear():
    actions = [swap("bob", "6C", "2C"), swap("cat", "6H", "9H"), swap("ann", "6D", "9D")]
    deal = FIFTYONE.replay(FIFTYONE.parse_record(fiftyone(THREE, "ann", HANDS, BOARD, actions)))
    before = deal.turn_number("bob"), deal.seat_seq("bob")
    deal.apply(Clear("bob"))
    assert deal.turn_number("bob") == before[0] and deal.seat_seq("bob") == before[1] + 1


# -- 7. the time-out ----------------------------------------------------------------


def test_fiftyone_7_the_time_out_makes_the_best_swap_without_clearing_or_calling():
    actions = [swap("bob", "6C", "2C"), swap("cat", "6H", "9H"), swap("ann", "6D", "9D")]
    deal = FIFTYONE.replay(FIFTYONE.parse_record(fiftyone(THREE, "ann", HANDS, BOARD, actions)))
    # bob holds 6C 3D 4H 5S 7C on a board of 2C 9D 9H 6S 8D: the 2C for the 5S makes
    # three clubs, 15 - 7 = 8, the best of the 25 swaps
    move = deal.timeout_action("bob")
    assert isinstance(move, Swap) and not move.stop
    after = [move.take if c == move.give else c for c in deal.hands["bob"]]
    best = max(
        score([t if c == g else c for c in deal.hands["bob"]])
        for t in deal.board for g in deal.hands["bob"]
    )
    assert score(after) == best
    assert (move.take, move.give) == (C.parse("2C"), C.parse("5S"))
    assert score(after) == 8


# -- 8.4: errors --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("actions", "code", "at"),
    [
        ([swap("cat", "6H", "9H")], "not_your_turn", 0),
        ([swap("bob", "9H", "2C")], "not_on_board", 0),
        ([swap("bob", "6C", "6C")], "illegal_play", 0),
        ([swap("bob", "6C", "AS")], "card_not_in_hand", 0),
        ([swap("bob", "6C", "2C", True), swap("cat", "6H", "9H", True)], "illegal_play", 1),
        ([*TIED, swap("bob", "2C", "3D")], "wrong_phase", 3),
        ([*TIED, clear("bob")], "wrong_phase", 3),
        ([swap("bob", "6C", "2C", True)], "incomplete", None),
        ([swap("bob", "6C", "ZZ")], "bad_record", 0),
        ([{"seat": "bob", "do": "draw"}], "bad_record", 0),
        ([swap("bob", "6C", "2C", "yes")], "bad_record", 0),  # type: ignore[arg-type]
        ([{"seat": "bob", "do": "swap", "take": "6C"}], "bad_record", 0),
        ([swap("bob", "JK", "2C")], "bad_record", 0),  # no joker at this table
        ([swap("zed", "6C", "2C")], "bad_record", 0),
        ([{"seat": "bob", "do": "clear", "stop": True}], "bad_record", 0),
        ([{"seat": "bob", "do": "clear", "stop": 1}], "bad_record", 0),
    ],
)
def test_fiftyone_8_4_each_error_code(actions, code, at):
    err = error(fiftyone(THREE, "ann", HANDS, BOARD, actions))
    assert (err["code"], err["action"]) == (code, at), err["message"]
    assert err["message"]


def test_fiftyone_8_4_a_seat_not_dealt_in_is_not_your_turn():
    seats = [("ann", 20), ("bob", 20), ("cat", 20), ("dan", 4)]
    err = error(fiftyone(seats, "ann", HANDS, BOARD, [swap("dan", "6C", "2C")]))
    assert err["code"] == "not_your_turn"


def test_fiftyone_8_4_a_refused_action_changes_nothing():
    deal = FIFTYONE.deal(FIFTYONE.parse_record(fiftyone(THREE, "ann", HANDS, BOARD)))
    before = deal.public_view(), deal.private_view("bob")
    with pytest.raises(EngineError) as refused:
        deal.apply(Swap("bob", C.parse("6C"), C.parse("AS")))
    assert refused.value.code == "card_not_in_hand"
    assert (deal.public_view(), deal.private_view("bob")) == before


@pytest.mark.parametrize(
    "change",
    [
        {"options": {"joker": "no"}},
        {"options": {"jokers": True}},
        {"options": []},
        {"seats": [{"id": f"p{i}", "stack": 20} for i in range(6)], "dealer": "p0"},
        {"seats": [{"id": "ann", "stack": 20}, {"id": "bob", "stack": 2},
                   {"id": "cat", "stack": 2}]},  # one dealt in
        {"seats": [{"id": "ann", "stack": 2}, {"id": "bob", "stack": 20},
                   {"id": "cat", "stack": 20}]},  # the dealer is not dealt in
        {"reshuffles": "no"},
        {"reshuffles": [["XX"]]},
        {"deck": ["AS"] * 52},
    ],
)
def test_fiftyone_8_1_malformed_records_are_bad_record(change):
    err = error({**fiftyone(THREE, "ann", HANDS, BOARD, TIED), **change})
    assert err["code"] == "bad_record" and err["action"] is None


def test_fiftyone_8_1_the_deck_holds_the_joker_exactly_when_the_option_is_on():
    with_joker = fiftyone(THREE, "ann", HANDS, BOARD, TIED, joker=True)
    assert len(with_joker["deck"]) == 53
    assert replay(with_joker)["winners"] == ["ann", "cat"]
    assert error({**with_joker, "options": {"joker": False}})["code"] == "bad_record"
    assert error({**with_joker, "options": {}})["code"] == "bad_record"
    plain = fiftyone(THREE, "ann", HANDS, BOARD, TIED)
    assert error({**plain, "options": {"joker": True}})["code"] == "bad_record"
    assert replay({k: v for k, v in plain.items() if k != "options"})["winners"] == ["ann", "cat"]


def test_fiftyone_5_2_the_joker_swapped_in_counts_as_the_best_card_at_the_end():
    hands = ["2C 3D 4H 5S 7C", "7S 8S 9S 2D 3H", "AH KH QH JH 9D"]
    board = "JK 6D 6H 6S 8D"
    actions = [swap("bob", "6D", "2C", True), swap("cat", "JK", "3H"), swap("ann", "6H", "9D")]
    result = replay(fiftyone(THREE, "ann", hands, board, actions, joker=True))
    assert result["scores"]["cat"] == 35 - 2  # JK as A♠
    deal = FIFTYONE.replay(FIFTYONE.parse_record(
        fiftyone(THREE, "ann", hands, board, actions, joker=True)))
    shown = {s.seat: s for s in deal.public_view().shown}
    assert shown["cat"].joker_as == C.parse("AS")


# -- 4.4: a new stock ---------------------------------------------------------------

TWO = [("ann", 20), ("bob", 20)]


def _clears_until_rebuilt(deal, turns: int) -> None:
    """Each turn after the first round clears, then swaps the first board card for the
    first card held."""
    for _ in range(turns):
        seat = deal.to_act()[0]
        if deal.can_clear(seat):
            deal.apply(Clear(seat))
        deal.apply(Swap(seat, deal.board[0], deal.hands[seat][0]))


def _two_player_deal(reshuffles=()):
    data = fiftyone(TWO, "ann", ["2C 3D 4H 5S 7C", "AS KS QS JS 9H"], BOARD)
    data["reshuffles"] = [list(order) for order in reshuffles]
    return FIFTYONE.deal(FIFTYONE.parse_record(data)), data


def test_fiftyone_4_4_an_empty_stock_is_rebuilt_from_the_discard_pile_in_the_recorded_order():
    deal, _ = _two_player_deal()
    deal.shuffle_with(lambda pile: list(reversed(pile)))
    _clears_until_rebuilt(deal, 2 + 8)  # 37 in the stock: the 8th clear needs a new one
    orders = deal.record().reshuffles
    assert len(orders) == 1 and len(orders[0]) == 40  # 7 clears and the board just cleared
    assert "the discard pile became the new stock" in deal.public_view().events
    # 37 = 7 × 5 + 2: the last board is the old stock's 2 cards, then the new stock's top 3
    # (the swap after it changed only the first place)
    assert deal.board[2:] == list(orders[0][:3])
    assert deal.stock == list(reversed(orders[0][3:]))
    assert sorted(deal.cards_in_play()) == sorted(C.DECK)


def test_fiftyone_4_4_a_played_game_replays_exactly_with_its_new_stock():
    deal, data = _two_player_deal()
    deal.shuffle_with(lambda pile: sorted(pile))
    _clears_until_rebuilt(deal, 12)
    seat = deal.to_act()[0]
    deal.apply(Swap(seat, deal.board[0], deal.hands[seat][0], True))
    deal.apply(deal.timeout_action(deal.to_act()[0]))
    text = json.dumps(deal.record().to_json())
    assert json.loads(text)["reshuffles"]
    assert replay(json.loads(text)) == deal.settlement.to_result()
    again = FIFTYONE.replay(FIFTYONE.parse_record(json.loads(text)))
    assert again.public_view() == deal.public_view()


def test_fiftyone_4_4_a_new_stock_must_hold_exactly_the_discard_pile():
    deal, data = _two_player_deal()
    deal.shuffle_with(lambda pile: sorted(pile))
    _clears_until_rebuilt(deal, 10)
    recorded = deal.record().to_json()
    wrong = {**recorded, "reshuffles": [recorded["reshuffles"][0][1:]]}
    err = error(wrong)
    assert err["code"] == "bad_reshuffle" and err["action"] == len(recorded["actions"]) - 2
    missing = error({**recorded, "reshuffles": []})
    assert missing["code"] == "bad_reshuffle" and missing["action"] == err["action"]


def test_fiftyone_4_4_a_refused_new_stock_changes_nothing():
    deal, data = _two_player_deal(reshuffles=[["AS"]])
    _clears_until_rebuilt(deal, 9)
    seat = deal.to_act()[0]
    before = deal.public_view(), list(deal.stock)
    with pytest.raises(EngineError) as refused:
        deal.check(Clear(seat))
    assert refused.value.code == "bad_reshuffle"
    with pytest.raises(EngineError):
        deal.apply(Clear(seat))
    assert (deal.public_view(), list(deal.stock)) == before


# -- 6. what is public --------------------------------------------------------------


def test_fiftyone_6_the_public_view_holds_no_hand_until_the_end():
    deal = FIFTYONE.deal(FIFTYONE.parse_record(fiftyone(THREE, "ann", HANDS, BOARD)))
    face_down = {c for seat in deal.order for c in deal.hands[seat]} | set(deal.stock)
    for action in TIED:
        view = deal.public_view()
        seen = set(view.board) | set(view.discard) | {
            c for m in view.moves for c in (m.take, m.give) if c is not None
        }
        public_by_rule = {c for m in view.moves for c in (m.take, m.give) if c is not None}
        assert not (seen - public_by_rule) & face_down
        assert view.shown == ()
        assert not any(hasattr(s, "hand") for s in view.seats)
        deal.apply(FIFTYONE.parse_action(action, 0, deal.ids))
    shown = deal.public_view().shown
    assert {s.seat for s in shown} == {"ann", "bob", "cat"}
    assert {s.seat: s.score for s in shown} == deal.settlement.scores


def test_fiftyone_6_a_private_view_shows_only_its_own_hand():
    deal = FIFTYONE.deal(FIFTYONE.parse_record(fiftyone(THREE, "ann", HANDS, BOARD)))
    view = deal.private_view("bob")
    assert view.hand == tuple(sorted(hand(HANDS[0])))
    assert view.score == score(hand(HANDS[0]))
    assert view.legal == ("swap",) and not view.can_clear and view.can_stop
    assert deal.private_view("cat").legal == ()


def test_fiftyone_3_1_the_deal_five_each_one_at_a_time_then_the_board():
    deal = FIFTYONE.deal(FIFTYONE.parse_record(fiftyone(THREE, "ann", HANDS, BOARD)))
    assert deal.order == ("bob", "cat", "ann")
    assert deal.hands["cat"] == hand(HANDS[1])
    assert deal.board == hand(BOARD)
    assert len(deal.stock) == 52 - 15 - 5 and deal.discard == []
    assert [t.amount for t in deal.posts] == [5, 5, 5]


def test_fiftyone_1_1_random_games_at_a_joker_table_keep_every_card_and_chip():
    rng = random.Random(5)
    pack = FIFTYONE.pack({"joker": True})
    assert len(pack) == 53 and FIFTYONE.pack() == C.DECK
    rebuilt = 0
    for _ in range(300):
        cards = list(pack)
        rng.shuffle(cards)
        seats = [(f"p{i}", 50) for i in range(5)]
        deal = FIFTYONE.start(seats=seats, stake=5, dealer="p0", deck_or_decks=cards,
                              options={"joker": True})
        deal.shuffle_with(lambda pile: rng.sample(pile, len(pile)))
        while not deal.is_over:
            deal.apply(FIFTYONE.simulation_action(deal, rng))
            assert sorted(deal.cards_in_play()) == sorted(pack)
        assert sum(deal.settlement.stacks.values()) == 250
        rebuilt += bool(deal.record().reshuffles)
        assert replay(deal.record().to_json()) == deal.settlement.to_result()
    assert rebuilt  # some games needed a new stock (4.4)


@given(st.permutations(range(52)))
def test_every_swap_scores_as_the_hand_it_leaves(deck):
    """The swaps' scores are worked out by moving one card between suits (deal.swaps):
    each must be the score of the hand after that swap, counted afresh (5.1)."""
    hand, board = list(deck[:5]), list(deck[5:10])
    found = swaps(hand, board)
    assert len(found) == 25
    for take, give, left in found:
        i = hand.index(give)
        assert left == score([*hand[:i], take, *hand[i + 1:]])
