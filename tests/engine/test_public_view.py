"""Every game's public view is made once an action (engine/base.py: kept_until_the_next_action)."""

from __future__ import annotations

import random

import pytest

from engine import games

SEATS = [("101", 500), ("102", 500), ("103", 500)]


def a_running_deal(game_id: str):
    """A deal of the game with three seats (two where it takes two), not over at the deal."""
    game = games.get(game_id)
    info = game.info
    seats = SEATS[: max(info.min_seats, min(3, info.max_seats))]
    rng = random.Random(5)
    while True:
        packs = [rng.sample(info.pack, len(info.pack)) for _ in range(info.deals_per_game)]
        deal = game.start(
            seats=seats, stake=10, dealer=seats[0][0] if info.has_dealer else None,
            deck_or_decks=packs if info.deals_per_game > 1 else packs[0],
        )
        if not deal.is_over:
            return deal


@pytest.mark.parametrize("game_id", sorted(games.GAMES))
def test_the_public_view_is_kept_until_the_next_action(game_id):
    deal = a_running_deal(game_id)
    before = deal.public_view()
    assert deal.public_view() is before  # read again by every view: the same one
    seat = deal.to_act()[0]
    deal.apply(deal.timeout_action(seat))
    after = deal.public_view()
    assert after is not before and after != before
    assert deal.public_view() is after
