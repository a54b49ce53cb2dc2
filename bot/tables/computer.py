"""Computer players at a table: who they are, what they are called, how they decide.

A computer player sits in a seat like a person, under an id no Discord user can
have (Discord ids are far above a million). The id carries the level, so after
a restart a seat still knows how it plays: 1xxx random, 2xxx easy, 3xxx sharp,
4xxx hard. Its chips come from the house: minted when it sits down, burned when it
leaves.

A player that searches (`hard`, engine/search.py) thinks in a process of its own, so
the bot goes on answering every click at full speed while it does (a thread would share
the interpreter's lock with the event loop and halve it), and its move is due at most
THINK_SECONDS after it was asked for, however many others wait to think. That process
is sent the game, every view the seat was shown this hand and the view to move on; it
keeps each seat's player from one move to the next (shown only the views since), and
one it does not have (a new hand, a thinking process started again) is made fresh and
shown every view in order, so it remembers what the seat saw.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
import time
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from bot.i18n import N_, Text, _
from engine import games, search
from engine.game import Game, Strategy

log = logging.getLogger(__name__)

# Every level any game has, in the order ids give them; a game offers those of its own
# strategies (engine/game.py: Game.strategies).
LEVELS = ("random", "easy", "sharp", "hard")
# How a level is named in a computer player's name ("🤖 Easy 1").
LEVEL_NAMES = {
    # Translators: a computer player's level: it plays at random.
    "random": N_("Random"),
    # Translators: a computer player's level: it plays simply.
    "easy": N_("Easy"),
    # Translators: a computer player's level: it remembers what it saw and plays well.
    "sharp": N_("Sharp"),
    # Translators: a computer player's level: it searches ahead, the strongest.
    "hard": N_("Hard"),
}
# Translators: a computer player's name: its level and its number at the table.
COMPUTER_NAME = N_("🤖 {level} {number}")
FIRST_PERSON_ID = 1_000_000  # every id below is a computer player
PAUSE_SECONDS = 1.5  # a computer player acts after this, so people can follow
# A searching player's move is due this long after it is asked for (its search also
# caps itself: engine/search.py TABLE_MS); the last playout and the hop back fit within 1 s.
THINK_SECONDS = 0.85
# Past its deadline, a move still not back (its process just starting, or starved of a
# core) is given up this much later, and the seat plays easy's move instead.
GRACE_SECONDS = 0.05
# Searches run one at a time, in one process beside the bot's: on a machine of two cores,
# one for the bot and one for thinking.
THINKING_PROCESSES = 1
# The thinking process yields the processor to the bot's own when both want it: a click
# is answered first, a move thinks a little less.
THINKING_NICENESS = 10


def is_computer(user_id: int) -> bool:
    return 0 < user_id < FIRST_PERSON_ID


def computer_id(level: str, number: int) -> int:
    return (LEVELS.index(level) + 1) * 1000 + number


def level_of(user_id: int) -> str:
    return LEVELS[user_id // 1000 - 1]


def computer_name(user_id: int) -> str:
    """The computer player's name, in the language being rendered now."""
    return _(COMPUTER_NAME, level=_(LEVEL_NAMES[level_of(user_id)]),
             number=str(user_id % 1000))


def computer_named(user_id: int) -> Text:
    """The computer player's name, rendered when shown (in a message made before the
    reader's language is known)."""
    return Text(COMPUTER_NAME, level=Text(LEVEL_NAMES[level_of(user_id)]),
                number=str(user_id % 1000))


@dataclass(slots=True)
class _Playing:
    """One computer seat's player for one hand, and for one that searches, every view
    its seat was shown this hand (what its thinking process is sent)."""

    hand_number: int
    player: Strategy
    seen: list[Any] = field(default_factory=list)


