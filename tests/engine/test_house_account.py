"""G2.7: the house account of a banking game's chip book."""

from __future__ import annotations

import pytest

from engine.chips import HOUSE, ChipBook, ConservationError, Transfer, house_net


def test_g2_7_the_house_may_pay_out_more_than_it_took_in():
    book = ChipBook({"seat:a": 10, "pot:layout": 0}, house=True)
    book.move("seat:a", "pot:layout", 5, "bet")
    book.move("pot:layout", "seat:a", 5, "win")
    book.move(HOUSE, "seat:a", 5, "win")
    book.check()  # the total, the house's minus 5 included, is unchanged
    assert book.balances == {"seat:a": 15, "pot:layout": 0, HOUSE: -5}
    assert house_net(book.transfers) == -5


def test_g2_7_a_seat_still_cannot_go_below_zero_in_a_banking_book():
    book = ChipBook({"seat:a": 10}, house=True)
    with pytest.raises(ConservationError):
        book.move("seat:a", HOUSE, 11, "lose")


def test_a_book_without_the_house_refuses_a_payment_from_an_empty_account():
    book = ChipBook({"seat:a": 10, "pot:p": 0})
    with pytest.raises(ConservationError):
        book.move("pot:p", "seat:a", 1, "win")


def test_house_net_is_taken_in_minus_paid_out():
    moves = [Transfer("seat:a", HOUSE, 7, "lose"), Transfer(HOUSE, "seat:b", 3, "win")]
    assert house_net(moves) == 4
