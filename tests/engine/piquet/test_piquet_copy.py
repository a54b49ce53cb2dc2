"""`PiquetDeal.copy` (engine/game.py: Deal.copy): a partie copied at any step, in any
phase (PIQUET-2.3 to 4.1) or between deals (1.3), is the same partie, replays the rest
of its record to the same result (7.3), and neither it nor its original is changed by
what is applied to the other."""

from __future__ import annotations

import copy as deepcopying
import random
from functools import cache
from typing import Any

import pytest

from engine import cards as C
from engine.errors import EngineError
from engine.piquet.actions import parse_action
from engine.piquet.deal import PiquetDeal
from engine.piquet.game import PIQUET
from engine.piquet.strategy import STRATEGIES
from tests.engine.piquet.tables import deal_of, plain_packs, record

SEEDS = range(4)
# Where a partie is copied: each step of a deal (2.3, 2.4, 3.1, 4.1), the second deal's
# first action (1.3), its last action, and the partie over (5.1).
STOPS = (
    "elder exchanges", "dealer exchanges", "point", "sequence", "set", "lead", "follow",
    "second deal", "last action", "over",
)


@cache
def partie(seed: int) -> dict:
    """The record of a whole partie of random legal play."""
    deal = deal_of(record(plain_packs(1, seed)[0], later=plain_packs(5, seed + 50)))
    play_on(deal, random.Random(seed))
    return deal.record().to_json()


def play_on(deal: PiquetDeal, rng: random.Random, most: int | None = None) -> list[Any]:
    """Random legal actions to the end of the partie (or `most` of them); those applied."""
    applied = []
    while not deal.is_over and (most is None or len(applied) < most):
        action = PIQUET.simulation_action(deal, rng)
        deal.apply(action)
        applied.append(action)
    return applied


def step(deal: PiquetDeal) -> str:
    """Which of STOPS the partie is at, before its next action."""
    if deal.is_over:
        return "over"
    if deal.phase == "exchange":
        return "elder exchanges" if deal.current.took[deal.current.elder] is None else (
            "dealer exchanges"
        )
    if deal.phase == "declare":
        return deal.kind
    return "follow" if deal.current.trick else "lead"


@cache
def stops(seed: int) -> dict[str, int]:
    """The number of actions after which the partie is first at each stop."""
    data = partie(seed)
    total = len(data["actions"])
    found = {"second deal": None, "last action": total - 1, "over": total}
    deal = at(seed, 0)
    for index, raw in enumerate(data["actions"]):
        found.setdefault(step(deal), index)
        if deal.number == 1 and found["second deal"] is None:
            found["second deal"] = index
        deal.apply(parse_action(raw, index, deal.ids))
    return {name: index for name, index in found.items() if index is not None}


def at(seed: int, count: int) -> PiquetDeal:
    """The partie of `seed` after its first `count` actions."""
    data = partie(seed)
    return deal_of({**data, "actions": data["actions"][:count]})


def rest(seed: int, count: int, deal: PiquetDeal) -> list[Any]:
    """The partie's actions after the first `count`."""
    actions = partie(seed)["actions"]
    return [parse_action(raw, i, deal.ids) for i, raw in enumerate(actions) if i >= count]


def state(deal: PiquetDeal) -> dict[str, Any]:
    """Everything of a partie, by value: what a caller may ask, and what it holds."""
    deal._public = None  # the public view made afresh, not the one kept (and copied)
    return {
        "record": deal.record().to_json(),
        "seq": deal.seq,
        "to_act": deal.to_act(),
        "legal": {seat: deal.legal_actions(seat) for seat in deal.ids},
        "public": deal.public_view(),
        "private": {seat: deal.private_view(seat) for seat in deal.ids},
        "cards": sorted(deal.cards_in_play()),
        "result": deal.settlement.to_result() if deal.settlement else None,
        "totals": dict(deal.totals),
        "finished": deepcopying.deepcopy(deal.finished),
        "deal": deepcopying.deepcopy(vars(deal.current)),
    }


def cases() -> list[tuple[int, str]]:
    return [(seed, stop) for seed in SEEDS for stop in STOPS if stop in stops(seed)]


@pytest.mark.parametrize(("seed", "stop"), cases())
def test_a_copy_is_the_same_partie(seed, stop):
    deal = at(seed, stops(seed)[stop])
    copied = deal.copy()
    assert type(copied) is PiquetDeal and copied is not deal
    assert copied.seq == deal.seq
    assert state(copied) == state(deal)


