"""`Deal.copy` (engine/game.py, engine/base.py), for every registered game: a copy made
mid-deal is the same deal (views, seats' private views, record), goes on exactly as the
original would, and never changes the original, nor is changed by it."""

from __future__ import annotations

import dataclasses
import random
import types
from collections.abc import Callable
from functools import partial
from itertools import product
from typing import Any

import pytest

from engine import games
from engine.base import DealDefaults
from engine.cards import Card
from engine.errors import EngineError
from engine.game import Deal, Game, GameInfo
from engine.record import HandRecord
from engine.settlement import SettlementBase
from engine.simulate import BUY_IN, STAKE

GAMES = list(games.GAMES)
SEEDS = range(3)
POINTS = (0.0, 0.3, 0.6, 1.0)  # how far into the deal, by the count of its actions


def seat_counts(info: GameInfo) -> list[int]:
    """The fewest seats and one more than the fewest (the most, if that is fewer)."""
    return sorted({info.min_seats, min(info.min_seats + 1, info.max_seats)})


def source(seed: int) -> Callable[[list[Card]], list[Card]]:
    """A shuffle source (G3.2) of its own generator, as the table service gives a deal."""
    rng = random.Random(seed)
    return lambda pile: rng.sample(pile, len(pile))


def start(game: Game, players: int, seed: int) -> Deal:
    info = game.info
    rng = random.Random(seed)
    ids = [f"p{i + 1}" for i in range(players)]
    packs = [rng.sample(list(info.pack), len(info.pack)) for _ in range(info.deals_per_game)]
    deal = game.start(
        seats=[(seat, BUY_IN) for seat in ids], stake=STAKE,
        dealer=ids[seed % players] if info.has_dealer else None,
        deck_or_decks=packs[0] if len(packs) == 1 else packs,
        carry=dict.fromkeys(info.carried_pots, 0),
    )
    deal.shuffle_with(source(seed))
    return deal


def play_out(game: Game, deal: Deal, seed: int, most: int | None = None) -> list[Any]:
    """Random legal actions (the simulator's) until the deal is over, or `most` of them;
    the actions applied."""
    rng = random.Random(seed)
    applied = []
    while deal.settlement is None and (most is None or len(applied) < most):
        action = game.simulation_action(deal, rng)
        deal.apply(action)
        applied.append(action)
    return applied


def mid_deal(game_id: str, players: int, seed: int, point: float) -> tuple[Game, Deal]:
    """A deal of random play stopped `point` of the way through its actions."""
    game = games.get(game_id)
    whole = play_out(game, start(game, players, seed), seed)
    deal = start(game, players, seed)
    play_out(game, deal, seed, most=round(point * len(whole)))
    return game, deal


def public(deal: Deal) -> Any:
    """The public view made afresh from the deal's state, not the one it keeps
    (engine/base.py: kept_until_the_next_action) and a copy shares."""
    if hasattr(deal, "_public"):
        deal._public = None  # type: ignore[attr-defined]
    return deal.public_view()


def seen(deal: Deal) -> dict[str, Any]:
    """Everything a caller may ask of a deal, made afresh."""
    view = public(deal)
    return {
        "public": view,
        "private": {seat: deal.private_view(seat) for seat in deal.dealt_in()},
        "record": deal.record().to_json(),
        "seq": deal.seq,
        "to_act": deal.to_act(),
        "timeout": {seat: deal.timeout_action(seat) for seat in deal.to_act()},
        "legal": {seat: deal.legal_actions(seat) for seat in deal.dealt_in()},
        "turns": {seat: (deal.seat_seq(seat), deal.turn_number(seat)) for seat in deal.dealt_in()},
        "cards": sorted(deal.cards_in_play()),
        "result": deal.settlement.to_result() if deal.settlement is not None else None,
    }


# -- the same deal ---------------------------------------------------------------------


