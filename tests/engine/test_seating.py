"""Who is dealt in and the chips a deal opens with (engine/seating.py): G2.1, G2.3, G2.6."""

from __future__ import annotations

import pytest

from engine import cards as C
from engine.chips import HOUSE, pot_account, seat_account
from engine.errors import EngineError
from engine.gops.info import GOPS_INFO
from engine.record import HandRecord, SeatRecord
from engine.seating import (
    antes,
    chip_book,
    post,
    seats_dealt_in,
    seats_holding,
    seats_with_the_stake,
)

POT = pot_account("pot")


def record(stacks: dict[str, int], dealer: str, stake: int = 10) -> HandRecord:
    seats = tuple(SeatRecord(seat, stack) for seat, stack in stacks.items())
    return HandRecord("gops", stake, seats, dealer, tuple(C.DECK), {})


def test_g2_1_play_goes_from_the_dealers_left_round_to_the_dealer_g2_6_with_the_stack():
    table = record({"ann": 50, "bob": 5, "cy": 50, "dee": 50}, dealer="cy")
    assert seats_holding(table, 10) == ("dee", "ann", "cy")  # bob is short: not dealt in
    assert seats_dealt_in(table, 10, "X-1") == ("dee", "ann", "cy")


def test_g2_6_a_short_dealer_and_too_few_players_are_bad_records():
    with pytest.raises(EngineError, match=r"the dealer bob has fewer than 10 chips .*\(X-1\)"):
        seats_dealt_in(record({"ann": 50, "bob": 5}, "bob"), 10, "X-1")
    with pytest.raises(EngineError, match=r"the farmer bob"):
        seats_dealt_in(record({"ann": 50, "bob": 5}, "bob"), 10, "X-1", dealer="farmer")
    with pytest.raises(EngineError, match=r"fewer than 2 players .* \(X-2\)"):
        seats_dealt_in(record({"ann": 5, "bob": 50}, "bob"), 10, "X-1", rule_of_two="X-2")


def test_a_page_that_counts_its_players_first_says_so_first():
    both_wrong = record({"ann": 50, "bob": 5}, "bob")  # the dealer short, one player
    with pytest.raises(EngineError, match="the dealer bob has less than the stake"):
        seats_with_the_stake(both_wrong, GOPS_INFO, "Gops is for 2 to 6")
    with pytest.raises(EngineError, match="^1 players have the stake; Gops is for 2 to 6$"):
        seats_with_the_stake(both_wrong, GOPS_INFO, "Gops is for 2 to 6", count_first=True)
    fine = record({"ann": 50, "bob": 10}, "bob")
    assert seats_with_the_stake(fine, GOPS_INFO, "Gops is for 2 to 6") == ("ann", "bob")


def test_g2_3_every_seat_dealt_in_antes_the_stake_in_order_the_others_keep_theirs():
    table = record({"ann": 50, "bob": 5, "cy": 50}, dealer="cy")
    book = antes(table, ("ann", "cy"), POT, carried=7, reason="post")
    assert book.balances == {seat_account("ann"): 40, seat_account("bob"): 5,
                             seat_account("cy"): 40, POT: 27}
    assert [(t.source, t.reason) for t in book.transfers] == [
        (seat_account("ann"), "post"), (seat_account("cy"), "post")]
    assert antes(table, ("ann",), POT).transfers[0].reason == "ante"


def test_a_book_opens_with_every_stack_its_pots_and_for_a_bank_the_house():
    table = record({"ann": 50, "bob": 5}, dealer="bob")
    book = chip_book(table, {POT: 3}, house=True)
    assert book.balances == {seat_account("ann"): 50, seat_account("bob"): 5, POT: 3, HOUSE: 0}
    post(book, 4, "ann", [POT, POT], "post")
    assert book.balances[POT] == 11 and len(book.transfers) == 2