class ComputerPlayers:
    """One strategy per computer seat and hand: a sharp or hard player remembers what it
    saw, and is shown its seat's view after every action (`observe`)."""

    def __init__(self, seed: int | None = None, think_seconds: float = THINK_SECONDS) -> None:
        self._rng = random.Random(seed)
        self._playing: dict[tuple[int, int], _Playing] = {}
        self.think_seconds = think_seconds
        self.thinking = 0  # moves being thought now
        self.last_thought = 0.0  # seconds from asking for the last searched move to having it
        # The search's budget in the thinking process: None, the level's own (a table's);
        # else (playouts, ms) as engine.search.level_maker takes them.
        self.budget: tuple[int | None, float | None] | None = None
        self._thinker: Executor | None = None
        self._ready: Any = None  # the thinking process's first task: it is up once done

    def _for(self, table_id: int, game: Game, hand_number: int, user_id: int) -> _Playing:
        key = (table_id, user_id)
        playing = self._playing.get(key)
        if playing is None or playing.hand_number != hand_number:
            playing = _Playing(hand_number, game.strategies[level_of(user_id)]())
            self._playing[key] = playing
            if _searches(playing.player):
                self.warm()
        return playing

    def observe(
        self, table_id: int, game: Game, hand_number: int, user_id: int, hand: Any, seat: str
    ) -> None:
        """What `user_id`'s seat of `hand` is shown after an action, for a player that
        remembers (the view is made only for such a player)."""
        playing = self._for(table_id, game, hand_number, user_id)
        if _searches(playing.player):
            playing.seen.append(hand.private_view(seat))
            return
        observe = getattr(playing.player, "observe", None)
        if observe is not None:
            observe(hand.private_view(seat))

    def recall(self, table_id: int, game: Game, hand_number: int, hand: Any) -> None:
        """After a restart: each searching seat's memory of the hand rebuilt from the
        hand's own record, every view it was shown from the deal until the last action
        (the view now is shown next, as after any action)."""
        searching = [
            seat for seat in hand.dealt_in()
            if seat.isdigit() and is_computer(int(seat))
            and _searches(self._for(table_id, game, hand_number, int(seat)).player)
        ]
        if not searching:
            return
        record = hand.record()
        again = game.deal(record)
        memories = {seat: self._playing[(table_id, int(seat))].seen for seat in searching}
        for action in record.actions:
            for seat, seen in memories.items():
                seen.append(again.private_view(seat))
            again.apply(action)

    def memory(self, table_id: int, user_id: int) -> tuple[Any, ...]:
        """The views a searching seat has been shown this hand."""
        playing = self._playing.get((table_id, user_id))
        return tuple(playing.seen) if playing is not None else ()

    async def decide(
        self, table_id: int, game: Game, hand_number: int, user_id: int, view: Any
    ) -> Any:
        """The move of `user_id`'s level of `game` for what its seat is shown."""
        playing = self._for(table_id, game, hand_number, user_id)
        if not _searches(playing.player):
            return playing.player(view, self._rng)
        deadline = time.perf_counter() + self.think_seconds
        think = partial(think_apart, (table_id, user_id, hand_number), game.info.id,
                        level_of(user_id), self.budget, tuple(playing.seen), view,
                        self._rng.getrandbits(64), deadline)
        self.thinking += 1
        try:
            thought = asyncio.get_running_loop().run_in_executor(self._thinking(), think)
            try:
                move = await asyncio.wait_for(thought, self.think_seconds + GRACE_SECONDS)
            except TimeoutError:
                log.warning("A computer player at table %s thought past its time; it plays "
                            "easy", table_id)
                move = game.strategies["easy"]()(view, self._rng)
            self.last_thought = time.perf_counter() - deadline + self.think_seconds
            return move
        except Exception:
            # The thinking process failed (or was lost): this move is easy's, and the next
            # is thought in a new process.
            log.exception("A computer player at table %s could not think; it plays easy",
                          table_id)
            self.close()
            return game.strategies["easy"]()(view, self._rng)
        finally:
            self.thinking -= 1

    def seated(self, game: Game, level: str) -> None:
        """A computer player of `level` sat down: one that searches gets its process
        started now."""
        if _searches(game.strategies[level]()):
            self.warm()

    def warm(self) -> asyncio.Future[Any]:
        """The thinking process started now, so a first move need not wait for it to
        start (a hard computer sits down, or is dealt in): done once it is ready."""
        self._thinking()
        return asyncio.wrap_future(self._ready)

    def _thinking(self) -> Executor:
        if self._thinker is None:
            # Spawned, not forked: the bot's process runs threads (the store's).
            context = multiprocessing.get_context("spawn")
            self._thinker = ProcessPoolExecutor(THINKING_PROCESSES, mp_context=context,
                                                initializer=_yield_to_the_bot)
            self._ready = self._thinker.submit(games.get, games.DEFAULT_GAME)
        return self._thinker

    def forget(self, table_id: int) -> None:
        for key in [k for k in self._playing if k[0] == table_id]:
            del self._playing[key]

    def close(self) -> None:
        """At shutdown: moves not yet begun are dropped; one under way ends by its
        deadline, and its process with it."""
        if self._thinker is not None:
            self._thinker.shutdown(wait=False, cancel_futures=True)
            self._thinker = None


def _yield_to_the_bot() -> None:
    """In the thinking process, at its start: a lower priority where the system has one."""
    if hasattr(os, "nice"):
        os.nice(THINKING_NICENESS)


def _searches(player: Any) -> bool:
    return getattr(player, "searches", False)


# In the thinking process: the players thinking there, by (table, seat, hand), each with
# how many of its seat's views it has been shown; the oldest let go past this many.
_KEPT: OrderedDict[tuple[int, int, int], tuple[Any, int]] = OrderedDict()
KEPT_PLAYERS = 2_000


def think_apart(key: tuple[int, int, int], game_id: str, level: str,
                budget: tuple[int | None, float | None] | None, seen: tuple[Any, ...],
                view: Any, seed: int, deadline: float) -> Any:
    """One searching move, in the thinking process, by the player of `key` (table, seat,
    hand): kept there from its last move, shown the views since, so it remembers all it
    did as it would in one process (GFF's hard keeps sharp's memory of its own moves);
    or, the first time (or in a new thinking process), a fresh player of `level` (at
    `budget`, or the level's own) shown every view its seat saw this hand. It moves on
    `view` by `deadline` (a perf_counter value: the machine's clock, the same in every
    process)."""
    kept = _KEPT.pop(key, None)
    if kept is None or kept[1] > len(seen):
        made = search.level_maker(game_id, level, *budget) if budget is not None else None
        kept = ((made or games.get(game_id).strategies[level])(), 0)
    player, shown = kept
    for earlier in seen[shown:]:
        player.observe(earlier)
    _KEPT[key] = (player, len(seen))
    while len(_KEPT) > KEPT_PLAYERS:
        _KEPT.popitem(last=False)
    return player(view, random.Random(seed), deadline=deadline)
