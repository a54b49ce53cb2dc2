"""Jack Change It samples for the search player (engine/jackchangeit/sample.py): a deal
consistent with everything one seat saw, action by action, its hidden cards (the others'
hands, the stock's order, new stocks included) unknown."""

from __future__ import annotations

import random

import pytest

from engine import cards as C
from engine.errors import EngineError
from engine.jackchangeit.actions import Draw, Play
from engine.jackchangeit.game import JACKCHANGEIT
from engine.jackchangeit.info import JACK
from engine.jackchangeit.sample import (
    PACK,
    JackChangeItSampler,
    legal_moves,
    matching,
    sample_deal,
    search_player,
)
from engine.jackchangeit.strategy import play_easy
from engine.shedding.sample import generation_of
from tests.engine.helpers import assert_placed_uniformly

SEATS = [("a", 100), ("b", 100), ("c", 100), ("d", 100)]


def played(seed: int, actions: int, seats=SEATS, watch_from: int = 0):
    """A game after `actions` moves (easy, or now and then random), and the sampler of
    seat a, shown the view after every action from `watch_from` on."""
    rng = random.Random(seed)
    deck = list(PACK)
    rng.shuffle(deck)
    deal = JACKCHANGEIT.start(seats=seats, stake=5, dealer=seats[-1][0], deck_or_decks=deck)
    shuffler = random.Random(seed + 1)
    deal.shuffle_with(lambda pile: shuffler.sample(pile, len(pile)))
    sampler = JackChangeItSampler()
    if watch_from == 0:
        sampler.observe(deal.private_view("a"))
    for _ in range(actions):
        if deal.is_over:
            break
        if rng.random() < 0.7:
            action = play_easy(deal.private_view(deal.current), rng)
        else:
            action = JACKCHANGEIT.simulation_action(deal, rng)
        deal.apply(action)
        if deal.seq >= watch_from:
            sampler.observe(deal.private_view("a"))
    return deal, sampler


def consistent(memory, seat, cards) -> bool:
    """Whether `cards` fill `seat`'s remembered slots: each of its generation and none
    it may not be (a matching, engine/shedding/sample.py)."""
    slots = memory.slots[seat]
    owner: dict[int, int] = {}

    def fits(card, slot):
        if card in slot.forbidden:
            return False
        return memory.lost or generation_of(memory, card) == slot.gen

    def place(i, tried):
        for j, slot in enumerate(slots):
            if j not in tried and fits(cards[i], slot):
                tried.add(j)
                if j not in owner or place(owner[j], tried):
                    owner[j] = i
                    return True
        return False

    return len(slots) == len(cards) and all(place(i, set()) for i in range(len(cards)))


@pytest.mark.parametrize(("actions", "watch_from"),
                         [(0, 0), (1, 0), (1, 1), (10, 1), (40, 0), (70, 0)])
def test_a_sample_contradicts_nothing_the_seat_saw(actions, watch_from):
    """`watch_from` 1: the seat is first shown a view after the first action (the
    deal's own draws and that action seen at once)."""
    rng = random.Random(7)
    checked = 0
    for seed in range(40):
        deal, sampler = played(seed, actions, watch_from=watch_from)
        if deal.is_over or deal.seq < watch_from:
            continue
        view = deal.private_view("a")
        memory = sampler.memory
        for seat in ("b", "c", "d"):  # the memory never rules out the real hands
            assert consistent(memory, seat, deal.hands[seat])
        for _ in range(20):
            sample = sampler(view, rng)
            assert sample.private_view("a") == view  # its own cards, its legal plays
            assert sample.public_view() == deal.public_view()
            assert sorted(sample.cards_in_play()) == sorted(PACK)
            for seat in ("b", "c", "d"):  # what it inferred
                assert consistent(memory, seat, sample.hands[seat])
        checked += 1
    assert checked >= 5


def a_player_who_could_not_play():
    """A two-seat game in which b could not play (JCI-4.3) just before a's turn: what
    would have matched, and b's hand size before its draw."""
    seats = SEATS[:2]
    for seed in range(300):
        rng = random.Random(seed)
        deck = list(PACK)
        rng.shuffle(deck)
        deal = JACKCHANGEIT.start(seats=seats, stake=5, dealer="b", deck_or_decks=deck)
        sampler = JackChangeItSampler()
        sampler.observe(deal.private_view("a"))
        for _ in range(30):
            if deal.is_over:
                break
            held = len(deal.hands["b"])
            deal.apply(play_easy(deal.private_view(deal.current), rng))
            sampler.observe(deal.private_view("a"))
            new = deal.public_view().events[-1:]
            if (not deal.is_over and deal.current == "a" and held > 1
                    and new == ("b could not play and drew a card",)
                    and deal.actions[-1].seat == "a"):
                return deal, sampler, matching(deal.public_view())
    raise AssertionError("nobody was stuck in 300 games")


