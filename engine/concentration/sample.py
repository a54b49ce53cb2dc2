"""Concentration deals consistent with what one seat has seen, for the search player.

Nothing is private in Concentration (CONC-4.1), but the face-down cards are hidden
from all, and a view lists only the current turn's flips (CONC-2.5): a seat knows a
face-down card only if it saw it turned up and remembers it. The search player's seat
remembers perfectly: `ConcentrationSampler.observe` is shown its views (each one it is
asked to move with, and at a table or in the tournament the view after every action),
and keeps every card it saw turned up, by position.

A sample is made by editing a fresh deal, not by replaying a record: the view does not
list the flips made so far (the record does, but the seat is given views only). The
layout puts every remembered card at its position, each taken pair's cards on the
positions now empty, and the cards the seat has not seen, uniformly shuffled, on the
face-down positions it has not seen; then the public state is set from the view:
the positions taken, the pairs, whose turn, this turn's flips. Its public view is the
real one. Its `actions` are the flips the sampler saw, when it saw every one, and
otherwise stand-ins of the same number (`seq` is right; the record is not a replayable
one, and the search never asks for it).

How it is searched (`search_player`): the flips that score are the only moves listed, so
they are played outright (engine/search.py plays a lone move without a playout), and the
search weighs an unseen second card against a known one (`candidates`).
"""

from __future__ import annotations

import random

from engine import cards as C
from engine.cards import Card
from engine.concentration.actions import Flip
from engine.concentration.deal import POSITIONS, ConcentrationDeal, is_match
from engine.concentration.game import CONCENTRATION
from engine.concentration.views import PrivateView
from engine.search import SearchPlayer, seats_before_the_stake


def sample_deal(
    view: PrivateView,
    rng: random.Random,
    known: dict[int, Card] | None = None,
    actions: list[Flip] | None = None,
) -> ConcentrationDeal:
    """A deal consistent with `view` and the cards `known` by position (perfect memory;
    `view.public.shown` is always added)."""
    public = view.public
    known = dict(known or {})
    known.update(public.shown)
    gone = public.gone
    remembered = {pos: card for pos, card in known.items() if pos not in gone}
    taken = [card for seat in public.seats for pair in seat.pairs for card in pair]
    layout: list[Card | None] = [None] * POSITIONS
    for pos, card in remembered.items():
        layout[pos] = card
    # The empty positions: the taken cards, where remembered, else anywhere empty.
    empty = sorted(gone)
    placed = set()
    for pos in empty:
        card = known.get(pos)
        if card is not None and card in taken and card not in placed:
            layout[pos] = card
            placed.add(card)
    rest = [card for card in taken if card not in placed]
    for pos in empty:
        if layout[pos] is None:
            layout[pos] = rest.pop()
    used = set(remembered.values()) | set(taken)
    unseen_cards = [card for card in C.DECK if card not in used]
    unseen_positions = [p for p in range(POSITIONS) if layout[p] is None]
    assert len(unseen_cards) == len(unseen_positions), "a view and a memory that disagree"
    rng.shuffle(unseen_cards)
    for pos, card in zip(unseen_positions, unseen_cards, strict=True):
        layout[pos] = card
    seats = seats_before_the_stake(public)
    deal: ConcentrationDeal = CONCENTRATION.start(  # type: ignore[assignment]
        seats=seats,
        stake=public.stake,
        dealer=public.dealer,
        deck_or_decks=layout,
        options={"match": public.match},
    )
    deal.face_down = set(range(POSITIONS)) - set(gone)
    deal.pairs = {s.id: list(s.pairs) for s in public.seats if s.dealt_in}
    if public.turn is not None:
        deal.turn = deal.order.index(public.turn)
    deal.first = public.first
    deal.shown = list(public.shown)
    deal.shown_by = public.shown_by
    if actions is not None and len(actions) == public.seq:
        deal.actions = list(actions)
    else:
        deal.actions = [Flip(public.shown_by or "", -1)] * public.seq  # stand-ins
    deal.seen = set(remembered)  # type: ignore[attr-defined]  # for `rollout`
    return deal


def legal_moves(deal: ConcentrationDeal, seat: str) -> list[Flip]:
    """Every flip the seat can tell apart: every face-down position it remembers (the
    sample's `seen`, and this turn's flips), and one position it has never seen, the
    lowest: every unseen position is the same to it, so one stands for all. The search
    weighs fewer (`candidates`)."""
    if seat != deal.current:
        return []
    seen = _seen(deal)
    flippable = deal.flippable()
    moves = [pos for pos in flippable if pos in seen]
    unseen = next((pos for pos in flippable if pos not in seen), None)
    if unseen is not None:
        moves.append(unseen)
    return [Flip(seat, pos) for pos in sorted(moves)]


