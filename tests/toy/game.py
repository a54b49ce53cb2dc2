"""High card, a toy game that tests register (tests/discord/test_toy_game.py) and the
hall does not: each player dealt in antes the stake and is dealt one card face down;
in turn from the dealer's left each shows it; the highest rank (ace low) takes the pot,
tied highest ranks sharing it (G2.5). It is built on the engine's shared bases as a game
of the hall is, to show that a game needs nothing outside its own packages but its
registry line.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import NamedTuple

from engine import cards as C
from engine.action_parser import ActionParser
from engine.base import BaseGame, DealBase, kept_until_the_next_action
from engine.cards import Card
from engine.chips import pot_account, seat_account, split
from engine.errors import EngineError
from engine.fairness import commitment
from engine.game import GameInfo
from engine.record import HandRecord
from engine.seating import antes, seats_with_the_stake
from engine.settlement import SettlementBase

SHOW = "show"
HIGH_CARD = "high_card"  # the one way a deal ends: every card shown
POT = pot_account("pot")

INFO = GameInfo(
    id="toy",
    name="High card",
    summary="One card each, shown in turn; the highest takes the pot",
    min_seats=2,
    max_seats=6,
    pack=C.DECK,
    stakes_to_deal_in=1,
    stakes_to_buy_in=4,
    endings=(HIGH_CARD,),
    pots=("pot",),
)


class Show(NamedTuple):
    seat: str

    def to_json(self) -> dict:
        return {"seat": self.seat, "do": SHOW}


parse_show = ActionParser({SHOW: lambda seat, raw, index: Show(seat)}, (Show,))


@dataclass(frozen=True, slots=True)
class SeatView:
    id: str
    stack: int
    dealt_in: bool
    shown: Card | None  # face up once shown


@dataclass(frozen=True, slots=True)
class PublicView:
    stake: int
    dealer: str
    seats: tuple[SeatView, ...]
    pot: int
    turn: str | None  # who shows next; None once over
    seq: int
    ended: str | None


@dataclass(frozen=True, slots=True)
class PrivateView:
    seat: str
    card: Card | None  # this seat's own, face down until shown; None if not dealt in
    legal: tuple[str, ...]
    public: PublicView


@dataclass(slots=True, kw_only=True)
class HighCardSettlement(SettlementBase):
    high: Card  # the highest card shown (the first shown of a tie)

    def page_fields(self) -> dict:
        return {"high": C.code(self.high)}


class HighCardDeal(DealBase):
    info = INFO

    def __init__(self, record: HandRecord) -> None:
        self._record = record
        self.seats = record.seats
        self.order = seats_with_the_stake(record, INFO, "High card is for 2 to 6 players")
        self.book = antes(record, self.order, POT)
        self._posts = tuple(self.book.transfers)
        self.cards = {seat: record.deck[i] for i, seat in enumerate(self.order)}
        self.shown: dict[str, Card] = {}
        self.actions: list[Show] = []
        self.settlement: HighCardSettlement | None = None
        self._commitment = commitment(record.deck, record.salt) if record.salt else None

    @property
    def turn(self) -> str | None:
        return next((s for s in self.order if s not in self.shown), None)

    def to_act(self) -> tuple[str, ...]:
        return (self.turn,) if self.turn is not None else ()

    def seat_seq(self, seat: str) -> int:
        return len(self.actions)

    def legal_actions(self, seat: str) -> tuple[str, ...]:
        return (SHOW,) if seat == self.turn else ()

    def check(self, action: Show) -> None:
        if not isinstance(action, Show):
            raise EngineError("bad_record", "the only action of high card is to show")
        if self.turn is None:
            raise EngineError("wrong_phase", "the deal is over: every card is shown")
        if action.seat != self.turn:
            raise EngineError("not_your_turn", f"it is {self.turn}'s turn to show")

    def apply(self, action: Show) -> None:
        self.check(action)
        self.actions.append(action)
        self.shown[action.seat] = self.cards[action.seat]
        if self.turn is None:
            self._settle()

    def timeout_action(self, seat: str) -> Show:
        return Show(seat)

    def record(self) -> HandRecord:
        return dataclasses.replace(self._record, actions=tuple(self.actions))

    def cards_in_play(self) -> list[Card]:
        return list(self._record.deck)  # dealt or still in the pack, each once

    def _settle(self) -> None:
        high = max(self.shown.values(), key=C.rank)
        winners = [s for s in self.order if C.rank(self.shown[s]) == C.rank(high)]
        for seat, share in split(self.book.balances[POT], winners):  # G2.5
            self.book.move(POT, seat_account(seat), share, "pot")
        self.settlement = HighCardSettlement.from_book(
            self.book, self.seats, INFO.min_stack(self._record.stake), ended=HIGH_CARD,
            winners=winners, high=high,
        )

    @kept_until_the_next_action
    def public_view(self) -> PublicView:
        balances = self.book.balances
        return PublicView(
            stake=self._record.stake,
            dealer=self._record.dealer or "",
            seats=tuple(SeatView(s.id, balances[seat_account(s.id)], s.id in self.cards,
                                 self.shown.get(s.id)) for s in self.seats),
            pot=balances[POT],
            turn=self.turn,
            seq=self.seq,
            ended=HIGH_CARD if self.settlement is not None else None,
        )

    def private_view(self, seat: str) -> PrivateView:
        return PrivateView(seat, self.cards.get(seat), self.legal_actions(seat),
                           self.public_view())


def play(view: PrivateView, rng: random.Random) -> Show:
    """The only level: there is nothing to choose but when, and that is now."""
    return Show(view.seat)


class HighCardGame(BaseGame):
    info = INFO
    strategies = {"random": lambda: play}
    deal_type = HighCardDeal
    parse_action = staticmethod(parse_show)

    def simulation_action(self, deal: HighCardDeal, rng: random.Random) -> Show:
        return Show(deal.to_act()[0])


TOY = HighCardGame()
