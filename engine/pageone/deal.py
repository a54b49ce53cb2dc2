"""One game of Page One (docs/rules/pageone.md), from the antes to the pot.

Tricks of one card from each player (PAGEONE-4.1); a follower who cannot follow suit
or play the joker has cards drawn for them until they can (4.4), a play that leaves one
card without the call draws five (4.7), and the first player out takes the pot (5.1).
The bot's draws are not actions: after each play the deal runs them at once, so the
next player always has a real choice. Every action is checked before it is applied;
a refusal is an EngineError with the page's code (8.4) and changes nothing.
"""

from __future__ import annotations

from engine import cards as C
from engine.base import DealBase, kept_until_the_next_action
from engine.cards import JOKER, Card
from engine.chips import pot_account, seat_account
from engine.errors import EngineError
from engine.fairness import commitment
from engine.pageone.actions import PLAY, Play
from engine.pageone.info import DRAWN, OUT, PAGEONE_INFO, POT
from engine.pageone.settlement import PageOneSettlement
from engine.pageone.views import PrivateView, PublicView, SeatView
from engine.record import HandRecord
from engine.restock import Restock, Shuffle
from engine.seating import antes, seats_dealt_in

HAND_SIZE = 4  # PAGEONE-3.1
PENALTY = 5  # PAGEONE-4.7
POT_ACCOUNT = pot_account(POT)


def high(card: Card) -> int:
    """PAGEONE-1.1: within a suit, 2 lowest and the ace highest."""
    return (card % 13 + 12) % 13


def timeout_order(card: Card) -> tuple[int, int]:
    """PAGEONE-7: the lowest card first, the joker last (suits in S H D C order)."""
    return (13, 0) if card == JOKER else (high(card), C.suit(card))


class GameDrawn(Exception):
    """PAGEONE-5.2: a card must be drawn and the stock and the discard pile are empty."""