@pytest.mark.parametrize("point", POINTS)
@pytest.mark.parametrize("game_id", GAMES)
def test_a_copy_is_the_same_deal(game_id, point):
    for players in seat_counts(games.get(game_id).info):
        for seed in SEEDS:
            _, deal = mid_deal(game_id, players, seed, point)
            copy = deal.copy()
            assert type(copy) is type(deal)
            assert copy is not deal
            assert seen(copy) == seen(deal)


# -- going on independently ------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_a_copy_goes_on_as_the_original_would_and_leaves_it_unchanged(game_id):
    for players in seat_counts(games.get(game_id).info):
        for seed in SEEDS:
            game, deal = mid_deal(game_id, players, seed, 0.5)
            before = seen(deal)
            first = deal.copy()
            first.shuffle_with(source(seed + 100))
            played = play_out(game, first, seed + 1)
            assert seen(deal) == before  # play on the copy changed nothing of the original
            second = deal.copy()  # a fresh copy from the unchanged original
            second.shuffle_with(source(seed + 100))
            assert play_out(game, second, seed + 1) == played
            assert seen(second) == seen(first)
            deal.shuffle_with(source(seed + 100))
            assert play_out(game, deal, seed + 1) == played  # the original goes on the same
            assert seen(deal) == seen(first)


@pytest.mark.parametrize("game_id", GAMES)
def test_play_on_the_original_leaves_a_copy_unchanged(game_id):
    game, deal = mid_deal(game_id, games.get(game_id).info.min_seats, 7, 0.4)
    copy = deal.copy()
    before = seen(copy)
    play_out(game, deal, 8)
    assert seen(copy) == before


@pytest.mark.parametrize("game_id", [g for g in GAMES if games.get(g).info.reshuffles])
def test_a_copy_takes_its_new_stocks_from_its_own_source_never_the_originals(game_id):
    """G3.2: the original's source (at a fair table, the seeds of every stock to come) is
    never asked for a copy's stock; a copy given a source takes its new stocks from it,
    and a copy given none is refused its first new stock past the record's orders."""
    rebuilt = 0
    for seed in range(12):
        game, deal = mid_deal(game_id, games.get(game_id).info.min_seats, seed, 0.0)
        deal.shuffle_with(partial(refuse, "the original's source"))
        copy = deal.copy()
        calls: list[int] = []
        copy.shuffle_with(lambda pile, calls=calls: calls.append(1) or pile[::-1])
        play_out(game, copy, seed)
        rebuilt += len(calls)
        assert len(copy.record().reshuffles) == len(calls)
        assert deal.record().reshuffles == ()
        bare = deal.copy()
        if calls:
            with pytest.raises(EngineError) as refused:
                play_out(game, bare, seed)  # the same play, up to the first new stock
            assert refused.value.code == "bad_reshuffle"
        else:
            play_out(game, bare, seed)
            assert seen(bare) == seen(copy)
    assert rebuilt, "no copy rebuilt its stock: the test proved nothing"


def refuse(whose: str, pile: list[Card]) -> list[Card]:
    raise AssertionError(f"{whose} was asked for a shuffle")


# -- nothing shared --------------------------------------------------------------------

# Values by contract, never changed once made: a copy shares them with its original.
VALUES = (
    int, float, str, bytes, type(None), frozenset, type, HandRecord, GameInfo, SettlementBase,
    types.FunctionType, types.BuiltinFunctionType,
)


def mutable_parts(root: Any, shared: tuple[str, ...] = ()) -> dict[int, Any]:
    """Every mutable object reachable from a deal's state, by id: lists, sets, dicts
    and the state objects the deal holds (not the deal itself); not what is under the
    attributes named in `shared` (dotted from the deal: "current.held")."""
    found: dict[int, Any] = {}
    walked: set[int] = set()

    def walk(value: Any, path: str) -> None:
        if isinstance(value, VALUES) or id(value) in walked or path in shared:
            return
        if dataclasses.is_dataclass(value) and type(value).__dataclass_params__.frozen:
            return  # a view or a record kept as a value
        walked.add(id(value))
        if isinstance(value, tuple):
            items: Any = value
        elif isinstance(value, (list, set)):
            found[id(value)] = value
            items = value
        elif isinstance(value, dict):
            found[id(value)] = value
            items = [*value.keys(), *value.values()]
        else:
            if value is not root:
                found[id(value)] = value
            for name in attributes(value):
                walk(getattr(value, name), f"{path}.{name}" if path else name)
            return
        for item in items:
            walk(item, path)

    walk(root, "")
    return found


