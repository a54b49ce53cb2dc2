"""GFF samples for the search player (engine/gff/sample.py, on engine/rummy/sample.py):
a hand consistent with one seat's views, the others' cards and the stock unknown but
for what the seat saw go into a hand (a taken discard, the flip card, a reveal).

The helpers here serve Tonk's tests too (tests/engine/tonk/test_tonk_sample.py)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from engine.actions import DISCARD, STOCK, Discard, Draw, Drop, Hit, Spread
from engine.actions import DROP as DROP_KIND
from engine.errors import EngineError
from engine.gff.game import GFF
from engine.gff.sample import GffSampler, sample_deal, search_player
from engine.rummy.sample import RummyMemory, known_in_hands, legal_moves
from engine.strategies.easy import play_easy
from engine.strategies.sharp import SharpPlayer
from tests.engine.helpers import assert_placed_uniformly

SEATS = [("a", 200), ("b", 200), ("c", 200)]


def played(game, actions: int, seed: int, seats=SEATS, watcher: str = "a"):
    """A hand still going after `actions` actions, mostly `easy` and never a drop, with
    the memory of `watcher` shown its view after every action: the first of the seeds
    `seed`, `seed` + 1000, ... whose hand lasts that long."""
    for tried in range(seed, seed + 50_000, 1000):
        hand = _played(game, actions, tried, seats, watcher)
        if hand is not None:
            return hand
    raise AssertionError("no hand lasts that long")


def _played(game, actions: int, seed: int, seats, watcher: str):
    rng = random.Random(seed)
    deck = list(game.info.pack)
    rng.shuffle(deck)
    deal = game.start(seats=seats, stake=10, dealer=seats[-1][0], deck_or_decks=deck)
    memory = RummyMemory()
    memory.observe(deal.private_view(watcher))
    ace_high = game.info.id == "tonk"
    for _ in range(actions):
        if deal.is_over:
            return None
        seat = deal.to_act()[0]
        action = play_easy(deal.private_view(seat), rng, ace_high=ace_high)
        if isinstance(action, Drop) or rng.random() < 0.2:
            action = next(a for a in _random_moves(deal, seat, rng) if not isinstance(a, Drop))
        deal.apply(action)
        memory.observe(deal.private_view(watcher))
    return None if deal.is_over else (deal, memory)


def _random_moves(deal, seat, rng):
    moves = legal_moves(deal, seat)
    rng.shuffle(moves)
    return moves


def points(game, seeds=range(4), at=(0, 12, 40), seats=SEATS):
    return [played(game, actions, seed, seats) for seed in seeds for actions in at]


def assert_consistent(deal, memory, sample, seat="a"):
    """Nothing in the sample contradicts what `seat` saw, and the cards inferred are
    where they must be."""
    view = deal.private_view(seat)
    assert sample.private_view(seat) == view
    assert sample.public_view() == deal.public_view()
    assert sorted(sample.cards_in_play()) == sorted(deal.cards_in_play())
    for other, cards in known_in_hands(view, memory.seen).items():
        assert cards & ~deal.held[other] == 0, "an inference that is false"
        assert cards & ~sample.held[other] == 0, "a known card not where it is known to be"


def assert_hidden_uniform(game, deal, memory, sample_deal, seat="a", seed=5):
    """Every card the seat cannot place is found in every place it cannot see, evenly."""
    view = deal.private_view(seat)
    known = known_in_hands(view, memory.seen)
    first = sample_deal(view, random.Random(0), memory.seen)
    seen_cards = set(view.hand) | set(view.public.discard_pile)
    for spread in view.public.spreads:
        seen_cards |= set(spread.cards)
    for cards in known.values():
        seen_cards |= {c for c in range(52) if cards >> c & 1}
    hidden = set(range(52)) - seen_cards
    places = [("stock", i) for i in range(len(first.stock))]
    for other in deal.order:
        if other != seat:
            fixed = bin(known.get(other, 0)).count("1")
            places += [(other, i) for i in range(fixed, len(first.hands[other]))]
    assert len(places) == len(hidden)

    def placed(rng):
        sample = sample_deal(view, rng, memory.seen)
        return {
            (where, i): (sample.stock if where == "stock" else sample.hands[where])[i]
            for where, i in places
        }

    runs = 60 * len(hidden)  # 60 a card a place expected: sd under 8
    assert_placed_uniformly(placed, places, hidden, seed=seed, runs=runs, within=40)


def assert_moves_are_the_legal_ones(deal):
    """legal_moves lists every legal action of the seat to act and nothing else."""
    seat = deal.to_act()[0]
    moves = legal_moves(deal, seat)
    for move in moves:
        deal.check(move)
    hand = deal.hands[seat]
    candidates = [Drop(seat), Draw(seat, STOCK), Draw(seat, DISCARD)]
    candidates += [Discard(seat, c) for c in range(52)]
    for size in range(3, len(hand) + 1):
        for cards in combinations(sorted(hand), size):
            candidates.append(Spread(seat, cards))
    for index in range(len(deal.spreads)):
        for size in range(1, len(hand) + 1):
            for cards in combinations(sorted(hand), size):
                candidates.append(Hit(seat, index, cards))
    legal = set()
    for action in candidates:
        try:
            deal.check(action)
        except EngineError:
            continue
        legal.add(_same(action))
    assert {_same(m) for m in moves} == legal
    assert len(moves) == len(legal)
    others = [s for s in deal.order if s != seat]
    assert all(legal_moves(deal, other) == [] for other in others)


def _same(action):
    """Spreads and hits as sets of cards: the order named does not change the move."""
    if isinstance(action, Spread):
        return (Spread, frozenset(action.cards))
    if isinstance(action, Hit):
        return (Hit, action.spread, frozenset(action.cards))
    return action


@pytest.mark.parametrize("seed", range(4))
def test_a_sample_contradicts_nothing_the_seat_saw(seed):
    for deal, memory in points(GFF, seeds=[seed], at=(0, 1, 5, 12, 25, 40, 60)):
        rng = random.Random(seed)
        for _ in range(40):
            assert_consistent(deal, memory, sample_deal(deal.private_view("a"), rng, memory.seen))


def test_the_flip_card_and_reveals_stay_with_their_hands():
    deal, memory = played(GFF, 3, seed=1)
    view = deal.private_view("a")
    known = known_in_hands(view, memory.seen)
    flip = view.public.flip_card
    assert known["c"] >> flip & 1  # the dealer's, face up (GFF-3.1)
    for _ in range(50):
        sample = sample_deal(view, random.Random(_), memory.seen)
        assert flip in sample.hands["c"]
        for reveal in view.public.revealed:
            if reveal.seat != "a":
                assert reveal.card in sample.hands[reveal.seat]


def test_a_discard_taken_is_known_to_be_in_the_takers_hand():
    for seed in range(40):
        rng = random.Random(seed)
        deck = list(GFF.info.pack)
        rng.shuffle(deck)
        deal = GFF.start(seats=SEATS, stake=10, dealer="c", deck_or_decks=deck)
        memory = RummyMemory()
        taken = None
        while not deal.is_over and taken is None:
            seat = deal.to_act()[0]
            action = play_easy(deal.private_view(seat), rng)
            if isinstance(action, Drop):
                action = Draw(seat, STOCK)
            if seat == "b" and isinstance(action, Draw) and action.source == DISCARD:
                taken = deal.discards[-1]
            deal.apply(action)
            memory.observe(deal.private_view("a"))
        if taken is None or deal.is_over or taken not in deal.hands["b"]:
            continue
        sample = sample_deal(deal.private_view("a"), random.Random(1), memory.seen)
        assert taken in sample.hands["b"]
        return
    pytest.fail("no seat took a discard in 40 hands")


@pytest.mark.parametrize("actions", [0, 13, 40])
def test_every_hidden_card_is_found_in_every_hidden_place(actions):
    deal, memory = played(GFF, actions, seed=2)
    assert_hidden_uniform(GFF, deal, memory, sample_deal)


def test_the_reveals_to_come_are_made_and_the_flip_and_flop_paid():
    deal, memory = played(GFF, 0, seed=3)  # before the first turn: reveals to come
    sample = sample_deal(deal.private_view("a"), random.Random(2), memory.seen)
    assert sample.reveals_done == 1 and not sample.flipflop_paid
    while not sample.flipflop_paid and not sample.is_over:
        sample.apply(GFF.simulation_action(sample, random.Random(4)))
    assert sample.reveals_done == 3


@pytest.mark.parametrize("seed", range(3))
def test_legal_moves_are_the_engines_legal_actions(seed):
    for deal, _ in points(GFF, seeds=[seed], at=(0, 1, 2, 7, 13, 30)):
        assert_moves_are_the_legal_ones(deal)
        sample = sample_deal(deal.private_view(deal.to_act()[0]), random.Random(seed))
        assert_moves_are_the_legal_ones(sample)


def test_illegal_moves_are_refused_and_not_listed():
    deal, _ = played(GFF, 1, seed=0)  # drawn: a spread, a hit or a discard now
    seat = deal.to_act()[0]
    moves = legal_moves(deal, seat)
    gone = next(c for c in range(52) if c not in deal.hands[seat])
    for illegal in (Draw(seat, STOCK), Drop(seat), Discard(seat, gone)):
        assert illegal not in moves
        with pytest.raises(EngineError):
            deal.check(illegal)


def test_the_search_player_plays_a_legal_move_the_same_under_a_seed():
    deal, _ = played(GFF, 7, seed=1)
    seat = deal.to_act()[0]
    view = deal.private_view(seat)
    first = search_player(24, None)(view, random.Random(9))
    again = search_player(24, None)(view, random.Random(9))
    assert first == again
    deal.check(first)


def test_the_sampler_remembers_what_it_was_shown():
    deal, memory = played(GFF, 20, seed=1)
    sampler = GffSampler()
    sampler.memory = memory
    view = deal.private_view("a")
    assert_consistent(deal, memory, sampler(view, random.Random(3)))


def test_hard_plays_sharps_move_but_for_the_searched_drop():
    """GffSearchPlayer: after the draw the move is sharp's, no playout made; at the
    start of a turn the search weighs the drop (GFF-6.2), and a move not a drop is
    sharp's draw."""
    for actions in (8, 9, 20, 21):
        deal, _ = played(GFF, actions, seed=2)
        seat = deal.to_act()[0]
        view = deal.private_view(seat)
        hard = search_player(24, None)
        move = hard(view, random.Random(4))
        deal.check(move)
        planned = SharpPlayer()(view, random.Random(4))
        if DROP_KIND not in view.legal:
            assert move == planned and hard.last_playouts == 0
        else:
            assert hard.last_playouts == 24
            assert isinstance(move, Drop) or move == planned or isinstance(planned, Drop)
