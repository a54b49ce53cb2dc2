"""What the games of the hall share as `Game` objects (engine/game.py).

A game's `game.py` subclasses `BaseGame`, names its info, its deal's type, its action
parser and its strategies, and writes only what its page makes its own: a record field
the page adds, a dealer found by a rule, carried chips that go somewhere at a close.
Its deal subclasses `DealBase` (`TurnByTurn` where one seat acts at a time, or, keeping
its own accessors, `DealDefaults`): the
protocol's optional members then have their defaults, and a caller asks any deal.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import wraps
from typing import Any, ClassVar, TypeVar

from engine.cards import Card
from engine.chips import Transfer
from engine.errors import EngineError
from engine.game import Deal, GameInfo, Strategy
from engine.record import HandRecord, SeatRecord, parse_common


def pass_left(dealt_in: list[int], last: int | None) -> int | None:
    """The deal passes left (G2.1, GFF-2.8): the position of the next dealer, or None when
    the first one is to be drawn.

    `dealt_in` holds the clockwise positions of the seats that can be dealt in, and
    `last` the position of the last dealer, who may have left since: the deal passes
    to the next dealt-in seat on the left of where that dealer sat.
    """
    if last is None:
        return None  # the first dealer is chosen at random
    later = [position for position in sorted(dealt_in) if position > last]
    return later[0] if later else min(dealt_in)


def dealt_in_record(info: GameInfo, record: Mapping[str, Any]) -> tuple[str, ...]:
    """The seats a stored record dealt in (G2.6: a stack of at least the least one)."""
    least = info.min_stack(record["stake"])
    return tuple(seat["id"] for seat in record["seats"] if seat["stack"] >= least)


def won_by_result(result: Mapping[str, Any], seat: str) -> bool:
    """Whether a settled deal's result counts `seat` among its winners (G3.5)."""
    return seat in result["winners"]


class BaseGame:
    info: ClassVar[GameInfo]
    strategies: ClassVar[Mapping[str, Callable[[], Strategy]]]
    # The game's deal: `deal_type(record)` deals a record, its actions not applied.
    deal_type: ClassVar[type]
    # (raw, index, seat ids) -> the game's action; `bad_record` at that index if malformed.
    parse_action: ClassVar[Callable[[Any, int, Sequence[str]], Any]]

    def parse_record(self, data: Any) -> HandRecord:
        return parse_common(data, self.info)

    def deal(self, record: HandRecord) -> Deal:
        return self.deal_type(record)

    def replay(self, record: HandRecord) -> Deal:
        """Deal `record` and apply its actions; an error names the action that failed."""
        deal = self.deal(record)
        seat_ids = [s.id for s in record.seats]
        for index, raw in enumerate(record.actions):
            try:
                deal.apply(self.parse_action(raw, index, seat_ids))
            except EngineError as exc:
                raise exc.at(index) from None
        return deal

    def start(
        self,
        *,
        seats: Sequence[tuple[str, int]],
        stake: int,
        dealer: str | None,
        deck_or_decks: Sequence[Card] | Sequence[Sequence[Card]],
        carry: Mapping[str, int] | None = None,
        options: Mapping[str, Any] | None = None,
        salt: str | None = None,
    ) -> Deal:
        """A new deal at a table, from a record of no actions yet."""
        info = self.info
        if info.has_dealer and dealer is None:
            raise EngineError("bad_record", f"a deal of {info.name} has a dealer")
        deck: tuple[Card, ...] = ()
        decks: tuple[tuple[Card, ...], ...] = ()
        if info.deals_per_game > 1:
            decks = tuple(tuple(pack) for pack in deck_or_decks)  # type: ignore[arg-type]
            if len(decks) != info.deals_per_game or any(len(p) != len(info.pack) for p in decks):
                raise EngineError(
                    "bad_record",
                    f"{info.name} needs {info.deals_per_game} packs of {len(info.pack)} cards",
                )
        else:
            deck = tuple(deck_or_decks)  # type: ignore[arg-type]
        record = HandRecord(
            game=info.id,
            stake=stake,
            seats=tuple([SeatRecord(i, s) for i, s in seats]),  # a list: no generator
            dealer=dealer if info.has_dealer else None,
            deck=deck,
            carry={pot: (carry or {}).get(pot, 0) for pot in info.carried_pots},
            salt=salt,
            options=dict(options or {}),
            decks=decks,
        )
        return self.deal_type(record)

    def next_dealer(self, positions: list[int], last: int | None) -> int | None:
        """Who deals next: the deal passes left (G2.1); a game the house deals has none."""
        return pass_left(positions, last) if self.info.has_dealer else None

    def is_eliminated(self, stack: int, stake: int) -> bool:
        """G2.6: below the least stack that is dealt in, after a deal."""
        return stack < self.info.min_stack(stake)

    def pack(self, options: Mapping[str, Any]) -> Sequence[Card]:
        """One pack (G1.2), whatever the table's options."""
        return self.info.pack

    def first_dealer(self, seats: Sequence[str], deck: Sequence[Card], start: int) -> str | None:
        """No rule of the game's own for the first dealer: the table's choice stands."""
        return None

    def named_dealer(self, result: dict) -> str | None:
        """No deal names the next dealer: the deal passes on from the last one."""
        return None

    def played(self, record: Mapping[str, Any]) -> tuple[str, ...]:
        return dealt_in_record(self.info, record)

    def won(self, result: Mapping[str, Any], seat: str) -> bool:
        return won_by_result(result, seat)

    def stats(self, result: Mapping[str, Any], seat: str, net: int) -> dict[str, int]:
        """The figures of a player's record this game has of its own, for one settled
        deal; `net` is the seat's stack after it minus the stack it was dealt in with.
        Summed over a player's deals; most games have none."""
        return {}

    def close_carried(
        self,
        carried: Mapping[str, int],
        posted_by: Mapping[str, Mapping[str, int]],
        seated: Sequence[str],
        dealer: str | None = None,
    ) -> list[Transfer]:
        """A game whose pots never carry has nothing to hand out when a table closes."""
        if any(carried.values()):
            raise ValueError(f"{self.info.name} carries no chips from deal to deal")
        return []


