"""Jack Change It deals consistent with what one seat has seen, for the search player
(engine/search.py; the memory and the placing of hidden cards: engine/shedding/sample.py).

What the seat infers, action by action (`JackChangeItMemory`), from the bot's draws
the public log names in order:
- "could not play and drew a card" (JCI-4.3): the player held no card matching the
  upcard (or the called suit, 4.5), or only one card, a trick card (4.4); the card
  drawn may be anything;
- "drew N" the bot made (4.7): the player held no answer to the draw, no 5♥ on the
  A♥, no 2 on a 2 (unless a 2 was its one card, 4.4); a `draw` the player chose says
  nothing;
- a new stock is the pile under the upcard it saw (4.8): a card drawn from it is one
  of those. (The 2 played under the A♥ in a pair, when the stock is rebuilt in the same
  action, is never seen on the pile: the memory is then lost, engine/shedding/sample.py.)
A sample puts the hidden cards (not in the seat's hand nor on the pile) in the others'
hands and the stock as that allows; the stock's order is uniform.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import NamedTuple

from engine import cards as C
from engine.cards import Card
from engine.jackchangeit.actions import Action, Draw, Play
from engine.jackchangeit.deal import JackChangeItDeal
from engine.jackchangeit.game import JACKCHANGEIT
from engine.jackchangeit.info import ACE_OF_HEARTS, FIVE_OF_HEARTS, JACK, TWO, is_trick_card
from engine.jackchangeit.strategy import play_easy
from engine.jackchangeit.views import PrivateView, PublicView
from engine.search import MemorySampler, SearchPlayer, seats_before_the_stake
from engine.shedding.sample import (
    SheddingMemory,
    draw_gens,
    fill,
    in_order,
    order_of,
    with_shuffle,
)

PACK = C.DECK
NEW_STOCK = JackChangeItDeal.NEW_STOCK_EVENT
HAND_SIZE = JackChangeItDeal.HAND_SIZE
STUCK = " could not play and drew a card"
TWOS = frozenset(c for c in PACK if C.rank(c) == TWO)


def matching(public: PublicView) -> frozenset[Card]:
    """JCI-4.2, 4.5: the cards that may go on the upcard now."""
    if public.called is not None:
        return frozenset(c for c in PACK if C.suit(c) == public.called)
    suit, rank = C.suit(public.upcard), C.rank(public.upcard)
    return frozenset(c for c in PACK if C.suit(c) == suit or C.rank(c) == rank)


def draws_logged(events: tuple[str, ...]) -> list[tuple[str, int, bool]]:
    """The bot's draws in `events`, in order: (seat, cards, whether it was stuck, 4.3)."""
    draws = []
    for event in events:
        if event.endswith(STUCK):
            draws.append((event[: -len(STUCK)], 1, True))
        elif " drew " in event:
            seat, _, count = event.rpartition(" drew ")
            if count.isdigit():
                draws.append((seat, int(count), False))
    return draws


class JackChangeItMemory(SheddingMemory):
    def __init__(self) -> None:
        super().__init__(HAND_SIZE)

    def _before(self, public: PublicView) -> PublicView | None:
        """The deal before its first action and the bot's first draws (JCI-3.1, 3.2), if
        `public` is at most one action on and no new stock was made."""
        if public.seq > 1 or NEW_STOCK in public.events:
            return None
        order = order_of(public)
        upcard = public.pile[0]
        return replace(
            public, seq=0, pile=(upcard,), upcard=upcard, called=None, clockwise=True,
            pending=0, events=(), turn=order[0],
            stock=len(PACK) - HAND_SIZE * len(order) - 1,
            seats=tuple(replace(s, cards=HAND_SIZE if s.dealt_in else 0, drawn=0)
                        for s in public.seats),
        )

    def _step(self, before: PublicView, after: PublicView) -> None:
        counts = {s.id: s.cards for s in before.seats}
        drawn = {s.id: s.drawn for s in after.seats}
        for s in before.seats:
            drawn[s.id] -= s.drawn
        new_events = after.events[len(before.events):]
        rebuilt = NEW_STOCK in new_events
        draws = draws_logged(new_events)
        gens = draw_gens(before.stock, sum(n for _, n, _ in draws), self.generation, rebuilt)
        actor = before.turn if after.seq == before.seq + 1 else None
        first = 0  # the draws made before the action (3.2: the deal's own, at seq 0)
        if actor is None:
            first = len(draws)
        elif before is self.prior:  # the deal's own draws, then the first action
            cards = {s.id: s.cards for s in after.seats}
            actor = next(seat for seat in counts if counts[seat] + drawn[seat] > cards[seat])
            first = order_of(after).index(actor)
        gens_left = list(gens)
        self._drawn(draws[:first], before, counts, gens_left, None)
        played: list[Card | None] = []
        if actor is not None:
            cards_after = next(s.cards for s in after.seats if s.id == actor)
            played = [None] * (counts[actor] + drawn[actor] - cards_after)
            if played and not rebuilt:
                played = list(after.pile[len(before.pile):])
            elif played:  # 4.8: the pile went into the stock; the upcard stays
                played[-1] = after.upcard
                self.lost = self.lost or len(played) == 2  # the 2 under it, never seen
            for card in played:
                self.played(actor, card)
                counts[actor] -= 1
        if rebuilt:
            self.new_stock(c for c in (*before.pile, *played) if c is not None
                           and c != after.upcard)
        chose = actor is not None and not played  # 4.7: the actor's own `draw`
        self._drawn(draws[first:], after, counts, gens_left, actor if chose else None)

    def _drawn(self, draws: list[tuple[str, int, bool]], public: PublicView,
               counts: dict[str, int], gens: list[int], chose: str | None) -> None:
        """The bot's `draws` on the upcard of `public`, from the stocks of `gens` (their
        first ones are taken); `chose`: the seat whose own `draw` is the first."""
        for i, (seat, count, stuck) in enumerate(draws):
            if not (i == 0 and seat == chose):
                self.forbid(seat, self._could_not(public, stuck, counts[seat]))
            self.drew(seat, gens[:count])
            del gens[:count]
            counts[seat] += count

    def _could_not(self, after: PublicView, stuck: bool, held: int) -> frozenset[Card]:
        """What a player the bot drew for did not hold, holding `held` cards."""
        players = sum(1 for s in after.seats if s.dealt_in)
        if stuck:  # 4.3; 4.4: a last card that is a trick card cannot be played
            cards = matching(after)
            if held == 1:
                return frozenset(c for c in cards if not is_trick_card(c, players))
            return cards
        if after.upcard == ACE_OF_HEARTS:
            return frozenset({FIVE_OF_HEARTS})  # 4.7: the 5♥ may be a last card
        return TWOS if held > 1 else frozenset()  # 4.7, 4.4


