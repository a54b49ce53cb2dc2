"""The flush auction as a game of the hall (engine/game.py)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from engine.auction.actions import Bid, parse_bid
from engine.auction.deal import AuctionDeal
from engine.auction.info import AUCTION_INFO
from engine.auction.strategy import STRATEGIES
from engine.base import BaseGame
from engine.record import HandRecord, parse_common

# AUCTION-8.2 limits the seats DEALT IN to 6; a record may list more, some short of S.
_RECORD_INFO = dataclasses.replace(AUCTION_INFO, max_seats=52)


class AuctionGame(BaseGame):
    """Five packs in `decks` (AUCTION-1.1); the deal passes left between games, a seat
    below the page's minimum is out (AUCTION-5.3) and the pot never carries
    (AUCTION-5.2), as BaseGame has them."""

    info = AUCTION_INFO
    strategies = STRATEGIES
    deal_type = AuctionDeal
    parse_action = staticmethod(parse_bid)

    def parse_record(self, data: Any) -> HandRecord:
        record = parse_common(data, _RECORD_INFO)  # AUCTION-8.1: five packs in `decks`
        return dataclasses.replace(record, carry={})

    def simulation_action(self, deal: AuctionDeal, rng: random.Random) -> Bid:
        """A random seat with a bid due, and a random legal amount."""
        seat = rng.choice(deal.to_act())
        low, high = deal.limits(seat)
        return Bid(seat, rng.randint(low, high))


AUCTION = AuctionGame()
