"""The joker's code (G1.1) and new stocks from the record's `reshuffles` (G3.2)."""

from __future__ import annotations

import pytest

from engine import cards as C
from engine.errors import EngineError
from engine.restock import Restock


def test_g1_1_jk_is_the_joker_only_where_a_game_reads_it():
    assert C.parse_with_joker("jk") == C.JOKER and C.code(C.JOKER) == "JK"
    assert C.parse_with_joker("10h") == C.parse("TH")
    with pytest.raises(C.CardError):
        C.parse("JK")  # a game without a joker refuses it as before


def test_g3_2_a_new_stock_takes_the_recorded_order():
    pile = [C.parse(x) for x in ("2S", "3S", "4S")]
    restock = Restock([[C.parse("4S"), C.parse("2S"), C.parse("3S")]])
    assert restock.rebuild(pile, "X-1") == [C.parse(x) for x in ("4S", "2S", "3S")]
    assert restock.orders() == ((C.parse("4S"), C.parse("2S"), C.parse("3S")),)


def test_g3_2_an_order_that_is_not_the_pile_is_bad_reshuffle():
    pile = [C.parse(x) for x in ("2S", "3S")]
    for recorded in ([[C.parse("2S")]], [[C.parse("2S"), C.parse("2S")]], []):
        with pytest.raises(EngineError) as caught:
            Restock(recorded).rebuild(pile, "X-1")
        assert caught.value.code == "bad_reshuffle"


def test_g3_2_past_the_record_the_source_shuffles_and_the_record_keeps_it():
    pile = [C.parse(x) for x in ("2S", "3S", "4S")]
    restock = Restock((), source=lambda cards: list(reversed(cards)))
    assert restock.rebuild(pile, "X-1") == list(reversed(pile))
    assert restock.orders() == (tuple(reversed(pile)),)
