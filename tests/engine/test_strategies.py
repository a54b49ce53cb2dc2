"""Computer players: legal moves only, nothing hidden reachable, and the play of each level."""

import copy
import gc
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import cards as C
from engine import search
from engine.actions import Discard, Draw, Drop, Hit, Spread
from engine.cards import DECK
from engine.gff.flipflop import Reveal
from engine.gff.game import GFF
from engine.gff.hand import GffHand
from engine.gff.views import PrivateView, PublicView, SeatView, TableSpread
from engine.record import parse_record
from engine.simulate import random_action
from engine.spreads import SpreadOption, card_mask, find_hits, find_spreads
from engine.strategies import STRATEGIES, UnknownStrategy, get_strategy
from engine.strategies.drop import chance_lowest
from engine.strategies.knowledge import knowledge
from engine.strategies.layoff import Layoff, table_of
from engine.strategies.moves import legal_moves
from engine.strategies.planning import Weights
from engine.strategies.sharp import SharpPlayer
from tests.engine.decks import discard, draw, record, spread

ABC = [("ann", 200), ("bob", 200), ("cy", 200)]
NAMES = sorted(GFF.strategies)


def player(name: str):
    """A fresh player of level `name`; `hard` at a test's budget (a few playouts, no clock),
    which is checked here for what it is shown, not for how well it plays."""
    small = search.level_maker("gff", name, 12, None)
    return small() if small is not None else get_strategy(name)


def hand_of(hands, actions=(), stock="", seats=ABC) -> GffHand:
    """A hand dealt by cy to ann, bob, cy, with `actions` applied."""
    return GFF.replay(parse_record(record(seats, "cy", hands, list(actions),
                                                   stock=stock)))


def play_turns(hand: GffHand, player, seat: str, rng: random.Random) -> list:
    """Let `player` act for `seat` until the turn passes; the actions it took."""
    taken = []
    while not hand.is_over and hand.current == seat:
        action = player(hand.private_view(seat), rng)
        hand.apply(action)
        taken.append(action)
    return taken


# -- registry ----------------------------------------------------------------------


def test_the_registry_has_three_levels_and_names_them_when_asked_for_another():
    assert set(STRATEGIES) == {"random", "easy", "sharp"}
    assert list(GFF.strategies) == ["random", "easy", "sharp", "hard"]  # and the search
    with pytest.raises(UnknownStrategy) as refused:
        get_strategy("grandmaster")
    assert "'grandmaster'" in str(refused.value)
    assert all(name in str(refused.value) for name in STRATEGIES)


def test_each_seat_gets_its_own_sharp_player_so_memories_never_mix():
    assert get_strategy("sharp") is not get_strategy("sharp")


# -- only legal actions ------------------------------------------------------------


@st.composite
def tables(draw):
    players = draw(st.integers(2, 5))
    stake = draw(st.integers(1, 20))
    # Stacks from 0 to 6 stakes: every posting tier of GFF-2.4, some not dealt in.
    stacks = [draw(st.integers(0, 7 * stake - 1)) for _ in range(players)]
    dealer = draw(st.integers(0, players - 1))
    stacks[dealer] = max(stacks[dealer], 2 * stake)
    if sum(1 for s in stacks if s >= 2 * stake) < 2:
        stacks[(dealer + 1) % players] = 4 * stake
    return players, stake, stacks, dealer, draw(st.integers(0, 2**32))


def deal(table) -> tuple[GffHand, random.Random]:
    players, stake, stacks, dealer, seed = table
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    ids = [f"s{i}" for i in range(players)]
    hand = GffHand.start(seats=list(zip(ids, stacks, strict=True)), stake=stake,
                         dealer=ids[dealer], deck=deck)
    return hand, rng


@settings(max_examples=120, deadline=None)
@given(tables(), st.integers(0, 60))
def test_every_level_answers_a_state_reached_by_random_play_with_a_legal_action(table, steps):
    hand, rng = deal(table)
    for _ in range(steps):
        if hand.is_over:
            return
        hand.apply(random_action(hand, rng, drop_chance=0.0))
    if hand.is_over:
        return
    seat = hand.current
    view = hand.private_view(seat)
    for name in NAMES:
        action = player(name)(view, random.Random(steps))
        hand.check(action)  # raises EngineError if refused
        assert action.seat == seat


