"""One hand-built record per rule of docs/rules/gff.md, each result worked out on paper.

Seats are dealt from the dealer's left; `hands` below list them in that order,
dealer last, and the dealer's fifth card is the flip card.
"""

import pytest

from engine.errors import EngineError
from engine.replay import replay
from tests.engine.decks import discard, draw, drop, hit, record, spread


def result_of(data: dict) -> dict:
    return replay(data)


def error_of(data: dict) -> EngineError:
    with pytest.raises(EngineError) as caught:
        replay(data)
    return caught.value


# Three seats used by many tests: ann and bob rich, cy the dealer.
# Flip card 9C (cy's fifth): flip suit clubs, flop suit spades.
ABC = [("ann", 200), ("bob", 200), ("cy", 200)]
QUIET = [
    "2H 3H 4H 8D 9D",  # ann: 26
    "5H 6H 7H TD JD",  # bob: 38
    "2D 3D 4D 5D 9C",  # cy: 23, flip card 9C
]


# -- 2. Table, seats, stakes ---------------------------------------------------------


def test_gff_2_4_posting_tiers_and_who_is_dealt_in():
    # stake 10: ann 4 stakes posts 3 pots, bob 3 posts game+flip, cy 2 posts game only,
    # dee 1 stake is not dealt in. dee's hand is skipped when dealing.
    seats = [("ann", 40), ("bob", 39), ("cy", 29), ("dee", 19)]
    data = record(seats, "cy", QUIET, [drop("ann")])
    res = result_of(data)
    # ann (26) drops; bob 38, cy 23 is lower: caught. cy takes the game pot 30 + 10.
    # Flip: clubs, the flip card 9C is cy's but cy did not post to the flip; nobody else
    # holds a club, so the flip (20) carries. Flop: spades, nobody holds one: 10 carries.
    assert res["ended"] == "caught"
    assert res["game_winners"] == ["cy"]
    assert res["flip_winner"] is None and res["flop_winner"] is None
    assert res["carry"] == {"flip": 20, "flop": 10}
    assert res["stacks"] == {"ann": 40 - 30 - 10, "bob": 39 - 20, "cy": 29 - 10 + 40, "dee": 19}
    # GFF-2.6: below 2 stakes is out, including dee who could not be dealt in.
    assert res["eliminated"] == ["ann", "bob", "dee"]


def test_gff_2_4_a_dealer_who_cannot_be_dealt_in_is_a_bad_record():
    err = error_of(record([("ann", 200), ("bob", 200), ("cy", 19)], "cy", QUIET))
    assert (err.code, err.action) == ("bad_record", None)


def test_gff_2_4_fewer_than_two_dealt_in_is_a_bad_record():
    err = error_of(record([("ann", 5), ("bob", 10), ("cy", 200)], "cy", QUIET))
    assert err.code == "bad_record"


def test_gff_2_8_dealing_skips_seats_that_are_not_dealt_in():
    # bob cannot be dealt in, so the deck deals ann, cy, ann, cy ...
    seats = [("ann", 200), ("bob", 10), ("cy", 200)]
    data = record(seats, "cy", ["2H 3H 4H 8D 9D", "2D 3D 4D 5D 9C"], [drop("ann")])
    res = result_of(data)
    # ann 26 vs cy 23: caught; cy wins 20 + 10. cy holds the only club (flip 9C) -> flip 20.
    assert res["game_winners"] == ["cy"]
    assert res["flip_winner"] == "cy"
    assert res["stacks"]["bob"] == 10
    assert res["stacks"]["ann"] == 200 - 30 - 10
    assert res["stacks"]["cy"] == 200 - 30 + 30 + 20
    assert res["carry"] == {"flip": 0, "flop": 20}


# -- 3. The deal and the instant win -------------------------------------------------

FIVE = [("a", 100), ("b", 100), ("c", 100), ("d", 100), ("e", 100)]


