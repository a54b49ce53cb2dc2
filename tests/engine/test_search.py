"""The search player (engine/search.py) on its first two games, Gops and Concentration."""

from __future__ import annotations

import random
import time

import pytest

from engine import cards as C
from engine import search, tournament
from engine.concentration.actions import Flip
from engine.concentration.game import CONCENTRATION
from engine.gops.actions import Bid
from engine.gops.game import GOPS
from engine.gops.sample import GopsSampler


def gops_midgame(rounds: int = 4, seed: int = 2):
    rng = random.Random(seed)
    deck = list(GOPS.info.pack)
    rng.shuffle(deck)
    deal = GOPS.start(seats=[("a", 50), ("b", 50)], stake=5, dealer="b", deck_or_decks=deck)
    for _ in range(rounds * 2):
        deal.apply(GOPS.simulation_action(deal, rng))
    return deal


def hard(game_id: str, playouts: int | None = 60, ms: float | None = None):
    return search.level_maker(game_id, "hard", playouts, ms)()


def test_a_move_is_legal_and_the_same_under_the_same_seed():
    deal = gops_midgame()
    view = deal.private_view("a")
    moves = [hard("gops")(view, random.Random(4)) for _ in range(3)]
    assert moves[0] == moves[1] == moves[2]
    deal.check(moves[0])


def test_a_sealed_bid_of_another_seat_changes_nothing_the_search_does():
    """Gops: the seat searches with b's bid unknown, whether b has bid or which card."""
    moves = []
    for b_bid in (None, 0, -1):
        deal = gops_midgame()
        if b_bid is not None:
            deal.apply(Bid("b", sorted(deal.hands["b"])[b_bid]))
        player = hard("gops")
        moves.append(player(deal.private_view("a"), random.Random(8)))
    assert moves[0] == moves[1] == moves[2]


def test_the_budget_in_milliseconds_ends_the_search():
    deal = gops_midgame(rounds=0)
    player = hard("gops", playouts=None, ms=30)
    start = time.perf_counter()
    player(deal.private_view("a"), random.Random(1))
    assert time.perf_counter() - start < 0.5
    assert 0 < player.last_playouts


def test_the_budget_in_playouts_is_kept():
    player = hard("gops", playouts=37)
    player(gops_midgame().private_view("a"), random.Random(1))
    assert player.last_playouts == 37


def test_a_search_needs_a_budget_and_the_legal_moves():
    with pytest.raises(ValueError):
        search.SearchPlayer(GOPS, GopsSampler(), playouts=None, ms=None)
    with pytest.raises(TypeError):
        search.SearchPlayer(GOPS, lambda view, rng: None)


def test_gops_a_sure_win_of_the_last_big_prize():
    """Round 13: each seat has one card; the search can only bid it."""
    deal = gops_midgame(rounds=12)
    view = deal.private_view("a")
    assert hard("gops")(view, random.Random(1)) == Bid("a", view.hand[0])


def concentration_with_a_known_pair(seed: int = 3):
    """a flipped two cards, b flipped the mate of a's first and missed: a knows a pair."""
    rng = random.Random(seed)
    deck = list(C.DECK)
    rng.shuffle(deck)
    deal = CONCENTRATION.start(
        seats=[("a", 50), ("b", 50)], stake=5, dealer="b", deck_or_decks=deck
    )
    mate = next(p for p in range(2, 52) if C.rank(deck[p]) == C.rank(deck[0]))
    other = next(
        p
        for p in range(2, 52)
        if p != mate and C.rank(deck[p]) not in (C.rank(deck[0]), C.rank(deck[1]))
    )
    if C.rank(deck[0]) == C.rank(deck[1]):
        pytest.skip("the deck's first two cards pair")
    player = hard("concentration", playouts=400)
    for flip in (Flip("a", 0), Flip("a", 1), Flip("b", mate), Flip("b", other)):
        deal.apply(flip)
        player.observe(deal.private_view("a"))
    return deal, player, mate


def test_concentration_takes_the_pair_it_remembers():
    deal, player, mate = concentration_with_a_known_pair()
    first = player(deal.private_view("a"), random.Random(1))
    assert first.pos in (0, mate)
    deal.apply(first)
    second = player(deal.private_view("a"), random.Random(1))
    assert {first.pos, second.pos} == {0, mate}


def test_a_table_s_hard_player_searches_at_the_table_budget():
    assert search.level_maker("gops", "easy") is None
    player = GOPS.strategies["hard"]()
    assert isinstance(player, search.SearchPlayer) and player.searches
    assert (player.playouts, player.ms) == (search.DEFAULT_PLAYOUTS, search.TABLE_MS)


def test_a_deadline_ends_the_search_after_one_playout_at_least():
    deal = gops_midgame()
    player = hard("gops", playouts=None, ms=60_000)
    move = player(deal.private_view("a"), random.Random(1), deadline=time.perf_counter())
    assert player.last_playouts == 1 and deal.check(move) is None


def test_the_tournament_plays_hard_against_easy():
    assert tournament.seat_names("hard,easy", "gops") == ["hard", "easy"]
    with pytest.raises(ValueError):
        tournament.seat_names("hard,random,random", "oldmaid")  # no choice to search
    report = tournament.run_tournament(2, ["hard", "easy"], 5, game_id="gops", budget=(20, None))
    assert report.tallies["hard"].hands == 2


def test_a_tree_for_each_sample_votes_with_the_same_playouts():
    """Plain determinized search (a tree per sample, measured beside `hard`'s one tree):
    the same budget, spread over the samples' trees, and a legal move."""
    deal = gops_midgame()
    view = deal.private_view("a")
    each = search.level_maker("gops", "hard", 40, None, shared_tree=False)()
    one = search.level_maker("gops", "hard", 40, None)()
    assert not each.shared_tree and one.shared_tree
    move = each(view, random.Random(3))
    assert each.last_playouts == 40 and deal.check(move) is None
    assert one(view, random.Random(3)) in {Bid("a", c) for c in deal.hands["a"]}


def test_the_tournament_takes_the_tree_a_search_uses():
    report = tournament.run_tournament(2, ["hard", "easy"], 5, game_id="gops",
                                       budget=(12, None, False))
    assert report.tallies["hard"].hands == 2
