"""A toy game of sealed bids, registered only by the tests that need it: the smallest
game with several seats acting at once, so the table service's path for sealed choices
(Gops, the auction) and Faro's betting is tested before any such game exists.

Each seat dealt in antes one stake to the pot, then every seat bids 1, 2 or 3 in secret;
when the last bid is in, the highest bid takes the pot (ties share it, G2.5). A seat
that times out bids 1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from engine.base import BaseGame, DealDefaults
from engine.cards import DECK, Card
from engine.chips import ChipBook, Transfer, pot_account, seat_account, split
from engine.errors import EngineError
from engine.game import GameInfo
from engine.record import HandRecord, SeatRecord, parse_common

INFO = GameInfo(
    id="sealed",
    name="Sealed Bids",
    summary="Everyone bids at once; the highest bid takes the antes",
    min_seats=2,
    max_seats=4,
    pack=DECK,
    stakes_to_deal_in=1,
    stakes_to_buy_in=1,
    endings=("bids",),
    has_dealer=False,
    pots=("pot",),
)
POT = pot_account("pot")


class Bid(NamedTuple):
    seat: str
    amount: int

    def to_json(self) -> dict:
        return {"seat": self.seat, "do": "bid", "amount": self.amount}


@dataclass(frozen=True)
class Result:
    ended: str
    winners: tuple[str, ...]
    stacks: dict[str, int]
    eliminated: tuple[str, ...]
    net: dict[str, int]
    carry: dict[str, int]
    transfers: tuple[Transfer, ...]

    def to_result(self) -> dict:
        return {"ended": self.ended, "winners": list(self.winners),
                "stacks": dict(self.stacks), "eliminated": list(self.eliminated)}


class SealedDeal(DealDefaults):
    info = INFO

    def __init__(self, record: HandRecord) -> None:
        self._record = record
        self.stake = record.stake
        self.players = tuple(s.id for s in record.seats if s.stack >= record.stake)
        if len(self.players) < 2:
            raise EngineError("bad_record", "fewer than 2 players can ante")
        self.book = ChipBook({**{seat_account(s.id): s.stack for s in record.seats}, POT: 0})
        for seat in self.players:
            self.book.move(seat_account(seat), POT, self.stake, "post")
        self.bids: dict[str, int] = {}
        self.actions: list[Bid] = []
        self.settlement: Result | None = None
        self.commitment = None

    # -- the protocol ---------------------------------------------------------------------

    @property
    def seq(self) -> int:
        return len(self.actions)

    @property
    def is_over(self) -> bool:
        return self.settlement is not None

    @property
    def posts(self) -> tuple[Transfer, ...]:
        return tuple(t for t in self.book.transfers if t.reason == "post")

    def dealt_in(self) -> tuple[str, ...]:
        return self.players

    def to_act(self) -> tuple[str, ...]:
        return () if self.is_over else tuple(s for s in self.players if s not in self.bids)

    def seat_seq(self, seat: str) -> int:
        # Changes only with what changes for `seat`: its own bid, or the round's end.
        return int(seat in self.bids) + 2 * int(self.is_over)

    def legal_actions(self, seat: str) -> tuple[str, ...]:
        return ("bid",) if seat in self.to_act() else ()

    def check(self, action: Bid) -> None:
        if self.is_over:
            raise EngineError("wrong_phase", "the round is over")
        if action.seat not in self.to_act():
            raise EngineError("not_your_turn", f"{action.seat} has no bid to make")
        if action.amount not in (1, 2, 3):
            raise EngineError("illegal_play", "bid 1, 2 or 3")

    def apply(self, action: Bid) -> None:
        self.check(action)
        self.actions.append(action)
        self.bids[action.seat] = action.amount
        if not self.to_act():
            self._settle()

    def timeout_action(self, seat: str) -> Bid:
        return Bid(seat, 1)

    def record(self) -> HandRecord:
        r = self._record
        return HandRecord(r.game, r.stake, r.seats, None, r.deck, {}, tuple(self.actions), r.salt)

    def public_view(self) -> dict[str, Any]:
        return {"bid": sorted(self.bids)}  # who has bid, never how much

    def private_view(self, seat: str) -> dict[str, Any]:
        return {"seat": seat, "mine": self.bids.get(seat), **self.public_view()}

    def cards_in_play(self) -> list[Card]:
        return list(self._record.deck)

    def _settle(self) -> None:
        top = max(self.bids.values())
        winners = [s for s in self.players if self.bids[s] == top]
        for seat, share in split(self.book.balances[POT], winners):
            self.book.move(POT, seat_account(seat), share, "wins")
        stacks = {s.id: self.book.balances[seat_account(s.id)] for s in self._record.seats}
        self.settlement = Result(
            ended="bids",
            winners=tuple(winners),
            stacks=stacks,
            eliminated=tuple(s for s in stacks if stacks[s] < self.stake),
            net={s.id: stacks[s.id] - s.stack for s in self._record.seats},
            carry={},
            transfers=tuple(self.book.transfers),
        )


class SealedGame(BaseGame):
    info = INFO
    strategies: Mapping[str, Any] = {"random": lambda: (lambda view, rng: Bid(view["seat"], 2))}

    def parse_record(self, data: Any) -> HandRecord:
        return parse_common(data, INFO)

    def deal(self, record: HandRecord) -> SealedDeal:
        return SealedDeal(record)

    def replay(self, record: HandRecord) -> SealedDeal:
        deal = SealedDeal(record)
        for index, raw in enumerate(record.actions):
            action = raw if isinstance(raw, Bid) else Bid(raw["seat"], raw["amount"])
            try:
                deal.apply(action)
            except EngineError as error:
                raise error.at(index) from None
        return deal

    def start(self, *, seats: Sequence[tuple[str, int]], stake: int, dealer: str | None,
              deck_or_decks: Sequence[Card], carry: Mapping[str, int] | None = None,
              options: Mapping[str, Any] | None = None, salt: str | None = None) -> SealedDeal:
        record = HandRecord("sealed", stake, tuple(SeatRecord(i, s) for i, s in seats), None,
                            tuple(deck_or_decks), {}, (), salt)
        return SealedDeal(record)

    def next_dealer(self, positions: list[int], last: int | None) -> int | None:
        return None

    def is_eliminated(self, stack: int, stake: int) -> bool:
        return stack < stake

    def close_carried(self, carried, posted_by, seated, dealer=None) -> list[Transfer]:
        return []
