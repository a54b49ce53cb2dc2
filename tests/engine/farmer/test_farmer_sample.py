"""Farmer samples for the search player (engine/farmer/sample.py): a deal consistent with
one seat's view, the others' face-down cards and the stock's order unknown."""

from __future__ import annotations

import random

import pytest

from engine import cards as C
from engine.errors import EngineError
from engine.farmer.actions import HIT, STAY, FarmerAction
from engine.farmer.game import FARMER
from engine.farmer.info import PACK
from engine.farmer.sample import face_down_limits, legal_moves, sample_deal, search_player
from tests.engine.helpers import assert_placed_uniformly

SEATS = [("a", 100), ("b", 100), ("c", 100), ("d", 100)]


def midgame(actions: int, seed: int = 3, deck=None):
    """A deal after `actions` random moves (a farm of 7 carried in)."""
    rng = random.Random(seed)
    if deck is None:
        deck = list(PACK)
        rng.shuffle(deck)
    deal = FARMER.start(seats=SEATS, stake=5, dealer="b", deck_or_decks=deck, carry={"farm": 7})
    for _ in range(actions):
        if deal.is_over:
            break
        deal.apply(FARMER.simulation_action(deal, rng))
    return deal


def rigged(*hands: list[str]):
    """A deck whose face-down cards go to c, d, a, b (the farmer b last, FARMER-3.1) and
    whose next cards are the hits listed, the rest in pack order."""
    firsts = [C.parse(hand[0]) for hand in hands]
    hits = [C.parse(card) for hand in hands for card in hand[1:]]
    used = set(firsts) | set(hits)
    return firsts + hits + [card for card in PACK if card not in used]


@pytest.mark.parametrize(("actions", "seed"), [(0, 1), (3, 2), (6, 3), (9, 4), (8, 6)])
def test_a_sample_contradicts_nothing_the_seat_saw(actions, seed):
    deal = midgame(actions, seed)
    if deal.is_over:
        pytest.skip("the deal ended early")
    rng = random.Random(7)
    for seat in deal.order:
        view = deal.private_view(seat)
        limits = face_down_limits(view)
        for _ in range(100):
            sample = sample_deal(view, rng)
            assert sample.private_view(seat) == view  # its own card, total, moves
            assert sample.public_view() == deal.public_view()  # every hit, the farm
            assert sorted(sample.cards_in_play()) == sorted(PACK)
            for other, limit in limits.items():
                assert C.value(sample.hands[other][0]) <= limit


def test_a_hit_after_the_first_tells_the_face_down_card_was_low():
    # c hit a 10, a 5 and a 3: before the third hit c had 16 or less (FARMER-4.3), so
    # c's face-down card is worth 1 at most: an ace.
    deck = rigged(["AC", "TH", "5D", "3S"], ["KD", "3C"], ["9H", "2D"], ["QS", "4S"])
    deal = FARMER.start(seats=SEATS, stake=5, dealer="b", deck_or_decks=deck)
    for do in (HIT, HIT, HIT):
        deal.apply(FarmerAction("c", do))
    view = deal.private_view("a")
    assert face_down_limits(view) == {"c": 1}
    rng = random.Random(2)
    aces = set()
    for _ in range(300):
        sample = sample_deal(view, rng)
        assert C.value(sample.hands["c"][0]) == 1
        aces.add(sample.hands["c"][0])
        assert sample.public_view() == deal.public_view()
    assert len(aces) == 4  # any ace: a has seen none


def test_every_unseen_card_is_found_in_every_unknown_place():
    deal = midgame(2, seed=8)  # c hit once, or hit and stayed
    view = deal.private_view("a")
    seen = {view.face_down, *(card for s in view.public.seats for card in s.hits)}
    unseen = [card for card in PACK if card not in seen]
    first_stock = deal.next_card

    def placed(rng):
        sample = sample_deal(view, rng)
        return {
            "b": sample.hands["b"][0], "c": sample.hands["c"][0], "d": sample.hands["d"][0],
            "stock": sample._record.deck[first_stock],
        }

    # 1/len(unseen) each (about 41): some 73 expected in 3000, sd about 8.5
    assert_placed_uniformly(placed, ["b", "c", "d", "stock"], unseen, seed=11, within=40)


def test_legal_moves_are_the_engines():
    deal = midgame(0)
    seat = deal.current
    assert legal_moves(deal, seat) == [FarmerAction(seat, HIT)]  # FARMER-4.2
    assert legal_moves(deal, "b") == []
    deal.apply(FarmerAction(seat, HIT))
    moves = legal_moves(deal, seat)
    for move in moves:
        deal.copy().check(move)
    expected = [HIT, STAY] if deal.totals[seat] <= 16 else [STAY]
    assert [m.do for m in moves] == expected
    with pytest.raises(EngineError):
        deal.check(FarmerAction("b", HIT))


def test_a_bust_hand_may_only_stay():
    deck = rigged(["TC", "KH", "QD"], ["2D", "3C"], ["9H", "2H"], ["4S", "4H"])
    deal = FARMER.start(seats=SEATS, stake=5, dealer="b", deck_or_decks=deck)
    deal.apply(FarmerAction("c", HIT))  # 10 + 10: bust
    assert legal_moves(deal, "c") == [FarmerAction("c", STAY)]
    with pytest.raises(EngineError):
        deal.check(FarmerAction("c", HIT))


def test_the_search_player_makes_a_legal_move_the_same_under_one_seed():
    deal = midgame(1, seed=5)
    seat = deal.current
    view = deal.private_view(seat)
    first = search_player(30, None)(view, random.Random(4))
    again = search_player(30, None)(view, random.Random(4))
    assert first == again
    deal.check(first)
