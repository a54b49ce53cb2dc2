"""Concentration samples for the search player (engine/concentration/sample.py): the
cards the seat saw where it saw them, the others anywhere it has not seen."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import cards as C
from engine.concentration.actions import Flip
from engine.concentration.game import CONCENTRATION
from engine.concentration.sample import (
    ConcentrationSampler,
    candidates,
    legal_moves,
    rollout,
    search_player,
)
from engine.errors import EngineError
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


def test_the_moves_listed_are_the_cards_remembered_and_one_unseen():
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


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("flips", [0, 9, 30, 70])
def test_samples_agree_with_the_seat_at_every_point_of_several_games(seed, flips):
    deal, sampler = midgame(lambda d, s: d.seq >= flips and d.settlement is None, seed=seed)
    view = deal.private_view("a")
    rng = random.Random(seed)
    for _ in range(30):
        sample = sampler(view, rng)
        assert sample.private_view("a") == view
        assert sample.public_view() == deal.public_view()
        remembered = {p: c for p, c in sampler.known.items() if p in deal.face_down}
        assert all(sample.layout[p] == c for p, c in remembered.items())
        # CONC-2.3: the empty positions hold the pairs taken, the others are all unseen
        taken = sorted(c for s in view.public.seats for pair in s.pairs for c in pair)
        assert sorted(sample.layout[p] for p in view.public.gone) == taken


def test_every_move_listed_is_legal_and_the_others_are_refused():
    deal, sampler = midgame(lambda d, s: d.seq >= 25 and d.first is not None)
    seat = deal.current
    sample = sampler(deal.private_view(seat), random.Random(4))
    moves = legal_moves(sample, seat)
    for move in moves:
        sample.copy().check(move)
    listed = {m.pos for m in moves}
    flippable = set(sample.flippable())
    assert listed <= flippable
    # every flippable position not listed is an unseen one, merged with the one listed
    assert all(p not in sampler.known for p in flippable - listed)
    for bad in (Flip(seat, deal.first), Flip(seat, 52), Flip("nobody", moves[0].pos)):
        with pytest.raises(EngineError):
            sample.copy().check(bad)
    gone = next(iter(deal.public_view().gone), None)
    if gone is not None:
        with pytest.raises(EngineError):
            sample.copy().check(Flip(seat, gone))


def _with_known(deal, sampler, wanted):
    """The state `wanted(deal, known face-down cards)` asks for, in the sample."""
    known = {p: c for p, c in sampler.known.items() if p in deal.face_down}
    return wanted(deal, known)


def _known_pair(deal, known):
    return deal.first is None and any(
        C.rank(known[p]) == C.rank(known[q]) for p in known for q in known if p < q
    )


def _known_mate(deal, known):
    return deal.first is not None and any(
        p != deal.first and C.rank(c) == C.rank(known[deal.first]) for p, c in known.items()
    )


def _no_mate(deal, known):
    return (
        deal.first is not None
        and len(known) >= 3
        and not _known_mate(deal, known)
        and any(p not in known for p in deal.face_down)
    )


def test_the_search_takes_a_pair_it_knows_and_nothing_else():
    deal, sampler = midgame(lambda d, s: _with_known(d, s, _known_pair))
    sample = sampler(deal.private_view(deal.current), random.Random(2))
    (take,) = candidates(sample, deal.current)
    sample.apply(take)
    (mate,) = candidates(sample, deal.current)
    assert C.rank(sample.layout[mate.pos]) == C.rank(sample.layout[take.pos])


def test_a_first_card_with_a_known_mate_is_matched():
    deal, sampler = midgame(lambda d, s: _with_known(d, s, _known_mate))
    sample = sampler(deal.private_view(deal.current), random.Random(2))
    (mate,) = candidates(sample, deal.current)
    assert C.rank(deal.layout[mate.pos]) == C.rank(deal.layout[deal.first])


def test_without_a_mate_the_search_weighs_an_unseen_card_against_a_known_one():
    deal, sampler = midgame(lambda d, s: _with_known(d, s, _no_mate))
    sample = sampler(deal.private_view(deal.current), random.Random(2))
    unseen_flip, known_flip = candidates(sample, deal.current)
    assert unseen_flip.pos == unseen(deal, sampler)[0]
    assert known_flip.pos in sampler.known and known_flip.pos != deal.first
    assert candidates(sample, "nobody") == []


def test_the_search_player_flips_legally_and_the_same_under_the_same_seed():
    deal, _ = midgame(lambda d, s: _with_known(d, s, _no_mate))
    seat = deal.current
    flips = []
    for _ in range(2):
        player = search_player(30, None)
        _, sampler = midgame(lambda d, s: d.seq >= deal.seq)  # the same game, remembered
        player.sampler = sampler
        flips.append(player(deal.private_view(seat), random.Random(8)))
        deal.copy().check(flips[-1])
        assert player.last_playouts == 30
    assert flips[0] == flips[1]