@settings(max_examples=60, deadline=None)
@given(tables(), st.lists(st.sampled_from(NAMES), min_size=5, max_size=5))
def test_levels_play_whole_hands_to_a_settlement_with_only_legal_actions(table, levels):
    hand, rng = deal(table)
    players = {seat: player(levels[i]) for i, seat in enumerate(hand.order)}
    for _ in range(1_000):
        if hand.is_over:
            break
        seat = hand.current
        action = players[seat](hand.private_view(seat), rng)
        hand.check(action)
        hand.apply(action)
    assert hand.settlement is not None


def test_a_level_asked_out_of_turn_refuses():
    hand = hand_of(["2H 3H 4H 8D 9D", "5H 6H 7H TD JD", "2D 3D 4D 5D 9C"])
    for name in NAMES:
        with pytest.raises(ValueError):
            player(name)(hand.private_view("bob"), random.Random(1))


def test_random_chooses_among_every_legal_action():
    hand = hand_of(["2H 3H 4H 8D 9D", "5H 6H 7H TD JD", "2D 3D 4D 5D 9C"], stock="5S")
    hand.apply(Draw("ann", "stock"))
    view = hand.private_view("ann")
    # A spread (2H 3H 4H), hits none, and six cards to throw.
    assert len(legal_moves(view)) == 7
    seen = {get_strategy("random")(view, random.Random(i)) for i in range(300)}
    assert seen == set(legal_moves(view))


# -- nothing hidden can be reached -------------------------------------------------

VIEW_TYPES = (PrivateView, PublicView, SeatView, TableSpread, Reveal, SpreadOption,
              tuple, dict, str, int, bool, type(None))


def reachable(root) -> list:
    """Every object reachable from `root` by reference, classes and their modules aside."""
    seen, todo, found = set(), [root], []
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen.add(id(obj))
        found.append(obj)
        todo.extend(gc.get_referents(obj))
    return found


def midway_hand(seed: int = 7) -> GffHand:
    """A hand some way in, at the start of someone's turn, with a discard pile to take from."""
    rng = random.Random(seed)
    while True:
        deck = list(DECK)
        rng.shuffle(deck)
        hand = GffHand.start(seats=ABC, stake=10, dealer="cy", deck=deck)
        for _ in range(20):
            if hand.is_over:
                break
            hand.apply(random_action(hand, rng, drop_chance=0.0))
        while not hand.is_over and hand.phase != "turn_start":
            hand.apply(random_action(hand, rng, drop_chance=0.0))
        if not hand.is_over:
            return hand


def test_a_view_reaches_only_plain_values_never_the_hand_or_the_deck():
    hand = midway_hand()
    view = hand.private_view(hand.current)
    objects = reachable(view)
    assert any(isinstance(obj, SeatView) for obj in objects)  # the walk goes all the way
    assert all(isinstance(obj, VIEW_TYPES) for obj in objects), {
        type(obj).__name__ for obj in objects if not isinstance(obj, VIEW_TYPES)}
    assert not any(isinstance(obj, GffHand) for obj in objects)
    # No list anywhere: the hand keeps every hand and the stock in lists.
    assert not any(isinstance(obj, list) for obj in objects)


def test_a_sharp_player_keeps_only_plain_values_from_its_views():
    hand = midway_hand()
    seat = hand.current
    player = SharpPlayer()
    play_turns(hand, player, seat, random.Random(1))
    strays = {type(obj).__name__ for obj in reachable(player)
              if not isinstance(obj, (*VIEW_TYPES, SharpPlayer, Weights, list, float,
                                      Drop, Draw, Spread, Hit, Discard))}
    assert not strays


