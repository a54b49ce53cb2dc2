"""Computer players for Game, Flip and Flop.

A strategy sees exactly what its seat may see, by type: it is called with the
seat's PrivateView (a frozen value with no link back to the hand) and a random
generator, and answers with one legal action. It can never read the deck or
another seat's hand, because it is never given them.

A level that remembers what it saw earlier in the hand is a per-seat object fed
only those views, so `STRATEGIES` holds makers: `get_strategy(name)` gives a fresh
player for one seat and one hand.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.actions import Action
from engine.rummy.views import PrivateView
from engine.strategies.easy import play_easy
from engine.strategies.random_play import play_random
from engine.strategies.sharp import SharpPlayer

Strategy = Callable[[PrivateView, random.Random], Action]

STRATEGIES: dict[str, Callable[[], Strategy]] = {
    "random": lambda: play_random,
    "easy": lambda: play_easy,
    "sharp": SharpPlayer,
}


class UnknownStrategy(ValueError):
    """A level name that is not in STRATEGIES."""


def get_strategy(name: str) -> Strategy:
    """A new player of level `name` for one seat, for one hand."""
    try:
        make = STRATEGIES[name]
    except KeyError:
        known = ", ".join(STRATEGIES)
        raise UnknownStrategy(f"no strategy called {name!r} (choose from {known})") from None
    return make()


__all__ = ["STRATEGIES", "Strategy", "UnknownStrategy", "get_strategy"]
