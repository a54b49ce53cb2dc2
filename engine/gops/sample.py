"""Gops deals consistent with what one seat sees, for the search player (engine/search.py).

What a seat cannot know in Gops (GOPS-4): the order of the prizes still face down, and
the bids the others have sealed this round. Every other thing is public: every resolved
round's bids (4.1), so every hand left, the prizes won and discarded.

A sample is built by replaying a constructed record: the deck is the prizes turned up
so far, in the order turned, then the others in a uniform random order; the actions are
the resolved rounds' bids, which are public (GOPS-4.1: every bid is shown at the
reveal; within a round their order changes nothing), then the seat's own sealed bid if
it has made one. The others' sealed bids of this round are left unmade: the search has
its rollout policy make them, never knowing them. So the sample is at the same point as
the real deal but for those sealed bids: its `seq` is lower by their number, and its
public view says they have not bid; everything else is equal.
"""

from __future__ import annotations

import random

from engine.gops.actions import Bid
from engine.gops.deal import GopsDeal
from engine.gops.game import GOPS
from engine.gops.info import PRIZES
from engine.gops.views import PrivateView
from engine.search import SearchPlayer, seats_before_the_stake, view_policy


def sample_deal(view: PrivateView, rng: random.Random) -> GopsDeal:
    public = view.public
    turned = [resolved.prize for resolved in public.rounds]
    if public.prize is not None:
        turned.append(public.prize)
    hidden = [card for card in PRIZES if card not in turned]
    rng.shuffle(hidden)
    seats = seats_before_the_stake(public)
    deal = GOPS.start(
        seats=seats, stake=public.stake, dealer=public.dealer, deck_or_decks=turned + hidden
    )
    for resolved in public.rounds:
        for seat, card in resolved.bids:
            deal.apply(Bid(seat, card))
    if view.bid is not None:
        deal.apply(Bid(view.seat, view.bid))
    return deal  # type: ignore[return-value]


def legal_moves(deal: GopsDeal, seat: str) -> list[Bid]:
    """Every bid `seat` may make now, ace low first."""
    if seat not in deal.to_act():
        return []
    return [Bid(seat, card) for card in sorted(deal.hands[seat])]


class GopsSampler:
    """The search player's sampler for Gops: nothing to remember (all is public)."""

    sample = staticmethod(sample_deal)
    legal_moves = staticmethod(legal_moves)

    def __call__(self, view: PrivateView, rng: random.Random) -> GopsDeal:
        return sample_deal(view, rng)


def search_player(playouts: int | None, ms: float | None) -> SearchPlayer:
    """Gops's `hard` (engine/search.py): rollouts where each seat bids as `easy` on its own
    view, half the time at random."""
    from engine.gops.strategy import play_easy

    rollout = view_policy(play_easy, mix=0.5, fallback=GOPS.simulation_action)
    return SearchPlayer(GOPS, GopsSampler(), playouts=playouts, ms=ms, rollout=rollout)
