"""Game, Flip and Flop as a game of the hall (engine/game.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.actions import parse_action
from engine.base import BaseGame
from engine.chips import Transfer, pot_account, seat_account
from engine.gff.hand import GffHand
from engine.gff.info import GFF_INFO
from engine.gff.settlement import TUNK_OUT
from engine.marks import N_
from engine.rummy.simulation import random_action
from engine.search import HARD, hard_maker
from engine.strategies import STRATEGIES


class GffGame(BaseGame):
    """The deal passes left (GFF-2.8) and a seat below two stakes is out (GFF-2.6), as
    BaseGame has them; carried flip and flop chips go back to who posted them."""

    info = GFF_INFO
    # random, easy, sharp (engine/strategies/, shared with the rummy family) and the search
    # player (engine/gff/sample.py)
    strategies = {**STRATEGIES, HARD: hard_maker("gff")}
    deal_type = GffHand
    parse_action = staticmethod(parse_action)
    simulation_action = staticmethod(random_action)

    def won(self, result: Mapping[str, Any], seat: str) -> bool:
        """A deal is won by winning its game pot (GFF-7); the flip and the flop are
        figures of their own."""
        return seat in result["game_winners"]

    def stats(self, result: Mapping[str, Any], seat: str, net: int) -> dict[str, int]:
        """Flips and flops won (GFF-4) and tunk outs (GFF-6.3)."""
        return {
            N_("flips won"): int(result["flip_winner"] == seat),
            N_("flops won"): int(result["flop_winner"] == seat),
            N_("tunk outs"): int(result["ended"] == TUNK_OUT and seat in result["game_winners"]),
        }

    def close_carried(
        self,
        carried: Mapping[str, int],
        posted_by: Mapping[str, Mapping[str, int]],
        seated: Sequence[str],
        dealer: str | None = None,
    ) -> list[Transfer]:
        """GFF-4.6: each carried chip goes back to the seat that posted it.

        `posted_by[pot]` holds what each seat posted to the pot while it carried; it
        adds up to the pot, since a carried pot is only ever its posts."""
        transfers = []
        for pot, amount in carried.items():
            if not amount:
                continue  # the pot was won: nothing carries
            posts = posted_by.get(pot, {})
            if sum(posts.values()) != amount:
                raise ValueError(f"the {pot} pot holds {amount}, its posts {sum(posts.values())}")
            for seat, chips in posts.items():
                if chips:
                    reason = f"carried {pot} returned"
                    transfers.append(Transfer(pot_account(pot), seat_account(seat), chips, reason))
        return transfers


GFF = GffGame()
