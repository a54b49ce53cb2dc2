"""The games of the hall, by the id a record names (docs/rules/games.md G3.1).

The only module outside a game's own package that names the games: replay,
simulate, the tournament and the table service find a game here.

A game's package is imported the first time the game is asked for, not when this
module is: replaying one record, or simulating one game, loads that game alone.
"""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from importlib import import_module

from engine.errors import EngineError
from engine.game import Game

# Each game's id, and where its Game object is: (module, name), in the hall's order.
WHERE = {
    "gff": ("engine.gff.game", "GFF"),
    "tonk": ("engine.tonk.game", "TONK"),
    "farmer": ("engine.farmer.game", "FARMER"),
    "faro": ("engine.faro.game", "FARO"),
    "gops": ("engine.gops.game", "GOPS"),
    "auction": ("engine.auction.game", "AUCTION"),
    "oldmaid": ("engine.oldmaid.game", "OLDMAID"),
    "concentration": ("engine.concentration.game", "CONCENTRATION"),
    "pageone": ("engine.pageone.game", "PAGEONE"),
    "jackchangeit": ("engine.jackchangeit.game", "JACKCHANGEIT"),
    "fiftyone": ("engine.fiftyone.game", "FIFTYONE"),
    "piquet": ("engine.piquet.game", "PIQUET"),
}


class Registry(MutableMapping[str, Game]):
    """The games by id, each imported when first asked for. Tests may register a game of
    their own (`monkeypatch.setitem(GAMES, ...)`)."""

    def __init__(self, where: dict[str, tuple[str, str]]) -> None:
        self._where: dict[str, tuple[str, str] | None] = dict(where)
        self._games: dict[str, Game] = {}

    def __getitem__(self, game_id: str) -> Game:
        game = self._games.get(game_id)
        if game is None:
            module, name = self._where[game_id] or ("", "")  # KeyError: no such game
            game = self._games[game_id] = getattr(import_module(module), name)
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


GAMES: MutableMapping[str, Game] = Registry(WHERE)


def get(game_id: object) -> Game:
    """The registered game `game_id`; `bad_record` naming the known games otherwise."""
    game = GAMES.get(game_id) if isinstance(game_id, str) else None
    if game is None:
        raise EngineError(
            "bad_record", f"game must be one of {', '.join(GAMES)}, not {game_id!r}"
        )
    return game
