"""Tonk deals consistent with what one seat has seen, for the search player: the rummy
sampler (engine/rummy/sample.py) with the hit lock (TONK-4.2), read from the view.
The upcard (TONK-3.1) is the pile's first card, public like the rest of the pile."""

from __future__ import annotations

import random

from engine.rummy.sample import (
    RummySampler,
    Seen,
    deal_hidden,
    greedy_rollout,
    known_in_hands,
    legal_moves,
    neutral_deck,
    set_state,
)
from engine.search import SearchPlayer
from engine.tonk.game import TONK
from engine.tonk.hand import TONK_AT_MOST, TONK_VALUE, TonkHand
from engine.tonk.views import PrivateView


def _no_tonk(value: int) -> bool:
    """TONK-3.2: the neutral deck must end nothing at the deal."""
    return value > TONK_AT_MOST and value != TONK_VALUE


def sample_deal(view: PrivateView, rng: random.Random, seen: Seen | None = None,
                kept_from: dict[str, int] | None = None) -> TonkHand:
    public = view.public
    hands, stock = deal_hidden(view, rng, known_in_hands(view, seen),
                               TONK.info.pack, kept_from)
    count = sum(1 for s in public.seats if s.dealt_in)
    deal: TonkHand = TONK.start(  # type: ignore[assignment]
        seats=[(s.id, s.stack) for s in public.seats], stake=public.stake,
        dealer=public.dealer, deck_or_decks=neutral_deck(count, {}, _no_tonk),
    )
    set_state(deal, view, hands, stock, seen, {})
    # TONK-4.2: a lock shown on the seat to act is this turn's; any other, its next turn's.
    locked = {s.id for s in public.seats if s.hit_locked}
    deal.locked = public.turn in locked
    deal.lock_next = locked - {public.turn}
    deal.received = {}
    return deal


class TonkSampler(RummySampler):
    def __init__(self) -> None:
        super().__init__(sample_deal, legal_moves)


def search_player(playouts: int | None, ms: float | None) -> SearchPlayer:
    """Tonk's `hard` (engine/search.py): every seat rolls out as a quick `easy`."""
    return SearchPlayer(TONK, TonkSampler(), playouts=playouts, ms=ms, rollout=greedy_rollout())
