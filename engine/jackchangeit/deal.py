"""One game of Jack Change It (docs/rules/jackchangeit.md), from the antes to the pot.

Each player in turn plays a card that matches the upcard (JCI-4.2), or the bot draws
one for them and the turn passes (4.3); trick cards make the next player draw, miss
their turn, follow a named suit or play the other way round (4.5 to 4.7). The bot's
draws are not actions: after each action the deal makes them at once, so the player
whose turn it is always has a real choice. A refusal is an EngineError with the page's
code (8.4) and changes nothing.
"""

from __future__ import annotations

from engine import cards as C
from engine.base import DealBase, kept_until_the_next_action
from engine.cards import Card
from engine.chips import pot_account, seat_account
from engine.errors import EngineError
from engine.fairness import commitment
from engine.jackchangeit.actions import DRAW, PLAY, Action, Draw, Play
from engine.jackchangeit.info import (
    ACE_OF_HEARTS,
    DRAWN,
    EIGHT,
    FIVE_OF_HEARTS,
    JACK,
    JACKCHANGEIT_INFO,
    OUT,
    POT,
    QUEEN,
    TWO,
    is_trick_card,
)
from engine.jackchangeit.settlement import JackChangeItSettlement
from engine.jackchangeit.views import PrivateView, PublicView, SeatView
from engine.record import HandRecord
from engine.restock import Restock, Shuffle
from engine.seating import antes, seats_dealt_in

HAND_SIZE = 7  # JCI-3.1
POT_ACCOUNT = pot_account(POT)


class GameDrawn(Exception):
    """JCI-5.2: a card must be drawn, the stock is empty and only the upcard is left."""


