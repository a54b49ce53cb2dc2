"""Gops as a game of the hall (engine/game.py)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from typing import Any

from engine.base import BaseGame
from engine.gops.actions import Bid, parse_bid
from engine.gops.deal import GopsDeal
from engine.gops.info import GOPS_INFO
from engine.gops.strategy import STRATEGIES
from engine.marks import N_
from engine.record import HandRecord, parse_common

# GOPS-6.2 limits the seats DEALT IN to 6; a record may list more, some short of S.
_RECORD_INFO = dataclasses.replace(GOPS_INFO, max_seats=52)


class GopsGame(BaseGame):
    """The deal passes left between games (GOPS-1.4), a seat below S is out (GOPS-3.4)
    and the pot never carries (GOPS-3.3), as BaseGame has them."""

    info = GOPS_INFO
    strategies = STRATEGIES
    deal_type = GopsDeal
    parse_action = staticmethod(parse_bid)

    def stats(self, result: Mapping[str, Any], seat: str, net: int) -> dict[str, int]:
        """Points: the prizes' values won (GOPS-6.4 `scores`)."""
        return {N_("points"): int(result["scores"].get(seat, 0))}

    def parse_record(self, data: Any) -> HandRecord:
        record = parse_common(data, _RECORD_INFO)  # GOPS-6.1: `deck` is the 13 diamonds
        return dataclasses.replace(record, carry={})

    def simulation_action(self, deal: GopsDeal, rng: random.Random) -> Bid:
        """A random seat still to bid, and a random card of its hand."""
        seat = rng.choice(deal.to_act())
        return Bid(seat, rng.choice(sorted(deal.hands[seat])))


GOPS = GopsGame()
