"""The `sharp` level: plans each turn by looking one draw ahead.

After the draw it plays the best plan of engine/strategies/planning.py. It takes
the discard when that plans out better than cards sampled from the stock, and
drops when a Monte Carlo deal of the unseen cards says its hand is very likely
strictly lowest (engine/strategies/drop.py).

A player is made for one seat and one hand and is only ever fed that seat's
views. Its memory holds what the seat saw: its own spreads and hits (a tunk out
needs two threes and no hit, GFF-6.3), and which of its discards the next
player took. An action counts as played once a later view shows the hand moved
on, so being asked twice on the same view does not skew the memory.
"""

from __future__ import annotations

import random

from engine.actions import (
    DISCARD,
    DRAW_DISCARD,
    DROP,
    STOCK,
    Action,
    Discard,
    Draw,
    Drop,
    Hit,
    Spread,
)
from engine.cards import VALUES
from engine.rummy.views import PrivateView
from engine.spreads import RUN, card_mask
from engine.strategies.drop import chance_lowest
from engine.strategies.knowledge import Knowledge, knowledge
from engine.strategies.layoff import Table, cards_of, table_of
from engine.strategies.planning import HIT, SPREAD, Planner, Weights, touches


class SharpPlayer:
    """One seat's sharp player for one hand; call it with that seat's views, in order."""

    def __init__(self, weights: Weights | None = None) -> None:
        self.weights = weights or Weights()
        self._hand: tuple[str, int] | None = None  # (dealer, flip card): tells hands apart
        self._forget()

    def _forget(self) -> None:
        self._laid: tuple[int, ...] = ()  # sizes of own spreads as laid
        self._hit = False
        self._thrown: tuple[int, int] | None = None  # (pile length after it, card)
        self._taken_by_next = 0  # my discards the next player took: now in their hand
        self._pending: tuple[int, int, Action] | None = None  # (seq, pile length, action)
        self._plan: list[tuple[str, int]] = []
        self._plan_seq = -1

    @property
    def laid_sizes(self) -> tuple[int, ...]:
        """The sizes of this seat's spreads as it laid them this hand."""
        return self._laid

    @property
    def seen_taken_by_next(self) -> tuple[int, ...]:
        """This seat's discards that it saw the next player take."""
        return tuple(cards_of(self._taken_by_next))

    def __call__(self, view: PrivateView, rng: random.Random) -> Action:
        if not view.legal:
            raise ValueError(f"it is not {view.seat}'s turn")
        self._follow(view)
        public = view.public
        if DROP in view.legal:
            action = self._start_turn(view, rng)
        else:
            if public.seq != self._plan_seq or not self._plan:
                hand, table = card_mask(view.hand), _table(view)
                self._plan = list(self._planner(view).best(hand, table).steps)
            self._plan_seq = public.seq + 1
            action = self._act(view, self._plan.pop(0))
        self._pending = (public.seq, len(public.discard_pile), action)
        return action

    # -- memory -----------------------------------------------------------------

    def _follow(self, view: PrivateView) -> None:
        public = view.public
        hand = (public.dealer, public.flip_card)
        if hand != self._hand:
            self._hand = hand
            self._forget()
            # Joining a hand already under way: own spreads are on the table.
            self._laid = tuple(len(s.cards) for s in public.spreads if s.owner == view.seat)
        if self._pending is not None and public.seq > self._pending[0]:
            _, pile, action = self._pending
            if isinstance(action, Spread):
                self._laid = (*self._laid, len(action.cards))
            elif isinstance(action, Hit):
                self._hit = True
            elif isinstance(action, Discard):
                self._thrown = (pile + 1, action.card)
        self._pending = None
        if self._thrown is not None and DROP in view.legal:
            # Only the next player can take this seat's discard (GFF-5.2).
            length, card = self._thrown
            pile_now = public.discard_pile
            if len(pile_now) < length or pile_now[length - 1] != card:
                self._taken_by_next |= 1 << card
            self._thrown = None

    def _knowledge(self, view: PrivateView) -> Knowledge:
        know = knowledge(view)
        if self._taken_by_next and know.opponents:
            know = knowledge(view, {know.opponents[0].seat: self._taken_by_next})
        return know

    def _planner(self, view: PrivateView, know: Knowledge | None = None) -> Planner:
        return Planner(
            self.weights,
            know or self._knowledge(view),
            laid=self._laid,
            hit_before=self._hit,
            interest=self._taken_by_next,
        )

    # -- the start of a turn: drop, or draw from where ---------------------------

    def _start_turn(self, view: PrivateView, rng: random.Random) -> Action:
        seat = view.seat
        know = self._knowledge(view)
        if self._should_drop(view.value, know, rng):
            return Drop(seat)  # GFF-6.2
        top = view.public.discard_top
        if DRAW_DISCARD in view.legal and top is not None and self._take_top(view, know, top, rng):
            return Draw(seat, DISCARD)
        return Draw(seat, STOCK)

    def _should_drop(self, value: int, know: Knowledge, rng: random.Random) -> bool:
        """A small first deal rules most hands out; only a close call pays for more."""
        weights = self.weights
        quarter = weights.drop_samples // 4
        first = chance_lowest(value, know, rng, samples=quarter, extra_seen=weights.extra_seen)
        if first < weights.drop_at - 0.2:
            return False
        rest = chance_lowest(value, know, rng, samples=3 * quarter, extra_seen=weights.extra_seen)
        return (first + 3 * rest) / 4 >= weights.drop_at

    def _take_top(self, view: PrivateView, know: Knowledge, top: int, rng: random.Random) -> bool:
        """Whether the top discard plans out better than a card from the stock."""
        hand, table = card_mask(view.hand), _table(view)
        if not touches(top, hand, table) and VALUES[top] >= max(VALUES[c] for c in view.hand):
            return False  # it could only replace a card worth at least as much
        planner = self._planner(view, know)
        with_top = planner.best(hand | 1 << top, table).score
        pool = cards_of(know.unknown)
        drawn = rng.sample(pool, min(self.weights.stock_samples, len(pool)))
        from_stock = sum(planner.best(hand | 1 << card, table).score for card in drawn)
        return with_top > from_stock / max(len(drawn), 1)

    # -- after the draw -----------------------------------------------------------

    def _act(self, view: PrivateView, step: tuple[str, int]) -> Action:
        kind, what = step
        seat = view.seat
        if kind == SPREAD:
            return Spread(seat, tuple(cards_of(what)))
        if kind == HIT:
            # The plan counts on a run growing past this card (Table.after_hit), so a
            # card that could also complete a book goes on the run.
            targets = sorted(
                (view.public.spreads[index].kind != RUN, index)
                for index, cards in view.hit_options
                if cards == (what,)
            )
            return Hit(seat, targets[0][1], (what,))
        return Discard(seat, what)


def _table(view: PrivateView) -> Table:
    return table_of(spread.cards for spread in view.public.spreads)
