"""Flush-auction samples for the search player (engine/auction/sample.py): a game consistent
with one seat's view, the others' dealt cards, the pack's order, the packs to come and
the others' sealed bids unknown."""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine.auction.actions import Bid
from engine.auction.deal import HAND_SIZE, has_flush
from engine.auction.game import AUCTION
from engine.auction.sample import legal_moves, sample_deal, search_player, turned_up
from engine.cards import DECK
from engine.errors import EngineError
from tests.engine.helpers import assert_placed_uniformly

SEATS = [("a", 100), ("b", 100), ("c", 100)]


def midgame(bids: int, seed: int = 3, sealed: tuple[str, ...] = ()):
    """A game after at least `bids` random bids, at a point where nobody has sealed a bid
    and every seat is due, then the bids of the seats `sealed`."""
    rng = random.Random(seed)
    packs = [rng.sample(DECK, len(DECK)) for _ in range(5)]
    deal = AUCTION.start(seats=SEATS, stake=5, dealer="c", deck_or_decks=packs)
    done = 0
    while done < bids or deal.bidding.sealed or len(deal.to_act()) < len(SEATS):
        deal.apply(AUCTION.simulation_action(deal, rng))
        done += 1
    for seat in sealed:
        if seat in deal.to_act():
            deal.apply(Bid(seat, deal.limits(seat)[0]))
    return deal


def unsealed(view):
    """A public view as if no bid were sealed now: every seat that bid is still due, and
    `seq` is left out; all else as it is."""
    seats = tuple(
        dataclasses.replace(s, has_bid=False, bid_due=s.bid_due or s.has_bid) for s in view.seats
    )
    return dataclasses.replace(view, seats=seats, seq=0)


def others_dealt(deal, seat):
    return {s: deal.dealt[s] for s in deal.order if s != seat}


@pytest.mark.parametrize(("bids", "seed"), [(0, 1), (7, 2), (25, 3), (60, 4), (110, 5)])
def test_a_sample_contradicts_nothing_the_seat_saw(bids, seed):
    deal = midgame(bids, seed, sealed=("b",))
    rng = random.Random(7)
    for seat in ("a", "b", "c"):
        view = deal.private_view(seat)
        for _ in range(60):
            sample = sample_deal(view, rng)
            mine = sample.private_view(seat)
            assert mine.hand == view.hand and mine.bid == view.bid  # its own cards and bid
            assert mine.game_chips == view.game_chips
            assert unsealed(sample.public_view()) == unsealed(deal.public_view())
            assert sorted(sample.pack) == sorted(DECK)
            assert turned_up(sample.private_view(seat)) == turned_up(view)
            for other in sample.order:  # AUCTION-2.2, 4.1: nobody holds a flush unseen
                assert not has_flush(sample.hands[other]) or other == seat
            if seat != "b":
                assert "b" not in sample.bidding.sealed  # b's sealed bid is not known


def test_with_no_sealed_bid_the_views_are_the_real_ones():
    deal = midgame(40, seed=6)
    for seat in deal.to_act():
        view = deal.private_view(seat)
        sample = sample_deal(view, random.Random(1))
        assert sample.public_view() == deal.public_view()
        assert sample.private_view(seat) == view


def test_the_own_sealed_bid_is_kept():
    deal = midgame(30, seed=2, sealed=("a",))
    view = deal.private_view("a")
    sample = sample_deal(view, random.Random(1))
    assert sample.bidding.sealed == {"a": view.bid}
    assert sample.private_view("a") == view


def test_every_unseen_card_is_found_in_every_hidden_place():
    deal = midgame(4, seed=9)
    view = deal.private_view("a")
    seen = set(view.hand) | set(turned_up(view))
    unseen = [card for card in DECK if card not in seen]
    turned = len(turned_up(view))
    first_stock = HAND_SIZE * 3 + turned

    def placed(rng):
        sample = sample_deal(view, rng)
        dealt = others_dealt(sample, "a")
        return {"b0": dealt["b"][0], "c4": dealt["c"][4], "stock": sample.pack[first_stock]}

    # 1/len(unseen) each (about 1/41): some 73 expected in 3000, sd about 8.5; the ban
    # on flushes barely bends it
    assert_placed_uniformly(placed, ["b0", "c4", "stock"], unseen, seed=11, within=40)


def test_legal_moves_are_the_engines():
    deal = midgame(10, seed=4)
    seat = deal.to_act()[0]
    low, high = deal.limits(seat)
    moves = legal_moves(deal, seat)
    assert moves == [Bid(seat, amount) for amount in range(low, high + 1)]
    for move in moves:
        deal.check(move)
    for amount in (low - 1, high + 1):
        with pytest.raises(EngineError):
            deal.check(Bid(seat, amount))
    deal.apply(moves[0])
    assert legal_moves(deal, seat) == []


def test_the_search_player_makes_a_legal_move_the_same_under_one_seed():
    deal = midgame(12, seed=5)
    seat = deal.to_act()[0]
    view = deal.private_view(seat)
    first = search_player(20, None)(view, random.Random(4))
    again = search_player(20, None)(view, random.Random(4))
    assert first == again
    deal.check(first)
