"""What Page One and Jack Change It share in their samplers for the search player
(engine/search.py): a seat's memory of the others' hidden cards, and a deal's hidden
cards drawn from it.

A seat cannot see the others' hands nor the stock's order (PAGEONE-6, JCI-6), but it
sees every card played, every count, and every draw the bot makes; from these it knows
two things a sample must keep:
- where a hidden card can be. Every new stock is made of the discard pile it sees
  (PAGEONE-4.6, JCI-4.8), so a card's *generation* is the last stock it went into (0:
  the deck), and a card in a hand was drawn from the stock of its generation: each
  other seat's hidden cards are *slots*, each with the generation of its stock, and the
  stock holds the rest of the last generation.
- what a hand cannot hold. A player the bot drew for because they could not play
  (PAGEONE-4.4, JCI-4.3, 4.7) held none of the cards that would have let them: each
  slot held then gets those cards forbidden; a card drawn later is free of them.
  Slots are kept in the order they came, so the forbidden sets shrink along a hand;
  a card played is taken from the earliest slot that may hold it, which leaves the
  weakest constraints behind: the seat never rules out a hand that may be real.

The memory is built from every view the seat is shown, one action after another
(`SheddingMemory.observe`; the tournament and the tables show a seat's search player
the view after every action). A view that skips actions leaves it *lost*: it then
keeps only the counts, and a sample puts every hidden card anywhere hidden.

A sample puts the hidden cards of each generation in that generation's slots (and the
stock), the most constrained slot first, each drawing uniformly among the cards left
that it may hold and that leave the slots after it a way to be filled (a matching);
then the free slots and the stock, uniformly. That is uniform over the consistent deals
when the constraints are nested (one hand's, or several alike), close to it otherwise.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from engine.cards import Card


@dataclass(frozen=True, slots=True)
class Slot:
    """One hidden card of another seat's hand: the stock it came from, and the cards it
    cannot be."""

    gen: int
    forbidden: frozenset[Card] = frozenset()


class SheddingMemory:
    """A seat's memory of a shedding game (module docstring). A game's memory says how
    one action changes it (`_step`) and what the deal looked like before any action
    (`_before`)."""

    def __init__(self, hand_size: int) -> None:
        self.hand_size = hand_size
        self.seat: str | None = None
        self.last: Any = None  # the public view last seen
        self.slots: dict[str, list[Slot]] = {}
        self.pools: list[frozenset[Card]] = [frozenset()]  # pools[k]: the k-th new stock's
        self.lost = False
        self.own: tuple[Card, ...] = ()  # the seat's hand, as last seen
        self.prior: Any = None  # the deal before any action, when made up (`_before`)

    # -- shown a view --------------------------------------------------------------

    def observe(self, view: Any) -> None:
        public = view.public
        self.own = view.hand
        if self.last is not None and public.seq == self.last.seq:
            return
        if self.last is None or public.seq < self.last.seq or view.seat != self.seat:
            self._begin(view)
            return
        if public.seq != self.last.seq + 1:
            self._lose(view)
            return
        self._step(self.last, public)
        self.last = public
        self._check(public)

    def _begin(self, view: Any) -> None:
        public = view.public
        self.seat = view.seat
        self.pools = [frozenset()]
        self.lost = False
        self.slots = {
            s.id: [Slot(0)] * self.hand_size
            for s in public.seats if s.dealt_in and s.id != view.seat
        }
        before = self._before(public)
        if before is None:
            self._lose(view)
            return
        self.last = self.prior = before
        if public.seq == 0 and public.events == before.events:
            self.last = public
        else:
            self._step(before, public)  # a deal's own draws, or the first action
            self.last = public
        self._check(public)

    def _lose(self, view: Any) -> None:
        """A view that does not follow the last one: only the counts are kept."""
        public = view.public
        self.seat = view.seat
        self.lost = True
        self.last = public
        self.slots = {s.id: [Slot(0)] * s.cards for s in public.seats
                      if s.dealt_in and s.id != view.seat}

    def _check(self, public: Any) -> None:
        """A memory that disagrees with the counts shown is lost (it never should)."""
        if self.lost:
            self.slots = {s.id: [Slot(0)] * s.cards for s in public.seats
                          if s.dealt_in and s.id != self.seat}
            return
        for s in public.seats:
            if s.id in self.slots and len(self.slots[s.id]) != s.cards:
                self.lost = True
                self._check(public)
                return

    # -- what a game's `_step` calls -----------------------------------------------------

    def _before(self, public: Any) -> Any:
        raise NotImplementedError

    def _step(self, before: Any, after: Any) -> None:
        raise NotImplementedError

    @property
    def generation(self) -> int:
        return len(self.pools) - 1

    def new_stock(self, cards: Iterable[Card]) -> None:
        """G3.2: the pile seen became a stock; its cards are now of a new generation."""
        self.pools.append(frozenset(cards))

    def played(self, seat: str, card: Card | None) -> None:
        """`seat` played `card` (None: a card not seen): the earliest slot that may
        hold it goes (module docstring): one of the generation the card has before it
        goes on the pile."""
        slots = self.slots.get(seat)
        if not slots:
            return
        gen = None if card is None else generation_of(self, card)  # the stock it came from
        for i, slot in enumerate(slots):
            if card is None or (slot.gen == gen and card not in slot.forbidden):
                del slots[i]
                return
        del slots[-1]  # a memory that contradicts the play: the least constrained goes

    def forbid(self, seat: str, cards: frozenset[Card]) -> None:
        """`seat` could not play: it holds none of `cards`."""
        if seat in self.slots and cards:
            self.slots[seat] = [replace(s, forbidden=s.forbidden | cards) for s in self.slots[seat]]

    def drew(self, seat: str, gens: list[int], forbidden: frozenset[Card] = frozenset()) -> None:
        """Cards drawn for `seat` from the stocks of `gens`, none of them in `forbidden`."""
        if seat in self.slots:
            self.slots[seat].extend(Slot(g, forbidden) for g in gens)


def draw_gens(stock_before: int, count: int, gen: int, rebuilt: bool) -> list[int]:
    """The generations of `count` cards drawn in order from a stock of `stock_before`
    cards of generation `gen`, rebuilt (a generation on) once it ran out."""
    if not rebuilt:
        return [gen] * count
    return [gen if i < stock_before else gen + 1 for i in range(count)]


# -- a sample's hidden cards ---------------------------------------------------------


def deal_hidden(
    memory: SheddingMemory,
    hidden: list[Card],
    stock: int,
    rng: random.Random,
) -> tuple[dict[str, list[Card]], list[Card]]:
    """The others' hands and the stock (top last), `hidden` placed as the memory allows
    (module docstring)."""
    placed = _place(memory, hidden, stock, rng, exact=not memory.lost)
    if placed is None:  # a memory the view contradicts (it never should): counts only
        placed = _place(memory, hidden, stock, rng, exact=False)
    assert placed is not None, "a memory whose counts disagree with the view"
    return placed


def _place(
    memory: SheddingMemory, hidden: list[Card], stock: int, rng: random.Random, exact: bool,
) -> tuple[dict[str, list[Card]], list[Card]] | None:
    """`deal_hidden`'s placing, by the memory's generations and constraints when
    `exact`, else anywhere; None when they cannot be met."""
    top = memory.generation if exact else 0
    # Every place: (seat or None for the stock, generation, forbidden).
    places: list[tuple[str | None, int, frozenset[Card]]] = []
    free: frozenset[Card] = frozenset()
    for seat, slots in memory.slots.items():
        for slot in slots:
            places.append((seat, slot.gen if exact else 0, slot.forbidden if exact else free))
    places.extend((None, top, frozenset()) for _ in range(stock))
    by_gen: dict[int, list[Card]] = {}
    for card in hidden:
        by_gen.setdefault(generation_of(memory, card) if exact else 0, []).append(card)
    if len(places) != len(hidden):
        return None
    hands: dict[str, list[Card]] = {seat: [] for seat in memory.slots}
    new_stock: list[Card] = []
    groups: dict[int, list[tuple[str | None, int, frozenset[Card]]]] = {}
    for place in places:
        groups.setdefault(place[1], []).append(place)
    for gen, group in groups.items():
        cards = by_gen.get(gen, [])
        if len(cards) != len(group):
            return None
        placed = _fill_group(group, cards, rng)
        if placed is None:
            return None
        for (seat, _, _), card in zip(group, placed, strict=True):
            if seat is None:
                new_stock.append(card)
            else:
                hands[seat].append(card)
    if len(by_gen) != len(groups):
        return None
    return hands, new_stock


def _fill_group(group: list[tuple[str | None, int, frozenset[Card]]], cards: list[Card],
                rng: random.Random) -> list[Card] | None:
    """A card for each place of `group`, none it may not hold: the constrained places
    first, the most constrained first, each drawing uniformly among the cards that
    leave the places after it a way to be filled; then the free places, uniformly."""
    order = sorted(range(len(group)), key=lambda i: -len(group[i][2]))
    constrained = [i for i in order if group[i][2]]
    chosen: dict[int, Card] = {}
    left = list(cards)
    for k, i in enumerate(constrained):
        forbidden = group[i][2]
        candidates = [c for c in left if c not in forbidden]
        rng.shuffle(candidates)
        rest = [group[j][2] for j in constrained[k + 1:]]
        for card in candidates:
            remaining = [c for c in left if c != card]
            if _matchable(rest, remaining):
                chosen[i] = card
                left = remaining
                break
        else:
            return None
    rng.shuffle(left)
    for i in range(len(group)):
        if i not in chosen:
            chosen[i] = left.pop()
    return [chosen[i] for i in range(len(group))]


def _matchable(places: list[frozenset[Card]], cards: list[Card]) -> bool:
    """Whether each place (its forbidden cards) can have a card of its own (a matching)."""
    owner: dict[Card, int] = {}

    def place(i: int, tried: set[Card]) -> bool:
        for card in cards:
            if card not in tried and card not in places[i]:
                tried.add(card)
                if card not in owner or place(owner[card], tried):
                    owner[card] = i
                    return True
        return False

    return all(place(i, set()) for i in range(len(places)))


def generation_of(memory: SheddingMemory, card: Card) -> int:
    """The last stock `card` went into (0: the deck), as `memory` saw them made."""
    for k in range(len(memory.pools) - 1, 0, -1):
        if card in memory.pools[k]:
            return k
    return 0


def shuffler(rng: random.Random):
    """The bot's shuffle of a new stock (G3.2) in a sample and its playouts: a deal's
    copy has none (engine/base.py, `_copy_restock`); this one is a plain function,
    which copies share, so every playout's new stock is drawn from the search's rng."""

    def shuffle(pile: list[Card]) -> list[Card]:
        return rng.sample(pile, len(pile))

    return shuffle


def with_shuffle(deal: Any) -> Any:
    """`deal` with its sample's shuffle for the new stocks to come (a copy lost it)."""
    if deal.restock.source is None:
        shuffle = getattr(deal, "sample_shuffle", None)
        if shuffle is not None:
            deal.shuffle_with(shuffle)
    return deal


