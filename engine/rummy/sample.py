"""Rummy deals (GFF's, Tonk's) consistent with what one seat has seen, for the search
player (engine/search.py). What the two games share is here; each game's sample.py
builds its own hand on it (engine/gff/sample.py, engine/tonk/sample.py).

What a seat cannot know: the order of the stock and the cards of the other hands, but
for the cards it has seen go into them: a card taken from the discard pile (GFF-5.2,
TONK-4.1) is in the taker's hand until it is played; GFF's flip card is dealt face up
to the dealer (GFF-3.1) and a reveal shows a dealt card (GFF-4.3)
(engine/strategies/knowledge.py). Every card in a spread or in the discard pile is
public. The cards left are dealt uniformly to the places the seat cannot see: the
others' unknown cards, then the stock. (Not inferred: GFF-4.3's reveals also say a
seat was dealt no lower card of the suit; the sample does not hold to that.)

The search does not sample uniformly: a player throws its worst cards, so each other
hand is drawn as the lowest cards of a larger draw (`deal_hidden`'s `kept_from`),
which weighs a drop (GFF-6.2, TONK-5.3) against hands as low as players keep them.

A seat remembers what only a sequence of views shows (`RummyMemory.observe`, shown the
seat's view after every action): who took which discard, the sizes of the spreads as
they were laid and who has hit (GFF-6.3's tunk out counts them). A sample is made by
editing a fresh hand, not by replaying a record: the views do not hold the record.
Its public view and the seat's private view are the real ones; its `actions` are
stand-ins of the right number (`seq` is right; the search never reads the record).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from engine.actions import (
    DISCARD,
    DISCARD_CARD,
    DRAW_DISCARD,
    DRAW_STOCK,
    DROP,
    HIT,
    SPREAD,
    STOCK,
    Action,
    Discard,
    Draw,
    Drop,
    Hit,
    Spread,
)
from engine.cards import VALUES, Card
from engine.chips import ChipBook, seat_account
from engine.rummy.hand import HAND_SIZE, PLAYING, TURN_START, RummyHand
from engine.rummy.turn import LaidSpread
from engine.rummy.views import PrivateView
from engine.spreads import card_mask, hit_wants
from engine.strategies.layoff import cards_of


@dataclass
class Seen:
    """What a seat remembers of a hand: per seat, the discards it took and has not
    played, the sizes of its spreads as laid, and its hits."""

    taken: dict[str, int] = field(default_factory=dict)  # seat -> card mask
    played: int = 0  # every card seen in the pile or a spread: out of a dealt hand
    laid: dict[str, list[int]] = field(default_factory=dict)  # seat -> sizes as laid
    hits: dict[str, int] = field(default_factory=dict)  # seat -> hits made
    turns: int = 0  # turns passed on (a stand-in for the hand's `turns`)
    thrown: dict[str, int] = field(default_factory=dict)  # seat -> turns it ended


class RummyMemory:
    """Follows a seat's views, one action apart, and keeps what they show in turn."""

    def __init__(self) -> None:
        self.seen = Seen()
        self._last: PrivateView | None = None

    def observe(self, view: PrivateView) -> None:
        last, self._last = self._last, view
        public = view.public
        if last is None or public.seq < last.public.seq or _new_hand(last, view):
            self.seen = Seen(played=_played(view))
            return
        seen = self.seen
        played_now = _played(view)
        seen.played |= played_now
        for seat, cards in seen.taken.items():
            seen.taken[seat] = cards & ~played_now
        if public.seq != last.public.seq + 1:
            return  # a gap: what happened in it is not known
        before = last.public
        actor = before.turn
        if actor is None:
            return
        if public.turn != actor:
            seen.turns += 1
            seen.thrown[actor] = seen.thrown.get(actor, 0) + 1
        if before.phase == TURN_START and public.phase == PLAYING:
            pile = before.discard_pile
            if len(public.discard_pile) == len(pile) - 1:  # took the top (GFF-5.2, TONK-4.1)
                bit = 1 << pile[-1]
                for seat in seen.taken:
                    seen.taken[seat] &= ~bit
                seen.taken[actor] = seen.taken.get(actor, 0) | bit
        if len(public.spreads) > len(before.spreads):
            for spread in public.spreads[len(before.spreads) :]:
                seen.laid.setdefault(spread.owner, []).append(len(spread.cards))
        elif any(
            len(now.cards) > len(then.cards)
            for now, then in zip(public.spreads, before.spreads, strict=False)
        ):
            seen.hits[actor] = seen.hits.get(actor, 0) + 1


def _new_hand(last: PrivateView, view: PrivateView) -> bool:
    return last.public.dealer != view.public.dealer or view.public.seq == 0


def _played(view: PrivateView) -> int:
    """The cards in the pile and the spreads now: public, in no hand."""
    mask = card_mask(view.public.discard_pile)
    for spread in view.public.spreads:
        mask |= card_mask(spread.cards)
    return mask


