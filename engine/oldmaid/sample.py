"""Old Maid deals consistent with what one seat has seen: the sampling question answered
for every game, though Old Maid has no search player. A drawer chooses a position among
the holder's cards laid out face down and shuffled afresh for every draw (OLDMAID-3.2),
and nothing else is ever chosen (3.5): every position is the same blind draw, so there is
no decision to search.

What a seat knows: its own hand, every pair thrown and who drew from whom (OLDMAID-5.2),
and, in its memory (`OldMaidMemory.observe`), the cards it gave: a card drawn from it is
in the drawer's hand until it pairs (then it is public) or the drawer gives a card to
someone else (then it may have gone; the seat forgets it). A hand never holds two cards of
a rank (2.2). A sample deals the hidden cards (not in the seat's hand nor thrown) to the
others, each hand its count, the remembered cards where they are, no two of a rank
together, uniformly over every such deal: the ranks are dealt one after another, each
rank's cards to a set of seats drawn with the weight of the deals that complete it
(counted once per view), the suits then shuffled over that set.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache, lru_cache
from itertools import combinations

from engine import cards as C
from engine.cards import Card
from engine.oldmaid.actions import Draw
from engine.oldmaid.deal import OldMaidDeal, in_rank_order
from engine.oldmaid.game import OLDMAID
from engine.oldmaid.info import PACK
from engine.oldmaid.views import PrivateView
from engine.search import MemorySampler, seats_before_the_stake

RANK_MAJOR = tuple(sorted(PACK, key=lambda card: (C.rank(card), C.suit(card))))


class OldMaidMemory:
    """The cards a seat gave, by the seat that drew each, while surely still there."""

    def __init__(self) -> None:
        self.seat: str | None = None
        self.seq = -1
        self.draws = 0
        self.known: dict[str, set[Card]] = {}

    def observe(self, view: PrivateView) -> None:
        public = view.public
        if view.seat != self.seat or public.seq < self.seq:
            self.__init__()  # type: ignore[misc]  # a new deal
            self.seat = view.seat
        self.seq = public.seq
        new = public.draws[self.draws:]
        self.draws = len(public.draws)
        for i, draw in enumerate(new):
            last = i == len(new) - 1  # the view names the cards of its last draw only
            if draw.holder == view.seat:
                if last and view.last_given is not None:
                    self.known.setdefault(draw.drawer, set()).add(view.last_given)
            elif draw.drawer == view.seat and last:
                self.known.get(draw.holder, set()).discard(view.last_drawn)  # type: ignore[arg-type]
            else:  # a card the seat did not see left the holder (OLDMAID-3.2)
                self.known.pop(draw.holder, None)


def sample_deal(view: PrivateView, rng: random.Random,
                memory: OldMaidMemory | None = None) -> OldMaidDeal:
    """A deal consistent with `view` and the cards the seat remembers giving."""
    public = view.public
    thrown = {card for pair in public.pairs for card in pair.cards}
    mine = set(view.hand)
    hidden = [card for card in PACK if card not in thrown and card not in mine]
    others = [s.id for s in public.seats if s.dealt_in and s.id != view.seat and s.cards]
    counts = {s.id: s.cards for s in public.seats}
    known = {seat: {c for c in (memory.known.get(seat, ()) if memory else ()) if c in hidden}
             for seat in others}
    hands = _deal(hidden, others, counts, known, rng)
    hands[view.seat] = list(view.hand)
    return _build(view, hands)


def _deal(hidden: list[Card], others: list[str], counts: dict[str, int],
          known: dict[str, set[Card]], rng: random.Random) -> dict[str, list[Card]]:
    hands = {seat: sorted(known[seat]) for seat in others}
    placed = {card for cards in known.values() for card in cards}
    free_by_rank: dict[int, list[Card]] = {}
    for card in hidden:
        if card not in placed:
            free_by_rank.setdefault(C.rank(card), []).append(card)
    everyone = tuple(range(len(others)))
    # Per rank: the seats that may take one of its free cards (none holds one already).
    allowed_of = {r: tuple(i for i, seat in enumerate(others)
                           if not any(C.rank(c) == r for c in known[seat]))
                  for r in free_by_rank}
    # The ranks some seat may not take come first: past them the seats are alike, and
    # the deals left depend only on the places left, in any order (far fewer to count).
    ranks = sorted(free_by_rank, key=lambda r: (allowed_of[r] == everyone, r))
    alike = next((i for i, r in enumerate(ranks) if allowed_of[r] == everyone), len(ranks))
    allowed = [allowed_of[r] for r in ranks]
    need = [len(free_by_rank[r]) for r in ranks]
    start = tuple(counts[seat] - len(known[seat]) for seat in others)

    ways = _counter(tuple(allowed), tuple(need), alike)
    assert ways(0, start), "a view and a memory that disagree"
    left = start
    for index, rank in enumerate(ranks):
        options = _choices(allowed[index], need[index], left)
        after = rng.choices(options, [ways(index + 1, o) for o in options])[0]
        takers = [i for i in range(len(others)) if after[i] != left[i]]
        cards = list(free_by_rank[rank])
        rng.shuffle(cards)
        for i, card in zip(takers, cards, strict=True):
            hands[others[i]].append(card)
        left = after
    return hands


@lru_cache(maxsize=16)  # the samples of one view count the same deals
def _counter(allowed: tuple[tuple[int, ...], ...], need: tuple[int, ...],
             alike: int) -> Callable[[int, tuple[int, ...]], int]:
    """`ways(index, left)`: the deals of the ranks from `index` on (each giving one card
    to each of `need` seats of its `allowed`) into hands with `left` places each; past
    `alike` every rank allows every seat, and the order of `left` does not count."""

    @cache
    def counted(index: int, left: tuple[int, ...]) -> int:
        if index == len(need):
            return 0 if any(left) else 1
        return sum(ways(index + 1, after) for after in _choices(allowed[index], need[index],
                                                                 left))

    def ways(index: int, left: tuple[int, ...]) -> int:
        return counted(index, tuple(sorted(left)) if index >= alike else left)

    return ways


def _choices(seats: tuple[int, ...], need: int, left: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The places left after one card goes to each of `need` distinct seats of `seats`."""
    result = []
    for chosen in combinations([i for i in seats if left[i]], need):
        after = list(left)
        for i in chosen:
            after[i] -= 1
        result.append(tuple(after))
    return result