@pytest.mark.parametrize(("seed", "stop"), cases())
def test_a_copy_replays_the_rest_of_the_record_to_the_originals_result(seed, stop):
    count = stops(seed)[stop]
    deal = at(seed, count)
    copied = deal.copy()
    for action in rest(seed, count, copied):
        copied.apply(action)
    whole = at(seed, len(partie(seed)["actions"]))
    assert copied.is_over
    assert copied.settlement.to_result() == whole.settlement.to_result()
    assert copied.record().to_json() == partie(seed)
    assert state(copied) == state(whole)


@pytest.mark.parametrize(("seed", "stop"), cases())
def test_applying_to_a_copy_leaves_the_original_unchanged(seed, stop):
    count = stops(seed)[stop]
    deal = at(seed, count)
    before = state(deal)
    copied = deal.copy()
    play_on(copied, random.Random(seed + 100))  # other choices than the record's
    assert state(deal) == before
    for action in rest(seed, count, deal):  # and the original goes on as recorded
        deal.apply(action)
    assert deal.record().to_json() == partie(seed)


@pytest.mark.parametrize(("seed", "stop"), cases())
def test_applying_to_the_original_leaves_a_copy_unchanged(seed, stop):
    deal = at(seed, stops(seed)[stop])
    copied = deal.copy()
    before = state(copied)
    play_on(deal, random.Random(seed + 200))
    assert state(copied) == before


@pytest.mark.parametrize("seed", SEEDS)
def test_copies_played_alike_end_alike_and_as_the_original(seed):
    """Two copies given the same choices, and the original given them after, end the
    same: a copy is the partie, not a replay of it."""
    deal = at(seed, stops(seed)["point"])
    first, second = deal.copy(), deal.copy()
    played = play_on(first, random.Random(seed + 300))
    assert play_on(second, random.Random(seed + 300)) == played
    assert play_on(deal, random.Random(seed + 300)) == played
    assert state(first) == state(second) == state(deal)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_copy_of_a_copy_goes_on_independently(seed):
    deal = at(seed, stops(seed)["lead"])
    middle = deal.copy()
    play_on(middle, random.Random(seed), most=5)
    before = state(middle)
    last = middle.copy()
    play_on(last, random.Random(seed + 1))
    assert state(middle) == before
    assert state(deal) == state(at(seed, stops(seed)["lead"]))


def test_a_copy_refuses_what_the_original_refuses():
    """7.4: the checks read the copy's own state (a card played from the copy's hand is
    gone from it only)."""
    seed = 0
    deal = at(seed, stops(seed)["lead"])
    seat = deal.to_act()[0]
    card = deal.playable(seat)[0]
    copied = deal.copy()
    lead = parse_action({"seat": seat, "do": "play", "card": C.code(card)}, 0, deal.ids)
    copied.apply(lead)
    again = copied.copy()
    for partie_ in (copied, again):
        with pytest.raises(EngineError) as refused:
            partie_.apply(lead)
        assert refused.value.code == "not_your_turn"
    assert card in deal.hands[seat] and card not in copied.hands[seat]
    deal.check(lead)  # still the original's to make


# Attributes a copy shares with its original by design, never changed once made
# (OneDeal.copy, PiquetDeal.copy): the seats' opponents; each seat's combinations.
SHARED = {"opponent"}


@pytest.mark.parametrize(("seed", "stop"), cases())
def test_a_copy_shares_nothing_that_play_changes(seed, stop):
    deal = at(seed, stops(seed)[stop])
    for seat in deal.ids:  # the combinations found (kept in `held`) while declaring
        if deal.phase == "declare":
            deal.current.combinations(seat, "point")
    copied = deal.copy()
    for name in ("totals", "finished", "actions"):
        assert getattr(copied, name) is not getattr(deal, name), name
    one, other = deal.current, copied.current
    assert other is not one
    for name, value in vars(one).items():
        if name in SHARED or not isinstance(value, (list, dict, set)):
            continue
        assert getattr(other, name) is not value, name
        if isinstance(value, dict) and name != "held":  # held: lists never changed
            for key, inner in value.items():
                if isinstance(inner, (list, dict, set)):
                    assert getattr(other, name)[key] is not inner, (name, key)


def test_every_strategy_plays_on_from_a_copy_as_from_the_original():
    """The computer players read the copy's views as the original's (G4)."""
    deal = at(1, stops(1)["dealer exchanges"])
    copied = deal.copy()
    for partie_ in (deal, copied):
        players = {"ann": STRATEGIES["easy"](), "bob": STRATEGIES["random"]()}
        rng = random.Random(9)
        while not partie_.is_over:
            seat = partie_.to_act()[0]
            partie_.apply(players[seat](partie_.private_view(seat), rng))
    assert state(copied) == state(deal)
