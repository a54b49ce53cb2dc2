"""Jack Change It's rules (docs/rules/jackchangeit.md), each test named after the rule it
checks, on fixed decks."""

from __future__ import annotations

import json
import random

import pytest

from engine import cards as C
from engine.errors import EngineError
from engine.jackchangeit.actions import Draw, Play
from engine.jackchangeit.game import JACKCHANGEIT
from tests.engine.helpers import error, replay, table_record


def deck(hands: list[str], upcard: str, stock: str = "") -> list[str]:
    """Seven cards a hand in turn order (left of the dealer first), dealt one at a time
    (JCI-3.1); the upcard; the stock's top; then the rest of the pack."""
    dealt = [h.split() for h in hands]
    assert all(len(h) == 7 for h in dealt)
    order = [dealt[p][i] for i in range(7) for p in range(len(dealt))]
    order += [upcard] + stock.split()
    used = {C.parse(x) for x in order}
    assert len(used) == len(order)
    return order + [C.code(c) for c in C.DECK if c not in used]


def jci(hands, upcard, actions=(), stock="", stake=2, stack=10, **extra):
    names = ["ann", "bob", "cy", "dan", "eve", "fay"][: len(hands)]
    return table_record("jackchangeit", [(n, stack) for n in names], stake, dealer=names[-1],
                        options={}, deck=deck(hands, upcard, stock), actions=list(actions),
                        **extra)


def play(seat, card, suit=None, with_=None) -> dict:
    action = {"seat": seat, "do": "play", "card": card}
    if suit is not None:
        action["suit"] = suit
    if with_ is not None:
        action["with"] = with_
    return action


def draw(seat) -> dict:
    return {"seat": seat, "do": "draw"}


def dealt(record: dict):
    return JACKCHANGEIT.deal(JACKCHANGEIT.parse_record(record))


def cards(text: str) -> list[int]:
    return [C.parse(x) for x in text.split()]


# JCI-9: six players, upcard 7C, nine cards in the stock.
SIX = [
    "2C 3C 4C 5C 6C 8C 9C",
    "2D 3D 4D 5D 6D 7D 8D",
    "2S 3S 4S 5S 6S 7S 8S",
    "2H 3H 4H 6H 7H 8H 9H",
    "5H TH JH QH KH AS AD",
    "AH AC TC JC QC KC 9D",
]
SIX_STOCK = "TD JD QD KD 9S TS JS QS KS"
SIX_PLAYS = [play("ann", "2C"), play("bob", "2D"), play("cy", "2S"), play("dan", "2H"),
             play("fay", "AH")]


def test_jci_9_the_worked_example_ends_drawn_and_gives_every_ante_back():
    record = jci(SIX, "7C", SIX_PLAYS, SIX_STOCK, reshuffles=[["2H", "2S", "2D", "2C", "7C"]])
    assert replay(record) == {
        "ended": "drawn",
        "winners": [],
        "stacks": dict.fromkeys(["ann", "bob", "cy", "dan", "eve", "fay"], 10),
        "eliminated": [],
        "cards_left": {"ann": 11, "bob": 7, "cy": 6, "dan": 6, "eve": 15, "fay": 6},
    }


def test_jci_9_eve_draws_eight_and_ann_takes_the_new_stock_in_the_recorded_order():
    deal = dealt(jci(SIX, "7C", stock=SIX_STOCK, reshuffles=[["2H", "2S", "2D", "2C", "7C"]]))
    for action in SIX_PLAYS[:4]:
        deal.apply(JACKCHANGEIT.parse_action(action, 0, deal.ids))
    assert deal.drawn["eve"] == 8 and deal.current == "fay" and len(deal.stock) == 1
    deal.apply(Play("fay", C.parse("AH")))
    assert deal.hands["ann"][-5:] == cards("KS 2H 2S 2D 2C")


def test_jci_4_8_a_new_stock_that_is_not_the_pile_is_bad_reshuffle():
    err = error(jci(SIX, "7C", SIX_PLAYS, SIX_STOCK, reshuffles=[["2H", "2S", "2D", "2C"]]))
    assert err["code"] == "bad_reshuffle" and err["action"] == 4
    err = error(jci(SIX, "7C", SIX_PLAYS, SIX_STOCK))
    assert err["code"] == "bad_reshuffle" and err["action"] == 4


TWO_HANDS = ["7C 8C 2C AH QD 5S 9H", "7D 3C 2D 5H JS KS 4H"]


def test_jci_4_2_a_card_matches_the_upcards_suit_or_rank():
    deal = dealt(jci(TWO_HANDS, "3H"))
    assert {c for c, two in deal.legal_plays("ann") if two is None} == set(cards("AH 9H"))
    err = error(jci(TWO_HANDS, "3H", [play("ann", "5S")]))
    assert err["code"] == "illegal_play" and "4.2" in err["message"]