def _build(view: PrivateView, hands: dict[str, list[Card]]) -> OldMaidDeal:
    """A fresh deal edited to the point the view shows, with `hands`."""
    public = view.public
    seats = seats_before_the_stake(public)
    for deck in (RANK_MAJOR, PACK):  # a start that leaves two hands (not on deal, 4.1)
        deal: OldMaidDeal = OLDMAID.start(  # type: ignore[assignment]
            seats=seats, stake=public.stake, dealer=public.dealer, deck_or_decks=deck
        )
        if deal.settlement is None:
            break
    assert deal.settlement is None, "a deal that ended as it was dealt"
    deal.hands = {seat: in_rank_order(hands.get(seat, [])) for seat in deal.order}
    deal.ranks = {seat: sum(1 << C.rank(c) for c in hand) for seat, hand in deal.hands.items()}
    deal.pairs = list(public.pairs)
    deal.draws = list(public.draws)
    deal.seen = {view.seat: (view.last_drawn, view.last_given)}
    deal.actions = [Draw(public.drawer or view.seat, 0)] * public.seq  # `seq` is right
    deal.holding = sum(1 for hand in deal.hands.values() if hand)
    deal.drawer, deal.holder = public.drawer, public.holder
    deal._public = None
    return deal


def legal_moves(deal: OldMaidDeal, seat: str) -> list[Draw]:
    """Every draw `seat` may make now: each position of the holder's hand (OLDMAID-3.2)."""
    if seat != deal.drawer or deal.holder is None:
        return []
    return [Draw(seat, pos) for pos in range(len(deal.hands[deal.holder]))]


class OldMaidSampler(MemorySampler):
    """A sampler `(view, rng) -> deal` that remembers the cards its seat gave."""

    memory_type = OldMaidMemory
    sample = staticmethod(sample_deal)
    legal_moves = staticmethod(legal_moves)
