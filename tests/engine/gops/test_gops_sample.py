"""Gops samples for the search player (engine/gops/sample.py): a deal consistent with
one seat's view, its hidden parts (the prize pile's order, others' sealed bids) unknown."""

from __future__ import annotations

import random

import pytest

from engine.gops.actions import Bid
from engine.gops.game import GOPS
from engine.gops.sample import legal_moves, sample_deal
from tests.engine.helpers import assert_placed_uniformly

SEATS = [("a", 100), ("b", 100), ("c", 100)]


def midgame(rounds: int, seed: int = 3, sealed: tuple[str, ...] = ("b",)):
    """A game after `rounds` random rounds, in which the seats `sealed` have bid since."""
    rng = random.Random(seed)
    deck = list(GOPS.info.pack)
    rng.shuffle(deck)
    deal = GOPS.start(seats=SEATS, stake=5, dealer="c", deck_or_decks=deck)
    for _ in range(rounds * 3):
        deal.apply(GOPS.simulation_action(deal, rng))
    for seat in sealed:
        deal.apply(Bid(seat, rng.choice(sorted(deal.hands[seat]))))
    return deal


def unsealed(view):
    """A public view as if no bid were sealed this round: who has bid, the cards a
    sealed bid took out of a hand, and `seq`, all else as it is."""
    seats = tuple(
        s.__class__(
            **{
                **{f: getattr(s, f) for f in s.__slots__},
                "has_bid": False,
                "cards": s.cards + s.has_bid,
            }
        )
        for s in view.seats
    )
    return view.__class__(
        **{**{f: getattr(view, f) for f in view.__slots__}, "seats": seats, "seq": 0}
    )


@pytest.mark.parametrize("rounds", [0, 1, 5, 12])
def test_a_sample_contradicts_nothing_the_seat_saw(rounds):
    deal = midgame(rounds)
    view = deal.private_view("a")
    rng = random.Random(7)
    for _ in range(200):
        sample = sample_deal(view, rng)
        assert sample.private_view("a").hand == view.hand  # its own cards
        assert unsealed(sample.public_view()) == unsealed(view.public)
        assert sample.deck[: rounds + 1] == deal.deck[: rounds + 1]  # the prizes turned up
        assert sorted(sample.deck) == sorted(GOPS.info.pack)
        for seat in ("b", "c"):  # every bid is public (GOPS-4.1): every hand left too
            assert sample.hands[seat] | {deal.bids.get(seat)} - {None} == (
                deal.hands[seat] | {deal.bids.get(seat)} - {None}
            )
        assert sample.bids == {}  # b's sealed bid is not known, so not made
        assert sample.seq == deal.seq - 1


def test_with_no_sealed_bid_the_public_view_is_the_real_one():
    deal = midgame(4, sealed=())
    sample = sample_deal(deal.private_view("b"), random.Random(1))
    assert sample.public_view() == deal.public_view()
    assert sample.seq == deal.seq


def test_the_own_sealed_bid_is_kept():
    deal = midgame(2, sealed=("a",))
    view = deal.private_view("a")
    sample = sample_deal(view, random.Random(1))
    assert sample.bids == {"a": view.bid}
    assert sample.public_view() == deal.public_view()


def test_every_prize_face_down_is_found_in_every_place_face_down():
    deal = midgame(6)
    view = deal.private_view("a")
    hidden = set(deal.deck[7:])
    # 1/6 each: 500 expected, sd about 20
    assert_placed_uniformly(lambda rng: sample_deal(view, rng).deck, range(7, 13), hidden,
                            seed=11, within=120)


def test_legal_moves_are_the_hand_of_a_seat_still_to_bid():
    deal = midgame(3)
    assert legal_moves(deal, "b") == []
    assert legal_moves(deal, "a") == [Bid("a", c) for c in sorted(deal.hands["a"])]
