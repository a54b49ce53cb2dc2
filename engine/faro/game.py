"""Faro as a game of the hall (engine/game.py)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import Card
from engine.chips import Transfer
from engine.errors import EngineError
from engine.faro.actions import CARD, Bet, FaroAction, Leave, Position, Ready, parse_action
from engine.faro.deal import FaroDeal
from engine.faro.info import FARO_INFO
from engine.faro.strategy import STRATEGIES
from engine.record import HandRecord, SeatRecord, parse_common

LEAVE_CHANCE = 0.002  # the simulator's players now and then leave, so `abandoned` is played


class FaroGame:
    info = FARO_INFO
    strategies = STRATEGIES

    def parse_record(self, data: Any) -> HandRecord:
        record = parse_common(data, self.info)  # FARO-9: no dealer
        if "max_bet" in record.options:
            limit = record.options["max_bet"]
            if isinstance(limit, bool) or not isinstance(limit, int) or limit < record.stake:
                raise EngineError(
                    "bad_record",
                    f"max_bet must be a whole number of at least the stake {record.stake} "
                    "(FARO-2.2)",
                )
        return record

    def deal(self, record: HandRecord) -> FaroDeal:
        return FaroDeal(record)

    def replay(self, record: HandRecord) -> FaroDeal:
        deal = FaroDeal(record)
        seat_ids = [s.id for s in record.seats]
        for index, raw in enumerate(record.actions):
            try:
                deal.apply(parse_action(raw, index, seat_ids))
            except EngineError as exc:
                raise exc.at(index) from None
        return deal

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
    ) -> FaroDeal:
        # The house deals (FARO-9): a `dealer` the table passes is ignored.
        record = HandRecord(
            game="faro",
            stake=stake,
            seats=tuple(SeatRecord(i, s) for i, s in seats),
            dealer=None,
            deck=tuple(deck_or_decks),
            carry={},
            salt=salt,
            options=dict(options or {}),
        )
        return FaroDeal(record)

    def next_dealer(self, positions: list[int], last: int | None) -> int | None:
        return None  # the house deals

    def is_eliminated(self, stack: int, stake: int) -> bool:
        return stack < FARO_INFO.min_stack(stake)  # FARO-2.3

    def close_carried(
        self,
        carried: Mapping[str, int],
        posted_by: Mapping[str, Mapping[str, int]],
        seated: Sequence[str],
        dealer: str | None = None,
    ) -> list[Transfer]:
        if any(carried.values()):
            raise ValueError("Faro carries nothing from deal to deal (FARO-5.4)")
        return []

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
