"""The games of the hall, by the id a record names (docs/rules/games.md G3.1).

The only module outside a game's own packages that names the games: one line a game,
in the hall's order, saying where its engine `Game` is and which cog gives it its
commands. Replay, simulate, the tournament and the table service find a game here; the
bot loads the games' cogs from here (bot/client.py); shared tests iterate it.

A game's package is imported the first time the game is asked for, not when this
module is: replaying one record, or simulating one game, loads that game alone.
"""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from dataclasses import dataclass
from importlib import import_module

from engine.errors import EngineError
from engine.game import Game


@dataclass(frozen=True, slots=True)
class Where:
    """Where a game lives. Names only, imported when asked for: the engine imports no cog."""

    game: str  # its engine Game, as "module:name"
    cog: str | None = None  # the discord.py extension of its commands; None: no commands

    def load(self) -> Game:
        module, name = self.game.split(":")
        return getattr(import_module(module), name)


# Each game's id and where it lives, in the hall's order.
WHERE = {
    "gff": Where("engine.gff.game:GFF", "cogs.gff"),
    "tonk": Where("engine.tonk.game:TONK", "cogs.tonk"),
    "farmer": Where("engine.farmer.game:FARMER", "cogs.farmer"),
    "faro": Where("engine.faro.game:FARO", "cogs.faro"),
    "gops": Where("engine.gops.game:GOPS", "cogs.gops"),
    "auction": Where("engine.auction.game:AUCTION", "cogs.auction"),
    "oldmaid": Where("engine.oldmaid.game:OLDMAID", "cogs.oldmaid"),
    "concentration": Where("engine.concentration.game:CONCENTRATION", "cogs.concentration"),
    "pageone": Where("engine.pageone.game:PAGEONE", "cogs.pageone"),
    "jackchangeit": Where("engine.jackchangeit.game:JACKCHANGEIT", "cogs.jackchangeit"),
    "fiftyone": Where("engine.fiftyone.game:FIFTYONE", "cogs.fiftyone"),
    "piquet": Where("engine.piquet.game:PIQUET", "cogs.piquet"),
}
# What simulate and the tournament play when not told: the hall's first game.
DEFAULT_GAME = next(iter(WHERE))


class Registry(MutableMapping[str, Game]):
    """The games by id, each imported when first asked for. A test may register a game
    of its own: a Game object (`monkeypatch.setitem(GAMES, ...)`), or where one lives,
    cog included (`GAMES.place(...)`), and take it away again (`del GAMES[...]`)."""

    def __init__(self, where: dict[str, Where]) -> None:
        self._where: dict[str, Where | None] = dict(where)
        self._games: dict[str, Game] = {}

    def __getitem__(self, game_id: str) -> Game:
        game = self._games.get(game_id)
        if game is None:
            where = self._where[game_id]  # KeyError: no such game
            if where is None:
                raise KeyError(game_id)
            game = self._games[game_id] = where.load()
        return game

    def __setitem__(self, game_id: str, game: Game) -> None:
        self._where.setdefault(game_id, None)
        self._games[game_id] = game

    def __delitem__(self, game_id: str) -> None:
        del self._where[game_id]
        self._games.pop(game_id, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)

    def place(self, game_id: str, where: Where) -> None:
        """Register the game that lives at `where`, after the hall's games."""
        self._where[game_id] = where
        self._games.pop(game_id, None)

    def cog(self, game_id: str) -> str | None:
        """The extension of `game_id`'s commands; None for a game registered without one."""
        where = self._where[game_id]  # KeyError: no such game
        return where.cog if where is not None else None

    def cogs(self) -> list[str]:
        """The extensions of the games that have commands, in the hall's order."""
        return [cog for game_id in self._where if (cog := self.cog(game_id)) is not None]


GAMES = Registry(WHERE)


def get(game_id: object) -> Game:
    """The registered game `game_id`; `bad_record` naming the known games otherwise."""
    game = GAMES.get(game_id) if isinstance(game_id, str) else None
    if game is None:
        raise EngineError(
            "bad_record",
            "game must be one of {games}, not {game!r}",
            games=", ".join(GAMES),
            game=game_id,
        )
    return game
