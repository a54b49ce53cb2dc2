"""Farmer as a game of the hall (engine/game.py)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from engine.base import BaseGame
from engine.cards import Card
from engine.chips import Transfer, pot_account, seat_account, split
from engine.farmer.actions import HIT, STAY, FarmerAction, parse_action
from engine.farmer.deal import FarmerDeal
from engine.farmer.info import FARM, FARMER_INFO, SIX_OF_HEARTS
from engine.farmer.strategy import STRATEGIES


class FarmerGame(BaseGame):
    """FARMER-8's record with `carry.farm`; a seat below 2S is out (FARMER-2.3), as
    BaseGame has it. The farmer is found, and passes on, by the page's own rules."""

    info = FARMER_INFO
    strategies = STRATEGIES
    deal_type = FarmerDeal
    parse_action = staticmethod(parse_action)

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
