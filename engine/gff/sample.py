"""GFF deals consistent with what one seat has seen, for the search player: the rummy
sampler (engine/rummy/sample.py) with what GFF adds, the pots and the flip and the flop.

The flip card is the dealer's fifth card, face up (GFF-3.1); a reveal shows a seat's
lowest dealt card of the flip or the flop suit (GFF-4.3): both are known to be in
those hands until played. The reveals still to come (before each seat's first turn)
are worked out from the sample's hands, which for a seat yet to play are its dealt
cards; the flip and the flop are then paid as the real hand would pay them (GFF-4.4).
The pots and stacks are the view's; each seat's posts (GFF-2.4) too.

GFF's `hard` built on it is a hybrid (GffSearchPlayer): sharp's moves, the drop searched.
"""

from __future__ import annotations

import random

from engine.actions import DISCARD, DROP, STOCK, Discard, Draw, Drop
from engine.gff.flipflop import flip_and_flop
from engine.gff.game import GFF
from engine.gff.hand import BONUS, POT, GffHand
from engine.gff.posting import FLIP, FLOP, POTS, pots_to_post
from engine.gff.views import PrivateView
from engine.rummy.hand import HAND_SIZE, PLAYING, TURN_START
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
from engine.strategies.sharp import SharpPlayer

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


# The rollout seats drop on a hand under 3 per card of the fewest another holds, not
# easy's 2 (GFF-6.2): the real opponent of `hard` drops sooner than `easy` does (sharp
# drops at a 60% chance of being lowest), and the search weighs a drop against how
# soon the other seat would drop first. Measured against sharp, 100 hands a seed, P=400:
# +0.28 chips/hand on average with 3 (seeds 2-11), -0.08 with 2 (seeds 1-8); noisy.
ROLLOUT_DROP_PER_CARD = 3


class _Sure:
    """An rng stand-in for the in-tree policy: never a mistake, nothing drawn."""

    @staticmethod
    def random() -> float:
        return 1.0


_STEADY = greedy_rollout(mistakes=0.0)


def drop_moves(deal: GffHand, seat: str) -> list:
    """The searched seat's choices in the tree: at the start of a turn, drop or draw
    (GFF-5.2, 6.2); after the draw, the rollout's own move without mistakes, so that
    every playout weighs the drop and none is spent on spreads and discards."""
    if deal.phase == TURN_START:
        return legal_moves(deal, seat)
    return [_STEADY(deal, _Sure())]


class GffSearchPlayer(SearchPlayer):
    """GFF's `hard`: a hybrid, honestly so. `sharp` (engine/strategies/sharp.py) plays
    every move but one; the search (engine/search.py) decides only whether to drop at
    the start of a turn (GFF-6.2). Heads-up GFF is a race to drop first, and the drop is
    the one move whose value a sample tells exactly (every hand is shown and valued),
    where sharp decides on a fixed chance of being lowest. When the search does not
    drop, sharp's own draw is played (or, where sharp dropped, the searched draw)."""

    def __init__(self, playouts: int | None, ms: float | None) -> None:
        super().__init__(GFF, GffSampler(), playouts=playouts, ms=ms,
                         rollout=greedy_rollout(drop_per_card=ROLLOUT_DROP_PER_CARD),
                         moves=drop_moves)
        self.sharp = SharpPlayer()  # fed every view it plays, as a sharp seat is
        self._took: tuple[tuple[str, int], int] | None = None  # (hand, card) taken
        self._stalled: tuple[str, int] | None = None  # the hand where one was thrown back

    def __call__(self, view: PrivateView, rng: random.Random, *,
                 deadline: float | None = None):
        move = self._move(view, rng, deadline)
        public = view.public
        hand = (public.dealer, public.flip_card)
        if isinstance(move, Draw) and move.source == DISCARD:
            self._took = (hand, public.discard_top)
        elif isinstance(move, Discard):
            # GFF-5.8 lets a taken discard be thrown straight back: a turn that changes
            # nothing. Two seats doing so in turn would never end the hand (the stock
            # never shrinks, GFF-6.4), so the next turn after one draws from the stock.
            if self._took == (hand, move.card):
                self._stalled = hand
            self._took = None
        return move

    def _move(self, view: PrivateView, rng: random.Random, deadline: float | None):
        planned = self.sharp(view, rng)
        if DROP not in view.legal:
            self.observe(view)
            self.last_playouts = 0
            return planned
        searched = super().__call__(view, rng, deadline=deadline)
        move = searched if isinstance(searched, Drop) or isinstance(planned, Drop) else planned
        hand = (view.public.dealer, view.public.flip_card)
        if isinstance(move, Draw):
            if self._stalled == hand and move.source == DISCARD:
                move = Draw(view.seat, STOCK)
            self._stalled = None
        return move


def search_player(playouts: int | None, ms: float | None) -> SearchPlayer:
    """GFF's `hard` (engine/search.py): sharp's play, the drop searched (GffSearchPlayer);
    every seat rolls out as a quick `easy` that drops a little sooner."""
    return GffSearchPlayer(playouts, ms)
