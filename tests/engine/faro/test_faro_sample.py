"""Faro samples for the search player (engine/faro/sample.py): a deal consistent with one
seat's view, only the order of the cards still in the box unknown (FARO-8)."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest

from engine.cards import DECK
from engine.errors import EngineError
from engine.faro.actions import CALL, CARD, Bet, Call, Position, Ready, Remove
from engine.faro.deal import faro_rank
from engine.faro.game import FARO
from engine.faro.info import TURNS
from engine.faro.sample import fair_moves, legal_moves, sample_deal, search_player
from engine.faro.strategy import play_random
from tests.engine.helpers import assert_placed_uniformly

SEATS = [("a", 200), ("b", 200), ("c", 3)]  # c is short of the stake: not in the deal


def midgame(turns: int, seed: int = 3, extra: int = 3):
    """A deal after `turns` turns of random bets, then `extra` random moves."""
    rng = random.Random(seed)
    deal = FARO.start(seats=SEATS, stake=5, dealer=None, deck_or_decks=rng.sample(DECK, 52))
    while deal.turns < turns or extra > 0:
        if deal.turns >= turns:
            extra -= 1
        acting = deal.to_act()
        seat = acting[rng.randrange(len(acting))]
        action = play_random(deal.private_view(seat), rng)
        if deal.turns >= turns and isinstance(action, Ready) and extra <= 0:
            break
        deal.apply(action)
    return deal


def as_set(public):
    """A public view with the three cards left (FARO-1.4) in a fixed order."""
    return dataclasses.replace(public, last_three=tuple(sorted(public.last_three)))


@pytest.mark.parametrize(("turns", "seed"), [(0, 1), (6, 2), (13, 3), (20, 4), (24, 5)])
def test_a_sample_contradicts_nothing_the_seat_saw(turns, seed):
    deal = midgame(turns, seed)
    rng = random.Random(7)
    for seat in ("a", "b"):
        view = deal.private_view(seat)
        for _ in range(50):
            sample = sample_deal(view, rng)
            # turns, layout, stacks; the three left as a set (the module docstring)
            assert as_set(sample.public_view()) == as_set(deal.public_view())
            assert as_set(sample.private_view(seat).public) == as_set(view.public)
            assert sample.private_view(seat).bets == view.bets
            assert sorted(sample.deck) == sorted(DECK)
            dealt = 1 + 2 * deal.turns
            assert sample.deck[:dealt] == deal.deck[:dealt]


def test_every_card_in_the_box_is_found_in_every_place_to_come():
    deal = midgame(18, seed=6)
    view = deal.private_view("a")
    dealt = 1 + 2 * deal.turns
    hidden = set(deal.deck[dealt:])
    places = range(dealt, 52)
    # 1/15 each: 200 expected in 3000, sd about 14
    assert_placed_uniformly(lambda rng: sample_deal(view, rng).deck, places, hidden,
                            seed=11, within=70)


def test_legal_moves_are_accepted_and_cover_each_kind():
    deal = midgame(4, seed=8, extra=0)
    seat = "a"
    moves = legal_moves(deal, seat)
    assert moves[0] == Ready(seat)
    for move in moves:
        deal.copy().check(move)
    alive = {rank for rank, count in deal.to_come.items() if count}
    cards = {m.position.ranks[0] for m in moves if isinstance(m, Bet) and m.position.kind == CARD}
    assert cards == alive
    assert all(not isinstance(m, Call) for m in moves)  # FARO-3.3: only in round 25
    dead = next((r for r in range(1, 14) if r not in alive), None)
    if dead is not None:
        with pytest.raises(EngineError):  # FARO-4.6
            deal.check(Bet(seat, Position(CARD, (dead,)), 5))
    with pytest.raises(EngineError):
        deal.check(Call(seat, Position(CALL, (1, 2, 3)), 5))
    assert legal_moves(deal, "c") == []


def test_removals_and_calls_in_round_25():
    deal = midgame(TURNS - 1, seed=9, extra=0)
    left = deal.ranks_left()
    deal.apply(Bet("a", Position(CARD, (left[0],)), 5))
    moves = legal_moves(deal, "a")
    assert Remove("a", Position(CARD, (left[0],))) in moves
    calls = [m for m in moves if isinstance(m, Call)]
    if len(set(left)) > 1:  # FARO-6.1
        assert {tuple(sorted(m.position.ranks)) for m in calls} == {tuple(sorted(left))}
    for move in moves:
        deal.copy().check(move)


def test_the_search_chooses_only_among_bets_without_an_edge():
    deal = midgame(15, seed=10, extra=0)
    for move in fair_moves(deal, "a"):
        if isinstance(move, Bet):  # FARO-5.1: no split can come on a last card
            assert deal.to_come[move.position.ranks[0]] == 1
    singles = {rank for rank, count in deal.to_come.items() if count == 1}
    placed = {m.position.ranks[0] for m in fair_moves(deal, "a") if isinstance(m, Bet)}
    assert placed == singles


def test_the_search_player_makes_a_legal_move_the_same_under_one_seed():
    deal = midgame(10, seed=5, extra=0)
    view = deal.private_view("a")
    first = search_player(30, None)(view, random.Random(4))
    again = search_player(30, None)(view, random.Random(4))
    assert first == again
    deal.check(first)


def test_the_order_of_the_last_three_is_not_taken_from_the_view():
    deal = midgame(TURNS - 1, seed=13, extra=0)
    view = deal.private_view("a")
    orders = {sample_deal(view, random.Random(i)).deck[49:] for i in range(200)}
    assert len(orders) == len(set(itertools.permutations(view.public.last_three)))


def test_the_casekeeper_of_a_sample_is_the_real_one():
    deal = midgame(9, seed=12)
    sample = sample_deal(deal.private_view("b"), random.Random(3))
    kept = sample.public_view().casekeeper
    assert kept == {r: sum(1 for c in deal.deck[19:] if faro_rank(c) == r) for r in range(1, 14)}
