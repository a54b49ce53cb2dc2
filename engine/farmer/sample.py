"""Farmer deals consistent with what one seat sees, for the search player (engine/search.py).

What a seat cannot know in Farmer (FARMER-6): the other players' face-down cards and the
order of the stock. Every hit is public, and so is the order they were taken in (the
players hit in turn from the farmer's left, FARMER-4.1), so the whole record of actions
is rebuilt from the view alone: nothing needs remembering.

One thing more is inferred from the rules: a player may hit only on 16 or less
(FARMER-4.3, 4.4), so a player who took a hit after their first had, before it, a face-down
card plus their earlier hits of at most 16. The face-down cards are drawn uniformly among
the cards the seat has not seen under that constraint (rejection: a uniform draw is
kept only if every constraint holds), the stock's order uniformly from the rest.

A sample is built by replaying a constructed record: the deck is the face-down cards in
dealing order (3.1), then every hit in the order taken, then the stock; the actions are
each player's hits and stay in turn. Its public view is the real one.
"""

from __future__ import annotations

import random

from engine import cards as C
from engine.cards import Card
from engine.farmer.actions import HIT, STAY, FarmerAction
from engine.farmer.deal import SIXTEEN_POINTS, FarmerDeal
from engine.farmer.game import FARMER
from engine.farmer.info import FARM, PACK
from engine.farmer.views import PrivateView
from engine.search import SearchPlayer, seats_before_the_stake, view_policy

DRAWS = 2000  # rejection draws before giving up on uniformity (never seen in play)


def face_down_limits(view: PrivateView) -> dict[str, int]:
    """The most each other player's face-down card can be worth (FARMER-4.3, 4.4): a hit
    after the first was taken on 16 or less."""
    limits = {}
    for s in view.public.seats:
        if s.dealt_in and s.id != view.seat and len(s.hits) >= 2:
            limits[s.id] = SIXTEEN_POINTS - sum(C.value(card) for card in s.hits[:-1])
    return limits


def sample_deal(view: PrivateView, rng: random.Random) -> FarmerDeal:
    public = view.public
    live = public.ended is None
    seats = seats_before_the_stake(public)
    dealt = [s.id for s in public.seats if s.dealt_in]
    carried = public.farm - public.stake * len(dealt) if live else public.farm
    # FARMER-3.1: the order dealt, from the farmer's left, as the engine finds it.
    order = FARMER.start(seats=seats, stake=public.stake, dealer=public.farmer,
                         deck_or_decks=PACK).order
    hits = {s.id: s.hits for s in public.seats}
    seen = {view.face_down, *(card for cards in hits.values() for card in cards)}
    unseen = [card for card in PACK if card not in seen]
    others = [seat for seat in order if seat != view.seat]
    face_down = _draw_face_down(others, unseen, face_down_limits(view), rng)
    face_down[view.seat] = view.face_down
    rest = [card for card in unseen if card not in face_down.values()]
    rng.shuffle(rest)
    taken = [card for seat in order for card in hits[seat]]
    deck = [face_down[seat] for seat in order] + taken + rest
    deal: FarmerDeal = FARMER.start(  # type: ignore[assignment]
        seats=seats, stake=public.stake, dealer=public.farmer,
        deck_or_decks=deck, carry={FARM: carried},
    )
    stayed = {s.id for s in public.seats if s.stayed}
    for seat in order:
        for _ in hits[seat]:
            deal.apply(FarmerAction(seat, HIT))
        if seat in stayed:
            deal.apply(FarmerAction(seat, STAY))
    return deal


def _draw_face_down(
    seats: list[str], unseen: list[Card], limits: dict[str, int], rng: random.Random
) -> dict[str, Card]:
    """One face-down card for each of `seats`, uniform among the draws every limit allows."""
    for _ in range(DRAWS):
        drawn = dict(zip(seats, rng.sample(unseen, len(seats)), strict=True))
        if all(C.value(drawn[seat]) <= limit for seat, limit in limits.items()):
            return drawn
    # Unreachable for a real view (some card fits every limit); kept consistent anyway.
    drawn, pool = {}, list(unseen)
    for seat in sorted(seats, key=lambda s: limits.get(s, SIXTEEN_POINTS)):
        fits = [c for c in pool if C.value(c) <= limits.get(seat, SIXTEEN_POINTS)] or pool
        drawn[seat] = card = fits[rng.randrange(len(fits))]
        pool.remove(card)
    return drawn


def legal_moves(deal: FarmerDeal, seat: str) -> list[FarmerAction]:
    """Every move of `seat` now: hit before stay."""
    return [FarmerAction(seat, do) for do in (HIT, STAY) if do in deal.legal_actions(seat)]


class FarmerSampler:
    """The search player's sampler for Farmer: nothing to remember (every hit is public)."""

    legal_moves = staticmethod(legal_moves)

    def __call__(self, view: PrivateView, rng: random.Random) -> FarmerDeal:
        return sample_deal(view, rng)


def search_player(playouts: int | None, ms: float | None) -> SearchPlayer:
    """Farmer's `hard` (engine/search.py): rollouts where each player hits as `easy` on its
    own view, now and then at random."""
    from engine.farmer.strategy import play_easy

    rollout = view_policy(play_easy, mix=0.1, fallback=FARMER.simulation_action)
    return SearchPlayer(FARMER, FarmerSampler(), playouts=playouts, ms=ms, rollout=rollout)
