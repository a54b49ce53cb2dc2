"""Page One samples for the search player (engine/pageone/sample.py): a deal consistent
with everything one seat saw, action by action, its hidden cards (the others' hands, the
stock's order, new stocks included) unknown."""

from __future__ import annotations

import random

import pytest

from engine import cards as C
from engine.cards import JOKER
from engine.errors import EngineError
from engine.pageone.actions import Play
from engine.pageone.game import PAGEONE
from engine.pageone.info import PACK
from engine.pageone.sample import PageOneSampler, legal_moves, sample_deal, search_player
from engine.pageone.strategy import play_easy
from engine.shedding.sample import generation_of
from tests.engine.helpers import assert_placed_uniformly

SEATS = [("a", 100), ("b", 100), ("c", 100)]


def played(seed: int, actions: int, seats=SEATS):
    """A game after `actions` plays (easy, or now and then random), and the sampler of
    seat a, shown the view after every action as a table shows it."""
    rng = random.Random(seed)
    deck = list(PACK)
    rng.shuffle(deck)
    deal = PAGEONE.start(seats=seats, stake=5, dealer=seats[-1][0], deck_or_decks=deck)
    shuffler = random.Random(seed + 1)
    deal.shuffle_with(lambda pile: shuffler.sample(pile, len(pile)))
    sampler = PageOneSampler()
    sampler.observe(deal.private_view("a"))
    for _ in range(actions):
        if deal.is_over:
            break
        if rng.random() < 0.8:
            action = play_easy(deal.private_view(deal.current), rng)
        else:
            action = PAGEONE.simulation_action(deal, rng)
        deal.apply(action)
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


def games(actions: int):
    """Games not over after `actions` plays, over several seeds."""
    found = []
    for seed in range(40):
        deal, sampler = played(seed, actions)
        if not deal.is_over:
            found.append((deal, sampler))
    return found


@pytest.mark.parametrize("actions", [0, 5, 20, 45, 80])
def test_a_sample_contradicts_nothing_the_seat_saw(actions):
    rng = random.Random(7)
    for deal, sampler in games(actions)[:8]:
        view = deal.private_view("a")
        memory = sampler.memory
        for seat in ("b", "c"):  # the memory never rules out the real hands
            assert consistent(memory, seat, deal.hands[seat])
        for _ in range(25):
            sample = sampler(view, rng)
            assert sample.private_view("a") == view  # its own cards, its legal plays
            assert sample.public_view() == deal.public_view()  # every count, pile, trick
            assert sorted(sample.cards_in_play()) == sorted(PACK)
            for seat in ("b", "c"):  # what it inferred
                assert consistent(memory, seat, sample.hands[seat])


def a_follower_who_drew():
    """A game in which b had to draw to follow (PAGEONE-4.4), and the suit it lacked."""
    for seed in range(200):
        rng = random.Random(seed)
        deck = list(PACK)
        rng.shuffle(deck)
        deal = PAGEONE.start(seats=SEATS, stake=5, dealer="c", deck_or_decks=deck)
        sampler = PageOneSampler()
        sampler.observe(deal.private_view("a"))
        for _ in range(12):
            before = deal.public_view()
            deal.apply(play_easy(deal.private_view(deal.current), rng))
            sampler.observe(deal.private_view("a"))
            after = deal.public_view()
            drew = after.seats[1].drawn - before.seats[1].drawn
            if deal.is_over:
                break
            if after.turn == "b" and drew > 1 and after.suit is not None:
                deal.apply(play_easy(deal.private_view("b"), rng))  # b plays its card
                sampler.observe(deal.private_view("a"))
                if not deal.is_over and deal.current == "a":
                    return deal, sampler, after.suit
                break
    raise AssertionError("no follower drew in 200 games")


def test_a_follower_who_drew_holds_none_of_the_suit_nor_the_joker():
    deal, sampler, suit = a_follower_who_drew()
    view = deal.private_view("a")
    rng = random.Random(3)
    for _ in range(300):
        sample = sampler(view, rng)
        held = sample.hands["b"]
        # b's cards all date from before the draw or from it, none drawn since.
        assert not any(card == JOKER or C.suit(card) == suit for card in held)


def a_game_past_a_new_stock(alike: bool = False):
    """A game past a new stock (PAGEONE-4.6); `alike`: where nothing is inferred of the
    cards drawn from it."""
    for seed in range(100):
        deal, sampler = played(seed, 70)
        memory = sampler.memory
        if deal.is_over or memory.generation < 1 or memory.lost:
            continue
        top = memory.generation
        if not alike or not any(s.forbidden for seat in ("b", "c")
                                for s in memory.slots[seat] if s.gen == top):
            return deal, sampler
    raise AssertionError("no new stock in 100 games")


def test_after_a_new_stock_it_holds_only_cards_of_the_pile_it_became():
    deal, sampler = a_game_past_a_new_stock()
    pool = sampler.memory.pools[-1]  # PAGEONE-4.6
    assert set(deal.stock) <= pool
    view = deal.private_view("a")
    rng = random.Random(5)
    for _ in range(100):
        sample = sampler(view, rng)
        assert set(sample.stock) <= pool
        assert sample.public_view() == deal.public_view()


def test_every_hidden_card_is_found_in_every_hidden_place_at_the_start():
    deal, sampler = played(4, 0)
    view = deal.private_view("a")
    hidden = [card for card in PACK if card not in view.hand]

    def placed(rng):
        sample = sample_deal(view, rng, sampler.memory)
        return sample.hands["b"] + sample.hands["c"] + sample.stock

    # 49 cards: about 61 each of 3000 in a place, sd about 8
    assert_placed_uniformly(placed, [0, 5, 8, 30, 48], hidden, seed=11, within=40)


def test_a_new_stock_is_in_a_uniform_order():
    deal, sampler = a_game_past_a_new_stock(alike=True)
    memory = sampler.memory
    view = deal.private_view("a")
    top = memory.generation
    seen = set(view.hand) | set(deal.pile) | {c for _, c in deal.trick}
    cards = [card for card in memory.pools[top] if card not in seen]
    places = range(len(deal.stock))
    assert_placed_uniformly(lambda rng: sampler(view, rng).stock, places, cards, seed=2,
                            runs=3000, within=3000 // len(cards) // 2 + 40)


def test_legal_moves_are_the_engines():
    for deal, _ in games(30)[:10]:
        seat = deal.current
        moves = legal_moves(deal, seat)
        due = len(deal.hands[seat]) == 2
        assert {m.card for m in moves} == set(deal.legal_cards(seat))
        assert {m.call for m in moves} == ({True, False} if due else {False})
        for move in moves:
            deal.copy().check(move)
        for other in deal.order:
            if other != seat:
                assert legal_moves(deal, other) == []
        refused = [Play(seat, c) for c in PACK if c not in deal.legal_cards(seat)]
        if not due:
            refused += [Play(seat, c, True) for c in deal.legal_cards(seat)]
        for move in refused:
            with pytest.raises(EngineError):
                deal.check(move)


def test_the_search_player_plays_a_legal_card_the_same_under_the_same_seed():
    deal, sampler = played(9, 6)
    seat = deal.current
    view = deal.private_view(seat)
    choices = []
    for _ in range(2):
        player = search_player(24, None)
        choices.append(player(view, random.Random(1)))
    assert choices[0] == choices[1]
    deal.check(choices[0])
