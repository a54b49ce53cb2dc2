"""Piquet samples for the search player (engine/piquet/sample.py): a partie consistent
with one seat's view and memory (its twelve as dealt, its discards and draws, the talon
it saw, every declaration said aloud, every card played), the rest unknown."""

from __future__ import annotations

import random

import pytest

from engine import cards as C
from engine.errors import EngineError
from engine.piquet.actions import Declare, Exchange, Play, Sink
from engine.piquet.deal import DECLARING, EXCHANGING
from engine.piquet.game import PIQUET
from engine.piquet.info import PACK
from engine.piquet.sample import (
    EXCHANGES_SEARCHED,
    PiquetSampler,
    legal_moves,
    sample_deal,
    search_player,
)
from engine.piquet.strategy import easy_discards, play_easy, play_random
from tests.engine.helpers import assert_placed_uniformly

SEATS = [("a", 1000), ("b", 1000)]


def partie(actions: int, seed: int = 3):
    """A partie after `actions` moves of `easy` (now and then at random), with a sampler
    per seat that saw every view."""
    rng = random.Random(seed)
    packs = []
    for _ in range(6):
        pack = list(PACK)
        rng.shuffle(pack)
        packs.append(pack)
    deal = PIQUET.start(seats=SEATS, stake=10, dealer="a", deck_or_decks=packs)
    samplers = {seat: PiquetSampler() for seat, _ in SEATS}
    for seat, sampler in samplers.items():
        sampler.observe(deal.private_view(seat))
    for _ in range(actions):
        seat = deal.to_act()[0]
        strategy = play_random if rng.random() < 0.2 else play_easy
        deal.apply(strategy(deal.private_view(seat), rng))
        for who, sampler in samplers.items():
            sampler.observe(deal.private_view(who))
    return deal, samplers


def voids(view, seat):
    """4.1: the suits `seat` was seen not to follow."""
    return {C.suit(led) for trick in view.public.tricks
            for (_, led), (second, card) in [trick.cards]
            if second == seat and C.suit(card) != C.suit(led)}


# 0: elder's exchange; 1: the dealer's; 3: declaring; 14, 30: play, early and late in the
# first deal; 70: the third deal
@pytest.mark.parametrize("actions", [0, 1, 3, 14, 30, 70])
@pytest.mark.parametrize("seed", [3, 9])
def test_a_sample_contradicts_nothing_the_seat_saw(actions, seed):
    deal, samplers = partie(actions, seed)
    rng = random.Random(7)
    for seat, other in (("a", "b"), ("b", "a")):
        view = deal.private_view(seat)
        for _ in range(40):
            sample = samplers[seat](view, rng)
            seen = sample.private_view(seat)
            assert sample.public_view() == view.public  # declarations, tricks, scores
            assert (seen.hand, seen.discards, seen.rest_seen) == (
                view.hand, view.discards, view.rest_seen
            )
            assert not {C.suit(c) for c in sample.hands[other]} & voids(view, other)
            assert sorted(sample.cards_in_play()) == sorted(PACK)


def test_the_cards_the_elder_saw_in_the_talon_are_where_it_saw_them():
    deal, samplers = partie(2)  # both exchanged
    view = deal.private_view(deal.current.elder)
    dealer = deal.current.dealer
    took = deal.current.took[dealer]
    for _ in range(50):
        sample = samplers[view.seat](view, random.Random(_))
        # 2.3, 2.4: the dealer drew the first of what the elder saw
        assert set(view.rest_seen[:took]) <= sample.hands[dealer]
        assert sample.current.talon[: len(view.rest_seen) - took] == list(
            view.rest_seen[took:]
        )


def test_every_unseen_card_is_found_in_every_place_the_elder_cannot_see():
    deal, _ = partie(0)
    view = deal.private_view(deal.current.elder)
    unseen = set(PACK) - set(view.hand)
    dealer_places = [i for i in range(24) if i % 4 >= 2] + list(range(24, 32))

    def placed(rng):
        sample = sample_deal(view, rng)
        return sample._record.decks[0]

    # 1/20 each: 150 of 3000, sd about 12
    assert_placed_uniformly(placed, dealer_places, unseen, seed=11, within=60)


def test_legal_moves_exchange_a_short_list_with_easy_s_choice():
    deal, _ = partie(0)
    seat = deal.to_act()[0]
    moves = legal_moves(deal, seat)
    assert 1 < len(moves) <= EXCHANGES_SEARCHED
    view = deal.private_view(seat)
    easy = sorted(easy_discards(view.hand, view.exchange_limit))
    assert moves[0] == Exchange(seat, tuple(C.code(c) for c in easy))
    for move in moves:
        deal.check(move)
    assert len(set(moves)) == len(moves)
    too_many = Exchange(seat, tuple(C.code(c) for c in view.hand[:6]))
    with pytest.raises(EngineError):
        deal.check(too_many)  # 2.3: five at most


def test_legal_moves_declare_every_combination_or_sink_and_play_every_card_allowed():
    for actions in range(2, 40):
        deal, _ = partie(actions, seed=5)
        seat = deal.to_act()[0]
        moves = legal_moves(deal, seat)
        other = next(s for s, _ in SEATS if s != seat)
        assert legal_moves(deal, other) == []
        for move in moves:
            deal.check(move)
        if deal.phase == DECLARING:
            kind = deal.kind
            assert moves[-1] == Sink(seat, kind)
            assert [m.cards for m in moves[:-1]] == [
                tuple(C.code(c) for c in combo) for combo in deal.private_view(seat).choices
            ]
            assert all(isinstance(m, Declare) for m in moves[:-1])
        elif deal.phase != EXCHANGING:
            assert moves == [Play(seat, C.code(c)) for c in deal.playable(seat)]
            refused = [c for c in deal.hands[seat] if c not in deal.playable(seat)]
            for card in refused:  # 4.1: must follow
                with pytest.raises(EngineError):
                    deal.check(Play(seat, C.code(card)))


def test_the_search_player_moves_legally_and_the_same_under_a_seed():
    for actions in (0, 3, 14):
        deal, samplers = partie(actions)
        seat = deal.to_act()[0]
        view = deal.private_view(seat)
        moves = [search_player(12, None)(view, random.Random(4)) for _ in range(2)]
        assert moves[0] == moves[1]
        deal.check(moves[0])


def test_declarations_too_rare_to_draw_are_set_as_said(monkeypatch):
    import engine.piquet.sample as sample_module

    monkeypatch.setattr(sample_module, "TRIES", 1)  # every draw gives up on them
    deal, samplers = partie(20, seed=9)
    assert deal.phase == "play"
    for seat in ("a", "b"):
        view = deal.private_view(seat)
        for seed in range(20):
            sample = samplers[seat](view, random.Random(seed))
            assert sample.public_view() == view.public
            assert sample.private_view(seat).hand == view.hand
            for move in legal_moves(sample, seat):
                sample.check(move)
