"""Concentration as a game of the hall (engine/game.py)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from engine.base import BaseGame
from engine.concentration.actions import Flip, parse_flip
from engine.concentration.deal import ConcentrationDeal
from engine.concentration.info import CONCENTRATION_INFO, MATCH, MATCHES
from engine.concentration.strategy import STRATEGIES
from engine.errors import EngineError
from engine.record import HandRecord, parse_common

# CONC-6.2 limits the seats DEALT IN to 6; a record may list more, some short of S.
_RECORD_INFO = dataclasses.replace(CONCENTRATION_INFO, max_seats=52)


class ConcentrationGame(BaseGame):
    """The deal passes left, a seat below S is out (CONC-3.5) and the pot never carries
    (3.3), as BaseGame has them."""

    info = CONCENTRATION_INFO
    strategies = STRATEGIES
    deal_type = ConcentrationDeal
    parse_action = staticmethod(parse_flip)

    def parse_record(self, data: Any) -> HandRecord:
        record = parse_common(data, _RECORD_INFO)  # CONC-6.1
        match = record.options.get(MATCH, "rank")
        if match not in MATCHES:
            raise EngineError(
                "bad_record",
                'match must be "rank" or "colour", not {match!r} (CONC-5.1)',
                match=match,
            )
        return dataclasses.replace(record, carry={})

    def simulation_action(self, deal: ConcentrationDeal, rng: random.Random) -> Flip:
        """The player to act, at a random position it may flip."""
        seat = deal.order[deal.turn]
        return Flip(seat, rng.choice(deal.flippable()))


CONCENTRATION = ConcentrationGame()