def permute_hidden(hand: GffHand, seat: str, rng: random.Random, *, top_too: bool) -> GffHand:
    """A copy of `hand` with the other seats' unseen cards and the stock reshuffled.

    Cards the table has seen (revealed, the flip card) stay where they are; so does
    the top of the stock unless `top_too`, so that the same card is drawn.
    """
    other = copy.deepcopy(hand)
    shown = {r.card for r in hand.revealed} | {hand.flip_card}
    places = [(s, i) for s in other.order if s != seat
              for i, c in enumerate(other.hands[s]) if c not in shown]
    places += [("stock", i) for i in range(len(other.stock) - (0 if top_too else 1))]
    cards = [other.stock[i] if s == "stock" else other.hands[s][i] for s, i in places]
    rng.shuffle(cards)
    for (s, i), card in zip(places, cards, strict=True):
        (other.stock if s == "stock" else other.hands[s])[i] = card
    for s in other.order:
        other.held[s] = sum(1 << c for c in other.hands[s])
    assert other.stock != hand.stock
    assert other.private_view(seat) == hand.private_view(seat)
    return other


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("name", NAMES)
def test_a_whole_turn_is_the_same_when_the_hidden_cards_are_reshuffled(name, seed):
    hand = midway_hand(seed)
    seat = hand.current
    shuffled = permute_hidden(hand, seat, random.Random(seed), top_too=False)
    assert (play_turns(hand, player(name), seat, random.Random(seed))
            == play_turns(shuffled, player(name), seat, random.Random(seed)))


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("name", NAMES)
def test_a_decision_is_the_same_whatever_the_order_of_the_whole_stock(name, seed):
    hand = midway_hand(seed)
    seat = hand.current
    shuffled = permute_hidden(hand, seat, random.Random(seed), top_too=True)
    assert (player(name)(hand.private_view(seat), random.Random(seed))
            == player(name)(shuffled.private_view(seat), random.Random(seed)))


# -- easy --------------------------------------------------------------------------

QUIET = ["2H 3H 4H 8D 9D", "5H 6H 7H TD JD", "2D 3D 4D 5D 9C"]


def test_easy_lays_its_spread_and_throws_its_highest_card():
    hand = hand_of(QUIET, stock="KS")
    taken = play_turns(hand, get_strategy("easy"), "ann", random.Random(1))
    assert taken == [Draw("ann", "stock"), Spread("ann", tuple(map(C.parse, ["2H", "3H", "4H"]))),
                     Discard("ann", C.parse("KS"))]


def test_easy_takes_the_discard_only_when_it_lowers_the_hand():
    actions = [draw("ann"), discard("ann", "KS"), draw("bob"), discard("bob", "AC")]
    hand = hand_of(QUIET, actions, stock="KS AC")
    assert get_strategy("easy")(hand.private_view("cy"), random.Random(1)) == Draw("cy", "discard")
    hand = hand_of(QUIET, actions[:2], stock="KS AC")
    assert get_strategy("easy")(hand.private_view("bob"), random.Random(1)) == Draw("bob", "stock")


def test_easy_drops_only_when_clearly_lowest():
    low = ["AS AH 2C 2D 3S", "5H 6H 7H TD JD", "2H 3D 4D 5D 9C"]
    assert get_strategy("easy")(hand_of(low).private_view("ann"), random.Random(1)) == Drop("ann")
    fair = ["AS 4H 2C 2D 3S", "5H 6H 7H TD JD", "2H 3D 4D 5D 9C"]  # 12
    assert get_strategy("easy")(hand_of(fair).private_view("ann"),
                                random.Random(1)) == Draw("ann", "stock")


# -- sharp -------------------------------------------------------------------------


def test_gff_6_3_sharp_splits_a_run_of_six_into_two_threes_to_tunk_out():
    # 7H to KH... 8H 9H TH JH QH drawn to 7H: one run of six goes out, two threes tunk
    # out and pay double. easy lays the longest spread and only goes out.
    hands = ["8H 9H TH JH QH", "5C 6C 7C TD JD", "2D 3D 4D 5D 9C"]
    for name, ended in (("sharp", "tunk_out"), ("easy", "going_out")):
        hand = hand_of(hands, stock="7H")
        play_turns(hand, get_strategy(name), "ann", random.Random(1))
        assert hand.settlement.ended == ended


def test_sharp_hits_a_card_rather_than_throwing_it_to_the_table():
    hands = ["8C KH QD JS 9D", "5C 6C 7C TD JD", "2D 3D 4D 5D 9C"]
    actions = [draw("ann"), discard("ann", "KH"),
               draw("bob"), spread("bob", "5C 6C 7C"), discard("bob", "QH"),
               draw("cy"), discard("cy", "JH")]
    hand = hand_of(hands, actions, stock="KS QH JH TS")
    taken = play_turns(hand, SharpPlayer(), "ann", random.Random(1))
    assert Hit("ann", 0, (C.parse("8C"),)) in taken
    assert all(not (isinstance(a, Discard) and a.card == C.parse("8C")) for a in taken)


