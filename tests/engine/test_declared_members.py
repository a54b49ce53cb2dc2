"""The protocol's optional members are declared (engine/game.py), each with its default
in a base (engine/base.py): the table service, the store and the tournament ask any game
and any deal directly, and a game writes only what its page makes its own."""

from __future__ import annotations

import pytest

from engine import games
from engine.base import BaseGame, DealBase, DealDefaults
from engine.cards import DECK
from engine.game import Deal, Game, GameInfo

GAME_DEFAULTS = ("pack", "first_dealer", "named_dealer", "played", "won", "stats")
DEAL_DEFAULTS = ("turn_number", "leave_action", "shuffle_with", "copy")

PLAIN = GameInfo(
    id="plain", name="Plain", summary="a game of no rules of its own", min_seats=2,
    max_seats=4, pack=DECK, stakes_to_deal_in=1, stakes_to_buy_in=1, endings=("won",),
)


class PlainGame(BaseGame):
    info = PLAIN


class PlainDeal(DealDefaults):
    """A deal that keeps slots of its own, as RummyHand does."""

    __slots__ = ("seq",)

    def __init__(self) -> None:
        self.seq = 0

    def seat_seq(self, seat: str) -> int:
        return self.seq


@pytest.mark.parametrize("game_id", list(games.GAMES))
def test_every_game_and_its_deal_stand_on_the_bases(game_id):
    game = games.get(game_id)
    assert isinstance(game, BaseGame)
    assert issubclass(game.deal_type, DealDefaults)


def test_each_optional_member_is_declared_with_where_its_default_lives():
    for name in GAME_DEFAULTS:
        assert callable(getattr(BaseGame, name))
        assert "Default (BaseGame)" in _words(getattr(Game, name).__doc__), name
    for name in DEAL_DEFAULTS:
        assert callable(getattr(DealDefaults, name))
        assert "Default (DealDefaults)" in _words(getattr(Deal, name).__doc__), name
    assert issubclass(DealBase, DealDefaults)


def test_a_game_without_members_of_its_own_answers_as_a_game_without_them():
    game = PlainGame()
    assert game.pack({"anything": True}) == DECK  # one pack, whatever the options (G1.2)
    assert game.first_dealer(("a", "b", "c"), DECK, 1) is None  # the table's choice stands
    assert game.named_dealer({"ended": "won", "winners": ["b"]}) is None
    record = {"stake": 10, "seats": [{"id": "a", "stack": 10}, {"id": "b", "stack": 9}]}
    assert game.played(record) == ("a",)  # G2.6: b's stack is below one stake
    assert game.won({"winners": ["b"]}, "b") and not game.won({"winners": ["b"]}, "a")
    assert game.stats({"winners": ["b"]}, "b", 20) == {}


def test_a_deal_without_members_of_its_own_times_each_choice_and_takes_no_shuffle():
    deal = PlainDeal()
    assert deal.turn_number("a") == 0
    deal.seq = 3
    assert deal.turn_number("a") == 3  # a new choice is a new turn, with its own clock
    assert deal.leave_action("a") is None  # leaving is played by the time-out move
    assert deal.shuffle_with(lambda pile: pile) is None
    assert not hasattr(deal, "__dict__")  # the base keeps a deal's slots


def _words(doc: str | None) -> str:
    return " ".join((doc or "").split())
