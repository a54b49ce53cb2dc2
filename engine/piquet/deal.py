"""One partie of Piquet (docs/rules/piquet.md): six deals for two, then the Rubicon.

The partie keeps the record, the totals and the finished deals, and plays each deal as a
`OneDeal` (engine/piquet/one_deal.py). After the sixth deal the margin is settled in
chips (5, 6). Every action is checked in the order of 7.4 before it is applied; a
refusal changes nothing.
"""

from __future__ import annotations

from engine import cards as C
from engine.base import DealBase, kept_until_the_next_action
from engine.cards import Card
from engine.chips import ChipBook, Transfer, seat_account
from engine.errors import EngineError
from engine.fairness import commitment
from engine.piquet import scoring as S
from engine.piquet.actions import Action, Declare, Exchange, Play, Sink
from engine.piquet.info import DEALS, PACK, PIQUET_INFO, RUBICON, TIE, WON
from engine.piquet.one_deal import DECLARING, EXCHANGING, LEGAL, OVER, OneDeal, opponent
from engine.piquet.settlement import PiquetSettlement, margin
from engine.piquet.views import PrivateView, PublicView, SeatView
from engine.record import HandRecord

__all__ = ["DECLARING", "EXCHANGING", "PiquetDeal"]  # the phases too: engine/piquet/game.py's

PACK_SET = frozenset(PACK)


