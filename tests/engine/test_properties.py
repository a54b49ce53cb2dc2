"""Random legal play, checked after every action (GFF-7.3, the 52 cards, replay)."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Discard, Draw, Drop, Hit, Spread
from engine.cards import DECK
from engine.errors import EngineError
from engine.gff.hand import GffHand
from engine.replay import run
from engine.simulate import check_cards, random_action


@st.composite
def tables(draw):
    players = draw(st.integers(2, 5))
    stake = draw(st.integers(1, 20))
    # Stacks from 0 to 6 stakes: every posting tier of GFF-2.4, some not dealt in.
    stacks = [draw(st.integers(0, 6 * stake + stake - 1)) for _ in range(players)]
    dealer = draw(st.integers(0, players - 1))
    stacks[dealer] = max(stacks[dealer], 2 * stake)  # the dealer must be dealt in
    if sum(1 for s in stacks if s >= 2 * stake) < 2:
        stacks[(dealer + 1) % players] = 4 * stake
    carry = {"flip": draw(st.integers(0, 50)), "flop": draw(st.integers(0, 50))}
    seed = draw(st.integers(0, 2**32))
    drop_chance = draw(st.sampled_from([0.0, 0.02, 0.2, 1.0]))
    return players, stake, stacks, dealer, carry, seed, drop_chance


def deal(table) -> tuple[GffHand, random.Random, list[str]]:
    """The table's hand from its seeded deck, the generator for what follows, the seats."""
    players, stake, stacks, dealer, carry, seed, _ = table
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    ids = [f"s{i}" for i in range(players)]
    hand = GffHand.start(
        seats=list(zip(ids, stacks, strict=True)), stake=stake, dealer=ids[dealer], deck=deck,
        carry=carry,
    )
    return hand, rng, ids


def play(table) -> GffHand:
    _, _, stacks, _, carry, _, drop_chance = table
    hand, rng, _ = deal(table)
    total = sum(stacks) + carry["flip"] + carry["flop"]
    for _ in range(2_000):
        check_cards(hand)
        assert sum(hand.book.balances.values()) == total
        if hand.is_over:
            return hand
        hand.apply(random_action(hand, rng, drop_chance))
    raise AssertionError("the hand did not end")


@settings(max_examples=150, deadline=None)
@given(tables())
def test_random_legal_play_ends_conserves_chips_and_cards(table):
    hand = play(table)
    result = hand.settlement
    assert result is not None
    stake = table[1]
    assert sum(result.stacks.values()) + sum(result.carry.values()) == (
        sum(table[2]) + sum(table[4].values())
    )
    assert all(v >= 0 for v in result.stacks.values())
    assert list(result.eliminated) == [s for s, v in result.stacks.items() if v < 2 * stake]
    # GFF-7.2: nothing is left in the game pot; flip and flop hold exactly the carry.
    assert hand.book.balances["pot:game"] == 0 and hand.book.balances["pot:bonus"] == 0


@settings(max_examples=100, deadline=None)
@given(tables())
def test_a_played_hands_record_replays_to_the_same_result(table):
    hand = play(table)
    text = json.dumps(hand.record().to_json())
    answer, status = run(text)
    assert status == 0
    assert answer == hand.settlement.to_result()


@settings(max_examples=100, deadline=None)
@given(tables(), st.data())
def test_a_refused_action_changes_nothing(table, data):
    hand, rng, ids = deal(table)
    steps = data.draw(st.integers(0, 40))
    for _ in range(steps):
        if hand.is_over:
            break
        hand.apply(random_action(hand, rng, 0.0))
    seat = data.draw(st.sampled_from(ids))
    cards = tuple(data.draw(st.lists(st.sampled_from(DECK), max_size=4)))
    action = data.draw(
        st.sampled_from(
            [
                Drop(seat),
                Draw(seat, "stock"),
                Draw(seat, "discard"),
                Spread(seat, cards),
                Hit(seat, data.draw(st.integers(-1, 3)), cards),
                Discard(seat, cards[0] if cards else 0),
            ]
        )
    )
    before = (hand.public_view(), [hand.private_view(s) for s in ids], hand.seq)
    try:
        hand.check(action)
    except EngineError as refused:
        assert refused.message
        try:
            hand.apply(action)
        except EngineError as again:
            assert again.code == refused.code
        assert (hand.public_view(), [hand.private_view(s) for s in ids], hand.seq) == before
    else:
        hand.apply(action)
        assert hand.seq == before[2] + 1
