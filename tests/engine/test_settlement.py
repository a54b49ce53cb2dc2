"""The settlement every game shares (engine/settlement.py): G3.5's result, G2.2, G2.6."""

from __future__ import annotations

import dataclasses
import json

import pytest

from engine.chips import ChipBook, ConservationError, pot_account, seat_account
from engine.record import SeatRecord
from engine.settlement import ScoredSettlement, SettlementBase

SEATS = (SeatRecord("cy", 40), SeatRecord("ann", 100), SeatRecord("bob", 5))
POT = pot_account("pot")


@dataclasses.dataclass(slots=True, kw_only=True)
class WithLoser(SettlementBase):
    loser: str

    def page_fields(self) -> dict:
        return {"loser": self.loser}


def book_after_a_pot(winner: str) -> ChipBook:
    book = ChipBook({**{seat_account(s.id): s.stack for s in SEATS}, POT: 0})
    for seat in ("ann", "cy"):
        book.move(seat_account(seat), POT, 10, "ante")
    book.move(POT, seat_account(winner), 20, "pot")
    return book


def test_g3_5_winners_in_seat_order_and_the_stacks_of_every_seat():
    book = book_after_a_pot("cy")
    settled = SettlementBase.from_book(book, SEATS, 10, ended="won", winners={"ann", "cy"})
    assert settled.winners == ("cy", "ann")  # the seats' order, not the set's
    assert settled.stacks == {"cy": 50, "ann": 90, "bob": 5}
    assert settled.net == {"cy": 10, "ann": -10, "bob": 0}
    assert settled.transfers == tuple(book.transfers)
    assert settled.carry == {}  # no pot carries unless the game says so


def test_g2_6_a_stack_below_the_least_one_is_eliminated_seat_order():
    settled = SettlementBase.from_book(book_after_a_pot("cy"), SEATS, 60, ended="won", winners=())
    assert settled.eliminated == ("cy", "bob")


def test_g2_2_a_book_that_lost_a_chip_is_never_settled():
    book = book_after_a_pot("cy")
    book.balances[POT] -= 1  # a bug: a chip gone
    with pytest.raises(ConservationError):
        SettlementBase.from_book(book, SEATS, 10, ended="won", winners=("cy",))


def test_g3_5_the_result_is_the_four_shared_fields_then_the_pages_in_order():
    settled = WithLoser.from_book(
        book_after_a_pot("ann"), SEATS, 10, ended="won", winners=("ann",), loser="cy"
    )
    assert json.dumps(settled.to_result()) == json.dumps({
        "ended": "won",
        "winners": ["ann"],
        "stacks": {"cy": 30, "ann": 110, "bob": 5},
        "eliminated": ["bob"],
        "loser": "cy",
    })


def test_g3_5_a_game_scored_in_points_adds_its_scores():
    settled = ScoredSettlement.from_book(
        book_after_a_pot("ann"), SEATS, 10, ended="won", winners=("ann",),
        scores={"ann": 7, "cy": 3},
    )
    assert list(settled.to_result()) == ["ended", "winners", "stacks", "eliminated", "scores"]
    assert settled.to_result()["scores"] == {"ann": 7, "cy": 3}


def test_a_settlement_compares_by_value():
    made = [
        SettlementBase.from_book(book_after_a_pot("cy"), SEATS, 10, ended="won", winners=("cy",))
        for _ in range(2)
    ]
    assert made[0] == made[1]  # what the store checks a replay against
    assert made[0] != dataclasses.replace(made[0], ended="lost")
