"""A table's options (games.md G3.3): checked against its game before the table opens.

The game decides what a value may be: the options are put in a record of the game with
no actions and the game's own record check reads them (Concentration's `match`, Faro's
`max_bet`, which depends on the stake). So no rule of a game is written here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import Text
from bot.store.errors import BadSetting
from engine import cards as C
from engine.errors import EngineError
from engine.game import Game


def checked_options(game: Game, stake: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options as a deal's record will hold them; `BadSetting` names the one refused."""
    given = dict(options or {})
    info = game.info
    unknown = sorted(set(given) - set(info.options))
    if unknown:
        if not info.options:
            raise BadSetting(Text("{game} has no option {option} (its options: none).",
                                  game=Text(info.name), option=repr(unknown[0])))
        raise BadSetting(Text("{game} has no option {option} (its options: {options}).",
                              game=Text(info.name), option=repr(unknown[0]),
                              options=", ".join(info.options)))
    if not given:
        return given
    seats = [{"id": str(n), "stack": stake} for n in range(1, info.min_seats + 1)]
    pack = [C.code(card) for card in game.pack(given)]  # it may follow the options
    probe: dict[str, Any] = {
        "game": info.id, "stake": stake, "seats": seats, "options": given, "actions": [],
        "dealer": seats[0]["id"] if info.has_dealer else None,
    }
    if info.deals_per_game > 1:
        probe["decks"] = [pack] * info.deals_per_game
    else:
        probe["deck"] = pack
    try:
        game.parse_record(probe)
    except EngineError as refused:
        raise BadSetting(Text("{game}: {refusal}.", game=Text(info.name),
                              refusal=Text(refused.template, **refused.values))) from None
    return given
