"""The games of the hall, by the id a record names (rules/games.md G3.1).

The only module outside a game's own package that names the games: replay,
simulate, the tournament and the table service find a game here.
"""

from __future__ import annotations

from engine.auction.game import AUCTION
from engine.concentration.game import CONCENTRATION
from engine.errors import EngineError
from engine.farmer.game import FARMER
from engine.faro.game import FARO
from engine.fiftyone.game import FIFTYONE
from engine.game import Game
from engine.gff.game import GFF
from engine.gops.game import GOPS
from engine.jackchangeit.game import JACKCHANGEIT
from engine.oldmaid.game import OLDMAID
from engine.pageone.game import PAGEONE
from engine.piquet.game import PIQUET
from engine.tonk.game import TONK

GAMES: dict[str, Game] = {
    game.info.id: game
    for game in (
        GFF, TONK, FARMER, FARO, GOPS, AUCTION, OLDMAID, CONCENTRATION, PAGEONE, JACKCHANGEIT,
        FIFTYONE, PIQUET,
    )
}


def get(game_id: object) -> Game:
    """The registered game `game_id`; `bad_record` naming the known games otherwise."""
    game = GAMES.get(game_id) if isinstance(game_id, str) else None
    if game is None:
        raise EngineError(
            "bad_record", f"game must be one of {', '.join(GAMES)}, not {game_id!r}"
        )
    return game