def test_gff_3_4_seed_example_49_and_50_with_stake_2():
    # a has 49, b has 50. Flip card KD: flip diamonds (e has AD), flop hearts (d has AH).
    hands = [
        "KS QS JS TS 9C",  # a: 49
        "KC QC JC TC KH",  # b: 50
        "2C 3C 4S 5S 6S",  # c: 20
        "AH 5C 6C 7C 8C",  # d: 27
        "AD 2D 3D 4D KD",  # e: 20, flip card KD
    ]
    res = result_of(record(FIVE, "e", hands, stake=2))
    assert res["ended"] == "instant"
    assert res["game_winners"] == ["a", "b"]
    assert (res["flip_winner"], res["flop_winner"]) == ("e", "d")
    # Game pot 10: a and b 5 each; then a, c, d, e pay 2 each to b. The game pot alone:
    # a +1, b +11, others -4 (the seed's example). Flip 10 to e, flop 10 to d.
    game_net = {"a": 1, "b": 11, "c": -4, "d": -4, "e": -4}
    side = {"a": -4, "b": -4, "c": -4, "d": -4 + 10, "e": -4 + 10}
    assert res["stacks"] == {s: 100 + game_net[s] + side[s] for s in game_net}
    assert res["carry"] == {"flip": 0, "flop": 0}


def test_gff_3_4_two_49s_only_share_the_game_pot():
    hands = ["KS QS JS TS 9C", "KC QC JC TC 9H", "2H 3H 4H 8D 9D", "5H 6H 7H TD JD",
             "AD 2D 3D 4D 5D"]
    res = result_of(record(FIVE, "e", hands, stake=1))
    assert res["ended"] == "instant" and res["game_winners"] == ["a", "b"]
    # Game pot 5: a 3 (the odd chip goes first from the dealer's left), b 2. Everyone
    # posted 3. Flip diamonds: e's AD takes 5. Flop hearts: c's 2H takes 5. No 50.
    assert res["stacks"] == {"a": 100, "b": 99, "c": 102, "d": 97, "e": 102}


def test_gff_3_4_fifty_with_everyone_paying_and_an_all_in_player():
    # stake 10: ann has 50; bob is all in (2 stakes) and pays his extra stake from reserve.
    seats = [("ann", 200), ("bob", 20), ("cy", 200)]
    hands = ["KS QS JS TS KH", "2H 3H 4H 8D 9D", "2D 3D 4D 5D 9C"]
    res = result_of(record(seats, "cy", hands))
    # Posts: ann 30, bob 10 (game only), cy 30. Game 30 to ann; bob and cy pay 10 each
    # to ann. Flip clubs: only cy holds one (9C) -> 20. Flop spades: ann's TS -> 20.
    assert res["game_winners"] == ["ann"]
    assert (res["flip_winner"], res["flop_winner"]) == ("cy", "ann")
    assert res["stacks"] == {"ann": 200 - 30 + 30 + 20 + 20, "bob": 0, "cy": 200 - 30 - 10 + 20}
    assert res["eliminated"] == ["bob"]


def test_gff_3_3_an_instant_win_ends_the_round_before_any_action():
    hands = ["KS QS JS TS KH", "2H 3H 4H 8D 9D", "2D 3D 4D 5D 9C"]
    err = error_of(record(ABC, "cy", hands, [draw("ann")]))
    assert (err.code, err.action) == ("wrong_phase", 0)


# -- 4. The flip and the flop --------------------------------------------------------


def test_gff_4_2_the_dealers_flip_card_counts_as_dealt_to_the_dealer():
    # The flip card AC is the lowest club: cy wins the flip with it.
    hands = ["2C 3H 4H 8D 9D", "5H 6H 7H TD JD", "2D 3D 4D 5D AC"]
    res = result_of(record(ABC, "cy", hands, [drop("ann")]))
    assert res["flip_winner"] == "cy"


def test_gff_4_2_lowest_card_of_the_flip_suit_wins_not_the_first_shown():
    # Flip card 9C. ann shows 5C, bob 3C beats it, cy also holds 2C (hidden under the flip).
    hands = ["5C 3H 4H 8D 9D", "3C 6H 7H TD JD", "2C 3D 4D 5D 9C"]
    res = result_of(record(ABC, "cy", hands, [drop("ann")]))
    assert res["flip_winner"] == "cy"


