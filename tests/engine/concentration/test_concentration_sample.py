"""Concentration samples for the search player (engine/concentration/sample.py): the
cards the seat saw where it saw them, the others anywhere it has not seen."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import cards as C
from engine.concentration.actions import Flip
from engine.concentration.game import CONCENTRATION
from engine.concentration.sample import ConcentrationSampler, legal_moves, rollout
from tests.engine.helpers import assert_placed_uniformly

SEATS = [("a", 100), ("b", 100), ("c", 100)]


def midgame(until, seed: int = 5):
    """A random game, its views shown to a's sampler after every flip, until
    `until(deal, sampler)` holds."""
    rng = random.Random(seed)
    deck = list(C.DECK)
    rng.shuffle(deck)
    deal = CONCENTRATION.start(seats=SEATS, stake=5, dealer="c", deck_or_decks=deck)
    sampler = ConcentrationSampler()
    while not until(deal, sampler):
        deal.apply(CONCENTRATION.simulation_action(deal, rng))
        sampler.observe(deal.private_view("a"))
    return deal, sampler


def unseen(deal, sampler) -> list[int]:
    return sorted(p for p in deal.face_down if p not in sampler.known)


@pytest.mark.parametrize("flips", [0, 1, 2, 7, 40, 101])
def test_a_sample_contradicts_nothing_the_seat_saw(flips):
    deal, sampler = midgame(lambda d, s: d.seq >= flips and d.settlement is None)
    view = deal.private_view("a")
    rng = random.Random(3)
    for _ in range(100):
        sample = sampler(view, rng)
        assert sample.public_view() == deal.public_view()
        assert sample.seq == deal.seq and sample.current == deal.current
        assert sorted(sample.layout) == sorted(C.DECK)
        for pos, card in sampler.known.items():  # every card it saw, where it saw it
            if pos in deal.face_down:
                assert sample.layout[pos] == card == deal.layout[pos]
        assert sample.face_down == deal.face_down
        assert sample.flippable() == deal.flippable()
        if len(sampler.flips) == deal.seq:  # it saw every flip: the record is the real one
            assert sample.record().actions == deal.record().actions


def test_every_unseen_card_is_found_in_every_unseen_place():
    deal, sampler = midgame(lambda d, s: d.first is None and 4 <= len(unseen(d, s)) <= 6)
    view = deal.private_view("a")
    places = unseen(deal, sampler)
    cards = {deal.layout[p] for p in places}
    # 1/k each, k at most 6: 500 or more expected
    assert_placed_uniformly(lambda rng: sampler(view, rng).layout, places, cards, seed=9)


def test_a_seat_that_saw_nothing_places_every_card_anywhere():
    deal, sampler = midgame(lambda d, s: True)
    rng = random.Random(1)
    first = Counter(sampler(deal.private_view("a"), rng).layout[0] for _ in range(5200))
    assert len(first) == 52 and max(first.values()) < 180  # 100 expected each


def test_the_moves_searched_are_the_cards_remembered_and_one_unseen():
    deal, sampler = midgame(lambda d, s: d.seq >= 12 and d.first is None)
    sample = sampler(deal.private_view(deal.current), random.Random(2))
    moves = [m.pos for m in legal_moves(sample, deal.current)]
    remembered = sorted(p for p in sampler.known if p in deal.face_down)
    assert moves == sorted(remembered + [unseen(deal, sampler)[0]])
    assert legal_moves(sample, "nobody") == []


def test_the_rollout_takes_a_pair_it_knows():
    deal, sampler = midgame(
        lambda d, s: (
            d.first is None
            and any(
                C.rank(s.known[p]) == C.rank(s.known[q])
                for p in s.known
                for q in s.known
                if p < q and {p, q} <= d.face_down
            )
        )
    )
    sample = sampler(deal.private_view(deal.current), random.Random(2))
    flip = rollout(sample, random.Random(2))
    assert isinstance(flip, Flip) and flip.pos in sampler.known
    sample.apply(flip)
    mate = rollout(sample, random.Random(2))
    assert C.rank(sample.layout[mate.pos]) == C.rank(sample.layout[flip.pos])
