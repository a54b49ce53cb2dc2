"""Page One deals consistent with what one seat has seen, for the search player
(engine/search.py; the memory and the placing of hidden cards: engine/shedding/sample.py).

What the seat infers, action by action (`PageOneMemory`):
- a follower the bot drew for held neither the suit to follow nor the joker
  (PAGEONE-4.4): every card they held then, and every card drawn for them but the
  last, is neither; the last is of the suit or the joker, and is played next;
- the five cards of a missed call (4.7) may be anything;
- a new stock is the discard pile it saw (4.6): a card drawn from it is one of those.
A sample puts the hidden cards (not in the seat's hand, nor in the trick or the discard
pile) in the others' hands and the stock as that allows; the stock's order is uniform.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from typing import NamedTuple

from engine import cards as C
from engine.cards import JOKER, Card
from engine.pageone.actions import Play
from engine.pageone.deal import PageOneDeal
from engine.pageone.game import PAGEONE
from engine.pageone.info import PACK
from engine.pageone.strategy import easy_card as choose
from engine.pageone.views import PrivateView, PublicView
from engine.search import MemorySampler, SearchPlayer, seats_before_the_stake
from engine.shedding.sample import (
    SheddingMemory,
    draw_gens,
    fill,
    in_order,
    order_of,
    with_shuffle,
)

NEW_STOCK = PageOneDeal.NEW_STOCK_EVENT
HAND_SIZE = PageOneDeal.HAND_SIZE


def unable(suit: int) -> frozenset[Card]:
    """PAGEONE-4.4: what a follower who had to draw did not hold."""
    return frozenset(c for c in C.DECK if C.suit(c) == suit) | {JOKER}


class PageOneMemory(SheddingMemory):
    def __init__(self) -> None:
        super().__init__(HAND_SIZE)

    def _before(self, public: PublicView) -> PublicView | None:
        """The deal before its first action (PAGEONE-3.1), if `public` is at most one
        action on."""
        if public.seq == 0:
            return public
        if public.seq > 1:
            return None
        order = order_of(public)
        return replace(
            public, seq=0, trick=(), suit=None, discard=(), events=(), turn=order[0],
            stock=len(PACK) - HAND_SIZE * len(order),
            seats=tuple(replace(s, cards=HAND_SIZE if s.dealt_in else 0, drawn=0)
                        for s in public.seats),
        )

    def _step(self, before: PublicView, after: PublicView) -> None:
        if after.ended is not None:
            return
        actor = before.turn
        assert actor is not None
        gathered = len(after.trick) != len(before.trick) + 1
        card = after.discard[-1] if gathered else after.trick[-1][1]
        self.played(actor, card)
        drawn_before = {s.id: s.drawn for s in before.seats}
        drawn_after = {s.id: s.drawn for s in after.seats}
        penalty = drawn_after[actor] - drawn_before[actor]  # 4.7, drawn first
        follower = after.turn if not gathered else None
        unable_count = 0 if follower is None else drawn_after[follower] - drawn_before[follower]
        rebuilt = NEW_STOCK in after.events[len(before.events):]
        gens = draw_gens(before.stock, penalty + unable_count, self.generation, rebuilt)
        if rebuilt:
            self.new_stock(before.discard)  # 4.6: the finished tricks only
        self.drew(actor, gens[:penalty])
        if unable_count:
            assert follower is not None and after.suit is not None
            cannot = unable(after.suit)
            self.forbid(follower, cannot)
            self.drew(follower, gens[penalty:-1], cannot)
            self.drew(follower, gens[-1:], frozenset(PACK) - cannot)  # its one play


def sample_deal(view: PrivateView, rng: random.Random,
                memory: PageOneMemory | None = None) -> PageOneDeal:
    """A deal consistent with `view` and the seat's memory (without one: a memory of
    this view alone, which knows the counts only)."""
    if memory is None:
        memory = PageOneMemory()
        memory.observe(view)
    public = view.public
    seen = set(view.hand) | set(public.discard) | {card for _, card in public.trick}
    hidden = [card for card in PACK if card not in seen]
    deal: PageOneDeal = PAGEONE.start(  # type: ignore[assignment]
        seats=seats_before_the_stake(public), stake=public.stake, dealer=public.dealer,
        deck_or_decks=PACK,
    )
    fill(deal, view, memory, hidden, rng, Play(view.seat, JOKER),
         in_order(view.legal_cards, rest=view.hand))
    deal.pile = list(public.discard)
    deal.trick = list(public.trick)
    deal.suit = public.suit
    # 4.4: a card drawn to follow is then the one card of the suit or joker held, so
    # the legal plays are the same without `must_play`.
    deal.must_play = None
    deal.last_drawn = {seat: [] for seat in deal.order}
    deal.last_drawn[view.seat] = list(view.drawn)
    return deal


def legal_moves(deal: PageOneDeal, seat: str) -> list[Play]:
    """Every play `seat` may make now (PAGEONE-4.2 to 4.4, 4.7), in hand order: with
    two cards held, each card with the call and without."""
    with_shuffle(deal)
    cards = deal.legal_cards(seat)
    if len(deal.hands.get(seat, ())) != 2:
        return [Play(seat, card) for card in cards]
    return [Play(seat, card, call) for card in cards for call in (True, False)]


def candidate_moves(deal: PageOneDeal, seat: str) -> list[Play]:
    """The plays worth searching: a missed call only costs five cards (4.7)."""
    return [move for move in legal_moves(deal, seat) if move.call or len(deal.hands[seat]) != 2]


class PageOneSampler(MemorySampler):
    """The search player's sampler: remembers every action it is shown."""

    memory_type = PageOneMemory
    sample = staticmethod(sample_deal)
    legal_moves = staticmethod(legal_moves)


