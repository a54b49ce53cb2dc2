"""Fifty-One as a game of the hall (engine/game.py)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from engine.base import BaseGame
from engine.fiftyone.actions import Action, Clear, Swap, parse_action
from engine.fiftyone.deal import FiftyOneDeal, read_options
from engine.fiftyone.info import FIFTYONE_INFO, pack_for
from engine.fiftyone.strategy import CLEAR_CHANCE, STOP_CHANCE, STRATEGIES
from engine.record import HandRecord, parse_common


class FiftyOneGame(BaseGame):
    """FIFTYONE-8.1's record with `options` and `reshuffles`; a seat below S is out (2.1)
    and the pot never carries, as BaseGame has them. The deal passes left (G2.1)."""

    info = FIFTYONE_INFO
    strategies = STRATEGIES
    deal_type = FiftyOneDeal
    parse_action = staticmethod(parse_action)

    def parse_record(self, data: Any) -> HandRecord:
        """8.1: the deck (and every new stock) holds the joker exactly when the option
        is on."""
        options = data.get("options", {}) if isinstance(data, dict) else {}
        pack = pack_for(options) if isinstance(options, dict) else self.info.pack
        record = parse_common(data, dataclasses.replace(self.info, pack=pack))
        read_options(record.options)
        return record

    def pack(self, options: dict | None = None) -> tuple[int, ...]:
        """The cards a table with these options shuffles for a deal (FIFTYONE-1.1)."""
        return pack_for(options or {})

    def simulation_action(self, deal: FiftyOneDeal, rng: random.Random) -> Action:
        seat = deal.order[deal.turn]
        if deal.can_clear(seat) and rng.random() < CLEAR_CHANCE:
            return Clear(seat)
        stop = deal.stopped_by is None and rng.random() < STOP_CHANCE
        return Swap(seat, rng.choice(deal.board), rng.choice(deal.hands[seat]), stop)


FIFTYONE = FiftyOneGame()