class PiquetDeal(DealBase):
    """A whole partie: its state, its checks and its settlement."""

    info = PIQUET_INFO

    def __init__(self, record: HandRecord) -> None:
        """PIQUET-1.3, 1.4, 7.4: two seats, both with 5S, six packs; deal the first."""
        if len(record.seats) != 2:
            raise EngineError("bad_record", "Piquet is for exactly two players (PIQUET-1.3)")
        least = self.info.min_stack(record.stake)
        short = [s.id for s in record.seats if s.stack < least]
        if short:
            raise EngineError(
                "bad_record",
                "{seat} has under {least} chips (5 stakes, PIQUET-1.4)",
                seat=short[0],
                least=least,
            )
        if len(record.decks) != DEALS or any(
            len(pack) != len(PACK) or set(pack) != PACK_SET for pack in record.decks
        ):
            raise EngineError("bad_record", "a partie needs six packs of the 32 (PIQUET-7.1)")
        if record.options:
            raise EngineError("bad_record", "Piquet has no options (PIQUET-1.5)")
        self._record = record
        self.stake = record.stake
        self.seats = record.seats
        first, second = (s.id for s in record.seats)
        self.ids = (first, second)
        # 1.3: the seat named `dealer` deals the odd deals, the other seat the even ones.
        self.first_dealer = record.dealer if record.dealer in self.ids else first
        self.totals: dict[str, int] = dict.fromkeys(self.ids, 0)
        self.finished: list[dict] = []  # the finished deals, as 7.3 lists them
        self.actions: list[Action] = []
        self.settlement: PiquetSettlement | None = None
        self._commitment: str | None = (
            commitment(record.committed_cards, record.salt) if record.salt else None
        )
        # The deal in play; once the partie is over, the sixth, OVER.
        self.current: OneDeal = self._deal(0)

    def _deal(self, number: int) -> OneDeal:
        """PIQUET-1.3, 2.1: deal `decks[number]`, the dealers taking turns."""
        dealer = self.first_dealer if number % 2 == 0 else self.other(self.first_dealer)
        return OneDeal(number, self.ids, dealer, self._record.decks[number])

    def other(self, seat: str) -> str:
        return opponent(self.ids, seat)

    def copy(self) -> PiquetDeal:
        """A partie that goes on on its own from here (engine/game.py, `Deal.copy`): the
        same state, seq and record, and applying to one never changes the other. What
        play changes is copied: the totals, the lists of finished deals and of actions,
        and the deal in play (`OneDeal.copy`). The rest is shared, never changed once
        made: the record dealt from, each finished deal, each action, the settlement."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.totals = dict(self.totals)
        new.finished = list(self.finished)
        new.actions = list(self.actions)
        new.current = self.current.copy()
        return new

    # -- the deal in play, as the game, the views and the tests read it --------------------

    @property
    def number(self) -> int:
        return self.current.number

    @property
    def phase(self) -> str:
        return self.current.phase

    @property
    def kind_at(self) -> int:
        return self.current.kind_at

    @property
    def kind(self) -> str | None:
        return self.current.kind

    @property
    def hands(self) -> dict[str, set[Card]]:
        return self.current.hands

    @property
    def talon(self) -> list[Card]:
        return self.current.talon

    @property
    def detail(self) -> dict[str, dict[str, int]]:
        return self.current.detail

    def deal_score(self, seat: str) -> int:
        return self.current.score(seat)

    def exchange_limit(self, seat: str) -> int:
        return self.current.exchange_limit(seat)

    def playable(self, seat: str) -> tuple[Card, ...]:
        return self.current.playable(seat)

    # -- the protocol ---------------------------------------------------------------------

    @property
    def posts(self) -> tuple[Transfer, ...]:
        return ()  # no ante (1.4)

    def dealt_in(self) -> tuple[str, ...]:
        return self.ids

    def to_act(self) -> tuple[str, ...]:
        return self.current.to_act()

    def seat_seq(self, seat: str) -> int:
        return self.seq  # a turn game: every action is a turn (engine/game.py)

    def turn_number(self, seat: str) -> int:
        return self.seq

    def legal_actions(self, seat: str) -> tuple[str, ...]:
        if seat not in self.to_act():
            return ()
        return LEGAL[self.phase]

    def check(self, action: Action) -> None:
        self._checked(action)

    def _checked(self, action: Action) -> tuple[Card, ...]:
        """PIQUET-7.4, in its order: raise the refusal of `action`, or return its cards."""
        if not isinstance(action, (Play, Exchange, Declare, Sink)):
            raise EngineError("bad_record", "not a Piquet action (PIQUET-7.2)")
        deal = self.current
        if deal.phase == OVER:
            raise EngineError("wrong_phase", "the partie is over: six deals are played")
        return deal.checked(action)

    def apply(self, action: Action) -> None:
        """Check, then play; the record keeps the cards by their codes as `C.code` writes
        them, whatever spelling the action used (7.4)."""
        cards = self._checked(action)
        deal = self.current
        if isinstance(action, Play):  # 24 of a deal's 30-odd actions
            code = C.code(cards[0])
            # A Play that already writes its card so is kept as it is.
            kept = type(action) is Play and action.card == code
            self.actions.append(action if kept else Play(action.seat, code))
            deal.play(action.seat, cards[0])
        elif isinstance(action, Exchange):
            self.actions.append(Exchange(action.seat, tuple(map(C.code, cards)), action.show_rest))
            deal.exchange(action.seat, cards, action.show_rest)
        elif isinstance(action, Declare):
            self.actions.append(Declare(action.seat, action.kind, tuple(map(C.code, cards))))
            deal.declare(action.seat, frozenset(cards))
        else:
            self.actions.append(action)
            deal.declare(action.seat, None)
        if deal.phase == OVER:
            self._end_deal()

    # -- the partie -----------------------------------------------------------------------

    def _end_deal(self) -> None:
        deal = self.current
        scores = {seat: deal.score(seat) for seat in self.ids}
        for seat in self.ids:
            self.totals[seat] += scores[seat]
        self.finished.append(
            {
                "dealer": deal.dealer,
                "scores": scores,
                "detail": {seat: dict(deal.detail[seat]) for seat in self.ids},
            }
        )
        if deal.number + 1 < DEALS:
            self.current = self._deal(deal.number + 1)
            return
        self._settle()

    def _settle(self) -> None:
        """5.1, 5.2, 6: the higher total wins the margin; the loser pays S x margin // 100,
        at most their stack; under 5S after, a seat is eliminated (1.4)."""
        stacks = {s.id: s.stack for s in self.seats}
        book = ChipBook({seat_account(seat): stacks[seat] for seat in self.ids})
        first, second = self.ids
        high = first if self.totals[first] > self.totals[second] else second
        low = self.other(high)
        paid, the_margin, ended = 0, None, TIE
        if self.totals[high] != self.totals[low]:
            the_margin, rubiconed = margin(self.totals[high], self.totals[low])
            ended = RUBICON if rubiconed else WON
            paid = min(self.stake * the_margin // 100, stacks[low])  # 6.1, 6.2
            book.move(seat_account(low), seat_account(high), paid, "partie")
        book.check()
        after = {seat: book.balances[seat_account(seat)] for seat in self.ids}
        least = self.info.min_stack(self.stake)
        self.settlement = PiquetSettlement(
            ended=ended,
            winners=(high,) if ended != TIE else (),
            stacks=after,
            eliminated=tuple(seat for seat in self.ids if after[seat] < least),
            net={seat: after[seat] - stacks[seat] for seat in self.ids},
            scores=dict(self.totals),
            deals=tuple(self.finished),
            margin=the_margin,
            paid=paid,
            transfers=tuple(book.transfers),
        )

    # -- time-out, record, cards ---------------------------------------------------------

    def timeout_action(self, seat: str) -> Action:
        """5.3: the deal's safe default move (OneDeal.timeout_action)."""
        if seat not in self.to_act():
            raise ValueError(f"{seat} has nothing to do now")
        return self.current.timeout_action(seat)

    def record(self) -> HandRecord:
        r = self._record
        return HandRecord(
            r.game, r.stake, r.seats, r.dealer, (), {}, tuple(self.actions), r.salt, {},
            r.decks,
        )

    def cards_in_play(self) -> list[Card]:
        """The current deal's 32: hands, talon, discards, the trick and the tricks."""
        return self.current.cards()

    # -- views ----------------------------------------------------------------------------

    @kept_until_the_next_action
    def public_view(self) -> PublicView:
        deal = self.current
        stacks = {s.id: s.stack for s in self.seats}
        if self.settlement:
            stacks = self.settlement.stacks
        dealer_shown = deal.took[deal.elder] is not None  # 2.2
        return PublicView(
            stake=self.stake,
            deal=deal.number + 1,
            dealer=deal.dealer,
            elder=deal.elder,
            phase=deal.phase,
            kind=deal.kind,
            seats=tuple(
                SeatView(
                    id=seat,
                    stack=stacks[seat],
                    total=self.totals[seat],
                    deal_score=0 if deal.phase == OVER else deal.score(seat),
                    cards=len(deal.hands[seat]),
                    took=deal.took[seat],
                    tricks=deal.won[seat],
                )
                for seat in self.ids
            ),
            carte_blanche=tuple(
                (seat, hand if seat == deal.elder or dealer_shown else None)
                for seat, hand in deal.carte_blanche.items()
            ),
            talon=len(deal.talon),
            talon_shown=deal.talon_shown,
            announcements=tuple(deal.announcements),
            elder_call=deal.elder_call(),
            trick=tuple(deal.trick),
            tricks=tuple(deal.tricks),
            deals=tuple(self.finished),
            to_act=self.to_act(),
            seq=self.seq,
            ended=self.settlement.ended if self.settlement else None,
        )

    def private_view(self, seat: str) -> PrivateView:
        deal = self.current
        hand = deal.hands.get(seat, set())
        return PrivateView(
            seat=seat,
            hand=tuple(sorted(hand, key=lambda c: (C.suit(c), S.height(c)))),
            legal=self.legal_actions(seat),
            public=self.public_view(),
            discards=tuple(deal.discards.get(seat, ())),
            rest_seen=deal.rest_seen if seat == deal.elder else (),
            exchange_limit=deal.exchange_limit(seat),
            choices=deal.choices(seat),
            playable=deal.playable(seat),
        )
