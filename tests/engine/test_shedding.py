"""The shedding deal Page One and Jack Change It share (engine/shedding/deal.py), shown
on a game of its own: any card may be played, and a play of nothing draws a card."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from engine import cards as C
from engine.chips import pot_account, seat_account
from engine.errors import EngineError
from engine.pageone.info import PAGEONE_INFO
from engine.record import HandRecord, SeatRecord
from engine.shedding.deal import SheddingDeal
from engine.shedding.settlement import DRAWN, OUT, SheddingSettlement

POT = pot_account("pot")


class Shed(NamedTuple):
    seat: str
    card: int | None  # None: draw one instead


class AnyCard(SheddingDeal):
    info = PAGEONE_INFO
    settlement_type = SheddingSettlement
    HAND_SIZE = 2
    RECORD_RULE = "X-1"
    RESTOCK_RULE = "X-2"
    KEPT_ON_PILE = 1  # the top card stays when the stock is rebuilt
    NEW_STOCK_EVENT = "a new stock"

    def __init__(self, record: HandRecord) -> None:
        self._deal(record, turned_up=1)

    def check(self, action: Shed) -> None:
        self._check_turn(action.seat)
        if action.card is not None and action.card not in self.hands[action.seat]:
            raise EngineError("card_not_in_hand", "not held")

    def _play(self, action: Shed) -> None:
        hand = self.hands[action.seat]
        if action.card is None:
            hand.append(self._draw(action.seat))
        else:
            hand.remove(action.card)
            self.pile.append(action.card)
            if self._went_out(action.seat):
                return
        self.turn = (self.turn + 1) % len(self.order)


def cards(codes: str) -> list[int]:
    return [C.parse(code) for code in codes.split()]


def deal(stacks=(("ann", 50), ("bob", 50), ("cy", 5)), reshuffles=()) -> AnyCard:
    top = cards("2S 2H 3S 3H 4C 5C 6C")  # ann 2S 3S, bob 2H 3H, upcard 4C, stock 5C 6C ...
    deck = tuple(top + [c for c in C.DECK if c not in top])
    seats = tuple(SeatRecord(seat, stack) for seat, stack in stacks)
    record = HandRecord("pageone", 10, seats, "bob", deck, {}, reshuffles=reshuffles)
    return AnyCard(record)


def test_the_hands_one_at_a_time_from_the_dealers_left_the_upcard_then_the_stock():
    game = deal()
    assert game.order == ("ann", "bob")  # cy, on the dealer's left, is short (G2.6)
    assert game.hands == {"ann": cards("2S 3S"), "bob": cards("2H 3H")}
    assert game.pile == cards("4C") and game.stock[-2:] == cards("6C 5C")  # 5C on top
    assert game.book.balances[POT] == 20 and game.posts == tuple(game.book.transfers)


def test_one_seat_at_a_time_from_the_dealers_left():
    game = deal()
    assert game.to_act() == ("ann",) and game.current == "ann"
    with pytest.raises(EngineError, match="bob acted, but it is ann's turn"):
        game.apply(Shed("bob", C.parse("2H")))
    with pytest.raises(EngineError, match="cy is not dealt in this game"):
        game.apply(Shed("cy", None))
    game.apply(Shed("ann", None))
    assert game.hands["ann"][-1] == C.parse("5C") and game.drawn["ann"] == 1
    assert game.to_act() == ("bob",) and game.seat_seq("bob") == 1


def test_the_first_player_out_takes_the_pot():
    game = deal()
    for action in (Shed("ann", C.parse("2S")), Shed("bob", None), Shed("ann", C.parse("3S"))):
        game.apply(action)
    settled = game.settlement
    assert settled is not None and settled.ended == OUT and settled.winners == ("ann",)
    assert settled.stacks == {"ann": 60, "bob": 40, "cy": 5}
    assert settled.to_result()["cards_left"] == {"ann": 0, "bob": 3}
    with pytest.raises(EngineError, match="the game is over"):
        game.check(Shed("bob", None))


def test_the_stock_is_rebuilt_from_under_the_cards_that_stay_on_the_pile():
    game = deal(reshuffles=(tuple(cards("2S 4C")),))
    game.apply(Shed("ann", C.parse("2S")))
    game.apply(Shed("bob", C.parse("2H")))  # the pile: 4C 2S 2H, 2H on top
    game.stock.clear()  # every other card is out of play
    game.apply(Shed("ann", None))
    assert game.hands["ann"][-1] == C.parse("2S")  # the recorded order, top first
    assert game.pile == cards("2H") and game.stock == cards("4C")
    assert game.events == ["a new stock"]
    assert game.record().reshuffles == (tuple(cards("2S 4C")),)


def test_a_card_that_cannot_be_drawn_draws_the_game_and_gives_every_ante_back():
    game = deal()
    game.stock.clear()  # the pile holds only the card that stays on it
    game.apply(Shed("ann", None))
    settled = game.settlement
    assert settled is not None and settled.ended == DRAWN and settled.winners == ()
    assert settled.stacks == {"ann": 50, "bob": 50, "cy": 5}
    assert [t.reason for t in settled.transfers][-2:] == ["ante returned"] * 2
    assert seat_account("ann") in game.book.balances
