"""(interim) the registry the store uses."""
from __future__ import annotations

from dataclasses import dataclass

from engine.chips import Transfer
from engine.errors import EngineError
from engine.gff.hand import GffHand
from engine.record import parse_record

DEFAULT_GAME = "gff"


@dataclass(frozen=True)
class _Info:
    id: str = "gff"
    name: str = "Game, Flip and Flop"
    min_seats: int = 2
    max_seats: int = 5
    pots: tuple = ("game", "flip", "flop", "bonus")
    carried_pots: tuple = ("flip", "flop")

    def min_buy_in(self, stake: int) -> int:
        return 4 * stake


class _Gff:
    info = _Info()

    def parse_record(self, data):
        return parse_record(data)

    def replay(self, record):
        return GffHand.from_record(record)

    def close_carried(self, carried, posted_by, seated, dealer):
        return [
            Transfer(f"pot:{pot}", f"seat:{seat}", amount, f"carried {pot} returned")
            for pot in sorted(posted_by)
            for seat, amount in sorted(posted_by[pot].items(), key=lambda x: int(x[0]))
        ]


GAMES = {"gff": _Gff()}


def get(game_id):
    if game_id not in GAMES:
        raise EngineError("bad_record", f"no game {game_id!r}")
    return GAMES[game_id]


def of_record(data):
    return get(data.get("game", DEFAULT_GAME) if isinstance(data, dict) else DEFAULT_GAME)