def test_jci_4_3_a_player_who_cannot_play_draws_one_and_the_turn_passes():
    hands = ["3C 4C 5C 6C 7C 9C KC", "2D 3D 4D 5D 6D 7D 9D"]
    deal = dealt(jci(hands, "TD", stock="KH"))
    # ann has no diamond and no 6: the bot drew for her and it is bob's turn.
    assert deal.current == "bob" and deal.hands["ann"][-1] == C.parse("KH")
    assert deal.drawn["ann"] == 1


def test_jci_4_5_an_eight_skips_the_next_player_with_two_the_same_plays_again():
    deal = dealt(jci(TWO_HANDS, "KC"))
    deal.apply(Play("ann", C.parse("8C")))
    assert deal.current == "ann"


def test_jci_4_5_a_two_makes_the_next_player_draw_two():
    deal = dealt(jci(TWO_HANDS, "KC", stock="KH QH"))
    deal.apply(Play("ann", C.parse("2C")))
    assert deal.pending == 2 and deal.legal_actions("bob") == ("play", "draw")
    deal.apply(Draw("bob"))
    assert deal.hands["bob"][-2:] == cards("KH QH") and deal.current == "ann"
    assert deal.pending == 0


def test_jci_4_7_a_two_on_a_two_passes_the_total_on():
    deal = dealt(jci(TWO_HANDS, "KC", stock="KH QH JH TH"))
    deal.apply(Play("ann", C.parse("2C")))
    deal.apply(Play("bob", C.parse("2D")))
    # ann holds no other 2: the bot draws four for her.
    assert deal.drawn["ann"] == 4 and deal.current == "bob" and deal.pending == 0


def test_jci_4_7_only_a_counter_answers_a_pending_draw():
    err = error(jci(TWO_HANDS, "KC", [play("ann", "2C"), play("bob", "7D")]))
    assert err["code"] == "illegal_play" and err["action"] == 1 and "4.7" in err["message"]
    err = error(jci(TWO_HANDS, "KC", [play("ann", "7C"), draw("bob")]))
    assert err["code"] == "illegal_play" and "4.7" in err["message"]


def test_jci_4_5_the_ace_of_hearts_draws_five_and_the_five_of_hearts_cancels_it():
    deal = dealt(jci(TWO_HANDS, "TH"))
    deal.apply(Play("ann", C.parse("AH")))
    assert deal.pending == 5
    err = error(jci(TWO_HANDS, "TH", [play("ann", "AH"), play("bob", "2D")]))
    assert err["code"] == "illegal_play"  # a 2 does not pass on the A♥
    deal.apply(Play("bob", C.parse("5H")))
    assert deal.pending == 0 and deal.upcard == C.parse("5H") and deal.current == "ann"


def test_jci_4_6_the_ace_of_hearts_with_a_two_draws_seven():
    deal = dealt(jci(TWO_HANDS, "TH", stock="KD JD TD 9D 8D 6D 3D"))
    deal.apply(Play("ann", C.parse("AH"), None, C.parse("2C")))
    assert deal.pile[-2:] == cards("2C AH") and deal.pending == 7
    deal.apply(Draw("bob"))
    assert deal.drawn["bob"] == 7


def test_jci_4_6_with_names_the_ace_of_hearts_and_a_two():
    err = error(jci(TWO_HANDS, "KC", [play("ann", "7C", with_="2C")]))
    assert err["code"] == "illegal_play" and "4.6" in err["message"]
    err = error(jci(TWO_HANDS, "TH", [play("ann", "AH", with_="9H")]))
    assert err["code"] == "illegal_play"
    err = error(jci(TWO_HANDS, "TH", [play("ann", "AH", with_="2D")]))
    assert err["code"] == "card_not_in_hand"


def test_jci_4_5_a_jack_names_another_suit_and_only_that_suit_follows():
    deal = dealt(jci(TWO_HANDS, "6S"))
    deal.apply(Play("ann", C.parse("5S")))
    deal.apply(Play("bob", C.parse("JS"), C.CLUBS))
    assert deal.called == C.CLUBS
    assert {c for c, two in deal.legal_plays("ann") if two is None} == set(cards("7C 8C 2C"))
    deal.apply(Play("ann", C.parse("7C")))
    assert deal.called is None


def test_jci_4_5_a_jack_may_not_name_its_own_suit():
    err = error(jci(TWO_HANDS, "6S", [play("ann", "5S"), play("bob", "JS", "S")]))
    assert err["code"] == "illegal_play" and "4.5" in err["message"]


@pytest.mark.parametrize("action", [play("ann", "9H", "C"), play("ann", "JS"),
                                    play("ann", "JS", "X"), {"seat": "ann", "do": "pass"}])