def test_gff_4_5_an_unwon_flop_carries_and_adds_this_deals_posts():
    res = result_of(record(ABC, "cy", QUIET, [drop("ann")], carry={"flip": 0, "flop": 50}))
    # No spade dealt: the flop keeps 50 + 30.
    assert res["flop_winner"] is None
    assert res["carry"] == {"flip": 0, "flop": 80}


def test_gff_4_5_a_carried_flop_is_won_with_this_deals_posts():
    hands = ["2H 3H 4H 8D 7S", *QUIET[1:]]
    res = result_of(record(ABC, "cy", hands, [drop("ann")], carry={"flop": 50}))
    # ann (24) drops: bob 38, cy 23 -> caught, cy takes game 30 + 10.
    assert res["flop_winner"] == "ann"
    assert res["carry"] == {"flip": 0, "flop": 0}
    assert res["stacks"]["ann"] == 200 - 30 + 80 - 10


def test_gff_2_5_a_player_who_did_not_post_to_the_flop_cannot_win_it():
    # bob (3 stakes) holds AS, the lowest spade, but posted only game and flip.
    seats = [("ann", 200), ("bob", 30), ("cy", 200)]
    hands = ["2H 3H 4H 8D 7S", "AS 6H 7H TD JD", QUIET[2]]
    res = result_of(record(seats, "cy", hands, [drop("ann")]))
    assert res["flop_winner"] == "ann"


# -- 5. Turns ------------------------------------------------------------------------


def test_gff_5_3_the_first_draw_cannot_be_from_the_empty_discard_pile():
    err = error_of(record(ABC, "cy", QUIET, [draw("ann", "discard")]))
    assert (err.code, err.action) == ("empty_discard", 0)


def test_gff_5_1_play_starts_left_of_the_dealer():
    err = error_of(record(ABC, "cy", QUIET, [draw("bob")]))
    assert (err.code, err.action) == ("not_your_turn", 0)
    assert "ann" in err.message


@pytest.mark.parametrize(
    ("actions", "code"),
    [
        ([draw("ann"), draw("ann")], "wrong_phase"),
        ([draw("ann"), drop("ann")], "wrong_phase"),
        ([discard("ann", "2H")], "wrong_phase"),
        ([spread("ann", "2H 3H 4H")], "wrong_phase"),
        ([draw("ann"), discard("ann", "KS")], "card_not_in_hand"),
        ([draw("ann"), spread("ann", "2H 3H 8D")], "invalid_spread"),
        ([draw("ann"), spread("ann", "2H 3H 5H")], "card_not_in_hand"),
        ([draw("ann"), hit("ann", 0, "8D")], "no_such_spread"),
        (
            [draw("ann"), spread("ann", "2H 3H 4H"), discard("ann", "8D"), draw("bob"),
             hit("bob", 0, "7H")],
            "invalid_hit",
        ),
        ([draw("ann"), discard("ann", "8D")], "incomplete"),
    ],
)
def test_replay_md_each_error_code(actions, code):
    err = error_of(record(ABC, "cy", QUIET, actions))
    assert err.code == code
    assert err.action == (None if code == "incomplete" else len(actions) - 1)
    assert err.message


def test_gff_5_5_hits_go_on_anyones_spread_and_5_8_the_discard_can_be_taken_back():
    actions = [
        draw("ann"), spread("ann", "2H 3H 4H"), discard("ann", "8D"),
        draw("bob", "discard"), hit("bob", 0, "5H 6H 7H"), discard("bob", "8D"),
        draw("cy", "discard"), discard("cy", "8D"),
        drop("ann"),
    ]
    res = result_of(record(ABC, "cy", QUIET, actions, stock="QS"))
    # ann 9D QS = 19, bob TD JD = 20, cy 23: ann is strictly lowest and wins the game 30.
    # Flip clubs: cy's 9C (30). Flop spades: QS was drawn, not dealt, so nobody: 30 carries.
    assert (res["ended"], res["game_winners"]) == ("drop", ["ann"])
    assert (res["flip_winner"], res["flop_winner"]) == ("cy", None)
    assert res["stacks"] == {"ann": 200, "bob": 170, "cy": 200}
    assert res["carry"] == {"flip": 0, "flop": 30}