class PageOneDeal(DealBase):
    """A game of Page One: the state, its checks and its settlement."""

    info = PAGEONE_INFO

    def __init__(self, record: HandRecord) -> None:
        """Ante and deal `record` (PAGEONE-2.1, 3.1); its actions are not applied."""
        self._record = record
        self.stake = stake = record.stake
        self.seats = record.seats
        self.ids = tuple(s.id for s in record.seats)
        self.dealer = dealer = record.dealer
        assert dealer is not None  # parse_common requires the dealer
        self.order = seats_dealt_in(record, stake, "PAGEONE-8.1")
        self.book = antes(record, self.order, POT_ACCOUNT)  # G2.3
        self._posts = tuple(self.book.transfers)
        n = len(self.order)
        deck = record.deck
        self.hands: dict[str, list[Card]] = {
            seat: [deck[i * n + p] for i in range(HAND_SIZE)] for p, seat in enumerate(self.order)
        }
        self.stock = list(reversed(deck[HAND_SIZE * n:]))  # the top is the end: pop() draws
        self.discard: list[Card] = []
        self.restock = Restock(record.reshuffles)
        self.trick: list[tuple[str, Card]] = []
        self.suit: int | None = None  # the suit to follow (4.2, 4.3)
        self.turn = 0  # 4.1: left of the dealer leads
        self.must_play: Card | None = None  # 4.4: the card drawn that is the only play
        self.drawn = dict.fromkeys(self.order, 0)
        # The cards drawn for each seat since its last play, for its own view (PAGEONE-6).
        self.last_drawn: dict[str, list[Card]] = {seat: [] for seat in self.order}
        self.events: list[str] = []
        self.actions: list[Play] = []
        self.settlement: PageOneSettlement | None = None
        self._commitment = commitment(deck, record.salt) if record.salt is not None else None

    # -- the protocol -----------------------------------------------------------

    @property
    def current(self) -> str | None:
        return None if self.settlement is not None else self.order[self.turn]

    def to_act(self) -> tuple[str, ...]:
        return () if self.settlement is not None else (self.order[self.turn],)

    def seat_seq(self, seat: str) -> int:
        return len(self.actions)  # one seat acts at a time

    def legal_actions(self, seat: str) -> tuple[str, ...]:
        return (PLAY,) if seat == self.current else ()

    def legal_cards(self, seat: str) -> tuple[Card, ...]:
        """The cards `seat` may play now (PAGEONE-4.2 to 4.4)."""
        if seat != self.current:
            return ()
        if self.must_play is not None:
            return (self.must_play,)
        hand = self.hands[seat]
        if not self.trick or self.suit is None:
            return tuple(hand)  # 4.1, 4.3: the leader, or the second after a joker lead
        return tuple(c for c in hand if c == JOKER or C.suit(c) == self.suit)

    def check(self, action: Play) -> None:
        seat = action.seat
        if self.settlement is not None:
            raise EngineError("wrong_phase", "the game is over")
        current = self.order[self.turn]
        if seat != current:
            if seat not in self.hands:
                raise EngineError("not_your_turn", f"{seat} is not dealt in this game")
            raise EngineError("not_your_turn", f"{seat} acted, but it is {current}'s turn")
        card = action.card
        hand = self.hands[seat]
        if card not in hand:
            raise EngineError("card_not_in_hand", f"you do not hold {C.label(card)}")
        if self.must_play is not None and card != self.must_play:
            raise EngineError(
                "illegal_play",
                f"you drew {C.label(self.must_play)} to follow: it is your only play "
                "(PAGEONE-4.4)",
            )
        if self.trick and self.suit is not None and card != JOKER and C.suit(card) != self.suit:
            raise EngineError(
                "illegal_play",
                f"follow {C.SUIT_NAMES[self.suit]} or play the joker (PAGEONE-4.2)",
            )
        if action.call and len(hand) != 2:
            raise EngineError(
                "bad_call", "call Page One only with the play that leaves you one card "
                "(PAGEONE-4.7)"
            )

    def apply(self, action: Play) -> None:
        self.check(action)
        self.actions.append(action)
        seat, card = action.seat, action.card
        self.last_drawn[seat] = []
        hand = self.hands[seat]
        had = len(hand)
        hand.remove(card)
        self.must_play = None
        self.trick.append((seat, card))
        if card != JOKER and self.suit is None:
            self.suit = C.suit(card)  # the lead, or 4.3: the card after a joker lead
        if not hand:  # 5.1: out at once, even mid-trick
            self._settle(OUT, seat)
            return
        try:
            if had == 2:
                if action.call:
                    self.events.append(f"{seat} called Page One!")
                else:  # 4.7: five cards at once, before the trick is gathered
                    self.events.append(f"{seat} did not call Page One: five cards")
                    for _ in range(PENALTY):
                        hand.append(self._draw(seat))
            if len(self.trick) == len(self.order):
                self._gather()
            else:
                self.turn = (self.turn + 1) % len(self.order)
            self._draw_until_able()
        except GameDrawn:
            self._settle(DRAWN, None)

    def timeout_action(self, seat: str) -> Play:
        """PAGEONE-7: the lowest legal card, the joker last, calling Page One when due."""
        card = min(self.legal_cards(seat), key=timeout_order)
        return Play(seat, card, len(self.hands[seat]) == 2)

    def shuffle_with(self, source: Shuffle) -> None:
        """The bot's shuffle for the new stocks the record does not give (4.6)."""
        self.restock.source = source

    def record(self) -> HandRecord:
        r = self._record
        return HandRecord(r.game, r.stake, r.seats, r.dealer, r.deck, {}, tuple(self.actions),
                          r.salt, {}, (), self.restock.orders())

    def cards_in_play(self) -> list[Card]:
        held = [card for cards in self.hands.values() for card in cards]
        return held + self.stock + self.discard + [card for _, card in self.trick]

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
            trick=tuple(self.trick),
            suit=self.suit if self.trick else None,
            discard=tuple(self.discard),
            stock=len(self.stock),
            turn=self.current,
            seq=self.seq,
            events=tuple(self.events),
            ended=self.settlement.ended if self.settlement else None,
        )

    def private_view(self, seat: str) -> PrivateView:
        hand = self.hands.get(seat, [])
        return PrivateView(
            seat=seat,
            hand=tuple(sorted(hand)),
            legal_cards=self.legal_cards(seat),
            call_due=len(hand) == 2,
            legal=self.legal_actions(seat),
            public=self.public_view(),
            drawn=tuple(self.last_drawn.get(seat, ())),
        )

    # -- play (PAGEONE-4) -------------------------------------------------------

    def _gather(self) -> None:
        """4.5: the joker wins, else the highest card of the suit to follow; the winner
        leads next."""
        suit = self.suit
        winner = None
        for seat, card in self.trick:
            if card == JOKER:
                winner = seat
                break
        if winner is None:
            winner = max((c for c in self.trick if C.suit(c[1]) == suit),
                         key=lambda played: high(played[1]))[0]
        self.discard.extend(card for _, card in self.trick)
        self.trick = []
        self.suit = None
        self.turn = self.order.index(winner)

    def _draw_until_able(self) -> None:
        """4.4: a follower with neither the suit nor the joker draws until one comes."""
        if not self.trick or self.suit is None:
            return
        seat = self.order[self.turn]
        hand = self.hands[seat]
        suit = self.suit
        if any(c == JOKER or C.suit(c) == suit for c in hand):
            return
        while True:
            card = self._draw(seat)
            hand.append(card)
            if card == JOKER or C.suit(card) == suit:
                self.must_play = card
                return

    def _draw(self, seat: str) -> Card:
        """One card from the stock, rebuilt from the discard pile when empty (4.6)."""
        if not self.stock:
            if not self.discard:
                raise GameDrawn  # 5.2
            order = self.restock.rebuild(self.discard, "PAGEONE-4.6")
            self.discard = []
            self.stock = order[::-1]
            self.events.append("the discard pile became the new stock")
        self.drawn[seat] += 1
        card = self.stock.pop()
        self.last_drawn[seat].append(card)
        return card

    # -- settlement (PAGEONE-2.2, 5) ----------------------------------------------

    def _settle(self, ended: str, winner: str | None) -> None:
        pot = self.book.balances[POT_ACCOUNT]
        if winner is not None:
            self.book.move(POT_ACCOUNT, seat_account(winner), pot, "pot")
        else:
            for seat in self.order:  # 2.2: a drawn game gives every ante back
                self.book.move(POT_ACCOUNT, seat_account(seat), self.stake, "ante returned")
        self.book.check()
        stacks = {s.id: self.book.balances[seat_account(s.id)] for s in self.seats}
        self.settlement = PageOneSettlement(
            ended=ended,
            winners=(winner,) if winner else (),
            stacks=stacks,
            eliminated=tuple(s for s in self.ids if stacks[s] < self.stake),
            net={s.id: stacks[s.id] - s.stack for s in self.seats},
            carry={},
            transfers=tuple(self.book.transfers),
            cards_left={s: len(self.hands[s]) for s in self.ids if s in self.hands},
        )
