"""Computer players at a table: who they are, what they are called, how they decide.

A computer player sits in a seat like a person, under an id no Discord user can
have (Discord ids are far above a million). The id carries the level, so after
a restart a seat still knows how it plays: 1xxx random, 2xxx easy, 3xxx sharp,
4xxx hard. Its chips come from the house: minted when it sits down, burned when it
leaves.

A player that searches (`hard`, engine/search.py) thinks on a thread of its own, so the
bot goes on answering every click while it does, and its move is due at most
THINK_SECONDS after it was asked for, however many others think at the same time.
"""

from __future__ import annotations

import asyncio
import random
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from engine.game import Game, Strategy

# Every level any game has, in the order ids give them; a game offers those of its own
# strategies (engine/game.py: Game.strategies).
LEVELS = ("random", "easy", "sharp", "hard")
FIRST_PERSON_ID = 1_000_000  # every id below is a computer player
PAUSE_SECONDS = 1.5  # a computer player acts after this, so people can follow
# A searching player's move is due this long after it is asked for (its search also
# caps itself: engine/search.py TABLE_MS); the last playout and the hop back fit within 1 s.
THINK_SECONDS = 0.9
# Searches run one at a time: with Python's one interpreter lock, two threads of search
# would not think faster, and one leaves the event loop its turn every switch interval.
THINKING_THREADS = 1


def is_computer(user_id: int) -> bool:
    return 0 < user_id < FIRST_PERSON_ID


def computer_id(level: str, number: int) -> int:
    return (LEVELS.index(level) + 1) * 1000 + number


def level_of(user_id: int) -> str:
    return LEVELS[user_id // 1000 - 1]


def computer_name(user_id: int) -> str:
    return f"🤖 {level_of(user_id).capitalize()} {user_id % 1000}"


@dataclass(slots=True)
class _Playing:
    """One computer seat's player for one hand."""

    hand_number: int
    player: Strategy
    thinking: bool = False
    # Views shown while it thought, given to it once it is done (its memory is its own
    # thread's while it thinks).
    later: list[Any] = field(default_factory=list)


class ComputerPlayers:
    """One strategy per computer seat and hand: a sharp or hard player remembers what it
    saw, and is shown its seat's view after every action (`observe`)."""

    def __init__(self, seed: int | None = None, think_seconds: float = THINK_SECONDS) -> None:
        self._rng = random.Random(seed)
        self._playing: dict[tuple[int, int], _Playing] = {}
        self.think_seconds = think_seconds
        self._threads: ThreadPoolExecutor | None = None

    def _for(self, table_id: int, game: Game, hand_number: int, user_id: int) -> _Playing:
        key = (table_id, user_id)
        playing = self._playing.get(key)
        if playing is None or playing.hand_number != hand_number:
            playing = _Playing(hand_number, game.strategies[level_of(user_id)]())
            self._playing[key] = playing
        return playing

    def observe(
        self, table_id: int, game: Game, hand_number: int, user_id: int, hand: Any, seat: str
    ) -> None:
        """What `user_id`'s seat of `hand` is shown after an action, for a player that
        remembers (the view is made only for such a player)."""
        playing = self._for(table_id, game, hand_number, user_id)
        observe = getattr(playing.player, "observe", None)
        if observe is None:
            return
        view = hand.private_view(seat)
        if playing.thinking:
            playing.later.append(view)
        else:
            observe(view)

    async def decide(
        self, table_id: int, game: Game, hand_number: int, user_id: int, view: Any
    ) -> Any:
        """The move of `user_id`'s level of `game` for what its seat is shown."""
        playing = self._for(table_id, game, hand_number, user_id)
        if not getattr(playing.player, "searches", False):
            return playing.player(view, self._rng)
        deadline = time.perf_counter() + self.think_seconds
        rng = random.Random(self._rng.getrandbits(64))  # the thread's own
        think = partial(playing.player, view, rng, deadline=deadline)
        playing.thinking = True
        try:
            return await asyncio.get_running_loop().run_in_executor(self._thinker(), think)
        finally:
            playing.thinking = False
            observe = getattr(playing.player, "observe", None)
            for later in playing.later:
                observe(later)
            playing.later.clear()

    @property
    def thinking(self) -> int:
        """How many computer players are thinking now."""
        return sum(playing.thinking for playing in self._playing.values())

    def _thinker(self) -> ThreadPoolExecutor:
        if self._threads is None:
            self._threads = ThreadPoolExecutor(THINKING_THREADS, thread_name_prefix="computer")
        return self._threads

    def forget(self, table_id: int) -> None:
        for key in [k for k in self._playing if k[0] == table_id]:
            del self._playing[key]

    def close(self) -> None:
        """At shutdown: searches not yet begun are dropped; one under way ends by its
        deadline."""
        if self._threads is not None:
            self._threads.shutdown(wait=False, cancel_futures=True)
            self._threads = None