# -- 6. How a round ends -------------------------------------------------------------

# cy's flip card KS: flip spades, flop clubs.
RUNS = ["8C 9C TC JC QC", "5H 6H 7H TD JD", "2D 3D 4D 5D KS"]


def test_gff_6_1_going_out_by_discarding_the_last_card():
    actions = [draw("ann"), spread("ann", "8C 9C TC JC QC"), discard("ann", "KH")]
    res = result_of(record(ABC, "cy", RUNS, actions, stock="KH"))
    # ann wins the game 30 and the flop (8C) 30; cy the flip (KS, the only spade) 30.
    assert (res["ended"], res["game_winners"]) == ("going_out", ["ann"])
    assert (res["flip_winner"], res["flop_winner"]) == ("cy", "ann")
    assert res["stacks"] == {"ann": 230, "bob": 170, "cy": 200}


def test_gff_5_6_laying_the_last_card_ends_the_round_without_a_discard():
    # One spread of six is going out, not a tunk out (which needs two threes).
    actions = [draw("ann"), spread("ann", "8C 9C TC JC QC KC")]
    res = result_of(record(ABC, "cy", RUNS, actions, stock="KC"))
    assert (res["ended"], res["game_winners"]) == ("going_out", ["ann"])


def test_gff_6_1_going_out_on_a_hit_is_not_a_tunk_out():
    hands = ["7S 7H 7D 8C 9C", "TC JC QC 5H 6H", "2D 3D 4D 5D KS"]
    actions = [
        draw("ann"), spread("ann", "7S 7H 7D"), discard("ann", "KH"),
        draw("bob"), spread("bob", "TC JC QC"), discard("bob", "QH"),
        draw("cy"), discard("cy", "JH"),
        draw("ann"), hit("ann", 1, "7C 8C 9C"),
    ]
    res = result_of(record(ABC, "cy", hands, actions, stock="KH QH JH 7C"))
    # Flip spades: ann's 7S beats cy's KS. Flop clubs: ann's 8C is the lowest club dealt.
    assert (res["ended"], res["game_winners"]) == ("going_out", ["ann"])
    assert (res["flip_winner"], res["flop_winner"]) == ("ann", "ann")
    assert res["stacks"] == {"ann": 260, "bob": 170, "cy": 170}


TUNK_HANDS = ["7S 7H 7D 8C 9C", "5H 6H 7C TD JD", "2D 3D 4D 5D KS"]
TUNK_STOCK = "KH QH JH TC"


def tunk_actions(bob_hits: bool) -> list[dict]:
    bob = [draw("bob"), hit("bob", 0, "7C"), discard("bob", "QH")] if bob_hits else [
        draw("bob"), discard("bob", "QH")]
    return [
        draw("ann"), spread("ann", "7S 7H 7D"), discard("ann", "KH"),
        *bob,
        draw("cy"), discard("cy", "JH"),
        draw("ann"), spread("ann", "8C 9C TC"),
    ]


def test_gff_6_3_tunk_out_with_two_threes_laid_on_different_turns():
    res = result_of(record(ABC, "cy", TUNK_HANDS, tunk_actions(False), stock=TUNK_STOCK))
    # Game 30 + 10 from bob + 10 from cy. Flip spades: ann's 7S beats cy's KS (30).
    # Flop clubs: bob's 7C is lower than ann's 8C (30 to bob).
    assert (res["ended"], res["game_winners"]) == ("tunk_out", ["ann"])
    assert (res["flip_winner"], res["flop_winner"]) == ("ann", "bob")
    assert res["stacks"] == {"ann": 200 - 30 + 50 + 30, "bob": 200 - 30 - 10 + 30, "cy": 160}