# What a game's own copy shares with its original by design, as its docstrings say:
# never changed once made. Piquet's: the finished deals' results, the seats' opponents
# and the combinations found in each hand (engine/piquet/deal.py, one_deal.py).
SHARED_BY_DESIGN = {"piquet": ("finished", "current.opponent", "current.held")}


def attributes(obj: Any) -> list[str]:
    names = list(getattr(obj, "__dict__", {}))
    for klass in type(obj).__mro__:
        for name in getattr(klass, "__slots__", ()):
            if name not in ("__dict__", "__weakref__") and hasattr(obj, name):
                names.append(name)
    return names


@pytest.mark.parametrize("point", (0.0, 0.5, 0.9))
@pytest.mark.parametrize("game_id", GAMES)
def test_a_copy_shares_no_mutable_part_with_its_original(game_id, point):
    # Many deals: a part that few deals have yet (a rummy hand's spreads, in one deal
    # of five mid-hand) must be met.
    for players, seed in product(seat_counts(games.get(game_id).info), range(10)):
        _, deal = mid_deal(game_id, players, seed, point)
        copy = deal.copy()
        kept = SHARED_BY_DESIGN.get(game_id, ())
        original, copied = mutable_parts(deal, kept), mutable_parts(copy, kept)
        shared = [type(original[i]).__name__ for i in original.keys() & copied.keys()]
        assert not shared, f"shared with the copy: {shared}"
        # As many mutable parts as the original's: none that two attributes shared was
        # made into two, and none was lost.
        assert len(copied) == len(original)


# -- the rules of the shared copy (engine/base.py) --------------------------------------


class Plain(DealDefaults):
    def __init__(self, **state: Any) -> None:
        self.__dict__.update(state)


class Slotted(DealDefaults):
    __slots__ = ("hands", "turn", "unset")

    def __init__(self) -> None:
        self.hands = {"a": [1, 2]}
        self.turn = 0


class Counted:
    """A state object of a kind the base does not know, with a copy of its own."""

    def __init__(self, count: int) -> None:
        self.count = count

    def copy(self) -> Counted:
        return Counted(self.count)


class Unknown:
    """A mutable state object the base does not know and that has no copy."""


def test_the_shared_copy_copies_containers_two_deep_and_shares_values():
    deal = Plain(hands={"a": [1, 2]}, won={"pot": {"a": 3}}, pile=[4], seen={5}, order=("a",),
                 counted=Counted(2), source=source(1))
    copy = deal.copy()
    assert vars(copy) == {**vars(deal), "counted": copy.counted}
    for name in ("hands", "won", "pile", "seen", "counted"):
        assert getattr(copy, name) is not getattr(deal, name), name
    assert copy.hands["a"] is not deal.hands["a"] and copy.won["pot"] is not deal.won["pot"]
    assert copy.order is deal.order and copy.source is deal.source  # values: shared
    assert copy.counted.count == 2  # copied by its own copy()


def test_the_shared_copy_keeps_slots_and_leaves_an_unset_one_unset():
    deal = Slotted()
    copy = deal.copy()
    assert not hasattr(copy, "__dict__") and not hasattr(copy, "unset")
    assert copy.hands == deal.hands and copy.hands["a"] is not deal.hands["a"]


def test_the_shared_copy_refuses_a_mutable_part_it_does_not_know():
    with pytest.raises(TypeError, match="'thing', of class Unknown"):
        Plain(thing=Unknown()).copy()
    deal = Plain(hands={})
    deal.act = deal.turn_number  # a bound method would act on the original
    with pytest.raises(TypeError, match="'act', of class method"):
        deal.copy()
