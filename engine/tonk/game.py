"""Tonk as a game of the hall (engine/game.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import Card
from engine.chips import Transfer
from engine.errors import EngineError
from engine.record import HandRecord, parse_common
from engine.rummy.simulation import random_action
from engine.rummy.table import next_dealer
from engine.tonk.hand import TonkHand
from engine.tonk.info import TONK_INFO
from engine.tonk.strategy import STRATEGIES


class TonkGame:
    info = TONK_INFO
    strategies = STRATEGIES
    simulation_action = staticmethod(random_action)

    def parse_record(self, data: Any) -> HandRecord:
        return parse_common(data, self.info)  # TONK-6: GFF's record, without `carry`

    def deal(self, record: HandRecord) -> TonkHand:
        return TonkHand(record)

    def replay(self, record: HandRecord) -> TonkHand:
        return TonkHand.from_record(record)

    def start(
        self,
        *,
        seats: Sequence[tuple[str, int]],
        stake: int,
        dealer: str | None,
        deck_or_decks: Sequence[Card],
        carry: Mapping[str, int] | None = None,
        options: Mapping[str, Any] | None = None,
        salt: str | None = None,
    ) -> TonkHand:
        if dealer is None:
            raise EngineError("bad_record", "a Tonk hand has a dealer")
        return TonkHand.start(seats=seats, stake=stake, dealer=dealer, deck=deck_or_decks,
                              salt=salt)

    def next_dealer(self, positions: list[int], last: int | None) -> int | None:
        return next_dealer(positions, last)  # TONK-2.1: as GFF-2.8

    def is_eliminated(self, stack: int, stake: int) -> bool:
        return stack < TONK_INFO.min_stack(stake)  # TONK-2.3

    def close_carried(
        self,
        carried: Mapping[str, int],
        posted_by: Mapping[str, Mapping[str, int]],
        seated: Sequence[str],
        dealer: str | None = None,
    ) -> list[Transfer]:
        if any(carried.values()):
            raise ValueError("Tonk has no pots to carry (TONK-2.2)")
        return []


TONK = TonkGame()
