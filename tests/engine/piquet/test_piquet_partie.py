"""A whole partie of Piquet (PIQUET-1.3, 5, 6, 7.3) and its record's round trip."""

from __future__ import annotations

import json
import random

from engine.piquet.game import PIQUET
from engine.piquet.strategy import STRATEGIES
from engine.replay import run
from tests.engine.piquet.tables import deal_of, plain_packs, record

DETAIL = ["carte_blanche", "point", "sequences", "sets", "repique", "pique", "leads",
          "tricks", "cards", "capot"]


def played(stake: int = 5, stacks: int = 500, seed: int = 3, players=("easy", "random")):
    """A partie played to its end by two computer players; its deal and record."""
    seats = [("ann", stacks), ("bob", stacks)]
    deal = deal_of(record(plain_packs(1, seed)[0], stake=stake, seats=seats,
                          later=plain_packs(5, seed + 100)))
    strategy = {"ann": STRATEGIES[players[0]](), "bob": STRATEGIES[players[1]]()}
    rng = random.Random(seed)
    while not deal.is_over:
        seat = deal.to_act()[0]
        deal.apply(strategy[seat](deal.private_view(seat), rng))
    return deal, deal.record().to_json()


def test_piquet_7_3_a_whole_partie_has_exactly_the_pages_fields():
    deal, data = played()
    answer, status = run(json.dumps(data))
    assert status == 0, answer
    assert set(answer) == {"ended", "winners", "stacks", "eliminated", "scores", "deals",
                           "margin", "paid"}
    assert len(answer["deals"]) == 6
    for deal_result in answer["deals"]:
        assert set(deal_result) == {"dealer", "scores", "detail"}
        for seat, detail in deal_result["detail"].items():
            assert list(detail) == DETAIL
            assert sum(detail.values()) == deal_result["scores"][seat]  # 7.3
    for seat in ("ann", "bob"):
        assert answer["scores"][seat] == sum(d["scores"][seat] for d in answer["deals"])


def test_piquet_1_3_the_deal_alternates_first_dealer_dealing_1_3_5():
    _, data = played()
    answer, _ = run(json.dumps(data))
    assert [d["dealer"] for d in answer["deals"]] == ["ann", "bob"] * 3


def test_piquet_5_2_6_1_the_loser_pays_stake_times_margin_over_100():
    _, data = played()
    answer, _ = run(json.dumps(data))
    scores = answer["scores"]
    high, low = sorted(scores.values(), reverse=True)
    assert high != low
    rubicon = low < 100
    assert answer["ended"] == ("rubicon" if rubicon else "won")
    expected = high + low + 100 if rubicon else high - low + 100
    assert answer["margin"] == expected
    assert answer["paid"] == min(5 * expected // 100, 500)
    winner = max(scores, key=scores.get)
    assert answer["winners"] == [winner]
    assert answer["stacks"][winner] == 500 + answer["paid"]
    assert sum(answer["stacks"].values()) == 1000


def test_piquet_6_2_at_most_the_stack_and_under_5s_is_eliminated():
    _, data = played(stake=20, stacks=100, seed=13)  # 5S exactly: over 500 is capped
    answer, _ = run(json.dumps(data))
    assert answer["margin"] * 20 // 100 > 100
    assert answer["paid"] == 100
    loser = next(seat for seat in answer["stacks"] if seat not in answer["winners"])
    assert answer["stacks"][loser] == 0 and answer["eliminated"] == [loser]


def test_piquet_5_1_equal_totals_tie_and_pay_nothing():
    deal, _ = played()
    deal.totals = {"ann": 150, "bob": 150}
    deal._settle()
    result = deal.settlement.to_result()
    assert result["ended"] == "tie" and result["winners"] == []
    assert result["margin"] is None and result["paid"] == 0
    assert result["stacks"] == {"ann": 500, "bob": 500}


def test_piquet_7_1_a_record_replays_to_the_same_result_and_the_same_record():
    deal, data = played(seed=11)
    again = PIQUET.replay(PIQUET.parse_record(json.loads(json.dumps(data))))
    assert again.settlement.to_result() == deal.settlement.to_result()
    assert again.record().to_json() == data


def test_piquet_5_3_a_partie_that_stops_early_is_incomplete():
    _, data = played()
    data["actions"] = data["actions"][:40]
    answer, status = run(json.dumps(data))
    assert status == 1 and answer["error"]["code"] == "incomplete"


def test_piquet_7_3_each_deal_score_is_its_detail_added_up_after_every_action():
    """The deal keeps each seat's score as it is made (OneDeal.scores): it is always the
    sum of the parts 7.3 lists, whatever the play."""
    for seed in range(6):
        deal = deal_of(record(plain_packs(1, seed)[0], later=plain_packs(5, seed + 20)))
        rng = random.Random(seed)
        while not deal.is_over:
            deal.apply(PIQUET.simulation_action(deal, rng))
            for seat in ("ann", "bob"):
                assert deal.deal_score(seat) == sum(deal.detail[seat].values())
