"""One hand of Game, Flip and Flop as a state machine (rules/gff.md).

Every action is checked, then applied: `check` raises an EngineError and changes
nothing; `apply` checks first. All chips move through a ChipBook whose total is
checked at settlement (GFF-7.3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine import cards as C
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
from engine.cards import Card
from engine.chips import ChipBook, pot_account, seat_account, split
from engine.errors import EngineError
from engine.fairness import commitment
from engine.gff import settlement as ending
from engine.gff.events import Event
from engine.gff.flipflop import Reveal, flip_and_flop, flop_suit
from engine.gff.posting import FLIP, FLOP, GAME, POTS, is_all_in, is_eliminated, pots_to_post
from engine.gff.settlement import Settlement
from engine.gff.views import PrivateView, PublicView, SeatView, TableSpread
from engine.record import HandRecord, SeatRecord, parse_action
from engine.spreads import (
    card_mask,
    find_hits,
    find_spreads,
    has_spread,
    hit_kind,
    hit_wants,
    spread_kind,
)

HAND_SIZE = 5  # GFF-3.1
BONUS = "bonus"  # the new pot of GFF-3.4, paid by those without 50
POT = {pot: pot_account(pot) for pot in (*POTS, BONUS)}  # chip-book account names

# Phases of a hand.
TURN_START = "turn_start"  # the player may drop or draw
PLAYING = "playing"  # drawn: spreads, hits, then a discard
OVER = "over"


class _TableSpread:
    __slots__ = ("owner", "cards", "kind", "wants")

    def __init__(self, owner: str, cards: list[Card], kind: str) -> None:
        self.owner = owner
        self.cards = cards
        self.kind = kind
        self.wants = hit_wants(cards)  # the single cards that could hit it


class GffHand:
    """A hand from the deal to its settlement."""

    # The whole state of a hand, as slots: attributes are read on every action, and a
    # class with this many attributes outgrows the shared instance dict otherwise.
    __slots__ = (
        "stake", "seats", "dealer", "deck", "salt", "carried_in", "posted", "order",
        "actions", "events", "stock_draw_events", "settlement", "account", "book",
        "hands", "held", "flip_card", "stock", "discards", "spreads", "hit_wants",
        "laid", "hits_made", "flip_suit", "flop_suit", "flipflop_holders", "schedule",
        "revealed", "reveals_done", "flipflop_paid", "flip_winner", "flop_winner", "won",
        "turn", "phase", "ended", "_commitment",
    )

    def __init__(self, record: HandRecord) -> None:
        """Deal the hand of `record` (GFF-2.4, 3.1-3.3); its actions are not applied."""
        self.stake = stake = record.stake
        self.seats: tuple[SeatRecord, ...] = record.seats
        self.dealer = record.dealer
        self.deck = record.deck
        self.salt = record.salt
        self.carried_in = dict(record.carry)
        self.posted: dict[str, tuple[str, ...]] = {
            s.id: pots_to_post(s.stack, stake) for s in record.seats
        }
        if not self.posted[self.dealer]:
            raise EngineError(
                "bad_record", f"the dealer {self.dealer} has too few chips to be dealt in"
            )
        self.order = self._turn_order()
        if len(self.order) < 2:
            raise EngineError("bad_record", "fewer than 2 players have the chips to be dealt in")
        self.actions: list[Action] = []
        self.events: list[Event] = []
        self.settlement: Settlement | None = None
        self.account = {s.id: seat_account(s.id) for s in record.seats}
        self.book = ChipBook(
            {
                **{self.account[s.id]: s.stack for s in record.seats},
                POT[GAME]: 0,
                POT[FLIP]: self.carried_in["flip"],
                POT[FLOP]: self.carried_in["flop"],
                POT[BONUS]: 0,
            }
        )
        for seat in self.order:
            for pot in self.posted[seat]:
                self.book.move(self.account[seat], POT[pot], stake, "post")

        count = len(self.order)
        self.hands: dict[str, list[Card]] = {
            seat: list(self.deck[i : HAND_SIZE * count : count])
            for i, seat in enumerate(self.order)
        }
        # The same hands as bit sets, kept in step, for the legal-action checks.
        self.held: dict[str, int] = {s: card_mask(h) for s, h in self.hands.items()}
        self.flip_card = self.deck[HAND_SIZE * count - 1]  # the dealer's fifth card
        # Top of the stock at the end of the list, so a draw is a pop().
        self.stock: list[Card] = list(reversed(self.deck[HAND_SIZE * count :]))
        self.discards: list[Card] = []
        self.spreads: list[_TableSpread] = []
        self.hit_wants = 0  # every card that could hit some spread on the table
        self.laid: dict[str, list[int]] = {s: [] for s in self.order}  # own spread sizes
        # A draw from the stock shows only who drew, so one event per seat serves the hand.
        self.stock_draw_events = {s: Event("draw_stock", s) for s in self.order}
        self.hits_made: dict[str, int] = dict.fromkeys(self.order, 0)

        flip = self.flip_card // 13
        self.flip_suit, self.flop_suit = flip, flop_suit(flip)
        # GFF-4.2: the deal alone decides who takes the flip and the flop; they are
        # paid once the reveals are done (4.4). None: nobody eligible, it carries (4.5).
        self.flipflop_holders, self.schedule = flip_and_flop(
            self.order, self.held, self.posted, self.flip_card  # held: still the dealt cards
        )
        self.revealed: list[Reveal] = []
        self.reveals_done = 0  # seats whose first-turn reveal has been made
        self.flipflop_paid = False
        self.flip_winner: str | None = None
        self.flop_winner: str | None = None
        self.won: dict[str, dict[str, int]] = {pot: {} for pot in (*POTS, BONUS)}

        self.turn = 0
        self.phase = TURN_START
        self.ended: str | None = None
        self._commitment: str | None = None  # worked out when first shown
        self._log("deal", cards=(self.flip_card,), detail=f"hand of {count}")
        self._instant_or_first_turn()

    # -- building ---------------------------------------------------------------

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
    ) -> GffHand:
        """A new hand for the table: seats in clockwise order as (id, stack).

        With a `salt`, the hand has a deck commitment to show at the deal.
        """
        record = HandRecord(
            game="gff",
            stake=stake,
            seats=tuple(SeatRecord(i, s) for i, s in seats),
            dealer=dealer,
            deck=tuple(deck),
            carry={"flip": 0, "flop": 0, **(carry or {})},
            salt=salt,
        )
        return cls(record)

    @classmethod
    def from_record(cls, record: HandRecord) -> GffHand:
        """Deal `record` and apply its actions; an error names the action that failed."""
        hand = cls(record)
        seat_ids = [s.id for s in record.seats]
        for index, raw in enumerate(record.actions):
            try:
                hand.apply(parse_action(raw, index, seat_ids))
            except EngineError as exc:
                raise exc.at(index) from None
        return hand

    def record(self) -> HandRecord:
        return HandRecord(
            game="gff",
            stake=self.stake,
            seats=self.seats,
            dealer=self.dealer,
            deck=self.deck,
            carry=dict(self.carried_in),
            actions=tuple(self.actions),
            salt=self.salt,
        )

    def _turn_order(self) -> tuple[str, ...]:
        """Dealt-in seats from the dealer's left round to the dealer (GFF-3.1, 5.1)."""
        ids = [s.id for s in self.seats]
        at = ids.index(self.dealer)
        clockwise = ids[at + 1 :] + ids[: at + 1]
        return tuple(s for s in clockwise if self.posted[s])

    # -- what may be done -------------------------------------------------------

    @property
    def commitment(self) -> str | None:
        """The SHA-256 shown at the deal, if the hand has a salt (engine/fairness.py).

        Worked out once: the table message shows it again after every action."""
        if self._commitment is None and self.salt is not None:
            self._commitment = commitment(self.deck, self.salt)
        return self._commitment

    @property
    def posts(self) -> tuple:
        return tuple(t for t in self.book.transfers if t.reason == "post")

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

    def legal_actions(self, seat: str) -> tuple[str, ...]:
        """The kinds of action `seat` may take now; empty when it is not their turn."""
        if self.phase == OVER or seat != self.order[self.turn]:
            return ()
        if self.phase == TURN_START:
            return (DROP, DRAW_STOCK, DRAW_DISCARD) if self.discards else (DROP, DRAW_STOCK)
        held = self.held[seat]
        return _AFTER_DRAW[has_spread(held)][bool(held & self.hit_wants)]

    def spread_options(self, seat: str) -> list:
        return find_spreads(self.hands[seat]) if seat in self.hands else []

    def hit_options(self, seat: str) -> list[tuple[int, tuple[Card, ...]]]:
        hand = self.hands.get(seat, [])
        return [
            (i, cards) for i, s in enumerate(self.spreads) for cards in find_hits(hand, s.cards)
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
            checker = _CHECKS[type(action)]
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
        if spread_kind(action.cards) is None:
            raise EngineError(
                "invalid_spread",
                f"{C.labels(action.cards) or 'no cards'} is not a spread: lay 3 or 4 of a "
                "rank, or 3 or more in a row of one suit (ace low)",
            )

    def _check_hit(self, action: Hit) -> None:
        self._check_drawn()
        if not 0 <= action.spread < len(self.spreads):
            raise EngineError("no_such_spread", f"there is no spread number {action.spread}")
        self._check_in_hand(action.seat, action.cards, "invalid_hit")
        target = self.spreads[action.spread]
        if hit_kind(target.cards, action.cards) is None:
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
        _APPLIES[type(action)](self, action)

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
        table_spread = _TableSpread(seat, laid, spread_kind(laid) or "")
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
        target.wants = hit_wants(target.cards)
        self.hit_wants = 0
        for table_spread in self.spreads:
            self.hit_wants |= table_spread.wants
        self.hits_made[seat] += 1
        self._log("hit", seat, tuple(action.cards), detail=target.owner)
        if not hand:
            self._emptied_without_discard(seat)

    def _apply_discard(self, action: Discard) -> None:
        seat, hand = action.seat, self.hands[action.seat]
        hand.remove(action.card)
        self.held[seat] &= ~(1 << action.card)
        self.discards.append(action.card)
        self._log("discard", seat, (action.card,))
        if not hand:
            self._finish(ending.GOING_OUT, (seat,), shown_values={})  # GFF-6.1
        elif not self.stock:
            self._stock_out()  # GFF-6.4: nobody may take this discard
        else:
            self._next_turn()

    def _instant_or_first_turn(self) -> None:
        """GFF-3.3: a 49 or 50 is declared before any turn and ends the round."""
        values = self._values()
        if max(values.values()) < 49:  # five cards are worth 50 at most
            self._reveal_through(0)
            return
        declared = tuple(s for s in self.order if values[s] >= 49)
        for seat in declared:
            self._log("declare", seat, tuple(self.hands[seat]), values[seat])
        self._finish(
            ending.INSTANT,
            declared,
            {s: values[s] for s in declared},  # the declared hands are shown
            w50=[s for s in declared if values[s] == 50],
        )

    def _next_turn(self) -> None:
        self.turn = turn = (self.turn + 1) % len(self.order)
        self.phase = TURN_START
        # GFF-4.3/4.4: reveals happen just before each seat's first turn; once the
        # dealer's are made, the flip and the flop are paid.
        if self.reveals_done <= turn:
            self._reveal_through(turn)

    def _reveal_through(self, index: int) -> None:
        while self.reveals_done <= index:
            for shown in self.schedule[self.reveals_done]:
                self.revealed.append(shown)
                self._log("reveal", shown.seat, (shown.card,), detail=shown.pot)
            self.reveals_done += 1
        if self.reveals_done == len(self.order) and not self.flipflop_paid:
            self._pay_flip_and_flop()

    def _pay_flip_and_flop(self) -> None:
        """GFF-4.2, 4.5: each goes to the lowest eligible card of its suit, or carries."""
        self.flipflop_paid = True
        for pot, holder in self.flipflop_holders.items():
            amount = self.book.balances[POT[pot]]
            if holder is None:
                if amount:
                    self._log("carry", amount=amount, detail=pot)
                continue
            winner = holder[0]
            if pot == FLIP:
                self.flip_winner = winner
            else:
                self.flop_winner = winner
            self._pay(pot, [(winner, amount)])

    def _pay(self, pot: str, shares: Sequence[tuple[str, int]]) -> None:
        won = self.won[pot]
        for seat, amount in shares:
            self.book.move(POT[pot], self.account[seat], amount, pot)
            won[seat] = won.get(seat, 0) + amount
            self._log("wins", seat, amount=amount, detail=pot)

    def _extra_stake(self, seat: str, why: str) -> None:
        """GFF-2.7: the one extra stake a hand can ask of a player; the reserve covers it."""
        target = BONUS if why == "fifty" else GAME
        self.book.move(self.account[seat], POT[target], self.stake, why)
        self._log("pays", seat, amount=self.stake, detail=why)

    def _values(self) -> dict[str, int]:
        """GFF-1.3: what each dealt-in hand is worth now."""
        return {s: C.hand_value(self.hands[s]) for s in self.order}

    def _drop(self, dropper: str) -> None:
        """GFF-6.2: the dropper must be strictly lowest, or is caught."""
        values = self._values()
        self._log("drop", dropper, tuple(self.hands[dropper]), values[dropper])
        others = [s for s in self.order if s != dropper]
        low = min(values[s] for s in others)
        # Every hand is shown and valued, so `values` is what the end of the round shows.
        if values[dropper] < low:
            self._finish(ending.DROP, (dropper,), values)
        else:
            self._finish(
                ending.CAUGHT, tuple(s for s in others if values[s] == low), values, caught=dropper
            )

    def _emptied_without_discard(self, seat: str) -> None:
        """GFF-5.6, 6.3: an empty hand ends the round; two own threes and no hits tunk out."""
        if self.laid[seat] == [3, 3] and self.hits_made[seat] == 0:
            self._finish(ending.TUNK_OUT, (seat,), shown_values={})
        else:
            self._finish(ending.GOING_OUT, (seat,), shown_values={})

    def _stock_out(self) -> None:
        """GFF-6.4: after the last stock card's turn, every hand is shown and the lowest wins."""
        values = self._values()
        low = min(values.values())
        self._finish(ending.STOCK_OUT, tuple(s for s in self.order if values[s] == low), values)

    # -- settling ---------------------------------------------------------------

    def _finish(
        self,
        ended: str,
        winners: tuple[str, ...],
        shown_values: Mapping[str, int],
        w50: Sequence[str] = (),
        caught: str | None = None,
    ) -> None:
        """GFF-7.2: flip and flop, then the game pot and its extra stakes, then eliminations.

        `winners` are in turn order (from the dealer's left), the order of GFF-7.1.
        `shown_values` holds the value of each hand the rules show at the end, in turn
        order (none when a player goes out): the ending has just computed them.
        """
        self.phase = OVER
        self.ended = ended
        self._reveal_through(len(self.order) - 1)
        stake = self.stake
        if caught is not None:
            self._extra_stake(caught, "caught")
        elif ended == ending.TUNK_OUT:
            for seat in self.order:
                if seat != winners[0]:
                    self._extra_stake(seat, "tunk out")
        game_pot = self.book.balances[POT[GAME]]
        self._pay(GAME, split(game_pot, winners))
        if w50:
            # GFF-3.4: everyone without 50 (49 included) pays a stake to those with 50.
            for seat in self.order:
                if seat not in w50:
                    self._extra_stake(seat, "fifty")
            bonus = self.book.balances[POT[BONUS]]
            if bonus:
                self._pay(BONUS, split(bonus, list(w50)))
        self.book.check()

        stacks = {s.id: self.book.balances[self.account[s.id]] for s in self.seats}
        eliminated = tuple(s.id for s in self.seats if is_eliminated(stacks[s.id], stake))
        self._log("ended", detail=ENDING_WORDS[ended])
        for seat in eliminated:
            self._log("eliminated", seat, amount=stacks[seat])
        self.settlement = Settlement(
            ended=ended,
            game_winners=tuple(s.id for s in self.seats if s.id in winners),
            flip_winner=self.flip_winner,
            flop_winner=self.flop_winner,
            stacks=stacks,
            carry={
                "flip": self.book.balances[POT[FLIP]],
                "flop": self.book.balances[POT[FLOP]],
            },
            eliminated=eliminated,
            net={s.id: stacks[s.id] - s.stack for s in self.seats},
            posted=self.posted_chips(),
            won={pot: dict(by_seat) for pot, by_seat in self.won.items() if by_seat},
            shown={s: tuple(C.sorted_cards(self.hands[s])) for s in shown_values},
            values=dict(shown_values),
            transfers=tuple(self.book.transfers),
        )

    def posted_chips(self) -> dict[str, dict[str, int]]:
        return {s: dict.fromkeys(self.posted[s], self.stake) for s in self.order}

    # -- views ------------------------------------------------------------------

    def public_view(self) -> PublicView:
        pots = {pot: self.book.balances[POT[pot]] for pot in POTS}
        return PublicView(
            stake=self.stake,
            dealer=self.dealer,
            seats=tuple(
                SeatView(
                    id=s.id,
                    stack=self.book.balances[self.account[s.id]],
                    dealt_in=s.id in self.hands,
                    posted=self.posted[s.id],
                    cards=len(self.hands.get(s.id, ())),
                    all_in=is_all_in(self.posted[s.id]),
                )
                for s in self.seats
            ),
            pots=pots,
            carried=dict(self.carried_in),
            flip_card=self.flip_card,
            flip_suit=self.flip_suit,
            flop_suit=self.flop_suit,
            revealed=tuple(self.revealed),
            spreads=tuple(
                TableSpread(i, s.owner, tuple(s.cards), s.kind) for i, s in enumerate(self.spreads)
            ),
            discard_pile=tuple(self.discards),
            stock=len(self.stock),
            turn=self.current,
            phase=self.phase,
            seq=self.seq,
            ended=self.ended,
        )

    def private_view(self, seat: str) -> PrivateView:
        hand = self.hands.get(seat, [])
        legal = self.legal_actions(seat)
        return PrivateView(
            seat=seat,
            hand=tuple(C.sorted_cards(hand)),
            value=C.hand_value(hand),
            posted={pot: self.stake for pot in self.posted.get(seat, ())},
            legal=legal,
            spread_options=tuple(self.spread_options(seat)) if SPREAD in legal else (),
            hit_options=tuple(self.hit_options(seat)) if HIT in legal else (),
            public=self.public_view(),
        )


# What may follow a draw, by (a spread can be laid, a hit can be made).
_AFTER_DRAW = {
    False: {False: (DISCARD_CARD,), True: (HIT, DISCARD_CARD)},
    True: {False: (SPREAD, DISCARD_CARD), True: (SPREAD, HIT, DISCARD_CARD)},
}
_CHECKS = {
    Drop: GffHand._check_drop,
    Draw: GffHand._check_draw,
    Spread: GffHand._check_spread,
    Hit: GffHand._check_hit,
    Discard: GffHand._check_discard,
}
_APPLIES = {
    Drop: GffHand._apply_drop,
    Draw: GffHand._apply_draw,
    Spread: GffHand._apply_spread,
    Hit: GffHand._apply_hit,
    Discard: GffHand._apply_discard,
}

ENDING_WORDS = {
    ending.INSTANT: "the round ends at once on a declared 49 or 50",
    ending.GOING_OUT: "the round ends: a player went out",
    ending.TUNK_OUT: "the round ends: a player tunked out",
    ending.DROP: "the round ends: the dropper had the lowest hand",
    ending.CAUGHT: "the round ends: the dropper was caught",
    ending.STOCK_OUT: "the round ends: the stock ran out",
}
