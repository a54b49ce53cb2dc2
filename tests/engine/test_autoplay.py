import pytest

from engine import cards as C
from engine.actions import Discard, Draw
from engine.gff.autoplay import stand_in_action
from engine.gff.hand import GffHand
from engine.record import parse_record
from tests.engine.decks import record

HANDS = ["2H 3H 4H 8D TD", "5H 6H 7H KD JD", "2D 3D 4D 5D 9C"]


def test_a_stand_in_draws_from_the_stock_then_throws_the_card_worth_most():
    hand = GffHand(parse_record(record([("a", 200), ("b", 200), ("c", 200)], "c", HANDS,
                                       stock="QS")))
    assert stand_in_action(hand.private_view("a")) == Draw("a", "stock")
    hand.apply(Draw("a", "stock"))
    # TD and QS are both worth 10: the queen goes first.
    assert stand_in_action(hand.private_view("a")) == Discard("a", C.parse("QS"))


def test_a_stand_in_never_spreads_even_with_a_spread_in_hand():
    hand = GffHand(parse_record(record([("a", 200), ("b", 200), ("c", 200)], "c", HANDS,
                                       stock="AH")))
    hand.apply(Draw("a", "stock"))
    assert stand_in_action(hand.private_view("a")) == Discard("a", C.parse("TD"))


def test_a_stand_in_is_only_asked_on_its_turn():
    hand = GffHand(parse_record(record([("a", 200), ("b", 200), ("c", 200)], "c", HANDS)))
    with pytest.raises(ValueError):
        stand_in_action(hand.private_view("b"))
