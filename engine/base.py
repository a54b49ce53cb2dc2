"""What the games of the hall share as `Game` objects (engine/game.py).

A game's `game.py` subclasses `BaseGame`, names its info, its deal's type, its action
parser and its strategies, and writes only what its page makes its own: a record field
the page adds, a dealer found by a rule, carried chips that go somewhere at a close.
Its deal subclasses `DealBase` (`TurnByTurn` where one seat acts at a time, or, keeping
its own accessors, `DealDefaults`): the
protocol's optional members then have their defaults, and a caller asks any deal.
"""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Callable, Mapping, Sequence
from functools import cache, wraps
from typing import Any, ClassVar, Self, TypeVar

from engine.cards import Card
from engine.chips import ChipBook, Transfer
from engine.errors import EngineError
from engine.game import Deal, GameInfo, Strategy
from engine.record import HandRecord, SeatRecord, parse_common
from engine.restock import Restock
from engine.sealed import SealedRound
from engine.settlement import SettlementBase


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
            raise EngineError("bad_record", "a deal of {game} has a dealer", game=info.name)
        deck: tuple[Card, ...] = ()
        decks: tuple[tuple[Card, ...], ...] = ()
        if info.deals_per_game > 1:
            decks = tuple(tuple(pack) for pack in deck_or_decks)  # type: ignore[arg-type]
            if len(decks) != info.deals_per_game or any(len(p) != len(info.pack) for p in decks):
                raise EngineError(
                    "bad_record",
                    "{game} needs {packs} packs of {cards} cards",
                    game=info.name,
                    packs=info.deals_per_game,
                    cards=len(info.pack),
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


# -- copying a deal (Deal.copy) ---------------------------------------------------------
#
# A search player copies a deal at every step, so `copy` copies the state a deal holds
# rather than replaying its record, and rather than through `copy.deepcopy`, whose
# generic walk (a memo, a dispatch and a reduce for every object) costs several times
# as much. What a deal holds is, by type:
# - values, shared by the copy: numbers, strings, None, tuples and NamedTuples (of
#   values), frozensets, frozen dataclasses (the record, the info, the views), a
#   settlement (never changed once made, engine/settlement.py) and plain functions;
# - lists and sets of values, copied;
# - dicts, copied, with the lists, sets and dicts they hold copied too (a hand by
#   seat; a pot's winnings by seat), their contents values;
# - the engine's own state objects (a chip book, a sealed round, a stock's restock),
#   copied attribute by attribute by the same rules; a restock without its shuffle
#   source (`_copy_restock`);
# - an object of a class with a `copy()` of its own, copied by it.
# Anything else (a bound method among them: it would act on the original) is refused
# with a TypeError naming it: a game whose state has nested mutable parts of another
# kind (the rummy hands' spreads) copies them in its own `copy`.
# tests/engine/test_copy.py checks every game's copy shares no mutable object with the
# deal it was copied from.

_MISSING = object()
_CONTAINERS = frozenset({list, set, dict})


def _copy_dict(value: dict) -> dict:
    """A dict and the lists, sets and dicts it holds (`dict.copy` keeps a Counter's
    type)."""
    new = value.copy()
    if _CONTAINERS.isdisjoint(map(type, value.values())):
        return new  # most hold values only (stacks, counts): one pass in C says so
    for key, item in value.items():
        if type(item) in _CONTAINERS:
            new[key] = item.copy()
    return new


def _copy_restock(restock: Restock) -> Restock:
    """The new stocks' orders used and recorded (G3.2), without the source of those to
    come: a source has a state of its own (a generator; at a fair table, the deal's
    seeds, which decide every stock to come), which a copy must neither advance for its
    original nor read. A copy takes its new stocks from the source its own
    `shuffle_with` gives it, and past the recorded orders without one is refused
    (bad_reshuffle) as a record would be."""
    new = Restock.__new__(Restock)
    new.recorded = restock.recorded  # tuples
    new.used = restock.used.copy()  # of tuples
    new.source = None
    return new


@cache
def _slots(cls: type) -> tuple[str, ...]:
    """Every slot the instances of `cls` have, its bases' included."""
    return tuple(
        name
        for klass in cls.__mro__
        for name in getattr(klass, "__slots__", ())
        if name not in ("__dict__", "__weakref__")
    )


def _copier_of(kind: type, owner: type, name: str) -> Callable[[Any], Any] | None:
    """How a value of type `kind` is copied (None: it is shared), the first time one is
    met; `owner` and `name` say where, for the refusal."""
    if issubclass(kind, (int, float, str, bytes, tuple, frozenset, type(None), type)):
        return None  # bool is an int; a NamedTuple a tuple
    if issubclass(kind, (types.FunctionType, types.BuiltinFunctionType)):
        return None
    if dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        return None
    if issubclass(kind, SettlementBase):
        return None
    if issubclass(kind, dict):
        return _copy_dict
    if kind is list or kind is set:
        return kind.copy
    if kind is Restock:
        return _copy_restock
    if kind in (ChipBook, SealedRound):
        return copy_state
    own = getattr(kind, "copy", None)
    if callable(own):
        return own
    raise TypeError(
        f"{owner.__name__}.copy cannot copy {name!r}, of class {kind.__name__}: the "
        "game's deal copies it in a copy() of its own (engine/base.py)"
    )


# Type -> how its values are copied (None: shared), filled in as types are met.
_COPIER: dict[type, Callable[[Any], Any] | None] = {}


def copy_state(obj: Any) -> Any:
    """A new object of `obj`'s class whose attributes are copies of `obj`'s, by the rules
    above: what a deal's `copy` is made of, and what a game's own `copy` may build on."""
    cls = type(obj)
    new = cls.__new__(cls)
    copier = _COPIER
    state = getattr(obj, "__dict__", None)
    if state is not None:
        copied = {}
        for name, value in state.items():
            how = copier.get(type(value), _MISSING)
            if how is _MISSING:
                how = copier[type(value)] = _copier_of(type(value), cls, name)
            copied[name] = value if how is None else how(value)
        new.__dict__.update(copied)
    for name in _slots(cls):
        value = getattr(obj, name, _MISSING)
        if value is _MISSING:
            continue  # a slot never set stays unset
        how = copier.get(type(value), _MISSING)
        if how is _MISSING:
            how = copier[type(value)] = _copier_of(type(value), cls, name)
        setattr(new, name, value if how is None else how(value))
    return new


class DealDefaults:
    """The Deal protocol's optional members (engine/game.py), each as a deal without it
    behaves; a deal of a game whose page has the member overrides it."""

    __slots__ = ()  # a deal class with slots of its own (RummyHand) keeps them

    seat_seq: Callable[[str], int]  # the protocol's; every deal has its own

    def copy(self) -> Self:
        """A deal that goes on independently of this one: its state copied (the rules
        are above `copy_state`), not its record replayed."""
        return copy_state(self)

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

    # What a player calls one deal of this game in the refusal below: "game" or "deal".
    hand_word: ClassVar[str] = "game"

    def refuse_out_of_turn(self, seat: str) -> None:
        """`not_your_turn` (G3.6) for a seat that is not the one to act now: one not dealt
        in, or one whose turn it is not."""
        current = self.order[self.turn]
        if seat == current:
            return
        if seat not in self.order:
            if self.hand_word == "deal":
                raise EngineError("not_your_turn", "{seat} is not dealt in this deal", seat=seat)
            raise EngineError("not_your_turn", "{seat} is not dealt in this game", seat=seat)
        raise EngineError(
            "not_your_turn", "{seat} acted, but it is {current}'s turn", seat=seat, current=current
        )