# -- building a sample ------------------------------------------------------------------


def order_of(public: Any) -> list[str]:
    """The seats dealt in, from the dealer's left round to the dealer (G2.1)."""
    ids = [s.id for s in public.seats if s.dealt_in]
    at = ids.index(public.dealer)
    return ids[at + 1:] + ids[: at + 1]


def fill(deal: Any, view: Any, memory: SheddingMemory, hidden: list[Card],
         rng: random.Random, stand_in: Any, own: list[Card]) -> None:
    """Set the shared state of a fresh `deal` from `view` and the memory: hands, stock,
    whose turn, counts, events; the game sets its own (pile, trick, ...). `own` is the
    seat's hand in an order that lists its legal plays as the view does."""
    public = view.public
    hands, stock = deal_hidden(memory, hidden, public.stock, rng)
    hands[view.seat] = own
    deal.hands = {seat: hands[seat] for seat in deal.order}
    deal.stock = stock
    deal.turn = deal.order.index(public.turn) if public.turn is not None else 0
    deal.drawn = {s.id: s.drawn for s in public.seats if s.dealt_in}
    deal.events = list(public.events)
    deal.actions = [stand_in] * public.seq  # `seq` is right; the record is no replay
    deal.restock.used = [()] * memory.generation  # how many new stocks were made
    deal.sample_shuffle = shuffler(random.Random(rng.getrandbits(64)))
    deal.shuffle_with(deal.sample_shuffle)
    deal.settlement = None
    deal._public = None


def in_order(*sequences: Iterable[Card], rest: Iterable[Card] = ()) -> list[Card]:
    """Cards in an order that keeps each of `sequences` (each a subsequence of one real
    hand, as a view's legal plays are), then `rest`: a hand whose legal plays come out in
    the view's order."""
    after: dict[Card, set[Card]] = {}
    cards: list[Card] = []
    for sequence in sequences:
        previous = None
        for card in sequence:
            if card not in after:
                after[card] = set()
                cards.append(card)
            if previous is not None and previous != card:
                after[card].add(previous)
            previous = card
    ordered: list[Card] = []
    while cards:
        ready = next(c for c in cards if not after[c] - set(ordered))
        ordered.append(ready)
        cards.remove(ready)
    return ordered + [c for c in rest if c not in ordered]
