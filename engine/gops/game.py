"""Gops as a game of the hall (engine/game.py)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import Card
from engine.chips import Transfer
from engine.errors import EngineError
from engine.gops.actions import Bid
from engine.gops.deal import GopsDeal
from engine.gops.info import GOPS_INFO
from engine.gops.strategy import STRATEGIES
from engine.record import HandRecord, SeatRecord, parse_common
from engine.rummy.table import next_dealer

# GOPS-6.2 limits the seats DEALT IN to 6; a record may list more, some short of S.
_RECORD_INFO = dataclasses.replace(GOPS_INFO, max_seats=52)


class GopsGame:
    info = GOPS_INFO
    strategies = STRATEGIES

    def parse_record(self, data: Any) -> HandRecord:
        record = parse_common(data, _RECORD_INFO)  # GOPS-6.1: `deck` is the 13 diamonds
        return dataclasses.replace(record, carry={})

    def deal(self, record: HandRecord) -> GopsDeal:
        return GopsDeal(record)

    def replay(self, record: HandRecord) -> GopsDeal:
        return GopsDeal.from_record(record)

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
    ) -> GopsDeal:
        if dealer is None:
            raise EngineError("bad_record", "a game of Gops has a dealer (GOPS-1.4)")
        record = HandRecord(
            game="gops",
            stake=stake,
            seats=tuple(SeatRecord(i, s) for i, s in seats),
            dealer=dealer,
            deck=tuple(deck_or_decks),
            carry={},
            salt=salt,
        )
        return GopsDeal(record)

    def next_dealer(self, positions: list[int], last: int | None) -> int | None:
        return next_dealer(positions, last)  # the hall's rotation; GOPS-1.4

    def is_eliminated(self, stack: int, stake: int) -> bool:
        return stack < GOPS_INFO.min_stack(stake)  # GOPS-3.4

    def close_carried(
        self,
        carried: Mapping[str, int],
        posted_by: Mapping[str, Mapping[str, int]],
        seated: Sequence[str],
        dealer: str | None = None,
    ) -> list[Transfer]:
        if any(carried.values()):
            raise ValueError("Gops's pot never carries (GOPS-3.3)")
        return []

    def simulation_action(self, deal: GopsDeal, rng: random.Random) -> Bid:
        """A random seat still to bid, and a random card of its hand."""
        seat = rng.choice(deal.to_act())
        return Bid(seat, rng.choice(sorted(deal.hands[seat])))


GOPS = GopsGame()
