"""Engine speed: random hands per second, as `python -m engine.simulate` plays them.

The 20,000-hand figure includes the interpreter's start-up (a fresh process), as
the target says, and is the best of three runs. The baseline, in the same run,
is the cost floor of a hand: shuffle and deal only, no play, no settlement.
"""

from __future__ import annotations

import random
import subprocess
import sys
import time

from bench.table import Row
from engine import games
from engine.cards import DECK
from engine.simulate import random_action, simulate

TARGET = 5_000  # hands/s, 3 players, one core, start-up included

GFF = games.get("gff")  # the game these figures are for


def _whole_command(hands: int, players: int, runs: int = 3) -> float:
    """Best of `runs`: the machine's noise only ever slows a run down."""
    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "engine.simulate", "--hands", str(hands),
             "--players", str(players)],
            check=True,
            capture_output=True,
        )
        best = min(best, time.perf_counter() - started)
    return hands / best


def _deal_only(hands: int, players: int) -> float:
    rng, deck = random.Random(1), list(DECK)
    seats = [(f"p{i}", 200) for i in range(players)]
    started = time.perf_counter()
    for _ in range(hands):
        rng.shuffle(deck)
        GFF.start(seats=seats, stake=10, dealer="p0", deck_or_decks=deck)
    return hands / (time.perf_counter() - started)


def _per_action(hands: int, players: int) -> float:
    rng, deck = random.Random(2), list(DECK)
    seats = [(f"p{i}", 200) for i in range(players)]
    actions, seconds = 0, 0.0
    for _ in range(hands):
        rng.shuffle(deck)
        hand = GFF.start(seats=seats, stake=10, dealer="p0", deck_or_decks=deck)
        while not hand.is_over:
            action = random_action(hand, rng)
            started = time.perf_counter()
            hand.apply(action)
            seconds += time.perf_counter() - started
            actions += 1
    return seconds / actions * 1e6


def run() -> list[Row]:
    rows = []
    for players in (3, 5):
        rate = _whole_command(20_000, players)
        rows.append(
            Row(
                f"engine: random hands/s, {players} players (20,000, start-up incl.)",
                rate,
                "hands/s",
                baseline=f"deal only: {_deal_only(20_000, players):,.0f} hands/s",
                target=f">= {TARGET:,}" if players == 3 else "",
                met=rate >= TARGET if players == 3 else None,
            )
        )
    rows.append(Row("engine: check + apply per action, 3 players", _per_action(2_000, 3), "µs"))
    rows.append(Row("engine: tonk random hands/s, 3 players (5,000, in process)",
                    _game_rate("tonk", 5_000, 3), "hands/s"))
    rows.append(Row("engine: gops random games/s, 3 players (5,000, in process)",
                    _game_rate("gops", 5_000, 3), "games/s"))
    rows.append(Row("engine: auction random games/s, 3 players (500, in process)",
                    _game_rate("auction", 500, 3), "games/s"))
    rows.append(Row("engine: farmer random deals/s, 5 players (5,000, in process)",
                    _game_rate("farmer", 5_000, 5), "deals/s"))
    rows.append(Row("engine: faro random deals/s, 4 players (1,000, in process)",
                    _game_rate("faro", 1_000, 4), "deals/s"))
    rows.append(Row("engine: pageone random games/s, 4 players (2,000, in process)",
                    _game_rate("pageone", 2_000, 4), "games/s"))
    rows.append(Row("engine: jackchangeit random games/s, 4 players (2,000, in process)",
                    _game_rate("jackchangeit", 2_000, 4), "games/s"))
    rows.append(Row("engine: oldmaid random deals/s, 4 players (2,000, in process)",
                    _game_rate("oldmaid", 2_000, 4), "deals/s"))
    rows.append(Row("engine: concentration random games/s, 3 players (1,000, in process)",
                    _game_rate("concentration", 1_000, 3), "games/s"))
    rows.append(Row("engine: fiftyone random games/s, 4 players (2,000, in process)",
                    _game_rate("fiftyone", 2_000, 4), "games/s"))
    rows.append(Row("engine: piquet random parties/s, 2 players (300, in process)",
                    _game_rate("piquet", 300, 2), "parties/s"))
    return rows


def _game_rate(game_id: str, hands: int, players: int) -> float:
    """Random hands (or whole games, for Gops and the auction) per second of a registered
    game, as `engine.simulate --game` plays them."""
    started = time.perf_counter()
    simulate(hands, players, 1, game_id)
    return hands / (time.perf_counter() - started)