def known_in_hands(view: PrivateView, seen: Seen | None) -> dict[str, int]:
    """Per other seat, the cards the seat knows that hand holds: the discards it was
    seen to take, and GFF's flip card and reveals (GFF-3.1, 4.3) unless seen played
    since (knowledge.py reads the same, from one view)."""
    public = view.public
    gone = _played(view) | card_mask(view.hand) | (seen.played if seen else 0)
    known: dict[str, int] = {}
    flip = getattr(public, "flip_card", None)
    if flip is not None:
        shown = [(public.dealer, flip)] + [(r.seat, r.card) for r in public.revealed]
        for seat, card in shown:
            if seat != view.seat and not gone >> card & 1:
                known[seat] = known.get(seat, 0) | 1 << card
    for seat, cards in (seen.taken if seen else {}).items():
        if seat != view.seat:
            known[seat] = known.get(seat, 0) | cards
    return known


def deal_hidden(
    view: PrivateView,
    rng: random.Random,
    known: dict[str, int],
    pack: tuple[Card, ...],
    kept_from: dict[str, int] | None = None,
) -> tuple[dict[str, list[Card]], list[Card]]:
    """Every hand and the stock (top last): the seat's own hand, each other hand its
    known cards and then cards drawn uniformly from the unseen ones, the stock the rest
    in a uniform order.

    With `kept_from`, not uniform: a seat's unknown cards are the lowest of that many
    more drawn (the others go back to the stock), as a player who has thrown its worst
    card that many times holds (engine/strategies/drop.py's model). The search uses it
    to weigh a drop against hands as low as players keep them."""
    public = view.public
    hands: dict[str, list[Card]] = {view.seat: list(view.hand)}
    seen_mask = card_mask(view.hand) | card_mask(public.discard_pile)
    for spread in public.spreads:
        seen_mask |= card_mask(spread.cards)
    counts = {s.id: s.cards for s in public.seats if s.dealt_in and s.id != view.seat}
    for seat, count in counts.items():
        mine = cards_of(known.get(seat, 0) & ~seen_mask)[:count]
        hands[seat] = mine
        seen_mask |= card_mask(mine)
    unseen = [card for card in pack if not seen_mask >> card & 1]
    rng.shuffle(unseen)
    at = 0
    for seat, count in counts.items():
        need = count - len(hands[seat])
        more = min((kept_from or {}).get(seat, 0), len(unseen) - at - need) if need else 0
        drawn = unseen[at : at + need + more]
        if more:  # the lowest kept; the others back among the unseen, reshuffled
            drawn.sort(key=VALUES.__getitem__)
            rest = drawn[need:] + unseen[at + need + more :]
            rng.shuffle(rest)
            unseen[at + need :] = rest
        hands[seat].extend(drawn[:need])
        at += need
    stock = unseen[at:]
    if len(stock) != public.stock:
        raise ValueError("a view and a memory that disagree on the cards left")
    return hands, stock


def neutral_deck(order_count: int, pinned: dict[int, Card], ok) -> list[Card]:
    """A deck to build a hand on before its state is set from a view: the cards
    `pinned` at their positions, and dealt hands that end nothing at the deal (`ok`
    tells: no GFF-3.3 declaration, no TONK-3.2 tonk)."""
    rest = [c for c in range(52) if c not in pinned.values()]
    for shift in range(52):
        turned = rest[shift:] + rest[:shift]
        deck: list[Card] = []
        it = iter(turned)
        for position in range(52):
            deck.append(pinned[position] if position in pinned else next(it))
        hands = [deck[i : HAND_SIZE * order_count : order_count] for i in range(order_count)]
        if all(ok(sum(VALUES[c] for c in hand)) for hand in hands):
            return deck
    raise ValueError("no neutral deck")


def set_state(
    deal: RummyHand,
    view: PrivateView,
    hands: dict[str, list[Card]],
    stock: list[Card],
    seen: Seen | None,
    pots: dict[str, int],
) -> None:
    """The shared state of `deal` set from the view: hands, stock, pile, spreads, the
    turn, the chips (stacks from the view, `pots` by account), and the memory's laid
    spreads and hits (GFF-6.3). Without a memory, a spread's size as laid is taken to
    be its size now, and nobody to have hit."""
    public = view.public
    deal.hands = hands
    deal.held = {s: card_mask(h) for s, h in hands.items()}
    deal.stock = stock
    deal.discards = list(public.discard_pile)
    ace_high = deal.ACE_HIGH
    deal.spreads = [
        LaidSpread(s.owner, list(s.cards), s.kind, hit_wants(list(s.cards), ace_high))
        for s in public.spreads
    ]
    deal.hit_wants = 0
    for spread in deal.spreads:
        deal.hit_wants |= spread.wants
    laid = seen.laid if seen else {}
    hits = seen.hits if seen else {}
    deal.laid = {s: [] for s in deal.order}
    for spread in public.spreads:
        deal.laid[spread.owner].append(len(spread.cards))
    for seat, sizes in laid.items():
        if len(sizes) == len(deal.laid.get(seat, ())):
            deal.laid[seat] = list(sizes)
    deal.hits_made = {s: hits.get(s, 0) for s in deal.order}
    deal.turn = deal.order.index(public.turn) if public.turn is not None else 0
    deal.turns = seen.turns if seen else 0
    deal.phase = public.phase
    deal.ended = public.ended
    deal.locked = False
    balances = {seat_account(s.id): s.stack for s in public.seats}
    balances.update(pots)
    deal.book = ChipBook(balances)
    deal.actions = [Drop(public.turn or "")] * public.seq  # stand-ins
    deal._public = None