def test_jci_8_4_a_suit_exactly_with_a_jack_else_bad_record(action):
    err = error(jci(TWO_HANDS, "3H", [action]))
    assert err["code"] == "bad_record" and err["action"] == 0


def test_jci_4_5_a_queen_reverses_with_three_players_and_not_with_two():
    three = ["QC 3C 4D 5D 6D 7D 8D", "9C 3S 4S 5S 6S 7S 8S", "TC 3H 4H 5H 6H 7H 8H"]
    deal = dealt(jci(three, "KC"))
    deal.apply(Play("ann", C.parse("QC")))
    assert deal.current == "cy"
    deal2 = dealt(jci(["QC 3C 4D 5D 6D 7D 8D", "9C 3S 4S 5S 6S 7S 8S"], "KC"))
    deal2.apply(Play("ann", C.parse("QC")))
    assert deal2.current == "bob"


def test_jci_4_4_a_trick_card_may_not_be_the_last_card():
    deal = dealt(jci(TWO_HANDS, "KC"))
    deal.hands["ann"] = cards("8C")  # a hand down to its last card
    assert deal.legal_plays("ann") == ()
    with pytest.raises(EngineError) as caught:
        deal.check(Play("ann", C.parse("8C")))
    assert caught.value.code == "illegal_play" and "4.4" in caught.value.message


def test_jci_4_4_the_pair_may_not_be_the_last_two_cards():
    deal = dealt(jci(TWO_HANDS, "TH"))
    deal.hands["ann"] = cards("AH 2C")
    assert (C.parse("AH"), C.parse("2C")) not in deal.legal_plays("ann")
    with pytest.raises(EngineError) as caught:
        deal.check(Play("ann", C.parse("AH"), None, C.parse("2C")))
    assert caught.value.code == "illegal_play"


def test_jci_5_1_the_player_who_plays_their_last_card_takes_the_pot():
    hands = ["3C 4D 5S 6H 7C 9D TS", "3D 4S 5H 6C 7D 9S TH"]
    moves = "ann:3C bob:3D ann:4D bob:4S ann:5S bob:5H ann:6H bob:6C ann:7C bob:7D ann:9D " \
        "bob:9S ann:TS"
    actions = [play(*move.split(":")) for move in moves.split()]
    result = replay(jci(hands, "KC", actions))
    assert result == {
        "ended": "out",
        "winners": ["ann"],
        "stacks": {"ann": 12, "bob": 8},
        "eliminated": [],
        "cards_left": {"ann": 0, "bob": 1},
    }
    err = error(jci(hands, "KC", actions + [play("bob", "TH")]))
    assert err["code"] == "wrong_phase" and err["action"] == 13


def test_jci_8_4_errors():
    base = jci(TWO_HANDS, "KC", [play("ann", "7C")])
    assert error({**base, "actions": [play("bob", "7D")]})["code"] == "not_your_turn"
    assert error({**base, "actions": [play("ann", "KH")]})["code"] == "card_not_in_hand"
    err = error(base)
    assert err["code"] == "incomplete" and err["action"] is None
    for change in ({"options": {"x": 1}}, {"seats": base["seats"][:1]}):
        assert error({**base, **change})["code"] == "bad_record"


def test_jci_7_time_out_takes_a_pending_draw_or_plays_the_first_legal_card():
    deal = dealt(jci(TWO_HANDS, "3H"))
    assert deal.timeout_action("ann") == Play("ann", C.parse("AH"))
    deal.apply(Play("ann", C.parse("AH")))
    assert deal.timeout_action("bob") == Draw("bob")
    deal2 = dealt(jci(TWO_HANDS, "6S"))
    deal2.apply(Play("ann", C.parse("5S")))
    assert deal2.timeout_action("bob") == Play("bob", C.parse("JS"), C.HEARTS)


def _played(seed: int, players: int = 4):
    rng = random.Random(seed)
    pack = list(C.DECK)
    rng.shuffle(pack)
    ids = [f"p{i}" for i in range(players)]
    deal = JACKCHANGEIT.start(seats=[(i, 20) for i in ids], stake=2, dealer=ids[-1],
                              deck_or_decks=pack)
    deal.shuffle_with(lambda pile: rng.sample(pile, len(pile)))
    strategy = JACKCHANGEIT.strategies["random"]()
    while not deal.is_over:
        seat = deal.to_act()[0]
        deal.apply(strategy(deal.private_view(seat), rng))
    return deal


def test_jci_4_8_a_played_game_replays_exactly_with_its_new_stocks():
    deal = next(d for d in map(_played, range(200)) if d.record().reshuffles)
    data = json.loads(json.dumps(deal.record().to_json()))
    assert replay(data) == deal.settlement.to_result()
    assert all(C.code(c) not in repr(deal.public_view().seats) for c in deal.hands["p0"])
