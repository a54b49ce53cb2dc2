"""The bounds of a server's table settings: one set for the process's settings (.env),
`/config` and the store, so that what starts is what plays and what `/config` offers the
store keeps.

Every bound is far below what the store's integer columns hold (SQLite's 64-bit integers,
PostgreSQL's BIGINT). The largest buy-in, STAKE.high × BUY_IN_STAKES.high, is a billion
chips; the store keeps a server's chips in all under MAX_CHIPS (bot/store/amounts.py), so
no table's pots, nor any sum of balances, can overflow a column.
"""

from __future__ import annotations

from dataclasses import dataclass

# SQLite stores integers in 64 bits, as PostgreSQL's BIGINT does.
MAX_INT64 = 2**63 - 1
# A server's chips in all: every bankroll, stack and pot, and so any sum of them.
MAX_CHIPS = MAX_INT64


@dataclass(frozen=True, slots=True)
class Bound:
    low: int
    high: int

    def words(self) -> str:
        return f"from {self.low:,} to {self.high:,}"


STAKE = Bound(1, 1_000_000)
# At least 4 stakes: enough for a few deals' antes, posts or bets in every game (GFF's
# three pots and a reserve need exactly 4). A game that needs more opens its tables with
# its own least buy-in.
BUY_IN_STAKES = Bound(4, 1_000)
STARTING_CHIPS = Bound(0, 1_000_000_000)
DAILY_CHIPS = Bound(0, 1_000_000_000)
TURN_SECONDS = Bound(15, 600)
PICTURES = Bound(0, 1)


def buy_in_out_of_reach(stake: int, buy_in_stakes: int, starting_chips: int) -> int | None:
    """The buy-in of a new table when a new player's starting chips are short of it (so
    their first join would be refused); None when they can buy in."""
    buy_in = stake * buy_in_stakes
    return buy_in if starting_chips < buy_in else None
