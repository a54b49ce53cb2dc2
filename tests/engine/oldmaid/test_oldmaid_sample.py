"""Old Maid samples (engine/oldmaid/sample.py): a deal consistent with everything one
seat saw, the others' hands unknown but for the cards it gave; Old Maid has no search
player (every draw is blind, OLDMAID-3.2)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from engine import cards as C
from engine.errors import EngineError
from engine.oldmaid import sample as oldmaid_sample
from engine.oldmaid.actions import Draw
from engine.oldmaid.game import OLDMAID
from engine.oldmaid.info import PACK
from engine.oldmaid.sample import OldMaidSampler, legal_moves


def played(seed: int, players: int, draws: int):
    """A deal after `draws` random draws, and the sampler of seat a, shown the view
    after every draw."""
    rng = random.Random(seed)
    deck = list(PACK)
    rng.shuffle(deck)
    seats = [(chr(ord("a") + i), 100) for i in range(players)]
    deal = OLDMAID.start(seats=seats, stake=5, dealer=seats[-1][0], deck_or_decks=deck)
    sampler = OldMaidSampler()
    sampler.observe(deal.private_view("a"))
    for _ in range(draws):
        if deal.is_over:
            break
        deal.apply(OLDMAID.simulation_action(deal, rng))
        sampler.observe(deal.private_view("a"))
    return deal, sampler


def remembered(deal, sampler) -> dict[str, set[int]]:
    thrown = {card for pair in deal.pairs for card in pair.cards}
    return {seat: cards - thrown for seat, cards in sampler.memory.known.items()}


@pytest.mark.parametrize("players", [2, 3, 4, 7, 10])
@pytest.mark.parametrize("draws", [0, 4, 15, 30])
def test_a_sample_contradicts_nothing_the_seat_saw(players, draws):
    rng = random.Random(7)
    for seed in range(6):
        deal, sampler = played(seed, players, draws)
        if deal.is_over:
            continue
        view = deal.private_view("a")
        known = remembered(deal, sampler)
        for seat, cards in known.items():  # the memory is right
            assert cards <= set(deal.hands[seat])
        for _ in range(20):
            sample = sampler(view, rng)
            assert sample.private_view("a") == view
            assert sample.public_view() == deal.public_view()
            assert sorted(sample.cards_in_play()) == sorted(PACK)
            for hand in sample.hands.values():  # OLDMAID-2.2: pairs are thrown
                assert len({C.rank(card) for card in hand}) == len(hand)
            for seat, cards in known.items():  # the cards it gave, where they went
                assert cards <= set(sample.hands[seat])


def exact(view, known) -> dict[tuple[str, int], float]:
    """By counting every deal of the hidden cards to b and c (each its count, no two of a
    rank, the remembered cards in place): the chance of each card in each hand."""
    public = view.public
    thrown = {card for pair in public.pairs for card in pair.cards}
    hidden = [c for c in PACK if c not in thrown and c not in view.hand]
    counts = {s.id: s.cards for s in public.seats}
    tally: Counter = Counter()
    deals = 0
    for b_hand in combinations(hidden, counts["b"]):
        c_hand = [c for c in hidden if c not in b_hand]
        hands = {"b": b_hand, "c": c_hand}
        if any(len({C.rank(x) for x in h}) != len(h) for h in hands.values()):
            continue
        if any(not cards <= set(hands[seat]) for seat, cards in known.items()):
            continue
        deals += 1
        for seat, hand in hands.items():
            for card in hand:
                tally[seat, card] += 1
    return {key: n / deals for key, n in tally.items()}


def test_every_deal_the_seat_cannot_tell_apart_is_as_likely():
    for seed in range(60):  # a late deal of three, small enough to count every deal
        deal, sampler = played(seed, 3, 14)
        hidden = sum(len(deal.hands[s]) for s in ("b", "c"))
        if not deal.is_over and 6 <= hidden <= 14 and remembered(deal, sampler):
            break
    else:
        raise AssertionError("no small late deal with a card remembered")
    view = deal.private_view("a")
    chances = exact(view, remembered(deal, sampler))
    runs = 3000
    rng = random.Random(4)
    seen: Counter = Counter()
    for _ in range(runs):
        sample = sampler(view, rng)
        for seat in ("b", "c"):
            for card in sample.hands[seat]:
                seen[seat, card] += 1
    assert set(seen) == set(chances)
    for key, chance in chances.items():
        # sd at most sqrt(3000 / 4), about 27
        assert abs(seen[key] - chance * runs) < 110, (key, chance, seen[key])


def test_legal_moves_are_every_position_of_the_holders_hand():
    deal, _ = played(3, 4, 6)
    drawer, holder = deal.drawer, deal.holder
    moves = legal_moves(deal, drawer)
    assert moves == [Draw(drawer, pos) for pos in range(len(deal.hands[holder]))]
    for move in moves:
        deal.check(move)
    with pytest.raises(EngineError):
        deal.check(Draw(drawer, len(moves)))
    for seat in deal.order:
        if seat != drawer:
            assert legal_moves(deal, seat) == []


def test_there_is_no_search_player_every_draw_is_blind():
    """OLDMAID-3.2: the holder's cards are laid out face down and shuffled afresh for
    every draw, so every position is the same choice; 3.5: there is no other move."""
    assert not hasattr(oldmaid_sample, "search_player")
