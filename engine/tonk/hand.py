"""One hand of Tonk (docs/rules/tonk.md) on the rummy turn (engine/rummy/hand.py).

What Tonk adds: the upcard (TONK-3.1), the tonk on the deal (3.2, 3.3), ace-high
runs (1.2), the hit lock (4.2), and payments between players instead of pots (2.2),
each capped by what the payer has left, in the order the debts arise (2.4).
"""

from __future__ import annotations

from collections.abc import Mapping

from engine import cards as C
from engine.actions import Hit, Spread
from engine.base import kept_until_the_next_action
from engine.errors import EngineError
from engine.marks import N_
from engine.record import HandRecord
from engine.rummy.hand import HAND_SIZE, OVER, RummyHand
from engine.seating import chip_book
from engine.spreads import has_spread_ace_high
from engine.tonk import settlement as ending
from engine.tonk.info import TONK_INFO
from engine.tonk.settlement import TonkSettlement
from engine.tonk.views import PrivateView, PublicView, SeatView

TONK_VALUE = 50  # TONK-3.2: a hand worth exactly 50 ...
TONK_AT_MOST = 11  # ... or 11 or less


class TonkHand(RummyHand):
    """A Tonk hand from the deal to its payments."""

    __slots__ = ("lock_next", "received")
    GAME = "tonk"
    ACE_HIGH = True  # TONK-1.2
    RUN_RULE = "ace low or high, never K-A-2"
    HAS_SPREAD = staticmethod(has_spread_ace_high)  # TONK-1.2
    info = TONK_INFO
    PRIVATE_VIEW = PrivateView
    ENDING_WORDS = {
        ending.INSTANT: N_("the hand ends at once on a tonk on the deal"),
        ending.INSTANT_DRAW: N_("two or more tonks on the deal: the hand is a draw"),
        ending.RUNNING_OUT: N_("the hand ends: a player ran out"),
        ending.TONK_OUT: N_("the hand ends: a player tonked out"),
        ending.DROP: N_("the hand ends: the dropper had the lowest hand"),
        ending.CAUGHT: N_("the hand ends: the dropper was caught"),
        ending.STOCK_OUT: N_("the hand ends: the stock ran out"),
        ending.STOCK_OUT_DRAW: N_("the stock ran out with a tie for lowest: a draw"),
    }

    def __init__(self, record: HandRecord) -> None:
        """Deal the hand of `record` (TONK-2.3, 3.1-3.3); its actions are not applied."""
        self._start_state(record)
        self._deal_in(record)  # TONK-2.3
        self.book = chip_book(record)  # no pots: chips go from seat to seat (TONK-2.2)
        self.received: dict[str, int] = {}
        count = len(self.order)
        # TONK-3.1: five each, then the upcard starts the discard pile; the rest is the stock.
        self._deal_cards(HAND_SIZE * count + 1)
        upcard = self.deck[HAND_SIZE * count]
        self.discards.append(upcard)
        self.lock_next: set[str] = set()  # seats whose next turn is hit-locked
        self._log("upcard", cards=(upcard,), amount=count)
        self._tonk_on_the_deal()

    # -- what may be done -------------------------------------------------------

    def _check_spread(self, action: Spread) -> None:
        self._check_drawn()
        self._check_unlocked()
        super()._check_spread(action)

    def _check_hit(self, action: Hit) -> None:
        self._check_drawn()
        self._check_unlocked()
        super()._check_hit(action)

    def _check_unlocked(self) -> None:
        if self.locked:
            raise EngineError(
                "hit_locked",
                "one of your spreads was hit since your last turn: you may not spread or "
                "hit this turn (TONK-4.2)",
            )

    # -- the rules of the hand --------------------------------------------------

    def _was_hit(self, owner: str, hitter: str) -> None:
        if owner != hitter:  # TONK-4.2: only a hit by another player locks
            self.lock_next.add(owner)

    def _next_turn(self) -> None:
        super()._next_turn()
        seat = self.order[self.turn]
        self.locked = seat in self.lock_next  # the lock lasts for this one turn
        self.lock_next.discard(seat)

    def _tonk_on_the_deal(self) -> None:
        """TONK-3.2, 3.3: declared by the engine before any turn."""
        values = self._values()
        tonks = tuple(
            s for s in self.order if values[s] == TONK_VALUE or values[s] <= TONK_AT_MOST
        )
        if not tonks:
            return
        for seat in tonks:
            self._log("on_the_deal", seat, tuple(C.sorted_cards(self.hands[seat])), values[seat],
                      detail="tonk")
        shown = {s: values[s] for s in tonks}
        if len(tonks) > 1:
            self._finish(ending.INSTANT_DRAW, shown)
            return
        self._everyone_pays(tonks[0], 2 * self.stake, "tonk on the deal")
        self._finish(ending.INSTANT, shown)

    def _ran_out(self, seat: str) -> None:
        self._everyone_pays(seat, self.stake, "running out")  # TONK-5.1
        self._finish(ending.RUNNING_OUT, {})

    def _emptied_without_discard(self, seat: str) -> None:
        self._everyone_pays(seat, 2 * self.stake, "tonking out")  # TONK-5.2
        self._finish(ending.TONK_OUT, {})

    def _dropped(self, dropper: str, values: dict[str, int]) -> None:
        """TONK-5.3: strictly lowest, the dropper wins a stake from each."""
        self._everyone_pays(dropper, self.stake, "drop")
        self._finish(ending.DROP, values)

    def _caught(self, dropper: str, lowest: list[str], values: dict[str, int]) -> None:
        """TONK-5.3: first the dropper pays each player no higher, then everyone not among
        the lowest (the dropper included) pays each of the lowest; each kind in turn order."""
        for seat in self.order:
            if seat != dropper and values[seat] <= values[dropper]:
                self._pay(dropper, seat, self.stake, "caught")
        for payer in self.order:
            if payer not in lowest:
                for seat in lowest:
                    self._pay(payer, seat, self.stake, "lowest")
        self._finish(ending.CAUGHT, values)

    def _stock_out(self) -> None:
        """TONK-5.4: after the last stock card's turn, a single lowest hand is paid a stake."""
        values = self._values()
        low = min(values.values())
        lowest = [s for s in self.order if values[s] == low]
        if len(lowest) > 1:
            self._finish(ending.STOCK_OUT_DRAW, values)
            return
        self._everyone_pays(lowest[0], self.stake, "lowest")
        self._finish(ending.STOCK_OUT, values)

    # -- paying -----------------------------------------------------------------

    def _everyone_pays(self, winner: str, amount: int, why: str) -> None:
        for seat in self.order:  # TONK-2.4: in turn order, from the dealer's left
            if seat != winner:
                self._pay(seat, winner, amount, why)

    def _pay(self, payer: str, payee: str, owed: int, why: str) -> None:
        """TONK-2.4: nobody pays more than they have left."""
        amount = min(owed, self.book.balances[self.account[payer]])
        if not amount:
            return
        self.book.move(self.account[payer], self.account[payee], amount, why)
        self.received[payee] = self.received.get(payee, 0) + amount
        self._log("pays_to", payer, amount=amount, detail=payee)

    def _finish(self, ended: str, shown_values: Mapping[str, int]) -> None:
        """The payments are made; the hand ends and the eliminations follow (TONK-2.3)."""
        self.phase = OVER
        self.ended = ended
        self._settled(TonkSettlement.from_book(
            self.book, self.seats, self.info.min_stack(self.stake), ended=ended,
            winners=[seat for seat, amount in self.received.items() if amount],
            paid=dict(self.received),
            shown={s: tuple(C.sorted_cards(self.hands[s])) for s in shown_values},
            values=dict(shown_values),
        ))

    # -- views ------------------------------------------------------------------

    @kept_until_the_next_action
    def public_view(self) -> PublicView:
        locked = set(self.lock_next)
        if self.locked and self.phase != OVER:
            locked.add(self.order[self.turn])
        return PublicView(
            seats=tuple(
                SeatView(**self._seat_fields(s.id), hit_locked=s.id in locked) for s in self.seats
            ),
            **self._public_fields(),
        )
