"""How a finished deal ended and where every chip went (G3.5): the settlement every game has.

A game's settlement subclasses `SettlementBase` with the fields its page adds and names
them in `page_fields`, the part of the replay result that is its own; `from_book` works
out what every game's settlement holds from the deal's chip book. Nothing assigns to a
settlement once made; the dataclasses are not frozen only because one is made at the end
of every deal and a frozen dataclass's __init__ costs three times as much (1.5 µs against
0.5 µs, measured with Farmer's), which random play of the cheaper games showed."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any, Self

from engine.chips import ChipBook, Transfer, seat_account
from engine.record import SeatRecord


@dataclass(slots=True, kw_only=True)
class SettlementBase:
    """What every game's settlement holds (engine/game.py: Settlement)."""

    ended: str  # one of GameInfo.endings
    winners: tuple[str, ...]  # seat order (G3.5)
    stacks: dict[str, int]  # every seat, after settlement; seats not dealt in keep theirs
    eliminated: tuple[str, ...]  # seat order: now below the game's least stack (G2.6)
    net: dict[str, int]  # stack after minus stack before, posts included
    transfers: tuple[Transfer, ...]  # every chip move of the deal, posts first
    carry: dict[str, int] = field(default_factory=dict)  # carried pots for the next deal

    @classmethod
    def from_book(
        cls,
        book: ChipBook,
        seats: Sequence[SeatRecord],
        least: int,
        *,
        ended: str,
        winners: Collection[str],
        **fields: Any,
    ) -> Self:
        """The settlement of a deal whose every chip moved through `book`, checked first
        (G2.2): `winners` put in seat order (G3.5), a stack below `least` eliminated
        (G2.6); `fields` are the game's own."""
        book.check()
        balances = book.balances
        # One pass over the seats, not four comprehensions: this runs once every deal.
        stacks: dict[str, int] = {}
        net: dict[str, int] = {}
        won: list[str] = []
        out: list[str] = []
        for s in seats:
            seat = s.id
            stacks[seat] = stack = balances[seat_account(seat)]
            net[seat] = stack - s.stack
            if seat in winners:
                won.append(seat)
            if stack < least:
                out.append(seat)
        return cls(
            ended=ended,
            winners=tuple(won),
            stacks=stacks,
            eliminated=tuple(out),
            net=net,
            transfers=tuple(book.transfers),
            **fields,
        )

    def to_result(self) -> dict:
        """Exactly the replay result: G3.5's fields, then those the page adds."""
        return {
            "ended": self.ended,
            "winners": list(self.winners),
            "stacks": dict(self.stacks),
            "eliminated": list(self.eliminated),
            **self.page_fields(),
        }

    def page_fields(self) -> dict:
        """The fields the game's page adds to the result, in the page's order."""
        return {}


@dataclass(slots=True, kw_only=True)
class ScoredSettlement(SettlementBase):
    """A game scored in points adds `scores` to its result (G3.5, G2.8)."""

    scores: dict[str, int]  # every dealt-in seat's points

    def page_fields(self) -> dict:
        return {"scores": dict(self.scores)}