class JackChangeItDeal(DealBase):
    """A game of Jack Change It: the state, its checks and its settlement."""

    info = JACKCHANGEIT_INFO

    def __init__(self, record: HandRecord) -> None:
        """Ante and deal `record` (JCI-2.1, 3.1); its actions are not applied."""
        self._record = record
        self.stake = stake = record.stake
        self.seats = record.seats
        self.ids = tuple(s.id for s in record.seats)
        self.dealer = dealer = record.dealer
        assert dealer is not None  # parse_common requires the dealer
        self.order = seats_dealt_in(record, stake, "JCI-8.1")
        self.book = antes(record, self.order, POT_ACCOUNT)  # G2.3
        self._posts = tuple(self.book.transfers)
        deck, n = record.deck, len(self.order)
        self.hands: dict[str, list[Card]] = {
            seat: [deck[i * n + p] for i in range(HAND_SIZE)] for p, seat in enumerate(self.order)
        }
        self.pile = [deck[HAND_SIZE * n]]  # 3.1: the upcard; 3.2: its effect does not apply
        self.stock = list(reversed(deck[HAND_SIZE * n + 1:]))  # the top is the end
        self.restock = Restock(record.reshuffles)
        self.step = 1  # 4.1: clockwise; -1 after a queen (4.5)
        self.turn = 0  # 4.1: left of the dealer starts
        self.called: int | None = None  # 4.5
        self.pending = 0  # 4.7: cards the next player must draw
        self.drawn = dict.fromkeys(self.order, 0)
        self.events: list[str] = []
        self.actions: list[Action] = []
        self.settlement: JackChangeItSettlement | None = None
        self._commitment = commitment(deck, record.salt) if record.salt is not None else None
        try:
            self._until_a_choice()  # 4.3: the first player may have to draw at once
        except GameDrawn:
            self._settle(DRAWN, None)

    # -- the protocol -----------------------------------------------------------

    @property
    def current(self) -> str | None:
        return None if self.settlement is not None else self.order[self.turn]

    @property
    def upcard(self) -> Card:
        return self.pile[-1]

    def to_act(self) -> tuple[str, ...]:
        return () if self.settlement is not None else (self.order[self.turn],)

    def seat_seq(self, seat: str) -> int:
        return len(self.actions)  # one seat acts at a time

    def legal_actions(self, seat: str) -> tuple[str, ...]:
        if seat != self.current:
            return ()
        return (PLAY, DRAW) if self.pending else (PLAY,)

    def legal_plays(self, seat: str) -> tuple[tuple[Card, Card | None], ...]:
        """(card, the 2 under it or None) for every play `seat` may make now; a jack then
        names any suit but its own."""
        if seat != self.current:
            return ()
        hand = self.hands[seat]
        if self.pending:
            return tuple((c, None) for c in hand if self._counter_error(c, hand) is None)
        plays: list[tuple[Card, Card | None]] = [
            (c, None) for c in hand if self._single_error(c, hand) is None
        ]
        if ACE_OF_HEARTS in hand:
            plays += [(ACE_OF_HEARTS, two) for two in hand
                      if C.rank(two) == TWO and self._pair_error(two, hand) is None]
        return tuple(plays)

    def check(self, action: Action) -> None:
        seat = action.seat
        if self.settlement is not None:
            raise EngineError("wrong_phase", "the game is over")
        current = self.order[self.turn]
        if seat != current:
            if seat not in self.hands:
                raise EngineError("not_your_turn", f"{seat} is not dealt in this game")
            raise EngineError("not_your_turn", f"{seat} acted, but it is {current}'s turn")
        if isinstance(action, Draw):
            if not self.pending:
                raise EngineError("illegal_play", "there is no draw to take (JCI-4.7)")
            return
        hand = self.hands[seat]
        card, two = action.card, action.with_
        for held in (card, two):
            if held is not None and held not in hand:
                raise EngineError("card_not_in_hand", f"you do not hold {C.label(held)}")
        if two is not None and (card != ACE_OF_HEARTS or C.rank(two) != TWO):
            raise EngineError(
                "illegal_play", "only the A♥ is played with another card, a 2 (JCI-4.6)"
            )
        if action.suit is not None and action.suit == C.suit(card):
            raise EngineError("illegal_play", "a jack names one of the three other suits "
                              "(JCI-4.5)")
        if self.pending:
            problem = (
                "the pair is not a counter to a draw (JCI-4.7)" if two is not None
                else self._counter_error(card, hand)
            )
        elif two is not None:
            problem = self._pair_error(two, hand)
        else:
            problem = self._single_error(card, hand)
        if problem is not None:
            raise EngineError("illegal_play", problem)

    def apply(self, action: Action) -> None:
        self.check(action)
        self.actions.append(action)
        seat = action.seat
        try:
            if isinstance(action, Draw):
                self._draw_pending(seat)
            elif self._play(action):
                return
            self._until_a_choice()
        except GameDrawn:
            self._settle(DRAWN, None)

    def timeout_action(self, seat: str) -> Action:
        """JCI-7: take a pending draw, or play the first legal single card (in the hand's
        sorted order), a jack naming the first other suit of S H D C."""
        if self.pending:
            return Draw(seat)
        card = min(c for c, two in self.legal_plays(seat) if two is None)
        suit = next(s for s in range(4) if s != C.suit(card)) if C.rank(card) == JACK else None
        return Play(seat, card, suit)

    def shuffle_with(self, source: Shuffle) -> None:
        """The bot's shuffle for the new stocks the record does not give (4.8)."""
        self.restock.source = source

    def record(self) -> HandRecord:
        r = self._record
        return HandRecord(r.game, r.stake, r.seats, r.dealer, r.deck, {}, tuple(self.actions),
                          r.salt, {}, (), self.restock.orders())

    def cards_in_play(self) -> list[Card]:
        held = [card for cards in self.hands.values() for card in cards]
        return held + self.stock + self.pile

    @kept_until_the_next_action
    def public_view(self) -> PublicView:
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
        return PublicView(
            stake=self.stake,
            dealer=self.dealer,
            pot=self.book.balances[POT_ACCOUNT],
            seats=tuple(seats),
            upcard=self.upcard,
            pile=tuple(self.pile),
            called=self.called,
            clockwise=self.step == 1,
            pending=self.pending,
            stock=len(self.stock),
            turn=self.current,
            seq=self.seq,
            events=tuple(self.events),
            ended=self.settlement.ended if self.settlement else None,
        )

    def private_view(self, seat: str) -> PrivateView:
        return PrivateView(
            seat=seat,
            hand=tuple(sorted(self.hands.get(seat, []))),
            plays=self.legal_plays(seat),
            players=len(self.order),
            legal=self.legal_actions(seat),
            public=self.public_view(),
        )

    # -- the rules of a play (JCI-4) ----------------------------------------------

    def _matches(self, card: Card) -> bool:
        """4.2: the upcard's suit or rank; after a jack, only the called suit."""
        up = self.upcard
        if self.called is not None:
            return C.suit(card) == self.called
        return C.suit(card) == C.suit(up) or C.rank(card) == C.rank(up)

    def _single_error(self, card: Card, hand: list[Card]) -> str | None:
        if not self._matches(card):
            return f"{C.label(card)} does not match {self._to_match()} (JCI-4.2)"
        if len(hand) == 1 and is_trick_card(card, len(self.order)):
            return f"{C.label(card)} is a trick card: it may not be your last card (JCI-4.4)"
        return None

    def _pair_error(self, two: Card, hand: list[Card]) -> str | None:
        if not (self._matches(ACE_OF_HEARTS) or self._matches(two)):
            return f"neither card matches {self._to_match()} (JCI-4.6)"
        if len(hand) == 2:
            return "the A♥ and a 2 may not be your last two cards (JCI-4.4)"
        return None

    def _counter_error(self, card: Card, hand: list[Card]) -> str | None:
        """4.7: a 2 on a 2, the 5♥ on the A♥; nothing else on a pending draw."""
        if self.upcard == ACE_OF_HEARTS:
            if card != FIVE_OF_HEARTS:
                return f"only the 5♥ answers the A♥: play it or draw {self.pending} (JCI-4.7)"
            return None
        if C.rank(card) != TWO:
            return f"only a 2 answers a 2: play one or draw {self.pending} (JCI-4.7)"
        if len(hand) == 1:
            return "a 2 is a trick card: it may not be your last card (JCI-4.4)"
        return None

    def _to_match(self) -> str:
        if self.called is not None:
            return f"the called suit, {C.SUIT_NAMES[self.called]}"
        return C.label(self.upcard)

    def _play(self, action: Play) -> bool:
        """Play `action`'s card (and the 2 under it); True when that ends the game."""
        seat, card = action.seat, action.card
        hand = self.hands[seat]
        if action.with_ is not None:
            hand.remove(action.with_)
            self.pile.append(action.with_)  # 4.6: the 2 goes under
        hand.remove(card)
        self.pile.append(card)
        self.called = action.suit  # 4.5: a jack's call; any other card ends one
        if not hand:  # 5.1
            self._settle(OUT, seat)
            return True
        rank, players = C.rank(card), len(self.order)
        steps = 1
        if card == FIVE_OF_HEARTS and self.pending:
            self.pending = 0  # 4.7: cancels the A♥
        elif card == ACE_OF_HEARTS:
            self.pending = 7 if action.with_ is not None else 5  # 4.5, 4.6
        elif rank == TWO:
            self.pending += 2  # 4.5, 4.7: a 2 on a 2 passes the total on
        elif rank == EIGHT:
            steps = 2  # 4.5: the next player is skipped
        elif rank == QUEEN and players >= 3:
            self.step = -self.step  # 4.5: the direction reverses
        self.turn = (self.turn + steps * self.step) % players
        return False

    def _until_a_choice(self) -> None:
        """4.3, 4.7: the bot draws for each player who cannot play, until one can."""
        while True:
            seat = self.order[self.turn]
            hand = self.hands[seat]
            if self.pending:
                if any(self._counter_error(c, hand) is None for c in hand):
                    return
                self._draw_pending(seat)
                continue
            if any(self._single_error(c, hand) is None for c in hand):
                return
            hand.append(self._draw(seat))  # 4.3: the drawn card waits for a later turn
            self.events.append(f"{seat} could not play and drew a card")
            self._next()

    def _draw_pending(self, seat: str) -> None:
        """4.7: the whole pending draw, which ends the turn."""
        count, self.pending = self.pending, 0
        hand = self.hands[seat]
        for _ in range(count):
            hand.append(self._draw(seat))
        self.events.append(f"{seat} drew {count}")
        self._next()

    def _next(self) -> None:
        self.turn = (self.turn + self.step) % len(self.order)

    def _draw(self, seat: str) -> Card:
        """One card from the stock, rebuilt from the pile under the upcard when empty (4.8)."""
        if not self.stock:
            if len(self.pile) == 1:
                raise GameDrawn  # 5.2
            order = self.restock.rebuild(self.pile[:-1], "JCI-4.8")
            self.pile = self.pile[-1:]
            self.stock = order[::-1]
            self.events.append("the pile under the upcard became the new stock")
        self.drawn[seat] += 1
        return self.stock.pop()

    # -- settlement (JCI-2.2, 5) ----------------------------------------------------

    def _settle(self, ended: str, winner: str | None) -> None:
        pot = self.book.balances[POT_ACCOUNT]
        if winner is not None:
            self.book.move(POT_ACCOUNT, seat_account(winner), pot, "pot")
        else:
            for seat in self.order:  # 2.2: a drawn game gives every ante back
                self.book.move(POT_ACCOUNT, seat_account(seat), self.stake, "ante returned")
        self.book.check()
        stacks = {s.id: self.book.balances[seat_account(s.id)] for s in self.seats}
        self.settlement = JackChangeItSettlement(
            ended=ended,
            winners=(winner,) if winner else (),
            stacks=stacks,
            eliminated=tuple(s for s in self.ids if stacks[s] < self.stake),
            net={s.id: stacks[s.id] - s.stack for s in self.seats},
            carry={},
            transfers=tuple(self.book.transfers),
            cards_left={s: len(self.hands[s]) for s in self.ids if s in self.hands},
        )