class _SeenPublic(NamedTuple):
    trick: list[tuple[str, Card]]
    suit: int | None


class _SeenView(NamedTuple):
    """What `easy` reads of a view (engine/pageone/strategy.py), read from the deal: a
    rollout plays `easy` for a seat without the cost of building its view."""

    hand: list[Card]
    legal_cards: tuple[Card, ...]
    public: _SeenPublic


def rollout(deal: PageOneDeal, rng: random.Random) -> Play:
    """Each seat plays `easy` on what it sees, now and then (MIX) a random card; the
    call is always made (PAGEONE-4.7)."""
    with_shuffle(deal)
    seat = deal.order[deal.turn]
    if rng.random() < MIX:
        return PAGEONE.simulation_action(deal, rng)
    seen = _SeenView(deal.hands[seat], deal.legal_cards(seat),
                     _SeenPublic(deal.trick, deal.suit if deal.trick else None))
    return Play(seat, choose(seen), len(deal.hands[seat]) == 2)


def evaluate(deal: PageOneDeal, seat: str) -> float:
    """Where a rollout is cut (the search's `horizon`): the seat's chance to go out
    first guessed from the cards each holds, as its share of the pot less its ante, over
    the antes (about -1/n to 1 - 1/n, as the end is weighed, engine/search.py)."""
    weights = {s: math.exp(-CARD_WEIGHT * len(hand)) for s, hand in deal.hands.items()}
    return weights[seat] / sum(weights.values()) - 1 / len(weights)


# How Page One is searched: rollouts where each seat plays `easy`, now and then a
# random legal card, cut after HORIZON moves past the tree and guessed from the cards
# held (a game of draws can run long: a playout to its end costs many times more).
MIX = 0.2
HORIZON: int | None = 24
CARD_WEIGHT = 0.5


def search_player(playouts: int | None, ms: float | None) -> SearchPlayer:
    cut = {} if HORIZON is None else {"horizon": HORIZON, "evaluate": evaluate,
                                      "margin_weight": 1.0}
    return SearchPlayer(PAGEONE, PageOneSampler(), playouts=playouts, ms=ms, rollout=rollout,
                        moves=candidate_moves, **cut)
