"""Tonk samples for the search player (engine/tonk/sample.py, on engine/rummy/sample.py):
a hand consistent with one seat's views, its hit locks (TONK-4.2) and upcard (3.1)
as the real hand's. The checks are GFF's (tests/engine/gff/test_gff_sample.py)."""

from __future__ import annotations

import random

import pytest

from engine.actions import DISCARD, STOCK, Draw, Drop, Hit
from engine.errors import EngineError
from engine.rummy.sample import RummyMemory, legal_moves
from engine.tonk.game import TONK
from engine.tonk.sample import TonkSampler, sample_deal, search_player
from engine.tonk.strategy import play_easy
from tests.engine.gff.test_gff_sample import (
    SEATS,
    assert_consistent,
    assert_hidden_uniform,
    assert_moves_are_the_legal_ones,
    played,
    points,
)

HEADS_UP = [("a", 200), ("b", 200)]


@pytest.mark.parametrize("seats", [SEATS, HEADS_UP])
@pytest.mark.parametrize("seed", range(3))
def test_a_sample_contradicts_nothing_the_seat_saw(seed, seats):
    for deal, memory in points(TONK, seeds=[seed], at=(0, 1, 5, 12, 25, 40), seats=seats):
        rng = random.Random(seed)
        for _ in range(40):
            assert_consistent(deal, memory, sample_deal(deal.private_view("a"), rng, memory.seen))


def test_the_upcard_taken_first_is_in_the_first_players_hand():
    for seed in range(200):
        rng = random.Random(seed)
        deck = list(TONK.info.pack)
        rng.shuffle(deck)
        deal = TONK.start(seats=SEATS, stake=10, dealer="c", deck_or_decks=deck)
        if deal.is_over:
            continue
        memory = RummyMemory()
        memory.observe(deal.private_view("b"))
        upcard = deal.discards[-1]
        deal.apply(Draw("a", DISCARD))
        memory.observe(deal.private_view("b"))
        sample = sample_deal(deal.private_view("b"), random.Random(seed), memory.seen)
        assert upcard in sample.hands["a"]
        assert_consistent(deal, memory, sample, seat="b")
        return
    pytest.fail("every hand ended on the deal")


def test_a_hit_lock_is_kept():
    """TONK-4.2: a seat whose spread was hit may not spread or hit on its next turn."""
    for seed in range(300):
        hand = played(TONK, 30, seed)
        deal, memory = hand
        for _ in range(60):
            if deal.is_over:
                break
            seat = deal.to_act()[0]
            hits = [m for m in legal_moves(deal, seat) if isinstance(m, Hit)
                    and deal.spreads[m.spread].owner != seat]
            action = hits[0] if hits else play_easy(deal.private_view(seat), random.Random(0))
            if isinstance(action, Drop):
                action = Draw(seat, STOCK)
            deal.apply(action)
            memory.observe(deal.private_view("a"))
            if not deal.is_over and any(s.hit_locked for s in deal.public_view().seats):
                sample = sample_deal(deal.private_view("a"), random.Random(1), memory.seen)
                assert_consistent(deal, memory, sample)
                assert sample.lock_next == deal.lock_next
                assert sample.locked == deal.locked
                return
    pytest.fail("no hit lock in 300 hands")


@pytest.mark.parametrize("actions", [0, 13, 40])
def test_every_hidden_card_is_found_in_every_hidden_place(actions):
    deal, memory = played(TONK, actions, seed=2)
    assert_hidden_uniform(TONK, deal, memory, sample_deal)


@pytest.mark.parametrize("seed", range(3))
def test_legal_moves_are_the_engines_legal_actions(seed):
    for deal, _ in points(TONK, seeds=[seed], at=(0, 1, 2, 7, 13, 30)):
        assert_moves_are_the_legal_ones(deal)
        sample = sample_deal(deal.private_view(deal.to_act()[0]), random.Random(seed))
        assert_moves_are_the_legal_ones(sample)


def test_illegal_moves_are_refused_and_not_listed():
    deal, _ = played(TONK, 1, seed=0)  # drawn: a spread, a hit or a discard now
    seat = deal.to_act()[0]
    moves = legal_moves(deal, seat)
    for illegal in (Draw(seat, STOCK), Drop(seat), Draw(seat, DISCARD)):
        assert illegal not in moves
        with pytest.raises(EngineError):
            deal.check(illegal)


def test_the_search_player_plays_a_legal_move_the_same_under_a_seed():
    deal, _ = played(TONK, 6, seed=1)
    seat = deal.to_act()[0]
    view = deal.private_view(seat)
    first = search_player(24, None)(view, random.Random(9))
    again = search_player(24, None)(view, random.Random(9))
    assert first == again
    deal.check(first)


def test_the_sampler_remembers_what_it_was_shown():
    deal, memory = played(TONK, 20, seed=1)
    sampler = TonkSampler()
    sampler.memory = memory
    assert_consistent(deal, memory, sampler(deal.private_view("a"), random.Random(3)))
