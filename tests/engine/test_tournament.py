"""`python -m engine.tournament`: fair seating, clean per-hand chips, output and errors."""

import subprocess
import sys
from collections import Counter

import pytest

from engine import games, tournament
from engine.tournament import (
    default_seats,
    main,
    mean_interval,
    play_deal,
    run_tournament,
    seat_names,
)

SEATS = "sharp,easy,random"


def output(capsys, *args: str) -> str:
    assert main(list(args)) == 0
    return capsys.readouterr().out


def test_each_deal_puts_every_strategy_in_every_position_once():
    for deal in range(6):
        hands = play_deal(5, deal, ["sharp", "easy", "random"], 10)
        assert len(hands) == 3
        placed = Counter((seat.strategy, seat.position) for hand in hands for seat in hand)
        assert placed == Counter({(n, p): 1 for n in ("sharp", "easy", "random")
                                  for p in range(3)})


def test_every_hand_balances_to_zero_chips():
    # Stacks are reset each hand and an unwon flip or flop goes back to its posters.
    for deal in range(10):
        for hand in play_deal(9, deal, ["easy", "random", "random", "easy"], 10):
            assert sum(seat.chips for seat in hand) == 0


def test_hands_are_rounded_up_to_whole_deals_and_counted_per_strategy():
    report = run_tournament(31, ["sharp", "easy", "random"], 4)
    assert (report.hands, report.deals) == (33, 11)
    assert all(t.hands == 33 for t in report.tallies.values())
    assert sum(t.chips for t in report.tallies.values()) == 0
    assert all(len(per_deal) == 11 for per_deal in report.per_deal.values())


def test_the_command_prints_each_strategy_and_the_two_paired_differences(capsys):
    text = output(capsys, "--hands", "30", "--seats", SEATS, "--seed", "3", "--jobs", "1")
    lines = text.splitlines()
    assert lines[0].startswith("30 hands: 10 deals, each played 3 times")
    for name in ("sharp", "easy", "random"):
        rows = [line for line in lines if line.startswith(name + " ")]
        assert "[" in rows[0] and "%" in rows[0]  # chips/hand, interval, game pots won
        assert len(rows[1].split()) == 7  # one count per ending
    assert "going_out" in text and "tunk_out" in text
    assert any(line.startswith("sharp - easy ") for line in lines)
    assert any(line.startswith("easy - random ") for line in lines)
    assert "paired by deal" in text


def test_the_same_seed_gives_the_same_output_whatever_the_number_of_processes(
        capsys, monkeypatch):
    monkeypatch.setattr(tournament, "DEALS_PER_TASK", 4)  # several tasks for the pool
    args = ["--hands", "36", "--seats", SEATS, "--seed", "8"]
    one = output(capsys, *args, "--jobs", "1")
    assert output(capsys, *args, "--jobs", "1") == one
    assert output(capsys, *args, "--jobs", "2") == one
    assert output(capsys, "--hands", "36", "--seats", SEATS, "--seed", "9", "--jobs", "1") != one


def test_an_interval_is_the_mean_and_its_normal_95_percent_half_width():
    mean, half = mean_interval([1.0, 3.0, 5.0, 7.0])
    assert mean == 4.0
    assert half == pytest.approx(1.959964 * (20 / 3 / 4) ** 0.5)


@pytest.mark.parametrize(
    "args, message",
    [
        (["--seats", "sharp,wizard"], "unknown strategy 'wizard'"),
        (["--seats", "sharp"], "2 to 5 players"),
        (["--seats", "easy,easy,easy,easy,easy,easy"], "2 to 5 players"),
        (["--hands", "0"], "at least 1"),
        (["--hands", "many"], "not a whole number"),
        (["--seed", "x"], "invalid int value"),
    ],
)
def test_bad_arguments_exit_2_with_a_short_message(capsys, args, message):
    with pytest.raises(SystemExit) as stopped:
        main(args)
    assert stopped.value.code == 2
    assert message in capsys.readouterr().err


def test_the_module_refuses_an_unknown_strategy_without_a_traceback():
    done = subprocess.run(
        [sys.executable, "-m", "engine.tournament", "--seats", "sharp,nobody", "--hands", "3"],
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 2
    assert "unknown strategy 'nobody'" in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


@pytest.mark.parametrize("game_id", games.GAMES)
def test_the_default_lineup_is_each_level_once_strongest_first(game_id):
    game = games.get(game_id)
    seats = default_seats(game_id)
    assert seat_names(",".join(seats), game_id) == seats  # levels the game has, seats it takes
    levels = [level for level in game.strategies if level != "hard"]  # named, not default
    if len(levels) > 1:
        assert seats == list(reversed(levels))
    else:
        assert seats == levels * tournament.LONE_LEVEL_SEATS


def test_the_default_lineups_are_those_the_games_have_always_had():
    assert default_seats("gff") == ["sharp", "easy", "random"]
    assert default_seats("tonk") == ["easy", "random"]
    assert default_seats("oldmaid") == ["random", "random", "random"]  # one level only
