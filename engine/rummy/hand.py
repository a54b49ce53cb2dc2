"""One hand of a rummy game as a state machine: the turn GFF-5.2 and TONK-4.1 share.

A turn is an optional drop, one draw, spreads and hits, then a discard; the hand
ends when a hand empties, on a drop, or when the stock runs out. What each ending
pays, what happens between turns and which runs count are the game's: a subclass
gives them through the hooks at the bottom of `RummyHand`.

Every action is checked, then applied: `check` raises an EngineError and changes
nothing; `apply` checks first. All chips move through a ChipBook whose total is
checked at settlement.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import takewhile
from typing import ClassVar

from engine import cards as C
from engine.actions import (
    DISCARD,
    STOCK,
    Action,
    Discard,
    Draw,
    Drop,
    Hit,
    Spread,
)
from engine.cards import Card
from engine.chips import Transfer
from engine.errors import EngineError
from engine.events import Event
from engine.fairness import commitment
from engine.record import HandRecord, SeatRecord
from engine.spreads import card_mask, find_hits, find_spreads, hit_kind, hit_wants, spread_kind

HAND_SIZE = 5  # GFF-3.1, TONK-3.1

# Phases of a hand.
TURN_START = "turn_start"  # the player may drop or draw
PLAYING = "playing"  # drawn: spreads, hits, then a discard
OVER = "over"


class LaidSpread:
    """A spread on the table: whose it is, its cards, and the single cards that could hit it."""

    __slots__ = ("owner", "cards", "kind", "wants")

    def __init__(self, owner: str, cards: list[Card], kind: str, wants: int) -> None:
        self.owner = owner
        self.cards = cards
        self.kind = kind
        self.wants = wants


class RummyHand:
    """The state and the turn of a rummy hand; a game subclasses it with its own rules."""

    # Slots: attributes are read on every action, and a class with this many attributes
    # outgrows the shared instance dict otherwise.
    __slots__ = (
        "stake", "seats", "dealer", "deck", "salt", "order", "actions", "events",
        "stock_draw_events", "settlement", "account", "book", "hands", "held", "stock",
        "discards", "spreads", "hit_wants", "laid", "hits_made", "turn", "turns", "phase",
        "ended", "_commitment", "_public",
    )

    GAME: ClassVar[str]  # the record's `game`
    ACE_HIGH: ClassVar[bool] = False  # TONK-1.2: runs may end Q-K-A
    RUN_RULE: ClassVar[str] = "ace low"  # how the refusal of a spread words the runs
    # Built per class from its methods, so a game's own checks replace the shared ones.
    _checks: ClassVar[dict]
    _applies: ClassVar[dict]

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        cls._checks = {
            Drop: cls._check_drop, Draw: cls._check_draw, Spread: cls._check_spread,
            Hit: cls._check_hit, Discard: cls._check_discard,
        }
        cls._applies = {
            Drop: cls._apply_drop, Draw: cls._apply_draw, Spread: cls._apply_spread,
            Hit: cls._apply_hit, Discard: cls._apply_discard,
        }

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
        # A draw from the stock shows only who drew, so one event per seat serves the hand.
        self.stock_draw_events = {s: Event("draw_stock", s) for s in self.order}
        self.hits_made: dict[str, int] = dict.fromkeys(self.order, 0)
        self.turn = 0
        self.turns = 0  # turns passed on so far: a turn's number, for its clock
        self.phase = TURN_START
        self.ended: str | None = None

    def _turn_order(self, dealt_in) -> tuple[str, ...]:
        """Dealt-in seats from the dealer's left round to the dealer (GFF-3.1, TONK-3.1)."""
        ids = [s.id for s in self.seats]
        at = ids.index(self.dealer)
        clockwise = ids[at + 1 :] + ids[: at + 1]
        return tuple(s for s in clockwise if dealt_in(s))

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

    def check(self, action: Action) -> None:
        """Raise the EngineError that refuses `action`, or return if it is legal now."""
        if self.phase == OVER:
            raise EngineError("wrong_phase", "the hand is over")
        seat = action.seat
        if seat != self.order[self.turn]:
            if seat not in self.hands:
                raise EngineError("not_your_turn", f"{seat} is not dealt in this hand")
            raise EngineError(
                "not_your_turn", f"{seat} acted, but it is {self.order[self.turn]}'s turn"
            )
        try:
            checker = self._checks[type(action)]
        except KeyError:
            raise TypeError(f"not an action: {action!r}") from None
        checker(self, action)

    def _check_drop(self, action: Drop) -> None:
        if self.phase != TURN_START:
            raise EngineError("wrong_phase", "you can only drop before drawing")

    def _check_draw(self, action: Draw) -> None:
        if self.phase != TURN_START:
            raise EngineError("wrong_phase", "you have already drawn this turn")
        if action.source == DISCARD and not self.discards:
            raise EngineError("empty_discard", "the discard pile is empty: draw from the stock")

    def _check_spread(self, action: Spread) -> None:
        self._check_drawn()
        self._check_in_hand(action.seat, action.cards, "invalid_spread")
        if spread_kind(action.cards, ace_high=self.ACE_HIGH) is None:
            raise EngineError(
                "invalid_spread",
                f"{C.labels(action.cards) or 'no cards'} is not a spread: lay 3 or 4 of a "
                f"rank, or 3 or more in a row of one suit ({self.RUN_RULE})",
            )

    def _check_hit(self, action: Hit) -> None:
        self._check_drawn()
        if not 0 <= action.spread < len(self.spreads):
            raise EngineError("no_such_spread", f"there is no spread number {action.spread}")
        self._check_in_hand(action.seat, action.cards, "invalid_hit")
        target = self.spreads[action.spread]
        if hit_kind(target.cards, action.cards, ace_high=self.ACE_HIGH) is None:
            raise EngineError(
                "invalid_hit",
                f"{C.labels(action.cards) or 'no cards'} cannot go on {C.labels(target.cards)}",
            )

    def _check_discard(self, action: Discard) -> None:
        if self.phase != PLAYING:  # _check_drawn, inlined: this runs on every discard
            raise EngineError("wrong_phase", "draw a card first")
        if action.card not in self.hands[action.seat]:
            raise EngineError("card_not_in_hand", f"{C.label(action.card)} is not in your hand")

    def _check_drawn(self) -> None:
        if self.phase != PLAYING:
            raise EngineError("wrong_phase", "draw a card first")

    def _check_in_hand(self, seat: str, cards: Sequence[Card], repeat_code: str) -> None:
        if len(set(cards)) != len(cards):
            raise EngineError(repeat_code, "the same card is named twice")
        hand = self.hands[seat]
        for card in cards:
            if card not in hand:
                raise EngineError("card_not_in_hand", f"{C.label(card)} is not in your hand")

    # -- applying ---------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Check `action`, then play it; a refused action changes nothing."""
        self.check(action)
        self.actions.append(action)
        self._applies[type(action)](self, action)

    def _log(
        self,
        kind: str,
        seat: str | None = None,
        cards: tuple[Card, ...] = (),
        amount: int = 0,
        detail: str = "",
    ) -> None:
        """Add an Event to the hand's log; nearly every action logs one."""
        # tuple.__new__ builds the very value Event(...) would: it is what the NamedTuple's
        # generated __new__ calls, and skipping that Python-level step halves the cost.
        self.events.append(tuple.__new__(Event, (kind, seat, cards, amount, detail)))

    def _apply_drop(self, action: Drop) -> None:
        self._drop(action.seat)

    def _apply_draw(self, action: Draw) -> None:
        seat = action.seat
        if action.source == STOCK:
            card = self.stock.pop()
            self.events.append(self.stock_draw_events[seat])
            if not self.stock:
                self._log("last_stock", seat)
        else:
            card = self.discards.pop()
            self._log("draw_discard", seat, (card,))
        self.hands[seat].append(card)
        self.held[seat] |= 1 << card
        self.phase = PLAYING

    def _apply_spread(self, action: Spread) -> None:
        seat, hand = action.seat, self.hands[action.seat]
        laid = C.sorted_cards(action.cards)
        for card in laid:
            hand.remove(card)
        self.held[seat] &= ~card_mask(laid)
        ace_high = self.ACE_HIGH
        table_spread = LaidSpread(
            seat, laid, spread_kind(laid, ace_high=ace_high) or "", hit_wants(laid, ace_high)
        )
        self.spreads.append(table_spread)
        self.hit_wants |= table_spread.wants
        self.laid[seat].append(len(laid))
        self._log("spread", seat, tuple(laid))
        if not hand:
            self._emptied_without_discard(seat)

    def _apply_hit(self, action: Hit) -> None:
        seat, hand = action.seat, self.hands[action.seat]
        target = self.spreads[action.spread]
        for card in action.cards:
            hand.remove(card)
        self.held[seat] &= ~card_mask(action.cards)
        target.cards = C.sorted_cards([*target.cards, *action.cards])
        target.wants = hit_wants(target.cards, self.ACE_HIGH)
        self.hit_wants = 0
        for table_spread in self.spreads:
            self.hit_wants |= table_spread.wants
        self.hits_made[seat] += 1
        self._log("hit", seat, tuple(action.cards), detail=target.owner)
        self._was_hit(target.owner, seat)
        if not hand:
            self._emptied_without_discard(seat)

    def _apply_discard(self, action: Discard) -> None:
        seat, hand = action.seat, self.hands[action.seat]
        hand.remove(action.card)
        self.held[seat] &= ~(1 << action.card)
        self.discards.append(action.card)
        self._log("discard", seat, (action.card,))
        if not hand:
            self._ran_out(seat)
        elif not self.stock:
            self._stock_out()  # GFF-6.4, TONK-5.4: nobody may take this discard
        else:
            self._next_turn()

    def _values(self) -> dict[str, int]:
        """GFF-1.3: what each dealt-in hand is worth now."""
        return {s: C.hand_value(self.hands[s]) for s in self.order}

    # -- the game's hooks -------------------------------------------------------

    def _next_turn(self) -> None:
        """Pass the turn to the left (GFF-5.1)."""
        self.turn = (self.turn + 1) % len(self.order)
        self.turns += 1
        self.phase = TURN_START

    def _was_hit(self, owner: str, hitter: str) -> None:
        """A spread of `owner` was hit by `hitter`; nothing follows unless the game says so."""

    def _drop(self, dropper: str) -> None:
        raise NotImplementedError

    def _ran_out(self, seat: str) -> None:
        """The hand emptied by a discard."""
        raise NotImplementedError

    def _emptied_without_discard(self, seat: str) -> None:
        """The hand emptied by a spread or a hit."""
        raise NotImplementedError

    def _stock_out(self) -> None:
        raise NotImplementedError
