"""Fifty-One samples for the search player (engine/fiftyone/sample.py): a game consistent
with one seat's view, the cards never shown (in the other hands and the stock) unknown."""

from __future__ import annotations

import random

import pytest

from engine.errors import EngineError
from engine.fiftyone.actions import Clear, Swap
from engine.fiftyone.game import FIFTYONE
from engine.fiftyone.sample import (
    FiftyOneSampler,
    known_cards,
    legal_moves,
    sample_deal,
    search_player,
)
from engine.fiftyone.strategy import play_random
from tests.engine.helpers import assert_placed_uniformly

SEATS = [("a", 100), ("b", 100), ("c", 100)]


def midgame(turns: int, seed: int = 3, seats=SEATS, joker: bool = False):
    """A game after `turns` random moves (nobody calls Stop), and a sampler per seat that
    saw every view."""
    rng = random.Random(seed)
    options = {"joker": joker}
    deck = list(FIFTYONE.pack(options))
    rng.shuffle(deck)
    deal = FIFTYONE.start(seats=seats, stake=5, dealer=seats[-1][0], deck_or_decks=deck,
                          options=options)
    deal.shuffle_with(lambda pile: rng.sample(pile, len(pile)))
    samplers = {seat: FiftyOneSampler() for seat, _ in seats}
    for _ in range(turns):
        seat = deal.to_act()[0]
        action = play_random(deal.private_view(seat), rng)
        deal.apply(action._replace(stop=False) if isinstance(action, Swap) else action)
        for who, sampler in samplers.items():
            sampler.observe(deal.private_view(who))
    return deal, samplers


@pytest.mark.parametrize("turns", [0, 4, 15, 70])
@pytest.mark.parametrize("seed", [3, 8])
def test_a_sample_contradicts_nothing_the_seat_saw(turns, seed):
    deal, samplers = midgame(turns, seed, joker=seed == 8)
    rng = random.Random(7)
    for seat in ("a", "b"):
        view = deal.private_view(seat)
        for _ in range(100):
            sample = samplers[seat](view, rng)
            assert sample.private_view(seat) == view  # own hand; the public view too
            for other in deal.order:  # 4.2: every card seen taken and kept is there
                assert known_cards(view.public.moves, other) <= set(sample.hands[other])
            assert sorted(sample.cards_in_play()) == sorted(deal.cards_in_play())


def test_long_games_rebuild_the_stock_and_still_agree():
    deal, samplers = midgame(70, seed=5)
    assert any("new stock" in event for event in deal.events)  # 4.4 happened
    view = deal.private_view("a")
    sample = samplers["a"](view, random.Random(2))
    assert sample.public_view() == view.public
    seen = samplers["a"].seen
    for other in ("b", "c"):  # a card once face up is in no hidden slot
        hidden = set(sample.hands[other]) - known_cards(view.public.moves, other)
        assert not hidden & seen


def test_every_card_never_shown_is_found_in_every_hidden_place():
    deal, samplers = midgame(0, seats=[("a", 100), ("b", 100)])
    view = deal.private_view("a")
    never = set(FIFTYONE.pack()) - set(view.hand) - set(view.public.board)

    def placed(rng):
        sample = sample_deal(view, rng)
        return {**{("b", i): c for i, c in enumerate(sample.hands["b"])},
                **{("stock", i): c for i, c in enumerate(sample.stock[:5])}}

    places = [("b", i) for i in range(5)] + [("stock", i) for i in range(5)]
    # 1/42 each: about 71 of 3000, sd about 8
    assert_placed_uniformly(placed, places, never, seed=11, within=40)


def test_legal_moves_are_the_engine_s():
    deal, samplers = midgame(6)
    seat = deal.to_act()[0]
    moves = legal_moves(deal, seat)
    assert moves[0] == Clear(seat)  # 4.3: after the first round
    swaps = [m for m in moves if isinstance(m, Swap)]
    assert len(swaps) == 2 * 25  # every take, every give, with and without Stop (4.5)
    for move in moves:
        deal.check(move)
    other = next(s for s in deal.order if s != seat)
    assert legal_moves(deal, other) == []
    hand, board = deal.hands[seat], deal.board
    off_board = next(c for c in FIFTYONE.pack() if c not in board and c not in hand)
    for illegal in (Swap(seat, off_board, hand[0]), Swap(seat, board[0], board[1]),
                    Swap(other, board[0], deal.hands[other][0])):
        with pytest.raises(EngineError):
            deal.check(illegal)
    first, _ = midgame(0)
    assert Clear(first.to_act()[0]) not in legal_moves(first, first.to_act()[0])


def test_the_search_player_moves_legally_and_the_same_under_a_seed():
    deal, _ = midgame(5)
    seat = deal.to_act()[0]
    view = deal.private_view(seat)
    moves = [search_player(30, None)(view, random.Random(4)) for _ in range(2)]
    assert moves[0] == moves[1]
    deal.check(moves[0])
