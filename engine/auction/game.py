"""The flush auction as a game of the hall (engine/game.py)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.auction.actions import Bid
from engine.auction.deal import AuctionDeal
from engine.auction.info import AUCTION_INFO
from engine.auction.strategy import STRATEGIES
from engine.cards import Card
from engine.chips import Transfer
from engine.errors import EngineError
from engine.record import HandRecord, SeatRecord, parse_common
from engine.rummy.table import next_dealer

# AUCTION-8.2 limits the seats DEALT IN to 6; a record may list more, some short of S.
_RECORD_INFO = dataclasses.replace(AUCTION_INFO, max_seats=52)


class AuctionGame:
    info = AUCTION_INFO
    strategies = STRATEGIES

    def parse_record(self, data: Any) -> HandRecord:
        record = parse_common(data, _RECORD_INFO)  # AUCTION-8.1: five packs in `decks`
        return dataclasses.replace(record, carry={})

    def deal(self, record: HandRecord) -> AuctionDeal:
        return AuctionDeal(record)

    def replay(self, record: HandRecord) -> AuctionDeal:
        return AuctionDeal.from_record(record)

    def start(
        self,
        *,
        seats: Sequence[tuple[str, int]],
        stake: int,
        dealer: str | None,
        deck_or_decks: Sequence[Sequence[Card]],
        carry: Mapping[str, int] | None = None,
        options: Mapping[str, Any] | None = None,
        salt: str | None = None,
    ) -> AuctionDeal:
        if dealer is None:
            raise EngineError("bad_record", "the auction has a dealer (AUCTION-2.1)")
        decks = tuple(tuple(pack) for pack in deck_or_decks)
        if len(decks) != AUCTION_INFO.deals_per_game or any(len(p) != 52 for p in decks):
            raise EngineError("bad_record", "the auction needs five packs of 52 (AUCTION-1.1)")
        record = HandRecord(
            game="auction",
            stake=stake,
            seats=tuple(SeatRecord(i, s) for i, s in seats),
            dealer=dealer,
            deck=(),
            carry={},
            salt=salt,
            decks=decks,
        )
        return AuctionDeal(record)

    def next_dealer(self, positions: list[int], last: int | None) -> int | None:
        return next_dealer(positions, last)  # the hall's rotation between games

    def is_eliminated(self, stack: int, stake: int) -> bool:
        return stack < AUCTION_INFO.min_stack(stake)  # AUCTION-5.3

    def close_carried(
        self,
        carried: Mapping[str, int],
        posted_by: Mapping[str, Mapping[str, int]],
        seated: Sequence[str],
        dealer: str | None = None,
    ) -> list[Transfer]:
        if any(carried.values()):
            raise ValueError("the auction's pot never carries (AUCTION-5.2)")
        return []

    def simulation_action(self, deal: AuctionDeal, rng: random.Random) -> Bid:
        """A random seat with a bid due, and a random legal amount."""
        seat = rng.choice(deal.to_act())
        low, high = deal.limits(seat)
        return Bid(seat, rng.randint(low, high))


AUCTION = AuctionGame()
