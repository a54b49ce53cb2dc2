"""What each game says of one seat's deal for a player's record (engine/base.py):
who it dealt in, whether the seat won, and the game's own figures, on results
written out by hand."""

from __future__ import annotations

from engine import games


def record(stake: int, stacks: dict[str, int]) -> dict:
    return {"stake": stake, "seats": [{"id": s, "stack": n} for s, n in stacks.items()]}


def test_a_seat_below_the_least_stack_was_not_dealt_in():
    # GFF-2.6: two stakes; Gops: one (GOPS-3.4)
    assert games.get("gff").played(record(10, {"1": 20, "2": 19, "3": 500})) == ("1", "3")
    assert games.get("gops").played(record(10, {"1": 10, "2": 9})) == ("1",)


def test_gff_is_won_by_the_game_pot_and_counts_flips_flops_and_tunk_outs():
    gff = games.get("gff")
    result = {"ended": "tunk_out", "game_winners": ["2"], "flip_winner": "1",
              "flop_winner": "2", "stacks": {}, "carry": {}, "eliminated": []}
    assert not gff.won(result, "1") and gff.won(result, "2")
    assert gff.stats(result, "1", -10) == {"flips won": 1, "flops won": 0, "tunk outs": 0}
    assert gff.stats(result, "2", 30) == {"flips won": 0, "flops won": 1, "tunk outs": 1}
    going_out = {**result, "ended": "going_out", "flip_winner": None}
    assert gff.stats(going_out, "2", 30) == {"flips won": 0, "flops won": 1, "tunk outs": 0}


def test_gops_counts_points_and_faro_the_net_against_the_house():
    result = {"ended": "all_prizes", "winners": ["1", "2"], "stacks": {},
              "eliminated": [], "scores": {"1": 30, "2": 30, "3": 18}}
    gops = games.get("gops")
    assert gops.won(result, "2") and not gops.won(result, "3")
    assert gops.stats(result, "3", -10) == {"points": 18}
    faro = {"ended": "hoc", "winners": [], "stacks": {}, "eliminated": [], "house": 25,
            "turns": 25, "left": []}
    assert games.get("faro").stats(faro, "1", -25) == {"net against the house": -25}


def test_a_game_without_figures_of_its_own_gives_none():
    result = {"ended": "drop", "winners": ["1"], "stacks": {}, "eliminated": []}
    assert games.get("tonk").stats(result, "1", 20) == {}
    assert games.get("tonk").won(result, "1")
