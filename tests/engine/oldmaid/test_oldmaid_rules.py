"""Old Maid's rules (docs/rules/oldmaid.md), each test named after the rule it checks, on
fixed decks."""

from __future__ import annotations

import json
import random

import pytest

from engine import cards as C
from engine.errors import EngineError
from engine.oldmaid.actions import Draw
from engine.oldmaid.game import OLDMAID
from engine.oldmaid.info import PACK
from engine.replay import run
from engine.simulate import simulate
from tests.engine.helpers import error as refused
from tests.engine.helpers import replay as answer
from tests.engine.helpers import seated, table_record


def build_deck(hands: list[str]) -> list[str]:
    """A deck dealing, in deal order (dealer's left first), the named cards to each seat,
    every other card filled in as whole pairs of one rank so it is thrown at once."""
    named = [[C.parse(code) for code in hand.split()] for hand in hands]
    used = [card for hand in named for card in hand]
    assert len(set(used)) == len(used), "a card is named twice"
    rest: dict[int, list[int]] = {}
    for card in PACK:
        if card not in used:
            rest.setdefault(C.rank(card), []).append(card)
    pairs = []
    for rank in sorted(rest):
        cards = rest[rank]
        assert len(cards) % 2 == 0, f"rank {C.RANKS[rank]} is left odd"
        pairs += [cards[i : i + 2] for i in range(0, len(cards), 2)]
    count = len(hands)
    sizes = [51 // count + (1 if i < 51 % count else 0) for i in range(count)]
    full = []
    for hand, size in zip(named, sizes, strict=True):
        need = size - len(hand)
        assert need >= 0 and need % 2 == 0, "a hand's size must be made up with pairs"
        full.append(hand + [card for pair in pairs[: need // 2] for card in pair])
        pairs = pairs[need // 2 :]
    deck = [full[i % count][i // count] for i in range(51)]
    return [C.code(card) for card in deck]


def record(seats, dealer, hands, draws=(), *, stake=5, **extra) -> dict:
    data = table_record(
        "oldmaid", seats, stake, dealer=dealer, options={}, deck=build_deck(hands),
        actions=[{"seat": seat, "do": "draw", "pos": pos} for seat, pos in draws],
    )
    data.update(extra)
    return data


THREE = [("a", 100), ("b", 100), ("c", 100)]
# Dealer c. After the pairs (the filler pairs make threes of 3s and Ks: 2.2):
# a 3♣ 7♠ 9♠, b 2♦ Q♥ K♥, c 2♣ 3♥ 7♥ 9♥ K♣ (positions 0-4).
S_HANDS = ["3S 7S 9S", "QH 2D KH", "KD 2C 7H 3H 9H"]


# -- 1, 2: the pack, the deal and the pairs ---------------------------------------------


def test_oldmaid_1_1_the_deck_is_the_pack_without_the_queen_of_clubs():
    data = record(THREE, "c", ["3S", "QH", "3H"])
    data["deck"][-1] = "QC"
    assert refused(data)["code"] == "bad_record"
    data["deck"] = [C.code(card) for card in C.DECK]  # 52 cards
    error = refused(data)
    assert (error["code"], error["action"]) == ("bad_record", None)


def test_oldmaid_2_1_deals_one_at_a_time_from_the_dealers_left_extra_cards_first():
    deal = OLDMAID.deal(OLDMAID.parse_record(record(
        [("a", 100), ("b", 100), ("c", 100), ("d", 100)], "d",
        ["3S", "QH", "3H", ""],
    )))
    # 51 cards to 4 seats: a, b, c get 13 and the dealer d 12 (before the pairs go).
    dealt = sum(len(p.cards) for p in deal.pairs) + sum(map(len, deal.hands.values()))
    assert dealt == 51
    assert deal.order == ("a", "b", "c", "d")


def test_oldmaid_2_2_of_three_of_a_rank_spades_and_hearts_go_and_the_third_stays():
    data = record(THREE, "c", ["5D 5H 5S QH 9H", "5C", "9S"])
    deal = OLDMAID.deal(OLDMAID.parse_record(data))
    assert C.make(4, C.DIAMONDS) in deal.hands["a"]
    thrown = [p.cards for p in deal.pairs if p.seat == "a" and C.rank(p.cards[0]) == 4]
    assert thrown == [(C.make(4, C.SPADES), C.make(4, C.HEARTS))]


def test_oldmaid_2_2_four_of_a_rank_are_two_pairs_and_no_hand_holds_a_rank_twice():
    data = record(THREE, "c", ["5D 5H 5S 5C QH", "9H", "9D"])
    deal = OLDMAID.deal(OLDMAID.parse_record(data))
    fives = [p for p in deal.pairs if C.rank(p.cards[0]) == 4]
    assert len(fives) == 2 and all(p.moment == 0 for p in fives)
    for hand in deal.hands.values():
        assert len({C.rank(card) for card in hand}) == len(hand)


# -- 3: drawing ---------------------------------------------------------------------


def test_oldmaid_3_1_the_first_drawer_is_left_of_the_dealer_and_draws_from_the_dealer():
    deal = OLDMAID.deal(OLDMAID.parse_record(record(THREE, "b", ["3S", "QH", "3H"])))
    assert (deal.drawer, deal.holder) == ("c", "b")  # dealer b: c is on its left


def test_oldmaid_3_1_the_holder_skips_players_who_are_out():
    # d, the dealer, is out after the deal: a draws from c, the nearest on its right.
    seats = [("a", 100), ("b", 100), ("c", 100), ("d", 100)]
    deal = OLDMAID.deal(OLDMAID.parse_record(record(seats, "d", ["3S", "QH", "3H", ""])))
    assert deal.hands["d"] == [] and deal.public_view().seats[3].out
    assert (deal.drawer, deal.holder) == ("a", "c")


def test_oldmaid_3_2_positions_count_the_holders_cards_in_rank_order_ace_first():
    # c (the dealer) holds 2♣ 3♥ 7♥ 9♥ K♣ after the pairs: position 2 is the 7♥.
    data = record(THREE, "c", S_HANDS)
    deal = OLDMAID.deal(OLDMAID.parse_record(data))
    # The filler pairs gave c K♠ K♣ too: of three kings the K♠ K♦ went, the K♣ stays.
    assert sorted(map(C.code, deal.hands["c"])) == ["2C", "3H", "7H", "9H", "KC"]
    deal.apply(Draw("a", 2))  # a draws the 7♥ and pairs it with the 7♠
    assert C.parse("7H") not in deal.hands["c"]
    assert sorted(map(C.code, deal.hands["a"])) == ["3C", "9S"]
    assert deal.pairs[-1].cards == (C.parse("7S"), C.parse("7H")) and deal.pairs[-1].moment == 1


def test_oldmaid_3_1_the_turn_passes_left_and_the_drawer_becomes_the_holder():
    data = record(THREE, "c", S_HANDS)
    deal = OLDMAID.deal(OLDMAID.parse_record(data))
    deal.apply(Draw("a", 0))  # a draws the 2♣: no pair
    assert (deal.drawer, deal.holder) == ("b", "a")
    deal.apply(Draw("b", 0))  # b draws the 2♣ from a and pairs it with the 2♦
    assert sorted(map(C.code, deal.hands["b"])) == ["KH", "QH"]
    assert (deal.drawer, deal.holder) == ("c", "b")


def test_oldmaid_3_4_a_holder_who_gives_the_last_card_and_a_drawer_who_pairs_it_are_out():
    result = answer(record(THREE, "c", ["3S", "QH", "3H"], [("a", 0)]))
    assert result["ended"] == "old_maid" and result["loser"] == "b"


# -- 4: the end and chips ------------------------------------------------------------


def test_oldmaid_4_3_worked_example_the_loser_pays_and_the_odd_chip_goes_left_of_dealer():
    # A, B, C, dealer C, S = 5: B keeps the Old Maid; A and C share 15, 8 and 7.
    result = answer(record(THREE, "c", ["3S", "QH", "3H"], [("a", 0)]))
    assert result == {
        "ended": "old_maid",
        "winners": ["a", "c"],
        "stacks": {"a": 103, "b": 95, "c": 102},
        "eliminated": [],
        "loser": "b",
        "old_maid": "QH",
    }


def test_oldmaid_4_1_on_deal_when_the_pairs_after_the_deal_leave_one_player_holding():
    result = answer(record([("a", 100), ("b", 100)], "b", ["", "QD"]))
    assert result["ended"] == "on_deal"
    assert (result["loser"], result["old_maid"], result["winners"]) == ("b", "QD", ["a"])
    assert result["stacks"] == {"a": 105, "b": 95}


def test_oldmaid_7_5_any_draw_after_an_on_deal_end_is_wrong_phase():
    error = refused(record([("a", 100), ("b", 100)], "b", ["", "QD"], [("a", 0)]))
    assert (error["code"], error["action"]) == ("wrong_phase", 0)


def test_oldmaid_4_4_a_seat_below_s_after_the_deal_is_eliminated():
    seats = [("a", 5), ("b", 7), ("c", 100)]
    result = answer(record(seats, "c", ["3S", "QH", "3H"], [("a", 0)]))
    assert result["stacks"] == {"a": 8, "b": 2, "c": 102}
    assert result["eliminated"] == ["b"]


def test_oldmaid_7_2_a_seat_below_s_is_not_dealt_in_keeps_its_stack_and_is_eliminated():
    seats = [("a", 100), ("x", 4), ("b", 100), ("c", 100)]
    result = answer(record(seats, "c", ["3S", "QH", "3H"], [("a", 0)]))
    assert result["stacks"]["x"] == 4 and result["eliminated"] == ["x"]
    assert "x" not in result["winners"]


def test_oldmaid_4_2_pot_shared_by_nine_odd_chips_from_the_dealers_left():
    seats = [(f"p{i}", 100) for i in range(10)]
    # Dealer p9; p0 is out after the deal. The Q♥ travels p9 -> p1 -> p3 -> p5 -> p7 while
    # every other single pairs off.
    hands = ["", "3S", "3H", "4S", "4H", "5S", "5H", "6S", "6H", "QH"]
    draws = [(f"p{i}", 0) for i in range(1, 9)]
    result = answer(record(seats, "p9", hands, draws, stake=7))
    assert (result["ended"], result["loser"], result["old_maid"]) == ("old_maid", "p7", "QH")
    assert result["winners"] == [f"p{i}" for i in range(10) if i != 7]
    # Pot 70 to 9 winners: 7 each, and the 7 odd chips to p0 ... p6, from the dealer's left.
    expected = {f"p{i}": 101 for i in range(7)} | {"p7": 93, "p8": 100, "p9": 100}
    assert result["stacks"] == expected


# -- 6, 7: record, time-out, errors -----------------------------------------------------


def test_oldmaid_6_1_an_option_is_bad_record():
    error = refused(record(THREE, "c", ["3S", "QH", "3H"], options={"match": "rank"}))
    assert (error["code"], error["action"]) == ("bad_record", None)


@pytest.mark.parametrize(
    "seats, dealer",
    [
        ([("a", 100), ("b", 4), ("c", 4)], "a"),  # one dealt in
        ([("a", 100), ("b", 100), ("c", 4)], "c"),  # the dealer is not dealt in
        ([(f"p{i}", 100) for i in range(11)], "p0"),  # eleven dealt in
    ],
)
def test_oldmaid_7_2_two_to_ten_dealt_in_and_the_dealer_among_them(seats, dealer):
    data = record([("a", 100), ("b", 100)], "b", ["", "QD"])
    data["seats"] = seated(seats)
    data["dealer"] = dealer
    error = refused(data)
    assert (error["code"], error["action"]) == ("bad_record", None)


@pytest.mark.parametrize(
    "action",
    [
        {"seat": "a", "do": "draw", "pos": "0"},
        {"seat": "a", "do": "draw", "pos": 0.0},
        {"seat": "a", "do": "draw", "pos": True},
        {"seat": "a", "do": "draw"},
        {"seat": "a", "do": "pick", "pos": 0},
        {"seat": "zed", "do": "draw", "pos": 0},
        ["a", "draw", 0],
    ],
)
def test_oldmaid_7_5_a_malformed_action_is_bad_record_at_its_index(action):
    data = record(THREE, "c", S_HANDS, [("a", 0)])
    data["actions"].append(action)
    error = refused(data)
    assert (error["code"], error["action"]) == ("bad_record", 1)


def test_oldmaid_7_5_anyone_but_the_drawer_is_not_your_turn():
    data = record(THREE, "c", S_HANDS, [("b", 0)])
    error = refused(data)
    assert (error["code"], error["action"]) == ("not_your_turn", 0)


def test_oldmaid_7_5_a_player_who_is_out_is_not_your_turn():
    seats = [("a", 100), ("b", 100), ("c", 100), ("d", 100)]
    error = refused(record(seats, "d", ["3S", "QH", "3H", ""], [("d", 0)]))
    assert (error["code"], error["action"]) == ("not_your_turn", 0)
    assert "out" in error["message"]


@pytest.mark.parametrize("pos", [5, -1, 99])
def test_oldmaid_7_5_a_position_outside_the_holders_hand_is_illegal_play(pos):
    data = record(THREE, "c", S_HANDS, [("a", pos)])
    error = refused(data)
    assert (error["code"], error["action"]) == ("illegal_play", 0)
    assert "0 to 4" in error["message"]


def test_oldmaid_7_5_the_check_order_is_wrong_phase_before_not_your_turn_and_position():
    data = record(THREE, "c", ["3S", "QH", "3H"], [("a", 0), ("b", 9)])
    error = refused(data)
    assert (error["code"], error["action"]) == ("wrong_phase", 1)


def test_oldmaid_7_5_actions_that_stop_before_the_end_are_incomplete():
    error = refused(record(THREE, "c", S_HANDS, [("a", 0)]))
    assert (error["code"], error["action"]) == ("incomplete", None)


def test_oldmaid_a_refused_draw_changes_nothing():
    deal = OLDMAID.deal(OLDMAID.parse_record(record(THREE, "c", S_HANDS)))
    before = (deal.seq, {s: list(h) for s, h in deal.hands.items()}, deal.drawer)
    for action in (Draw("b", 0), Draw("a", 5)):
        with pytest.raises(EngineError):
            deal.apply(action)
    assert (deal.seq, {s: list(h) for s, h in deal.hands.items()}, deal.drawer) == before


def test_oldmaid_6_1_time_out_draws_a_position_in_range_the_same_on_every_replay():
    data = record(THREE, "c", S_HANDS)
    first = OLDMAID.deal(OLDMAID.parse_record(data)).timeout_action("a")
    again = OLDMAID.deal(OLDMAID.parse_record(data)).timeout_action("a")
    assert first == again and first.seat == "a" and 0 <= first.pos < 5
    positions = set()
    for seed in range(40):  # over many decks it is not one fixed position
        deck = list(PACK)
        random.Random(seed).shuffle(deck)
        deal = OLDMAID.start(seats=THREE, stake=5, dealer="c", deck_or_decks=deck)
        if deal.drawer and len(deal.hands[deal.holder]) >= 5:
            positions.add(deal.timeout_action(deal.drawer).pos)
    assert len(positions) > 2


# -- 5: seen and hidden ---------------------------------------------------------------


def test_oldmaid_5_public_view_shows_counts_pairs_and_draws_but_no_held_card():
    deal = OLDMAID.deal(OLDMAID.parse_record(record(THREE, "c", S_HANDS)))
    deal.apply(Draw("a", 0))
    view = deal.public_view()
    assert [s.cards for s in view.seats] == [len(deal.hands[s]) for s in "abc"]
    assert view.draws[-1].drawer == "a" and view.draws[-1].holder == "c"
    assert view.old_maid is None and view.holder_cards == len(deal.hands["a"])
    shown = {card for pair in view.pairs for card in pair.cards}
    assert not shown & {card for hand in deal.hands.values() for card in hand}
    assert not hasattr(view.seats[0], "hand")
    mine = deal.private_view("a")
    assert mine.last_drawn == C.parse("2C") and deal.private_view("c").last_given == C.parse("2C")
    assert deal.private_view("b").last_drawn is None
    assert list(mine.hand) == sorted(mine.hand, key=C.rank)


# -- replay and simulation -------------------------------------------------------------


@pytest.mark.parametrize("seed", range(5))
def test_oldmaid_a_played_deals_record_replays_to_the_same_result(seed):
    rng = random.Random(seed)
    deck = list(PACK)
    rng.shuffle(deck)
    seats = [(f"p{i}", 50) for i in range(2 + seed)]
    deal = OLDMAID.start(seats=seats, stake=5, dealer="p0", deck_or_decks=deck)
    while not deal.is_over:
        deal.apply(OLDMAID.simulation_action(deal, rng))
    result, status = run(json.dumps(deal.record().to_json()))
    assert status == 0 and result == deal.settlement.to_result()
    assert sorted(deal.cards_in_play()) == sorted(PACK)


def test_oldmaid_simulation_conserves_chips_and_cards():
    ended = simulate(300, 4, 3, "oldmaid")
    assert sum(ended.values()) == 300