def sample_deal(view: PrivateView, rng: random.Random,
                memory: JackChangeItMemory | None = None) -> JackChangeItDeal:
    """A deal consistent with `view` and the seat's memory (without one: a memory of
    this view alone, which knows the counts only)."""
    if memory is None:
        memory = JackChangeItMemory()
        memory.observe(view)
    public = view.public
    seen = set(view.hand) | set(public.pile)
    hidden = [card for card in PACK if card not in seen]
    deal: JackChangeItDeal = JACKCHANGEIT.start(  # type: ignore[assignment]
        seats=seats_before_the_stake(public), stake=public.stake, dealer=public.dealer,
        deck_or_decks=PACK,
    )
    singles = [card for card, two in view.plays if two is None]
    twos = [two for _, two in view.plays if two is not None]
    fill(deal, view, memory, hidden, rng, Draw(view.seat),
         in_order(singles, twos, rest=view.hand))
    deal.pile = list(public.pile)
    deal.step = 1 if public.clockwise else -1
    deal.called = public.called
    deal.pending = public.pending
    return deal


def legal_moves(deal: JackChangeItDeal, seat: str) -> list[Action]:
    """Every move `seat` may make now (JCI-4.2 to 4.7): each play, a jack once for each
    suit it may name, then the draw when one is pending."""
    with_shuffle(deal)
    moves: list[Action] = []
    for card, two in deal.legal_plays(seat):
        if C.rank(card) == JACK:
            moves += [Play(seat, card, suit, two) for suit in range(4) if suit != C.suit(card)]
        else:
            moves.append(Play(seat, card, None, two))
    if seat == deal.current and deal.pending:
        moves.append(Draw(seat))
    return moves


class JackChangeItSampler(MemorySampler):
    """The search player's sampler: remembers every action it is shown."""

    memory_type = JackChangeItMemory
    sample = staticmethod(sample_deal)
    legal_moves = staticmethod(legal_moves)


class _SeenPublic(NamedTuple):
    pending: int


class _SeenView(NamedTuple):
    """What `easy` reads of a view (engine/jackchangeit/strategy.py), read from the
    deal: a rollout plays `easy` for a seat without the cost of building its view."""

    seat: str
    hand: tuple[Card, ...]
    plays: tuple[tuple[Card, Card | None], ...]
    legal: tuple[str, ...]
    public: _SeenPublic


def rollout(deal: JackChangeItDeal, rng: random.Random) -> Action:
    """Each seat plays `easy` on what it sees, now and then (MIX) a random move."""
    with_shuffle(deal)
    if rng.random() < MIX:
        return JACKCHANGEIT.simulation_action(deal, rng)
    seat = deal.order[deal.turn]
    seen = _SeenView(seat, tuple(deal.hands[seat]), deal.legal_plays(seat),
                     deal.legal_actions(seat), _SeenPublic(deal.pending))
    return play_easy(seen, rng)  # type: ignore[arg-type]


# How Jack Change It is searched: rollouts where each seat plays `easy`, now and then a
# random legal move.
MIX = 0.2


def search_player(playouts: int | None, ms: float | None) -> SearchPlayer:
    return SearchPlayer(JACKCHANGEIT, JackChangeItSampler(), playouts=playouts, ms=ms,
                        rollout=rollout)
