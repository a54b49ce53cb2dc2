"""GFF deals consistent with what one seat has seen, for the search player: the rummy
sampler (engine/rummy/sample.py) with what GFF adds, the pots and the flip and the flop.

The flip card is the dealer's fifth card, face up (GFF-3.1); a reveal shows a seat's
lowest dealt card of the flip or the flop suit (GFF-4.3): both are known to be in
those hands until played. The reveals still to come (before each seat's first turn)
are worked out from the sample's hands, which for a seat yet to play are its dealt
cards; the flip and the flop are then paid as the real hand would pay them (GFF-4.4).
The pots and stacks are the view's; each seat's posts (GFF-2.4) too.
"""

from __future__ import annotations

import random

from engine.gff.flipflop import flip_and_flop
from engine.gff.game import GFF
from engine.gff.hand import BONUS, POT, GffHand
from engine.gff.posting import FLIP, FLOP, POTS, pots_to_post
from engine.gff.views import PrivateView
from engine.rummy.hand import HAND_SIZE, PLAYING
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
from engine.spreads import card_mask

DECLARED_AT = 49  # GFF-3.3: the neutral deck must end nothing at the deal


def sample_deal(view: PrivateView, rng: random.Random, seen: Seen | None = None,
                kept_from: dict[str, int] | None = None) -> GffHand:
    public = view.public
    stake = public.stake
    hands, stock = deal_hidden(view, rng, known_in_hands(view, seen),
                               GFF.info.pack, kept_from)
    seats = [(s.id, _stack_posting(s.stack, s.posted, stake)) for s in public.seats]
    count = sum(1 for s in public.seats if s.dealt_in)
    deck = neutral_deck(count, {HAND_SIZE * count - 1: public.flip_card},
                        lambda value: value < DECLARED_AT)
    deal = GffHand.start(
        seats=seats, stake=stake, dealer=public.dealer, deck=deck, carry=public.carried
    )
    pots = {POT[pot]: public.pots[pot] for pot in POTS}
    pots[POT[BONUS]] = 0
    set_state(deal, view, hands, stock, seen, pots)
    _set_flip_and_flop(deal, view, seen)
    return deal


def _stack_posting(stack: int, posted: tuple[str, ...], stake: int) -> int:
    """A stack before the deal that posts to `posted` (GFF-2.4): the stack now and its
    posts, or, where a flip or flop won since moves it past a line, the least that does."""
    before = stack + stake * len(posted)
    if pots_to_post(before, stake) == posted:
        return before
    return stack if not posted else stake * (len(posted) + 1)


def _set_flip_and_flop(deal: GffHand, view: PrivateView, seen: Seen | None) -> None:
    """GFF-4.3/4.4: the reveals made are the view's; those to come follow from the
    sample's hands; the pots are paid once the dealer's are made."""
    public = view.public
    order = deal.order
    at = deal.turn
    done = len(order) if _past_first_round(deal, view, seen) else at + 1
    shown: dict[str, int] = {}
    for reveal in public.revealed:
        shown[reveal.seat] = shown.get(reveal.seat, 0) | 1 << reveal.card
    dealt = {
        seat: shown.get(seat, 0) if i < done else card_mask(deal.hands[seat])
        for i, seat in enumerate(order)
    }
    deal.flipflop_holders, deal.schedule = flip_and_flop(order, dealt, deal.posted,
                                                         public.flip_card)
    deal.revealed = list(public.revealed)
    deal.reveals_done = done
    deal.flipflop_paid = done == len(order)
    if deal.flipflop_paid:
        holders = deal.flipflop_holders
        deal.flip_winner = holders[FLIP][0] if holders[FLIP] else None
        deal.flop_winner = holders[FLOP][0] if holders[FLOP] else None


def _past_first_round(deal: GffHand, view: PrivateView, seen: Seen | None) -> bool:
    """Whether every seat has had a turn (so every reveal is made): the memory's count
    of turns, or what one view proves of it (in the first round, seat `at` plays the
    hand's turn `at`, and each turn before drew one card and threw one)."""
    public = view.public
    at = deal.turn
    if seen is not None and seen.turns > at:
        return True
    drawn = len(GFF.info.pack) - HAND_SIZE * len(deal.order) - public.stock
    playing = public.phase == PLAYING
    later = set(deal.order[at + 1 :])
    return (
        drawn > at + playing
        or len(public.discard_pile) > at
        or any(s.owner in later for s in public.spreads)
    )


class GffSampler(RummySampler):
    def __init__(self) -> None:
        super().__init__(sample_deal, legal_moves)


def search_player(playouts: int | None, ms: float | None) -> SearchPlayer:
    """GFF's `hard` (engine/search.py): every seat rolls out as a quick `easy`."""
    return SearchPlayer(GFF, GffSampler(), playouts=playouts, ms=ms, rollout=greedy_rollout())
