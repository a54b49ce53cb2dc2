"""Game, Flip and Flop as a game of the hall (engine/game.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import Card
from engine.chips import Transfer, pot_account, seat_account
from engine.errors import EngineError
from engine.gff import posting
from engine.gff.hand import GffHand
from engine.gff.info import GFF_INFO
from engine.record import HandRecord, parse_common
from engine.rummy.simulation import random_action
from engine.strategies import STRATEGIES


class GffGame:
    info = GFF_INFO
    strategies = STRATEGIES  # random, easy, sharp (engine/strategies/)
    simulation_action = staticmethod(random_action)

    def parse_record(self, data: Any) -> HandRecord:
        return parse_common(data, self.info)

    def deal(self, record: HandRecord) -> GffHand:
        return GffHand(record)

    def replay(self, record: HandRecord) -> GffHand:
        return GffHand.from_record(record)

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
    ) -> GffHand:
        if dealer is None:
            raise EngineError("bad_record", "a GFF hand has a dealer")
        return GffHand.start(
            seats=seats, stake=stake, dealer=dealer, deck=deck_or_decks, carry=carry, salt=salt
        )

    def next_dealer(self, positions: list[int], last: int | None) -> int | None:
        return posting.next_dealer(positions, last)  # GFF-2.8

    def is_eliminated(self, stack: int, stake: int) -> bool:
        return posting.is_eliminated(stack, stake)  # GFF-2.6

    def close_carried(
        self,
        carried: Mapping[str, int],
        posted_by: Mapping[str, Mapping[str, int]],
        seated: Sequence[str],
        dealer: str | None = None,
    ) -> list[Transfer]:
        """GFF-4.6: each carried chip goes back to the seat that posted it.

        `posted_by[pot]` holds what each seat posted to the pot while it carried; it
        adds up to the pot, since a carried pot is only ever its posts."""
        transfers = []
        for pot, amount in carried.items():
            if not amount:
                continue  # the pot was won: nothing carries
            posts = posted_by.get(pot, {})
            if sum(posts.values()) != amount:
                raise ValueError(f"the {pot} pot holds {amount}, its posts {sum(posts.values())}")
            for seat, chips in posts.items():
                if chips:
                    reason = f"carried {pot} returned"
                    transfers.append(Transfer(pot_account(pot), seat_account(seat), chips, reason))
        return transfers


GFF = GffGame()
