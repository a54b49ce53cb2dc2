"""The turn GFF-5.2 and TONK-4.1 share, as a state machine: an optional drop, one draw,
spreads and hits, then a discard; the hand ends when a hand empties, on a drop, or when
the stock runs out.

Every action is checked, then applied: `check` raises an EngineError and changes
nothing; `apply` checks first. What each ending pays, what happens between turns and
which runs count are the game's: a subclass gives them through the hooks at the bottom
of `RummyTurn`. The state a turn reads and changes is set up by the hand
(engine/rummy/hand.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from engine import cards as C
from engine.actions import DISCARD, STOCK, Action, Discard, Draw, Drop, Hit, Spread
from engine.cards import Card
from engine.errors import EngineError
from engine.events import Event
from engine.spreads import card_mask, hit_kind, hit_wants, spread_kind

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


class RummyTurn:
    """The checks and the moves of a rummy turn, over the state of a hand."""

    __slots__ = ()  # the hand's slots hold the state (engine/rummy/hand.py)

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

    # -- the state a turn reads and changes -------------------------------------------

    order: tuple[str, ...]  # the seats dealt in, turn order
    turn: int  # index into order
    phase: str  # TURN_START, PLAYING or OVER
    hands: dict[str, list[Card]]
    held: dict[str, int]  # the same hands as bit sets (engine/spreads.py)
    stock: list[Card]  # the top at the end
    discards: list[Card]
    spreads: list[LaidSpread]
    hit_wants: int  # every card that could hit some spread on the table
    laid: dict[str, list[int]]  # the sizes of each seat's own spreads
    hits_made: dict[str, int]
    turns: int
    actions: list[Action]
    events: list[Event]
    stock_draw_events: dict[str, Event]

    # -- checking ---------------------------------------------------------------

    def check(self, action: Action) -> None:
        """Raise the EngineError that refuses `action`, or return if it is legal now."""
        if self.phase == OVER:
            raise EngineError("wrong_phase", "the hand is over")
        seat = action.seat
        if seat != self.order[self.turn]:
            if seat not in self.hands:
                raise EngineError("not_your_turn", "{seat} is not dealt in this hand", seat=seat)
            raise EngineError(
                "not_your_turn",
                "{seat} acted, but it is {current}'s turn",
                seat=seat,
                current=self.order[self.turn],
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
            raise self._not_a_spread(action.cards)

    def _not_a_spread(self, cards: Sequence[Card]) -> EngineError:
        """The refusal of `cards` as a spread, the runs worded by RUN_RULE; a sentence for
        each wording, and for no cards at all."""
        labels = C.labels(cards)
        if self.RUN_RULE == "ace low":
            if not labels:
                return EngineError(
                    "invalid_spread",
                    "no cards is not a spread: lay 3 or 4 of a rank, or 3 or more in a row of "
                    "one suit (ace low)",
                )
            # Translators: a spread is a meld laid face up: 3 or 4 cards of a rank, or a
            # run of 3 or more in a row of one suit, where the ace is the lowest card.
            return EngineError(
                "invalid_spread",
                "{cards} is not a spread: lay 3 or 4 of a rank, or 3 or more in a row of one "
                "suit (ace low)",
                cards=labels,
            )
        if self.RUN_RULE == "ace low or high, never K-A-2":
            if not labels:
                return EngineError(
                    "invalid_spread",
                    "no cards is not a spread: lay 3 or 4 of a rank, or 3 or more in a row of "
                    "one suit (ace low or high, never K-A-2)",
                )
            # Translators: a spread is a meld laid face up: 3 or 4 cards of a rank, or a
            # run of 3 or more in a row of one suit, with the ace at either end (Tonk).
            return EngineError(
                "invalid_spread",
                "{cards} is not a spread: lay 3 or 4 of a rank, or 3 or more in a row of one "
                "suit (ace low or high, never K-A-2)",
                cards=labels,
            )
        return EngineError(  # a RUN_RULE of no game here: its words stay English
            "invalid_spread",
            "{cards} is not a spread: lay 3 or 4 of a rank, or 3 or more in a row of one "
            "suit ({rule})",
            cards=labels or "no cards",
            rule=self.RUN_RULE,
        )

    def _check_hit(self, action: Hit) -> None:
        self._check_drawn()
        if not 0 <= action.spread < len(self.spreads):
            raise EngineError(
                "no_such_spread", "there is no spread number {spread}", spread=action.spread
            )
        self._check_in_hand(action.seat, action.cards, "invalid_hit")
        target = self.spreads[action.spread]
        if hit_kind(target.cards, action.cards, ace_high=self.ACE_HIGH) is None:
            if not action.cards:
                raise EngineError(
                    "invalid_hit",
                    "no cards cannot go on {spread}",
                    spread=C.labels(target.cards),
                )
            # Translators: to hit is to add cards of one's hand to a spread on the table.
            raise EngineError(
                "invalid_hit",
                "{cards} cannot go on {spread}",
                cards=C.labels(action.cards),
                spread=C.labels(target.cards),
            )

    def _check_discard(self, action: Discard) -> None:
        if self.phase != PLAYING:  # _check_drawn, inlined: this runs on every discard
            raise EngineError("wrong_phase", "draw a card first")
        if action.card not in self.hands[action.seat]:
            raise EngineError(
                "card_not_in_hand", "{card} is not in your hand", card=C.label(action.card)
            )

    def _check_drawn(self) -> None:
        if self.phase != PLAYING:
            raise EngineError("wrong_phase", "draw a card first")

    def _check_in_hand(self, seat: str, cards: Sequence[Card], repeat_code: str) -> None:
        if len(set(cards)) != len(cards):
            raise EngineError(repeat_code, "the same card is named twice")
        hand = self.hands[seat]
        for card in cards:
            if card not in hand:
                raise EngineError(
                    "card_not_in_hand", "{card} is not in your hand", card=C.label(card)
                )

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

    def _drop(self, dropper: str) -> None:
        """GFF-6.2, TONK-5.3: every hand is shown and valued; the dropper wins only when
        strictly lowest, and is otherwise caught by the lowest of the others."""
        values = self._values()
        self._log("drop", dropper, tuple(self.hands[dropper]), values[dropper])
        others = [s for s in self.order if s != dropper]
        low = min(values[s] for s in others)
        if values[dropper] < low:
            self._dropped(dropper, values)
        else:
            self._caught(dropper, [s for s in others if values[s] == low], values)

    # -- the game's hooks -------------------------------------------------------

    def _next_turn(self) -> None:
        """Pass the turn to the left (GFF-5.1)."""
        self.turn = (self.turn + 1) % len(self.order)
        self.turns += 1
        self.phase = TURN_START

    def _was_hit(self, owner: str, hitter: str) -> None:
        """A spread of `owner` was hit by `hitter`; nothing follows unless the game says so."""

    def _dropped(self, dropper: str, values: dict[str, int]) -> None:
        """The dropper was strictly lowest; `values` holds every hand's value."""
        raise NotImplementedError

    def _caught(self, dropper: str, lowest: list[str], values: dict[str, int]) -> None:
        """The dropper was caught by `lowest`, the others' lowest hands, in turn order."""
        raise NotImplementedError

    def _ran_out(self, seat: str) -> None:
        """The hand emptied by a discard."""
        raise NotImplementedError

    def _emptied_without_discard(self, seat: str) -> None:
        """The hand emptied by a spread or a hit."""
        raise NotImplementedError

    def _stock_out(self) -> None:
        raise NotImplementedError
