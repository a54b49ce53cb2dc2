"""Games long enough to rebuild their stock at play time (Page One, Jack Change It,
Fifty-One: G3.2) are found by playing the engine offline from a seeded pack, with a
seeded shuffle for each new stock; the table is then given the same pack and the same
shuffle, and the same moves are made through the hand views.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Self

from engine.game import Deal, Game
from tests.discord.table_checks import BUY_IN, STAKE, assert_chips_conserved, assert_stored_replays
from tests.discord.table_driver import TableDriver
from tests.harness import Harness

SHUFFLE_SEED = 10_000  # a game's new stocks are shuffled from its seed plus this


def dealt_offline(game: Game, pack: Sequence[int], seat_ids: list[str], seed: int
                  ) -> tuple[random.Random, list[int], Deal]:
    """The engine's deal from `pack` shuffled by `seed` (the last seat deals, as at the
    tables of these tests), its new stocks shuffled from the seed too: the seed's random
    source for the moves, the shuffled pack, the deal."""
    rng = random.Random(seed)
    shuffled = list(pack)
    rng.shuffle(shuffled)
    shuffles = random.Random(seed + SHUFFLE_SEED)
    deal = game.start(seats=[(s, BUY_IN) for s in seat_ids], stake=STAKE, dealer=seat_ids[-1],
                      deck_or_decks=shuffled)
    deal.shuffle_with(lambda pile: shuffles.sample(pile, len(pile)))
    return rng, shuffled, deal


def seeded_game(game: Game, pack: Sequence[int], want: Callable[[Deal], bool],
                tries: int = 3000) -> Callable[[list[str]], tuple[int, list[int], list]]:
    """For the seats: the first seed whose game, played to its end by the random strategy,
    `want`s; that seed, its pack and the game's moves."""
    def find(seat_ids: list[str]) -> tuple[int, list[int], list]:
        for seed in range(tries):
            rng, shuffled, deal = dealt_offline(game, pack, seat_ids, seed)
            strategy = game.strategies["random"]()
            while not deal.is_over:
                seat = deal.to_act()[0]
                deal.apply(strategy(deal.private_view(seat), rng))
            if want(deal):
                return seed, shuffled, list(deal.record().actions)
        raise AssertionError("no seed plays such a game")
    return find


def rebuilt_and_out(deal: Deal) -> bool:
    """A game that made a new stock and that a player won by going out."""
    return bool(deal.record().reshuffles) and deal.settlement.ended == "out"


def made_a_new_stock(d: TableDriver) -> bool:
    return bool(d.hand.record().reshuffles)


class SeededDriver(TableDriver):
    """The table driver whose table shuffles each new stock from `shuffles`."""

    hand_noun = "Game"

    def rehook(self) -> None:
        super().rehook()
        self.shuffles: random.Random = getattr(self, "shuffles", random.Random(0))
        self.h.bot.tables.stock_shuffle = lambda pile: self.shuffles.sample(pile, len(pile))

    async def make(self, name: str, move: Any) -> None:
        """One engine move, made by `name` as a player makes it in their hand view."""
        raise NotImplementedError

    @classmethod
    async def seeded(cls, h: Harness, find: Callable[[list[str]], tuple[int, list[int], list]],
                     names: tuple[str, ...] = ("ann", "bob"),
                     restart_when: Callable[[TableDriver], bool] | None = None
                     ) -> tuple[Self, bool]:
        """The game `find` plays offline for this table's seats, made at the table move by
        move; the bot restarted once, before the first move at which `restart_when` holds.
        The driver, and whether it restarted."""
        d = cls(h, names=names)
        await d.seat_everyone()
        seed, pack, moves = find([d.seat(u) for u in d.users])
        d.shuffles = random.Random(seed + SHUFFLE_SEED)
        d.rehook()
        await d.start_with(pack)
        by_seat = {d.seat(u): u.name for u in d.users}
        restarted = False
        for move in moves:
            if restart_when is not None and not restarted and restart_when(d):
                restarted = True
                await h.restart()
                d.rehook()
            await d.make(by_seat[move.seat], move)
        return d, restarted


@asynccontextmanager
async def restarted_after_a_new_stock(folder: Path, driver: type[SeededDriver],
                                      find: Callable) -> AsyncIterator[SeededDriver]:
    """The game `find` plays, made at a table whose bot restarts just after its first new
    stock: the game went on to its end, the new stocks stored with its record, which
    replays to the table's result, and every chip is accounted for. The driver, its bot
    still running."""
    async with Harness(database_path=folder / "table.sqlite3") as h:
        d, restarted = await driver.seeded(h, find, restart_when=made_a_new_stock)
        assert restarted, "the game made no new stock"
        number, settlement = d.table.last_result
        stored = await assert_stored_replays(h, d.table.id, number, settlement)
        assert stored.record["reshuffles"]
        assert stored.record["reshuffles"] == d.last_hand.record().to_json()["reshuffles"]
        await assert_chips_conserved(h)
        yield d