def test_gff_6_3_others_may_have_hit_the_spreads_of_a_tunk_out():
    res = result_of(record(ABC, "cy", TUNK_HANDS, tunk_actions(True), stock=TUNK_STOCK))
    assert res["ended"] == "tunk_out"


def test_gff_6_3_two_threes_on_one_turn_tunk_out():
    actions = [draw("ann"), spread("ann", "7S 7H 7D"), spread("ann", "8C 9C TC")]
    res = result_of(record(ABC, "cy", TUNK_HANDS, actions, stock="TC"))
    assert res["ended"] == "tunk_out"


def stock_out_actions(data: dict, order: list[str]) -> list[dict]:
    """Every player draws the top of the stock and throws it, until the stock is empty."""
    stock = data["deck"][5 * len(order):]
    actions = []
    for i, card in enumerate(stock):
        seat = order[i % len(order)]
        actions += [draw(seat), discard(seat, card)]
    return actions


def test_gff_6_4_the_stock_runs_out_and_a_tie_shares_with_the_odd_chip():
    seats = [("ann", 100), ("bob", 100), ("cy", 100)]
    hands = ["2H 3H 4H 5S 9H", "5H 6H 7H TD JD", "2D 3D 4D 5D 9C"]  # 23, 38, 23
    data = record(seats, "cy", hands, stake=5)
    data["actions"] = stock_out_actions(data, ["ann", "bob", "cy"])
    assert len(data["actions"]) == 2 * 37
    res = result_of(data)
    # Game 15 shared by ann and cy: ann, first from the dealer's left, gets the odd chip.
    # Flip clubs: cy's 9C (15). Flop spades: ann's 5S (15).
    assert (res["ended"], res["game_winners"]) == ("stock_out", ["ann", "cy"])
    assert res["stacks"] == {"ann": 100 - 15 + 8 + 15, "bob": 85, "cy": 100 - 15 + 7 + 15}


def test_gff_6_4_nobody_may_take_the_last_discard():
    data = record(ABC, "cy", QUIET)
    data["actions"] = [*stock_out_actions(data, ["ann", "bob", "cy"]), draw("bob", "discard")]
    err = error_of(data)
    assert (err.code, err.action) == ("wrong_phase", 74)


def test_gff_6_2_seed_example_dropper_tied_is_caught_stake_1():
    # a drops; a, c and d all have 15; b and e higher. Flip card 8H: hearts flip (c's AH),
    # diamonds flop (d's AD).
    hands = [
        "AS 2S 3S 4S 5S",  # a: 15
        "KS KH KD 9S 9H",  # b: 48
        "AH 2H 3H 4H 5H",  # c: 15
        "AD 2D 3D 4D 5D",  # d: 15
        "QS QH QD 8S 8H",  # e: 46
    ]
    seats = [(s, 20) for s in "abcde"]
    res = result_of(record(seats, "e", hands, [drop("a")], stake=1))
    assert res["ended"] == "caught"
    assert res["game_winners"] == ["c", "d"]
    # Game pot alone: a -2, c +2, d +2, b -1, e -1. Flip 5 to c, flop 5 to d.
    game_net = {"a": -2, "b": -1, "c": 2, "d": 2, "e": -1}
    side = {"a": -2, "b": -2, "c": -2 + 5, "d": -2 + 5, "e": -2}
    assert res["stacks"] == {s: 20 + game_net[s] + side[s] for s in "abcde"}


def test_gff_6_2_a_dropper_who_is_not_lowest_is_caught_by_the_lowest_other():
    actions = [draw("ann"), discard("ann", "9D"), drop("bob")]
    res = result_of(record(ABC, "cy", QUIET, actions, stock="AS"))
    # bob drops with 38; ann has 2H 3H 4H 8D AS = 18, cy 23: ann takes 30 + bob's 10.
    # Flip clubs: cy's 9C. Flop spades: nobody was dealt one (AS was drawn): carries.
    assert (res["ended"], res["game_winners"]) == ("caught", ["ann"])
    assert res["stacks"] == {"ann": 210, "bob": 160, "cy": 200}
