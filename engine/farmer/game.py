"""Farmer as a game of the hall (engine/game.py)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import Card
from engine.chips import Transfer, pot_account, seat_account, split
from engine.errors import EngineError
from engine.farmer.actions import HIT, STAY, FarmerAction, parse_action
from engine.farmer.deal import FarmerDeal
from engine.farmer.info import FARM, FARMER_INFO, SIX_OF_HEARTS
from engine.farmer.strategy import STRATEGIES
from engine.record import HandRecord, SeatRecord, parse_common


class FarmerGame:
    info = FARMER_INFO
    strategies = STRATEGIES

    def parse_record(self, data: Any) -> HandRecord:
        return parse_common(data, self.info)  # FARMER-8; `options` must be {} (7)

    def deal(self, record: HandRecord) -> FarmerDeal:
        return FarmerDeal(record)

    def replay(self, record: HandRecord) -> FarmerDeal:
        deal = FarmerDeal(record)
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
    ) -> FarmerDeal:
        if dealer is None:
            raise EngineError("bad_record", "a Farmer deal has a farmer (FARMER-2.4)")
        record = HandRecord(
            game="farmer",
            stake=stake,
            seats=tuple(SeatRecord(i, s) for i, s in seats),
            dealer=dealer,
            deck=tuple(deck_or_decks),
            carry={FARM: (carry or {}).get(FARM, 0)},
            salt=salt,
        )
        return FarmerDeal(record)

    def first_dealer(self, seats: Sequence[str], deck: Sequence[Card], start: int) -> str:
        """FARMER-2.4: `deck` dealt face up round `seats` from `seats[start]`; the 6♥ makes
        its receiver the first farmer."""
        return seats[(start + list(deck).index(SIX_OF_HEARTS)) % len(seats)]

    def next_dealer(self, positions: list[int], last: int | None) -> int | None:
        """FARMER-5.6 when the farm was not won: the same farmer, or the next seat on the
        left that can be dealt in. (A farm winner farms next: the settlement's
        `next_farmer` says so; this answers only from positions.)"""
        if last is None or not positions:
            return None  # the first farmer is found by the 6♥ (2.4)
        if last in positions:
            return last
        later = [p for p in sorted(positions) if p > last]
        return later[0] if later else min(positions)

    def named_dealer(self, result: dict) -> str | None:
        """FARMER-5.6: the next farmer a settled deal's result names."""
        return result.get("next_farmer")

    def is_eliminated(self, stack: int, stake: int) -> bool:
        return stack < FARMER_INFO.min_stack(stake)  # FARMER-2.3

    def close_carried(
        self,
        carried: Mapping[str, int],
        posted_by: Mapping[str, Mapping[str, int]],
        seated: Sequence[str],
        dealer: str | None = None,
    ) -> list[Transfer]:
        """FARMER-2.5: the players seated when the table closes share the farm (G2.5, from
        the farmer's left); a player who left gave up any claim. With nobody seated, the
        chips go back to those who put them in, so none is lost."""
        farm = carried.get(FARM, 0)
        if not farm:
            return []
        source = pot_account(FARM)
        if not seated:
            return [Transfer(source, seat_account(seat), amount, "farm returned")
                    for seat, amount in posted_by.get(FARM, {}).items() if amount]
        order = list(seated)
        if dealer in order:
            at = order.index(dealer)
            order = order[at + 1:] + order[: at + 1]
        return [Transfer(source, seat_account(seat), share, "farm shared")
                for seat, share in split(farm, order) if share]

    def simulation_action(self, deal: FarmerDeal, rng: random.Random) -> FarmerAction:
        seat = deal.order[deal.turn]
        if not deal.hits[seat]:
            return FarmerAction(seat, HIT)
        if deal.totals[seat] > 16:
            return FarmerAction(seat, STAY)
        return FarmerAction(seat, HIT if rng.random() < 0.5 else STAY)


FARMER = FarmerGame()