def test_sharp_takes_a_discard_that_makes_a_spread():
    hands = ["5S 5H KD QC JD", "7C 8C 9S TD JH", "2D 3D 4D 6D 9C"]
    actions = [draw("ann"), discard("ann", "KH"), draw("bob"), discard("bob", "QH"),
               draw("cy"), discard("cy", "5D")]
    hand = hand_of(hands, actions, stock="KH QH 5D")
    player = SharpPlayer()
    assert player(hand.private_view("ann"), random.Random(1)) == Draw("ann", "discard")


def test_sharp_drops_a_very_low_hand_and_plays_on_a_high_one():
    low = ["AS AH 2C 2D 3S", "5H 6H 7H TD JD", "2H 3D 4D 5D 9C"]
    assert SharpPlayer()(hand_of(low).private_view("ann"), random.Random(1)) == Drop("ann")
    high = ["KS QH 2C 2D 3S", "5H 6H 7H TD JD", "2H 3D 4D 5D 9C"]
    assert SharpPlayer()(hand_of(high).private_view("ann"), random.Random(1)) != Drop("ann")


def test_sharp_remembers_the_next_player_taking_its_discard():
    hands = ["8C KH QD JS 9D", "7C 8H 9S TD JH", "2D 3D 4D 6D 9C"]
    hand = hand_of(hands, stock="2S 3C 4S")
    player = SharpPlayer()
    thrown = play_turns(hand, player, "ann", random.Random(1))[-1]
    assert isinstance(thrown, Discard)
    hand.apply(Draw("bob", "discard"))
    hand.apply(Discard("bob", C.parse("JH")))
    hand.apply(Draw("cy", "stock"))
    hand.apply(Discard("cy", C.parse("9C")))
    player(hand.private_view("ann"), random.Random(1))
    assert player.seen_taken_by_next == (thrown.card,)


def test_a_sharp_player_asked_twice_on_one_view_remembers_one_spread():
    hand = hand_of(["2H 3H 4H 8D 9D", "5H 6H 7H TD JD", "2D 3D 4D 5D 9C"], stock="KS")
    hand.apply(Draw("ann", "stock"))
    player = SharpPlayer()
    view = hand.private_view("ann")
    assert player(view, random.Random(1)) == player(view, random.Random(1))
    hand.apply(player(view, random.Random(1)))
    player(hand.private_view("ann"), random.Random(1))
    assert player.laid_sizes == (3,)



# -- the models sharp plans with agree with the rules ------------------------------


def fewest_left(hand: tuple, spreads: tuple) -> int:
    """By the engine's own spread and hit rules (GFF-5.4, 5.5), searched exhaustively."""
    best = len(hand)
    for option in find_spreads(list(hand)):
        rest = tuple(c for c in hand if c not in option.cards)
        best = min(best, fewest_left(rest, (*spreads, option.cards)))
    for index, spread_cards in enumerate(spreads):
        for cards in find_hits(list(hand), list(spread_cards)):
            rest = tuple(c for c in hand if c not in cards)
            grown = (*spreads[:index], (*spread_cards, *cards), *spreads[index + 1:])
            best = min(best, fewest_left(rest, grown))
    return best


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(2, 6), st.integers(0, 3))
def test_the_layoff_search_agrees_with_the_engines_rules(rng, size, tables):
    # A few ranks of two suits, so that spreads and hits are common.
    universe = [C.make(r, s) for r in range(0, 13) for s in (0, 1)
                if r < 6 or r > 9] + [C.make(r, 2) for r in range(4)]
    rng.shuffle(universe)
    hand, rest = tuple(universe[:size]), universe[size:]
    spreads = []
    for _ in range(tables):
        options = find_spreads(rest)
        if not options:
            break
        chosen = rng.choice(options).cards
        spreads.append(chosen)
        rest = [c for c in rest if c not in chosen]
    table = table_of(spreads)
    assert Layoff().left(card_mask(hand), table) == fewest_left(hand, tuple(spreads))


def test_the_drop_estimate_is_certain_at_the_extremes():
    hand = hand_of(["AS AH 2C 2D 3S", "5H 6H 7H TD JD", "2H 3D 4D 5D 9C"])
    know = knowledge(hand.private_view("ann"))
    rng = random.Random(1)
    # No five unseen cards are worth 4 or less: a hand of 4 is surely lowest.
    assert chance_lowest(4, know, rng, samples=50, extra_seen=3) == 1.0
    assert chance_lowest(50, know, rng, samples=50, extra_seen=3) == 0.0
    assert 0.0 < chance_lowest(24, know, rng, samples=400, extra_seen=3) < 1.0
