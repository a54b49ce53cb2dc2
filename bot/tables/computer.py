"""Computer players at a table: who they are, what they are called, how they decide.

A computer player sits in a seat like a person, under an id no Discord user can
have (Discord ids are far above a million). The id carries the level, so after
a restart a seat still knows how it plays: 1xxx random, 2xxx easy, 3xxx sharp.
Its chips come from the house: minted when it sits down, burned when it leaves.
"""

from __future__ import annotations

import random
from typing import Any

from engine.game import Game, Strategy

# Every level any game has, in the order ids give them; a game offers those of its own
# strategies (engine/game.py: Game.strategies).
LEVELS = ("random", "easy", "sharp")
FIRST_PERSON_ID = 1_000_000  # every id below is a computer player
PAUSE_SECONDS = 1.5  # a computer player acts after this, so people can follow


def is_computer(user_id: int) -> bool:
    return 0 < user_id < FIRST_PERSON_ID


def computer_id(level: str, number: int) -> int:
    return (LEVELS.index(level) + 1) * 1000 + number


def level_of(user_id: int) -> str:
    return LEVELS[user_id // 1000 - 1]


def computer_name(user_id: int) -> str:
    return f"🤖 {level_of(user_id).capitalize()} {user_id % 1000}"


class ComputerPlayers:
    """One strategy per computer seat and hand: a sharp player remembers what it saw."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)
        self._playing: dict[tuple[int, int], tuple[int, Strategy]] = {}

    def decide(
        self, table_id: int, game: Game, hand_number: int, user_id: int, view: Any
    ) -> Any:
        """The move of `user_id`'s level of `game` for what its seat is shown."""
        key = (table_id, user_id)
        known = self._playing.get(key)
        if known is None or known[0] != hand_number:
            known = (hand_number, game.strategies[level_of(user_id)]())
            self._playing[key] = known
        return known[1](view, self._rng)

    def forget(self, table_id: int) -> None:
        for key in [k for k in self._playing if k[0] == table_id]:
            del self._playing[key]
