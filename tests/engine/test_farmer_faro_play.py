"""Farmer and Faro through the hall's tools: random play keeps every chip and card, and
each game's `easy` player beats `random` over seeded deals."""

from __future__ import annotations

import pytest

from engine.simulate import simulate
from engine.tournament import run_tournament


@pytest.mark.parametrize("game, players", [("farmer", 2), ("farmer", 8), ("faro", 1),
                                           ("faro", 3)])
def test_random_play_conserves_chips_and_cards(game, players):
    ended = simulate(300 if game == "farmer" else 60, players, 3, game)
    assert sum(ended.values()) == (300 if game == "farmer" else 60)


@pytest.mark.parametrize("game, hands", [("farmer", 1_200), ("faro", 300)])
def test_easy_beats_random(game, hands):
    report = run_tournament(hands, ["easy", "random"], seed=5, game_id=game)
    easy, rand = report.per_deal["easy"], report.per_deal["random"]
    assert sum(easy) / len(easy) > sum(rand) / len(rand)
