"""Piquet's rules (docs/rules/piquet.md) on fixed packs, each test named after its rule."""

from __future__ import annotations

from engine import cards as C
from engine.piquet import scoring as S
from engine.piquet.actions import parse_action
from engine.piquet.settlement import margin
from engine.piquet.views import Call
from tests.engine.piquet.tables import (
    deal_of,
    declare,
    exchange,
    finish_deal,
    pack,
    plain_packs,
    play,
    record,
    sink,
)

# PIQUET-4.4: after the exchange bob (elder) holds ♠A K Q J T 9, ♥A K Q, ♦A, ♣8 7.
EXAMPLE = pack(
    "AS KS QS JS TS 9S AH KH QH AD 8C 7D",
    "KD QD JD TD 9D 8D AC KC QC JC TC 9C",
    "7C 8S 7S JH TH 9H 8H 7H",
)
EXAMPLE_ACTIONS = [
    exchange("bob", "7D"),
    exchange("ann", "9C"),
    declare("bob", "point", "AS KS QS JS TS 9S"),
    declare("ann", "point", "KD QD JD TD 9D 8D"),
    declare("bob", "sequence", "AS KS QS JS TS 9S"),
    declare("ann", "sequence", "KD QD JD TD 9D 8D"),
    declare("bob", "set", "AS AH AD"),
]


def test_piquet_4_4_the_example_28_then_lead_and_trick_make_30_and_pique_60():
    deal = deal_of(record(EXAMPLE, EXAMPLE_ACTIONS))
    assert deal.phase == "play"
    assert deal.detail["bob"]["point"] == 6
    assert deal.detail["bob"]["sequences"] == 16 + 3  # sixième and tierce (3.4)
    assert deal.detail["bob"]["sets"] == 3  # three aces
    assert deal.deal_score("bob") == 28 and deal.deal_score("ann") == 0
    assert deal.detail["bob"]["repique"] == 0  # 3.5: 28 is short of 30
    deal.apply(_parsed(play("bob", "AS")))
    assert deal.deal_score("bob") == 29 and deal.detail["bob"]["pique"] == 0
    deal.apply(_parsed(play("ann", "8S")))
    assert deal.detail["bob"]["tricks"] == 1
    assert deal.detail["bob"]["pique"] == 30
    assert deal.deal_score("bob") == 60


def _parsed(raw: dict):
    return parse_action(raw, 0, ["ann", "bob"])


def test_piquet_3_6_equal_point_then_the_value_and_good():
    deal = deal_of(record(EXAMPLE, EXAMPLE_ACTIONS))
    point, sequence, sets = deal.public_view().announcements
    assert (point.elder, point.reply, point.elder_second, point.second_reply) == (
        Call(6), "equal", 60, "good"
    )
    assert point.dealer is None and point.winner == "bob" and point.scored == 6
    assert (sequence.reply, sequence.elder_second, sequence.second_reply) == ("equal", "A", "good")
    assert sequence.others == (Call(3),)  # the tierce, said by the winner
    assert sets.elder == Call(3, "A") and sets.reply == "good" and sets.scored == 3


def test_piquet_3_2_a_player_holding_no_set_is_sunk_without_an_action():
    deal = deal_of(record(EXAMPLE, EXAMPLE_ACTIONS))
    assert len(deal.actions) == 7  # ann never acted on sets: she holds none
    assert deal.to_act() == ("bob",)


def test_piquet_3_3_a_declaration_beats_a_sink_and_two_sinks_score_nothing():
    actions = EXAMPLE_ACTIONS[:2] + [
        sink("bob", "point"),
        declare("ann", "point", "KD QD JD TD 9D 8D"),
        sink("bob", "sequence"),
        sink("ann", "sequence"),
    ]
    deal = deal_of(record(EXAMPLE, actions))
    point, sequence = deal.public_view().announcements
    assert deal.detail["ann"]["point"] == 6 and deal.detail["bob"]["point"] == 0
    assert point.elder_declared is False and point.dealer == Call(6) and point.winner == "ann"
    assert sequence.winner is None and sequence.scored == 0
    assert deal.detail["ann"]["sequences"] == 0 and deal.detail["bob"]["sequences"] == 0


def test_piquet_3_3_not_good_gives_the_dealers_call_and_the_dealer_scores_every_sequence():
    actions = EXAMPLE_ACTIONS[:4] + [
        declare("bob", "sequence", "AH KH QH"),
        declare("ann", "sequence", "AC KC QC JC TC"),
    ]
    deal = deal_of(record(EXAMPLE, actions))
    sequence = deal.public_view().announcements[1]
    assert sequence.reply == "not good" and sequence.dealer == Call(5)
    assert deal.detail["ann"]["sequences"] == 16 + 15  # 3.4: the sixième too
    assert sequence.others == (Call(6),)


