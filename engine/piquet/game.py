"""Piquet as a game of the hall (engine/game.py)."""

from __future__ import annotations

import random
from typing import Any

from engine import cards as C
from engine.base import BaseGame
from engine.errors import EngineError
from engine.piquet.actions import KINDS, Action, Declare, Exchange, Play, Sink, parse_action
from engine.piquet.deal import DECLARING, EXCHANGING, PiquetDeal
from engine.piquet.info import PIQUET_INFO
from engine.piquet.strategy import STRATEGIES
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
        """A random legal action read from the state: `random`'s choices without the
        views it would be shown."""
        seat = deal.to_act()[0]
        hand = sorted(deal.hands[seat])
        if deal.phase == EXCHANGING:
            count = rng.randint(1, deal.exchange_limit(seat))
            return Exchange(seat, tuple(C.code(card) for card in rng.sample(hand, count)))
        if deal.phase == DECLARING:
            kind = KINDS[deal.kind_at]
            combos = deal.current.combinations(seat, kind)  # found once a deal, kept
            pick = rng.randrange(len(combos) + 1)
            if pick == len(combos):
                return Sink(seat, kind)
            return Declare(seat, kind, tuple(C.code(card) for card in sorted(combos[pick])))
        return Play(seat, C.code(rng.choice(deal.playable(seat))))


PIQUET = PiquetGame()
