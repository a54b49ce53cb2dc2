"""Old Maid as a game of the hall (engine/game.py)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from engine.base import BaseGame
from engine.oldmaid.actions import Draw, parse_draw
from engine.oldmaid.deal import OldMaidDeal
from engine.oldmaid.info import OLDMAID_INFO
from engine.oldmaid.strategy import STRATEGIES
from engine.record import HandRecord, parse_common

# OLDMAID-7.2 limits the seats DEALT IN to 10; a record may list more, some short of S.
_RECORD_INFO = dataclasses.replace(OLDMAID_INFO, max_seats=52)


class OldMaidGame(BaseGame):
    """The deal passes left, a seat below S is out (OLDMAID-4.4) and the pot never
    carries (4.2), as BaseGame has them."""

    info = OLDMAID_INFO
    strategies = STRATEGIES
    deal_type = OldMaidDeal
    parse_action = staticmethod(parse_draw)

    def parse_record(self, data: Any) -> HandRecord:
        record = parse_common(data, _RECORD_INFO)  # OLDMAID-7.1; `options` must be {}
        return dataclasses.replace(record, carry={})

    def simulation_action(self, deal: OldMaidDeal, rng: random.Random) -> Draw:
        """The drawer, at a random position of the holder's hand."""
        drawer, holder = deal.drawer, deal.holder
        assert drawer is not None and holder is not None
        return Draw(drawer, rng.randrange(len(deal.hands[holder])))


OLDMAID = OldMaidGame()