def legal_moves(deal: RummyHand, seat: str) -> list[Action]:
    """Every legal move of `seat` now, in a stable order: drop, draws, spreads, hits,
    discards (ace low first)."""
    kinds = deal.legal_actions(seat)
    moves: list[Action] = []
    for kind in kinds:
        if kind == DROP:
            moves.append(Drop(seat))  # GFF-6.2, TONK-5.3
        elif kind == DRAW_STOCK:
            moves.append(Draw(seat, STOCK))
        elif kind == DRAW_DISCARD:
            moves.append(Draw(seat, DISCARD))
        elif kind == SPREAD:
            moves.extend(Spread(seat, o.cards) for o in deal.spread_options(seat))
        elif kind == HIT:
            moves.extend(Hit(seat, i, cards) for i, cards in deal.hit_options(seat))
        elif kind == DISCARD_CARD:
            moves.extend(Discard(seat, c) for c in sorted(set(deal.hands[seat])))
    return moves


# -- the rollout policy --------------------------------------------------------------------

# A hand this low per card of the fewest held by another is dropped on in a rollout
# (engine/strategies/easy.py's rule; it reads only the counts, never a hidden hand).
DROP_PER_CARD = 2


def greedy_rollout(mistakes: float = 0.1, drop_per_card: float = DROP_PER_CARD):
    """A fast `easy`-like policy on the whole deal (engine/strategies/easy.py), reading
    only what the acting seat may see: lay the longest spread, hit, throw the card worth
    most (a random one with chance `mistakes`), take the discard when it makes a spread
    or a hit or is low, drop when clearly lowest."""

    def policy(deal: RummyHand, rng: random.Random) -> Action:
        seat = deal.order[deal.turn]
        held = deal.held[seat]
        hand = deal.hands[seat]
        if deal.phase == TURN_START:
            fewest = min(len(deal.hands[s]) for s in deal.order if s != seat)
            if sum(VALUES[c] for c in hand) < drop_per_card * fewest:
                return Drop(seat)
            if deal.discards:
                top = deal.discards[-1]
                bit = 1 << top
                worst = max(VALUES[c] for c in hand)
                if (
                    bit & deal.hit_wants
                    or (deal.HAS_SPREAD(held | bit) and not deal.HAS_SPREAD(held))
                    or VALUES[top] + 3 < worst
                ):
                    return Draw(seat, DISCARD)
            return Draw(seat, STOCK)
        if not deal.locked:
            if deal.HAS_SPREAD(held):
                options = deal.spread_options(seat)
                best = max(options, key=lambda o: (len(o.cards), o.cards))
                return Spread(seat, best.cards)
            if held & deal.hit_wants:
                index, cards = max(deal.hit_options(seat), key=lambda o: (len(o[1]), o))
                return Hit(seat, index, cards)
        if rng.random() < mistakes:
            return Discard(seat, hand[int(rng.random() * len(hand))])
        return Discard(seat, max(hand, key=lambda c: (VALUES[c], c % 13, c)))

    return policy


# A player is taken to keep the lowest cards of up to this many more than it holds: one
# more for each turn it ended (drop.py's `extra_seen`, sharp's, is 3 too).
KEEP_LOW = 3


class RummySampler:
    """The search player's sampler for a rummy game: `sample(view, rng, seen)` is the
    game's; this remembers what the seat saw (RummyMemory)."""

    def __init__(self, sample: Any, moves: Any = legal_moves, keep_low: int = KEEP_LOW) -> None:
        self.memory = RummyMemory()
        self._sample = sample
        self.legal_moves = moves
        self.keep_low = keep_low  # at most this many cards more seen per seat (deal_hidden)

    def observe(self, view: PrivateView) -> None:
        self.memory.observe(view)

    def __call__(self, view: PrivateView, rng: random.Random) -> RummyHand:
        seen = self.memory.seen
        kept_from = {s: min(n, self.keep_low) for s, n in seen.thrown.items()}
        return self._sample(view, rng, seen, kept_from if self.keep_low else None)