View = TypeVar("View")


def kept_until_the_next_action(make: Callable[[Any], View]) -> Callable[[Any], View]:
    """A deal's `public_view`, made once for each count of actions applied: the table
    message and every player's hand view read it, several times an action, and only an
    action changes a deal (its record holds them all). The deal keeps it in `_public`."""

    @wraps(make)
    def public_view(deal: Any) -> View:
        kept = deal._public
        if kept is not None and kept[0] == len(deal.actions):
            return kept[1]
        view = make(deal)
        deal._public = (len(deal.actions), view)
        return view

    return public_view


class DealDefaults:
    """The Deal protocol's optional members (engine/game.py), each as a deal without it
    behaves; a deal of a game whose page has the member overrides it."""

    __slots__ = ()  # a deal class with slots of its own (RummyHand) keeps them

    seat_seq: Callable[[str], int]  # the protocol's; every deal has its own

    def turn_number(self, seat: str) -> int:
        """Every choice is a turn of its own: its clock runs until the seat acts."""
        return self.seat_seq(seat)

    def leave_action(self, seat: str) -> Any | None:
        """Leaving is no move of the game: a player who leaves mid-deal is played by the
        time-out move to its end."""
        return None

    def shuffle_with(self, source: Callable[[list[Card]], Sequence[Card]]) -> None:
        """A deal that never rebuilds its stock (G3.2) has no use for a shuffle."""


class DealBase(DealDefaults):
    """The protocol's plain accessors (engine/game.py: Deal), from the attributes a deal
    keeps: `actions`, `settlement`, `_commitment`, and where it has them `_posts` and
    `order` (the seats dealt in)."""

    actions: list[Any]
    settlement: Any
    _commitment: str | None
    _posts: tuple[Transfer, ...]
    order: tuple[str, ...]
    _public: tuple[int, Any] | None = None  # kept_until_the_next_action's

    @property
    def seq(self) -> int:
        return len(self.actions)

    @property
    def is_over(self) -> bool:
        return self.settlement is not None

    @property
    def commitment(self) -> str | None:
        return self._commitment

    @property
    def posts(self) -> tuple[Transfer, ...]:
        return self._posts

    def dealt_in(self) -> tuple[str, ...]:
        return self.order


class TurnByTurn(DealBase):
    """A deal played one seat at a time, round `order` from `turn` (its index), until it is
    settled: who acts now, and the one number every seat's controls carry."""

    turn: int

    @property
    def current(self) -> str | None:
        return None if self.settlement is not None else self.order[self.turn]

    def to_act(self) -> tuple[str, ...]:
        return () if self.settlement is not None else (self.order[self.turn],)

    def seat_seq(self, seat: str) -> int:
        return len(self.actions)  # one seat acts at a time