def _seen(deal: ConcentrationDeal) -> set[int]:
    """The positions seen, kept in the sample's `seen` (the seat's memory, then every
    flip of the search, which the policies update as they pass)."""
    seen: set[int] | None = getattr(deal, "seen", None)
    if seen is None:
        seen = deal.seen = set()  # type: ignore[attr-defined]
    seen.update(pos for pos, _ in deal.shown)
    return seen


def rollout(deal: ConcentrationDeal, rng: random.Random) -> Flip:
    """The rollout policy: every seat remembers every card the searching seat knew and
    every card turned up since (kept in the sample's `seen`): take a known pair, else
    flip an unseen card and then its mate if known, else an unseen card."""
    seen = _seen(deal)
    layout, face_down, match = deal.layout, deal.face_down, deal.match
    seat = deal.order[deal.turn]
    first = deal.first
    if first is None:
        by_rank: dict[int, list[int]] = {}
        for pos in seen:
            if pos in face_down:
                by_rank.setdefault(C.rank(layout[pos]), []).append(pos)
        for positions in by_rank.values():
            for i, pos in enumerate(positions):
                for other in positions[i + 1 :]:
                    if is_match(layout[pos], layout[other], match):
                        return Flip(seat, pos)
    else:
        card = layout[first]
        for pos in seen:
            if pos != first and pos in face_down and is_match(card, layout[pos], match):
                return Flip(seat, pos)
    unseen = [p for p in face_down if p not in seen and p != first]
    if not unseen:
        unseen = [p for p in face_down if p != first]
    return Flip(seat, unseen[rng.randrange(len(unseen))])


def evaluate(deal: ConcentrationDeal, seat: str) -> float:
    """Where a rollout is cut short (the search's `horizon`): the seat's lead in pairs
    over the best other seat, over the 26 pairs, as the end's lead is weighed."""
    scores = {s: len(pairs) for s, pairs in deal.pairs.items()}
    best_other = max(v for s, v in scores.items() if s != seat)
    return (scores[seat] - best_other) / (POSITIONS // 2)


class ConcentrationSampler:
    """The search player's sampler: a perfect memory of every card its seat saw."""

    legal_moves = staticmethod(legal_moves)

    def __init__(self) -> None:
        self.known: dict[int, Card] = {}
        self.flips: list[Flip] = []
        self._seq = 0

    def observe(self, view: PrivateView) -> None:
        public = view.public
        self.known.update(public.shown)
        if public.seq == self._seq + 1 and public.shown and public.shown_by is not None:
            self.flips.append(Flip(public.shown_by, public.shown[-1][0]))
        self._seq = max(self._seq, public.seq)

    def __call__(self, view: PrivateView, rng: random.Random) -> ConcentrationDeal:
        self.observe(view)
        return sample_deal(view, rng, self.known, self.flips)


def candidates(deal: ConcentrationDeal, seat: str) -> list[Flip]:
    """The flips the search weighs, from what the seat remembers (the sample's `seen`).
    A known pair is taken and a first card's known mate is flipped: either scores and
    keeps the turn (CONC-2.3), so nothing is lost by it. A first flip is otherwise of
    an unseen card (the one that stands for every unseen one). A second flip without a
    known mate weighs an unseen card, with its chance of a match, against a known card,
    which shows the others nothing new (the memory game's "0-move": a miss on an
    unseen card may hand them a pair). A known card as a first flip was measured no
    better than an unseen one, and is not searched."""
    if seat != deal.current:
        return []
    seen = _seen(deal)
    layout, face_down, match, first = deal.layout, deal.face_down, deal.match, deal.first
    known = sorted(pos for pos in seen if pos in face_down and pos != first)
    if first is None:
        for i, pos in enumerate(known):
            for other in known[i + 1 :]:
                if is_match(layout[pos], layout[other], match):
                    return [Flip(seat, pos)]
    else:
        for pos in known:
            if is_match(layout[first], layout[pos], match):
                return [Flip(seat, pos)]
    moves = [Flip(seat, pos) for pos in sorted(face_down) if pos not in seen and pos != first][:1]
    if known and (first is not None or not moves):
        moves.append(Flip(seat, known[0]))
    return moves


# How Concentration is searched (engine/search.py): the lead in pairs weighs heavily, and
# rollouts stop this many flips past the tree (a whole game of flips is long, and its end
# too noisy to tell one pair from another in a few hundred playouts). Measured against
# `easy` on seeds 1-3: 12 and 48 flips did no better than 24.
MARGIN_WEIGHT = 4.0
HORIZON = 24


def search_player(playouts: int | None, ms: float | None) -> SearchPlayer:
    """Concentration's `hard`: a perfect memory, the sound flips played outright, and a
    search where a second flip may be an unseen card or a known one (`candidates`),
    its rollouts played by every seat remembering perfectly (`rollout`)."""
    return SearchPlayer(
        CONCENTRATION,
        ConcentrationSampler(),
        playouts=playouts,
        ms=ms,
        rollout=rollout,
        moves=candidates,
        margin_weight=MARGIN_WEIGHT,
        horizon=HORIZON,
        evaluate=evaluate,
    )