def test_piquet_2_2_carte_blanche_scores_10_and_the_non_dealers_hand_is_shown():
    blank = pack("AS TS 9S 8S 7S AH TH 9H 8H AD TD 9D", "KS QS JS KH QH JH KD QD JD KC QC JC")
    deal = deal_of(record(blank))
    assert deal.detail["bob"]["carte_blanche"] == 10
    shown = dict(deal.public_view().carte_blanche)
    assert len(shown["bob"]) == 12


def test_piquet_2_2_a_dealers_carte_blanche_is_shown_after_the_exchange():
    blank = pack("KS QS JS KH QH JH KD QD JD KC QC JC", "AS TS 9S 8S 7S AH TH 9H 8H AD TD 9D")
    deal = deal_of(record(blank))
    assert deal.detail["ann"]["carte_blanche"] == 10
    assert dict(deal.public_view().carte_blanche) == {"ann": None}
    deal = deal_of(record(blank, [exchange("bob", "JC")]))
    assert len(dict(deal.public_view().carte_blanche)["ann"]) == 12


# Bob: 7 spades to the ace, ♥A K Q, four aces after the exchange: 41, and ann has 0.
REPIQUE = pack(
    "AS KS QS JS TS 9S 8S AH KH QH AD 7S",
    "JH TH 9H 8H 7H KD QD JD TD 9D 8D 7D",
    "AC KC QC JC TC 9C 8C 7C",
)


def test_piquet_3_5_repique_30_before_play_while_the_other_has_0_scores_60():
    deal = deal_of(record(REPIQUE, [exchange("bob", "7S"), exchange("ann", "7H")]))
    finish_deal_until_play(deal)
    assert deal.detail["bob"]["point"] == 7
    assert deal.detail["bob"]["sequences"] == 17 + 3
    assert deal.detail["bob"]["sets"] == 14  # quatorze
    assert deal.detail["bob"]["repique"] == 60
    assert deal.deal_score("bob") == 101
    deal.apply(deal.timeout_action("bob"))
    assert deal.detail["bob"]["pique"] == 0  # 4.3: not after a repique


def finish_deal_until_play(deal):
    while deal.phase == "declare":
        deal.apply(deal.timeout_action(deal.to_act()[0]))


# Bob holds all eight spades and ♥A K Q J; ann holds no card of either suit.
CAPOT = pack(
    "AS KS QS JS TS 9S 8S 7S AH KH QH 7D",
    "AD KD QD JD TD 9D 8D AC KC QC JC TC",
    "JH 9C 8C 7C TH 9H 8H 7H",
)


def test_piquet_4_2_all_twelve_tricks_the_cards_and_capot():
    deal = deal_of(record(CAPOT, [exchange("bob", "7D"), exchange("ann", "TC")]))
    finish_deal(deal)
    bob = deal.finished[0]["detail"]["bob"]
    assert bob == {
        "carte_blanche": 0, "point": 8, "sequences": 18 + 4, "sets": 0, "repique": 60,
        "pique": 0, "leads": 12, "tricks": 12, "cards": 10, "capot": 30,
    }
    assert deal.finished[0]["scores"] == {"ann": 0, "bob": 154}
    assert deal.finished[0]["dealer"] == "ann"


def test_piquet_4_2_six_tricks_each_win_nobody_the_cards():
    seen = 0
    for seed in range(30):
        deal = deal_of(record(pack_for(seed)))
        finish_deal(deal)
        done = deal.finished[0]["detail"]
        tricks = {seat: done[seat]["tricks"] for seat in done}
        assert sum(tricks.values()) == 12
        for seat in done:
            assert done[seat]["cards"] == (10 if tricks[seat] >= 7 else 0)
        seen += tricks["ann"] == 6
    assert seen, "no deal of these packs split the tricks 6-6"


def pack_for(seed: int) -> list[str]:
    return plain_packs(1, seed)[0]


def test_piquet_3_4_sequence_and_set_points():
    assert [S.SEQUENCE_POINTS[n] for n in range(3, 9)] == [3, 4, 15, 16, 17, 18]
    assert S.SET_POINTS == {3: 3, 4: 14}


def test_piquet_3_1_sequences_are_whole_runs_ace_high_only():
    hand = [C.parse(code) for code in "AS KS QS 9S 8S 7S AH 7H 8H".split()]
    runs = sorted(sorted(map(C.code, run)) for run in S.sequences(hand))
    assert runs == [["7S", "8S", "9S"], ["AS", "KS", "QS"]]  # no A-7-8 in hearts


def test_piquet_5_2_margin_and_the_rubicon_as_the_seed_says():
    assert margin(128, 119) == (109, False)
    assert margin(117, 96) == (313, True)

