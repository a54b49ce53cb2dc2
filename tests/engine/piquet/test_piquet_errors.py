"""PIQUET-7.4: every error code, and the order the checks are made in."""

from __future__ import annotations

import pytest

from engine.piquet.actions import Exchange
from tests.engine.helpers import error
from tests.engine.piquet.tables import (
    deal_of,
    declare,
    exchange,
    pack,
    play,
    record,
    sink,
)
from tests.engine.piquet.test_piquet_partie import played
from tests.engine.piquet.test_piquet_rules import EXAMPLE, EXAMPLE_ACTIONS

DEALT = EXAMPLE_ACTIONS[:2]  # after both exchanges: point is declared, bob first


def code_of(actions: list[dict], **kwargs) -> tuple[str, int | None]:
    found = error(record(EXAMPLE, actions, **kwargs))
    return found["code"], found["action"]


@pytest.mark.parametrize(
    "raw",
    [
        {"seat": "cat", "do": "exchange", "cards": ["7D"]},
        {"seat": "bob", "do": "discard", "cards": ["7D"]},
        {"seat": "bob", "do": "declare", "kind": "tierce", "cards": []},
        {"seat": "bob", "do": "sink"},
        {"seat": "bob", "do": "exchange", "cards": "7D"},
        {"seat": "bob", "do": "declare", "kind": "point"},
        {"seat": "bob", "do": "play"},
        {"seat": "bob", "do": "exchange", "cards": ["7D"], "show_rest": "yes"},
        "exchange",
    ],
)
def test_piquet_7_4_a_malformed_action_is_bad_record(raw):
    assert code_of([raw]) == ("bad_record", 0)


def test_piquet_7_4_shape_comes_before_the_turn():
    assert code_of([{"seat": "ann", "do": "play"}]) == ("bad_record", 0)


def test_piquet_7_4_an_action_after_the_partie_is_wrong_phase():
    deal, data = played()
    data["actions"].append({"seat": "ann", "do": "play", "card": "ZZ"})
    found = error(data)
    assert (found["code"], found["action"]) == ("wrong_phase", len(data["actions"]) - 1)


def test_piquet_7_4_not_the_seat_to_act():
    assert code_of([exchange("ann", "9C")]) == ("not_your_turn", 0)
    assert code_of([*DEALT, sink("ann", "point")]) == ("not_your_turn", 2)


def test_piquet_7_4_the_turn_comes_before_the_card_codes():
    assert code_of([exchange("ann", "XX")]) == ("not_your_turn", 0)


def test_piquet_7_4_do_or_kind_not_the_current_step_is_wrong_phase():
    assert code_of([play("bob", "AS")]) == ("wrong_phase", 0)
    assert code_of([*DEALT, sink("bob", "set")]) == ("wrong_phase", 2)
    assert code_of([*DEALT, exchange("bob", "AS")]) == ("wrong_phase", 2)
    assert code_of([*DEALT, declare("bob", "sequence", "XX")]) == ("wrong_phase", 2)


@pytest.mark.parametrize("cards", ["XX", "2S", "JK"])
def test_piquet_7_4_a_card_code_not_of_the_32_is_bad_record(cards):
    assert code_of([exchange("bob", cards)]) == ("bad_record", 0)


def test_piquet_7_4_cards_not_held():
    assert code_of([exchange("bob", "KD")]) == ("card_not_in_hand", 0)
    assert code_of([*DEALT, declare("bob", "point", "KD QD")]) == ("card_not_in_hand", 2)
    assert code_of([*EXAMPLE_ACTIONS, play("bob", "KD")]) == ("card_not_in_hand", 7)


@pytest.mark.parametrize(
    "actions",
    [
        [exchange("bob", "")],  # 2.3: at least one
        [exchange("bob", "7D 8C QH KH AH AD")],  # at most five
        [exchange("bob", "7D 7D")],  # a card twice
        [exchange("bob", "7D", show_rest=True)],  # the dealer's only
        [exchange("bob", "7D AD 8C QH KH"), exchange("ann", "9C TC JC QC")],  # 3 are left
        [exchange("bob", "7D"), exchange("ann", "")],
    ],
)
def test_piquet_7_4_bad_exchange(actions):
    assert code_of(actions) == ("bad_exchange", len(actions) - 1)


def test_piquet_2_3_the_elder_may_take_five_and_the_dealer_the_three_left():
    deal = deal_of(record(EXAMPLE, [exchange("bob", "7D AD 8C QH KH"),
                                    exchange("ann", "9C TC JC", show_rest=False)]))
    assert deal.talon == [] and deal.phase == "declare"
    assert deal.public_view().seats[0].took == 3 and deal.public_view().seats[1].took == 5


@pytest.mark.parametrize(
    "actions",
    [
        [*DEALT, declare("bob", "point", "AS KS QS")],  # not all the spades
        [*DEALT, declare("bob", "point", "AS AH")],  # two suits
        [*DEALT, declare("bob", "point", "AS KS QS JS TS 9S 9S")],  # a card twice
        [*DEALT, sink("bob", "point"), sink("ann", "point"),
         declare("bob", "sequence", "KS QS JS")],  # extended by the ace and the ten
        [*DEALT, sink("bob", "point"), sink("ann", "point"), sink("bob", "sequence"),
         sink("ann", "sequence"), declare("bob", "set", "AS AH")],  # a pair is no set
    ],
)
def test_piquet_7_4_bad_declaration(actions):
    assert code_of(actions) == ("bad_declaration", len(actions) - 1)


def test_piquet_7_4_not_following_suit_is_illegal_play():
    assert code_of([*EXAMPLE_ACTIONS, play("bob", "AS"), play("ann", "KD")]) == (
        "illegal_play", 8
    )


def test_piquet_7_4_a_refused_action_changes_nothing():
    deal = deal_of(record(EXAMPLE))
    before = deal.private_view("bob")
    with pytest.raises(Exception, match="exchanges 1 to 5"):
        deal.apply(Exchange("bob", ()))
    assert deal.private_view("bob") == before and deal.seq == 0


@pytest.mark.parametrize(
    "change",
    [
        lambda data: data["seats"].append({"id": "cy", "stack": 500}),
        lambda data: data["seats"].pop(),
        lambda data: data["seats"][1].update(stack=24),  # under 5S at S = 5
        lambda data: data["decks"].pop(),
        lambda data: data["decks"][2].pop(),
        lambda data: data.update(options={"joker": True}),
    ],
)
def test_piquet_7_4_a_record_without_two_seats_5s_and_six_packs_is_bad_record(change):
    data = record(EXAMPLE)
    change(data)
    found = error(data)
    assert (found["code"], found["action"]) == ("bad_record", None)


def test_piquet_7_4_a_record_with_the_52_is_bad_record():
    data = record(pack("AS KS QS JS TS 9S AH KH QH AD 8C 7D",
                       "KD QD JD TD 9D 8D AC KC QC JC TC 9C"))
    data["decks"][0] = data["decks"][0] + ["2S"]
    assert error(data)["code"] == "bad_record"
