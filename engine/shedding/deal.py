"""The deal of a shedding game, as Page One and Jack Change It play it.

Every seat dealt in antes the stake (G2.3) and gets its hand one card at a time from
the dealer's left; play goes round one seat at a time from the dealer's left; the bot
draws for a player from the stock, which is rebuilt from the discard pile when it runs
out (G3.2, engine/restock.py); the first player out takes the pot, and a game in which
a card must be drawn when there is none left is drawn, every ante going back
(PAGEONE-5, JCI-5). What may be played, and what a card does, are the game's: a
subclass gives them through `check` and `_play`, and names its rules in the class
attributes below.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from engine.base import TurnByTurn
from engine.cards import Card
from engine.chips import pot_account, seat_account
from engine.errors import EngineError
from engine.fairness import commitment
from engine.game import GameInfo
from engine.record import HandRecord
from engine.restock import Restock, Shuffle
from engine.seating import antes, seats_dealt_in
from engine.shedding.settlement import DRAWN, OUT, POT, SheddingSettlement
from engine.shedding.views import SeatView

POT_ACCOUNT = pot_account(POT)


class GameDrawn(Exception):
    """A card must be drawn and there is none left to draw (PAGEONE-5.2, JCI-5.2)."""


class SheddingDeal(TurnByTurn):
    """A shedding game's state: the hands, the stock, the pile, whose turn, the pot."""

    info: ClassVar[GameInfo]
    settlement_type: ClassVar[type[SheddingSettlement]]
    HAND_SIZE: ClassVar[int]
    RECORD_RULE: ClassVar[str]  # the page's rule of the record, for a seat not dealt in
    RESTOCK_RULE: ClassVar[str]  # the page's rule of a new stock (G3.2)
    # The cards that stay on the pile when the stock is rebuilt from it (the upcard).
    KEPT_ON_PILE: ClassVar[int] = 0
    NEW_STOCK_EVENT: ClassVar[str]  # the public log's words for a rebuilt stock

    settlement: SheddingSettlement | None

    def _deal(self, record: HandRecord, *, turned_up: int = 0) -> None:
        """Ante and deal `record` (G2.3): hands from the dealer's left, `turned_up`
        cards face up on the pile, and the rest the stock; no action is applied."""
        self._record = record
        self.stake = record.stake
        self.seats = record.seats
        self.ids = tuple(s.id for s in record.seats)
        self.dealer = record.dealer
        self.order = seats_dealt_in(record, self.stake, self.RECORD_RULE)
        self.book = antes(record, self.order, POT_ACCOUNT)  # G2.3
        self._posts = tuple(self.book.transfers)
        deck, n, size = record.deck, len(self.order), self.HAND_SIZE
        self.hands: dict[str, list[Card]] = {
            seat: [deck[i * n + p] for i in range(size)] for p, seat in enumerate(self.order)
        }
        dealt = size * n
        self.pile: list[Card] = list(deck[dealt:dealt + turned_up])  # the top is the end
        self.stock = list(reversed(deck[dealt + turned_up:]))  # the top is the end: pop()
        self.restock = Restock(record.reshuffles)
        self.turn = 0  # left of the dealer starts
        self.drawn = dict.fromkeys(self.order, 0)
        self.events: list[str] = []
        self.actions: list[Any] = []
        self.settlement = None
        self._commitment = commitment(deck, record.salt) if record.salt is not None else None

    # -- the protocol -----------------------------------------------------------

    def _check_turn(self, seat: str) -> None:
        """What refuses any action: the game is over, or it is not `seat`'s turn."""
        if self.settlement is not None:
            raise EngineError("wrong_phase", "the game is over")
        self.refuse_out_of_turn(seat)

    def check(self, action: Any) -> None:
        raise NotImplementedError

    def apply(self, action: Any) -> None:
        """Check, then play `action` and the bot's draws that follow it."""
        self.check(action)
        self.actions.append(action)
        try:  # written out, not through _unless_drawn: this is every action's path
            self._play(action)
        except GameDrawn:
            self._settle(DRAWN, None)

    def _play(self, action: Any) -> None:
        """Play a checked action; GameDrawn when a card must be drawn and none is left."""
        raise NotImplementedError

    def shuffle_with(self, source: Shuffle) -> None:
        """The bot's shuffle for the new stocks the record does not give (G3.2)."""
        self.restock.source = source

    def record(self) -> HandRecord:
        r = self._record
        return HandRecord(r.game, r.stake, r.seats, r.dealer, r.deck, {}, tuple(self.actions),
                          r.salt, {}, (), self.restock.orders())

    def cards_in_play(self) -> list[Card]:
        held = [card for cards in self.hands.values() for card in cards]
        return held + self.stock + self.pile

    def _public_fields(self) -> dict[str, Any]:
        """What both games' public views show (engine/shedding/views.py)."""
        return {
            "stake": self.stake,
            "dealer": self.dealer,
            "pot": self.book.balances[POT_ACCOUNT],
            "seats": self._seat_views(),
            "stock": len(self.stock),
            "turn": self.current,
            "seq": self.seq,
            "events": tuple(self.events),
            "ended": self.settlement.ended if self.settlement else None,
        }

    def _seat_views(self) -> tuple[SeatView, ...]:
        """Every seat as the public view shows it: stack, cards held and drawn."""
        seats = []
        for s in self.seats:
            hand = self.hands.get(s.id)
            seats.append(SeatView(
                id=s.id,
                stack=self.book.balances[seat_account(s.id)],
                dealt_in=hand is not None,
                cards=len(hand) if hand is not None else 0,
                drawn=self.drawn.get(s.id, 0),
            ))
        return tuple(seats)

    # -- drawing and going out ------------------------------------------------------

    def _draw(self, seat: str) -> Card:
        """One card from the stock for `seat`; an empty stock is first rebuilt from the
        pile under the cards that stay on it (PAGEONE-4.6, JCI-4.8)."""
        if not self.stock:
            reused = len(self.pile) - self.KEPT_ON_PILE
            if not reused:
                raise GameDrawn  # PAGEONE-5.2, JCI-5.2
            order = self.restock.rebuild(self.pile[:reused], self.RESTOCK_RULE)
            self.pile = self.pile[reused:]
            self.stock = order[::-1]
            self.events.append(self.NEW_STOCK_EVENT)
        self.drawn[seat] += 1
        return self.stock.pop()

    def _unless_drawn(self, play: Callable[[], None]) -> None:
        """Run `play`; when it must draw a card and none is left, the game is drawn."""
        try:
            play()
        except GameDrawn:
            self._settle(DRAWN, None)

    def _went_out(self, seat: str) -> bool:
        """PAGEONE-5.1, JCI-5.1: a player whose hand is empty is out at once and takes
        the pot; whether `seat` is."""
        if self.hands[seat]:
            return False
        self._settle(OUT, seat)
        return True

    def _settle(self, ended: str, winner: str | None) -> None:
        """The pot to the player out, or every ante back when the game is drawn
        (PAGEONE-2.2, JCI-2.2)."""
        pot = self.book.balances[POT_ACCOUNT]
        if winner is not None:
            self.book.move(POT_ACCOUNT, seat_account(winner), pot, "pot")
        else:
            for seat in self.order:
                self.book.move(POT_ACCOUNT, seat_account(seat), self.stake, "ante returned")
        self.settlement = self.settlement_type.from_book(
            self.book, self.seats, self.stake, ended=ended,
            winners=(winner,) if winner else (),
            cards_left={s: len(self.hands[s]) for s in self.ids if s in self.hands},
        )