def test_a_player_who_could_not_play_held_nothing_that_matched():
    deal, sampler, matched = a_player_who_could_not_play()
    view = deal.private_view("a")
    rng = random.Random(3)
    for _ in range(300):
        sample = sampler(view, rng)
        # only the card drawn may match (4.3: it waits for a later turn)
        assert sum(card in matched for card in sample.hands["b"]) <= 1


def a_game_past_a_new_stock(alike: bool = False):
    """A game past a new stock (JCI-4.8); `alike`: where nothing is inferred of the
    cards drawn from it."""
    for seed in range(200):
        deal, sampler = played(seed, 40)
        memory = sampler.memory
        if deal.is_over or memory.generation < 1 or memory.lost:
            continue
        top = memory.generation
        if not alike or not any(s.forbidden for slots in memory.slots.values()
                                for s in slots if s.gen == top):
            return deal, sampler
    raise AssertionError("no new stock in 200 games")


def test_after_a_new_stock_it_holds_only_cards_of_the_pile_it_became():
    deal, sampler = a_game_past_a_new_stock()
    pool = sampler.memory.pools[-1]
    assert set(deal.stock) <= pool
    view = deal.private_view("a")
    rng = random.Random(5)
    for _ in range(100):
        sample = sampler(view, rng)
        assert set(sample.stock) <= pool
        assert sample.public_view() == deal.public_view()


def test_every_hidden_card_is_found_in_every_hidden_place_at_the_start():
    deal, sampler = played(4, 0, seats=SEATS[:3])
    assert not deal.public_view().events  # nobody drew: nothing is inferred
    view = deal.private_view("a")
    hidden = [card for card in PACK if card not in view.hand and card not in deal.pile]

    def placed(rng):
        sample = sample_deal(view, rng, sampler.memory)
        return sample.hands["b"] + sample.hands["c"] + sample.stock

    # 44 cards: about 68 each of 3000 in a place, sd about 8
    assert_placed_uniformly(placed, [0, 9, 14, 20, 43], hidden, seed=11, within=40)


def test_a_new_stock_is_in_a_uniform_order():
    deal, sampler = a_game_past_a_new_stock(alike=True)
    memory = sampler.memory
    view = deal.private_view("a")
    seen = set(view.hand) | set(deal.pile)
    cards = [card for card in memory.pools[memory.generation] if card not in seen]
    places = range(len(deal.stock))
    assert_placed_uniformly(lambda rng: sampler(view, rng).stock, places, cards, seed=2,
                            runs=3000, within=3000 // len(cards) // 2 + 40)


def test_legal_moves_are_the_engines():
    checked = 0
    for seed in range(40):
        deal, _ = played(seed, 25)
        if deal.is_over:
            continue
        seat = deal.current
        moves = legal_moves(deal, seat)
        plays = deal.legal_plays(seat)
        assert {(m.card, m.with_) for m in moves if isinstance(m, Play)} == set(plays)
        assert (Draw(seat) in moves) == bool(deal.pending)
        for move in moves:
            deal.copy().check(move)
            if isinstance(move, Play) and C.rank(move.card) == JACK:
                assert move.suit != C.suit(move.card)
        for other in deal.order:
            if other != seat:
                assert legal_moves(deal, other) == []
        for card in PACK:
            if (card, None) not in plays and C.rank(card) != JACK:
                with pytest.raises(EngineError):
                    deal.check(Play(seat, card))
        if not deal.pending:
            with pytest.raises(EngineError):
                deal.check(Draw(seat))
        checked += 1
    assert checked >= 10


def test_the_search_player_plays_a_legal_move_the_same_under_the_same_seed():
    deal, _ = played(9, 6)
    seat = deal.current
    view = deal.private_view(seat)
    choices = []
    for _ in range(2):
        player = search_player(24, None)
        choices.append(player(view, random.Random(1)))
    assert choices[0] == choices[1]
    deal.check(choices[0])
