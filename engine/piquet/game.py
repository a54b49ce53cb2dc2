"""Piquet as a game of the hall (engine/game.py)."""

from __future__ import annotations

import random
from typing import Any

from engine.base import BaseGame
from engine.errors import EngineError
from engine.piquet.actions import Action, parse_action
from engine.piquet.deal import PiquetDeal
from engine.piquet.info import PIQUET_INFO
from engine.piquet.strategy import STRATEGIES, play_random
from engine.record import HandRecord, parse_common


class PiquetGame(BaseGame):
    """One record is one partie (PIQUET-1.3, 7.1): six packs in `decks`. Between parties
    the deal passes to the other seat, as BaseGame has it; nothing carries (1.4)."""

    info = PIQUET_INFO
    strategies = STRATEGIES
    deal_type = PiquetDeal
    parse_action = staticmethod(parse_action)

    def parse_record(self, data: Any) -> HandRecord:
        """7.1, 7.4: two seats, `options` empty, six packs of the 32."""
        if isinstance(data, dict) and isinstance(data.get("seats"), list):
            if len(data["seats"]) != 2:
                raise EngineError("bad_record", "Piquet is for exactly two players (PIQUET-1.3)")
        return parse_common(data, self.info)

    def simulation_action(self, deal: PiquetDeal, rng: random.Random) -> Action:
        seat = deal.to_act()[0]
        return play_random(deal.private_view(seat), rng)


PIQUET = PiquetGame()
