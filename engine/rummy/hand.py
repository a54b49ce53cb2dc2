"""One hand of a rummy game, GFF's or Tonk's, from the deal to its settlement.

The turn itself (drop, draw, spread, hit, discard) is engine/rummy/turn.py; the hand
adds what both games' deals share around it: who is dealt in and the cards dealt, the
protocol's accessors, the legal actions and the stand-in's move, the private view, and
the log of the settlement. All chips move through a ChipBook whose total is checked at
settlement (engine/settlement.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import takewhile
from typing import Any, ClassVar, Self

from engine import cards as C
from engine.actions import AFTER_DRAW, BEFORE_DRAW, DISCARD_CARD, HIT, SPREAD, Action
from engine.base import DealDefaults
from engine.cards import Card
from engine.chips import Transfer, seat_account
from engine.errors import EngineError
from engine.events import Event
from engine.fairness import commitment
from engine.game import GameInfo
from engine.record import HandRecord, SeatRecord
from engine.rummy.autoplay import stand_in_action
from engine.rummy.turn import OVER, PLAYING, TURN_START, LaidSpread, RummyTurn
from engine.rummy.views import TableSpread
from engine.seating import seats_holding
from engine.settlement import SettlementBase
from engine.spreads import card_mask, find_hits, find_spreads, has_spread

__all__ = ["HAND_SIZE", "OVER", "PLAYING", "TURN_START", "RummyHand"]

HAND_SIZE = 5  # GFF-3.1, TONK-3.1


class RummyHand(RummyTurn, DealDefaults):
    """A rummy hand's state and deal, on the shared turn; a game subclasses it with its
    own rules."""

    # Slots: attributes are read on every action, and a class with this many attributes
    # outgrows the shared instance dict otherwise.
    __slots__ = (
        "stake", "seats", "dealer", "deck", "salt", "order", "actions", "events",
        "stock_draw_events", "settlement", "account", "book", "hands", "held", "stock",
        "discards", "spreads", "hit_wants", "laid", "hits_made", "turn", "turns", "phase",
        "ended", "locked", "_commitment", "_public",
    )

    GAME: ClassVar[str]  # the record's `game`
    info: ClassVar[GameInfo]
    ENDING_WORDS: ClassVar[Mapping[str, str]]  # each `ended`, as the hand's log says it
    PRIVATE_VIEW: ClassVar[type]  # the game's private view (engine/<game>/views.py)
    # Whether a hand's cards (a bit set) hold a spread of the game's (engine/spreads.py):
    # GFF's runs are ace low (GFF-5.4), Tonk's may end with the ace high (TONK-1.2).
    # A class attribute, not a method to override: the legal actions ask it after
    # every draw, and a call more there is a call more on every turn simulated.
    HAS_SPREAD: ClassVar[Callable[[int], bool]] = staticmethod(has_spread)

    def _start_state(self, record: HandRecord) -> None:
        """The fields every rummy hand starts with, before the cards are dealt."""
        self._public = None  # engine/base.py: kept_until_the_next_action
        self.stake = record.stake
        self.seats: tuple[SeatRecord, ...] = record.seats
        self.dealer = record.dealer
        self.deck = record.deck
        self.salt = record.salt
        self.actions: list[Action] = []
        self.events: list[Event] = []
        self.settlement = None
        self._commitment: str | None = None  # worked out when first shown

    def _deal_in(self, record: HandRecord) -> None:
        """The seats dealt in, those with the game's least stack (GFF-2.6, TONK-2.3), in
        turn order from the dealer's left round to the dealer (GFF-3.1, TONK-3.1)."""
        order = seats_holding(record, self.info.min_stack(record.stake))
        if self.dealer not in order:
            raise EngineError(
                "bad_record",
                "the dealer {dealer} has too few chips to be dealt in",
                dealer=self.dealer,
            )
        if len(order) < 2:
            raise EngineError("bad_record", "fewer than 2 players have the chips to be dealt in")
        self.order = order
        self.account = {s.id: seat_account(s.id) for s in record.seats}

    def _deal_cards(self, stock_from: int) -> None:
        """Five cards each, one at a time from the dealer's left; the stock from `stock_from`."""
        count = len(self.order)
        self.hands: dict[str, list[Card]] = {
            seat: list(self.deck[i : HAND_SIZE * count : count])
            for i, seat in enumerate(self.order)
        }
        # The same hands as bit sets, kept in step, for the legal-action checks.
        self.held: dict[str, int] = {s: card_mask(h) for s, h in self.hands.items()}
        # Top of the stock at the end of the list, so a draw is a pop().
        self.stock: list[Card] = list(reversed(self.deck[stock_from:]))
        self.discards: list[Card] = []
        self.spreads: list[LaidSpread] = []
        self.hit_wants = 0  # every card that could hit some spread on the table
        self.laid: dict[str, list[int]] = {s: [] for s in self.order}  # own spread sizes
        # A draw from the stock shows only who drew, so one event per seat serves the hand
        # (built as _log builds its events, the NamedTuple's defaults written out).
        self.stock_draw_events = {
            s: tuple.__new__(Event, ("draw_stock", s, (), 0, "")) for s in self.order
        }
        self.hits_made: dict[str, int] = dict.fromkeys(self.order, 0)
        self.turn = 0
        self.turns = 0  # turns passed on so far: a turn's number, for its clock
        self.phase = TURN_START
        self.ended: str | None = None
        # The player to act may not spread or hit this turn: Tonk's hit lock (TONK-4.2),
        # which its hand sets; GFF has none.
        self.locked = False

    @classmethod
    def start(
        cls,
        *,
        seats: Sequence[tuple[str, int]],
        stake: int,
        dealer: str,
        deck: Sequence[Card],
        carry: Mapping[str, int] | None = None,
        salt: str | None = None,
    ) -> Self:
        """A new hand for the table: seats in clockwise order as (id, stack), and what
        the game's carried pots hold (GFF's flip and flop).

        With a `salt`, the hand has a deck commitment to show at the deal.
        """
        record = HandRecord(
            game=cls.GAME,
            stake=stake,
            seats=tuple(SeatRecord(i, s) for i, s in seats),
            dealer=dealer,
            deck=tuple(deck),
            carry={pot: (carry or {}).get(pot, 0) for pot in cls.info.carried_pots},
            salt=salt,
        )
        return cls(record)

    def record(self) -> HandRecord:
        return HandRecord(
            game=self.GAME,
            stake=self.stake,
            seats=self.seats,
            dealer=self.dealer,
            deck=self.deck,
            carry=self._carried_record(),
            actions=tuple(self.actions),
            salt=self.salt,
        )

    def _carried_record(self) -> dict[str, int]:
        return {}

    def copy(self) -> Self:
        """The state copied as every deal's is (engine/base.py), and the spreads on the
        table each copied too: a hit changes a laid spread's cards and wants."""
        new = super().copy()
        new.spreads = [LaidSpread(s.owner, list(s.cards), s.kind, s.wants) for s in self.spreads]
        return new

    # -- what may be done -------------------------------------------------------

    @property
    def commitment(self) -> str | None:
        """The SHA-256 shown at the deal, if the hand has a salt (engine/fairness.py).

        Worked out once: the table message shows it again after every action."""
        if self._commitment is None and self.salt is not None:
            self._commitment = commitment(self.deck, self.salt)
        return self._commitment

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def current(self) -> str | None:
        return None if self.phase == OVER else self.order[self.turn]

    @property
    def seq(self) -> int:
        """How many actions were applied: the number a button must carry to be current."""
        return len(self.actions)

    def dealt_in(self) -> tuple[str, ...]:
        """The seats dealt in, in turn order from the dealer's left."""
        return self.order

    def to_act(self) -> tuple[str, ...]:
        """The one seat whose turn it is; nobody once the hand is over."""
        return () if self.phase == OVER else (self.order[self.turn],)

    def seat_seq(self, seat: str) -> int:
        """A turn game: every seat's buttons carry the hand's own sequence number."""
        return len(self.actions)

    def turn_number(self, seat: str) -> int:
        """A turn (draw, spreads and hits, a discard) is one clock, whatever its actions."""
        return self.turns

    @property
    def posts(self) -> tuple[Transfer, ...]:
        """The transfers made at the deal (the posts), which open the chip book's log."""
        return tuple(takewhile(lambda t: t.reason == "post", self.book.transfers))

    def cards_in_play(self) -> list[Card]:
        """Every card of the deck where it now is: stock, discards, hands and spreads."""
        places = [*self.stock, *self.discards]
        for cards in self.hands.values():
            places.extend(cards)
        for spread in self.spreads:
            places.extend(spread.cards)
        return places

    def legal_actions(self, seat: str) -> tuple[str, ...]:
        """The kinds of action `seat` may take now; empty when it is not their turn."""
        if self.phase == OVER or seat != self.order[self.turn]:
            return ()
        if self.phase == TURN_START:
            return BEFORE_DRAW[bool(self.discards)]
        if self.locked:
            return (DISCARD_CARD,)  # TONK-4.2: no spread or hit on a hit-locked turn
        # Once drawn: spread and hit when they can, discard.
        held = self.held[seat]
        return AFTER_DRAW[self.HAS_SPREAD(held)][bool(held & self.hit_wants)]

    def timeout_action(self, seat: str) -> Action:
        """The stand-in's move for `seat`, whose turn it must be (engine/rummy/autoplay.py)."""
        return stand_in_action(self.private_view(seat))

    def spread_options(self, seat: str) -> list:
        return find_spreads(self.hands[seat], self.ACE_HIGH) if seat in self.hands else []

    def hit_options(self, seat: str) -> list[tuple[int, tuple[Card, ...]]]:
        hand = self.hands.get(seat, [])
        ace_high = self.ACE_HIGH
        return [
            (i, cards)
            for i, s in enumerate(self.spreads)
            for cards in find_hits(hand, s.cards, ace_high)
        ]

    def _settled(self, settlement: SettlementBase) -> None:
        """The hand is over: its settlement is made and logged, eliminations last."""
        self.settlement = settlement
        self._log("ended", detail=self.ENDING_WORDS[settlement.ended])
        for seat in settlement.eliminated:
            self._log("eliminated", seat, amount=settlement.stacks[seat])

    # -- views (engine/rummy/views.py) -------------------------------------------

    def table_spreads(self) -> tuple[TableSpread, ...]:
        """The spreads on the table, in the order laid, as every view shows them."""
        return tuple(
            TableSpread(i, s.owner, tuple(s.cards), s.kind) for i, s in enumerate(self.spreads)
        )

    def _public_fields(self) -> dict[str, Any]:
        """What every rummy public view shows but the seats."""
        return {
            "stake": self.stake,
            "dealer": self.dealer,
            "spreads": self.table_spreads(),
            "discard_pile": tuple(self.discards),
            "stock": len(self.stock),
            "turn": self.current,
            "phase": self.phase,
            "seq": self.seq,
            "ended": self.ended,
        }

    def _seat_fields(self, seat: str) -> dict[str, Any]:
        """What every rummy public view shows of `seat`: no card, only how many."""
        return {
            "id": seat,
            "stack": self.book.balances[self.account[seat]],
            "dealt_in": seat in self.hands,
            "cards": len(self.hands.get(seat, ())),
        }

    def private_view(self, seat: str) -> Any:
        """What `seat` may see: its hand, its value and choices, and the public view."""
        hand = self.hands.get(seat, [])
        legal = self.legal_actions(seat)
        return self.PRIVATE_VIEW(
            seat=seat,
            hand=tuple(C.sorted_cards(hand)),
            value=C.hand_value(hand),
            legal=legal,
            spread_options=tuple(self.spread_options(seat)) if SPREAD in legal else (),
            hit_options=tuple(self.hit_options(seat)) if HIT in legal else (),
            public=self.public_view(),
            **self._own_private_fields(seat),
        )

    def _own_private_fields(self, seat: str) -> dict[str, Any]:
        """What the game's private view adds for `seat` (GFF: its posts)."""
        return {}

    def public_view(self) -> Any:
        """What every player may see (G4.1): the game's public view (engine/<game>/views.py)."""
        raise NotImplementedError


