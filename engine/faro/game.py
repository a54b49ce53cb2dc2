"""Faro as a game of the hall (engine/game.py)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.base import BaseGame
from engine.errors import EngineError
from engine.faro.actions import CARD, Bet, FaroAction, Leave, Position, Ready, parse_action
from engine.faro.deal import FaroDeal
from engine.faro.info import FARO_INFO
from engine.faro.strategy import STRATEGIES
from engine.marks import N_
from engine.record import HandRecord

LEAVE_CHANCE = 0.002  # the simulator's players now and then leave, so `abandoned` is played


class FaroGame(BaseGame):
    """FARO-9: the house deals (no dealer, so none passes on), a seat below S is out
    (FARO-2.3) and nothing carries (FARO-5.4), as BaseGame has them."""

    info = FARO_INFO
    strategies = STRATEGIES
    deal_type = FaroDeal
    parse_action = staticmethod(parse_action)

    def stats(self, result: Mapping[str, Any], seat: str, net: int) -> dict[str, int]:
        """Net against the house: a player bets the bank alone, never another player
        (FARO-2.1), so every chip a seat won or lost was the house's."""
        return {N_("net against the house"): net}

    def parse_record(self, data: Any) -> HandRecord:
        record = super().parse_record(data)  # FARO-9: no dealer
        if "max_bet" in record.options:
            limit = record.options["max_bet"]
            if isinstance(limit, bool) or not isinstance(limit, int) or limit < record.stake:
                raise EngineError(
                    "bad_record",
                    "max_bet must be a whole number of at least the stake {stake} (FARO-2.2)",
                    stake=record.stake,
                )
        return record

    def simulation_action(self, deal: FaroDeal, rng: random.Random) -> FaroAction:
        seat = rng.choice(deal.to_act())
        roll = rng.random()
        if roll < LEAVE_CHANCE:
            return Leave(seat)
        if roll < 0.5:
            return Ready(seat)
        rank = rng.randint(1, 13)
        if not deal.to_come[rank]:
            return Ready(seat)
        bet = Bet(seat, Position(CARD, (rank,), rng.random() < 0.3), deal.stake)
        try:
            deal.check(bet)
        except EngineError:
            return Ready(seat)
        return bet


FARO = FaroGame()
