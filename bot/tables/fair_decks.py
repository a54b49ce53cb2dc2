"""Fair decks (docs/fairness.md): every deck from the table's committed house seed and
the seats' own seeds, so neither the house nor a player alone can choose one.

A table gets a house seed when it opens (or at its first deal, for a table opened before
this scheme), shown by its hash on the table message before the deals it serves. Every
player has a seed of their own, the same at every table: one they set (`/fair`) or a
random one made for them when they first sit down. A deal's deck is a published function
of the house seed, the seats' seeds in the record's order and the deal's number
(engine/fairness.py), and so is every stock rebuilt during it. The house seed is revealed
when the table closes, or between deals when a seated player asks to rotate it; then
anyone can recompute every deck it made.

A computer seat's seed is a function of the house hash (engine/fairness.py
`computer_seed`): fixed, for anyone to compute, once the hash is shown, so the bot cannot
pick one to steer a deck.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from bot.i18n import Text
from bot.store import HouseSeed
from bot.store.fair import BAD_PLAYER_SEED
from bot.tables.computer import is_computer
from bot.tables.errors import TableError
from bot.tables.live import LiveTable
from bot.tables.turns import Turns
from engine import fairness
from engine.cards import Card
from engine.game import Deal
from engine.record import HandRecord

log = logging.getLogger(__name__)


class FairDecks(Turns):
    """The part of the table service that keeps the seeds and deals from them."""

    async def house_for(self, table: LiveTable) -> HouseSeed:
        """The table's current house seed: made now if it has none (a table opened before
        seeds, or one whose seed the store lost with a rotation cut short)."""
        if table.house is None:
            table.house = await self.store.house_seed(table.id)
        if table.house is None:
            seed = fairness.new_house_seed()
            table.house = await self.store.new_house_seed(
                table.id, seed.hex(), fairness.house_hash(seed))
        return table.house

    async def seed_of(self, user_id: int) -> str:
        """A player's own seed: theirs, or a random one made for them now and kept."""
        found = (await self.store.player_seeds([user_id])).get(user_id)
        if found is None:
            found = fairness.random_seed()
            await self.store.set_player_seed(user_id, found)
        return found

    async def set_seed(self, user_id: int, seed: str) -> None:
        """The player's own seed from their next deal on (a deal dealt keeps its deck)."""
        if not fairness.valid_seed(seed):
            raise TableError(Text(BAD_PLAYER_SEED))
        await self.store.set_player_seed(user_id, seed)

    async def fair_deck(
        self, table: LiveTable, seats: Sequence[str]
    ) -> tuple[list[Card] | list[list[Card]], dict[str, Any]]:
        """The next deal's deck (or packs, G3.2) from the seeds, and the record's `fair`
        block. `seats` are the record's seats, in its order: each gives its seed."""
        house = await self.house_for(table)
        people = [int(seat) for seat in seats if not is_computer(int(seat))]
        known = await self.store.player_seeds(people)
        seeds = []
        for seat in seats:
            user_id = int(seat)
            if is_computer(user_id):
                seeds.append(fairness.computer_seed(seat, house.house_hash))
            else:
                seeds.append(known.get(user_id) or await self.seed_of(user_id))
        client = fairness.client_seed(seeds)
        nonce = await self.store.next_hand_number(table.id)
        info = table.game.info
        pack = list(table.game.pack(dict(table.info.options)))
        decks, _ = fairness.deal_cards(bytes.fromhex(house.seed), client, nonce,
                                       [pack] * info.deals_per_game)
        block = fairness.fair_block(house.house_hash, client, nonce)
        return (decks if info.deals_per_game > 1 else decks[0]), block

    def _shuffles_for(self, hand: Deal, fair: dict[str, Any] | None = None,
                      house: HouseSeed | None = None) -> None:
        """A deal that rebuilds its stock mid-deal (G3.2) takes each new order from the
        deal's own stream where it was dealt from the seeds; otherwise from the bot's
        shuffle (a deal of fixed decks, in tests)."""
        if fair is None or house is None or house.house_hash != fair.get("house_hash"):
            if fair is not None:
                log.warning("No house seed for a fair deal's restock: the system's shuffle")
            hand.shuffle_with(lambda pile: self.stock_shuffle(pile))
            return
        seed = bytes.fromhex(house.seed)
        hand.shuffle_with(lambda pile: restock_order(seed, fair, hand.record(), pile))

    async def rotate(self, channel_id: int, user_id: int) -> tuple[list[HouseSeed], HouseSeed]:
        """A seated player's ask: the house seed revealed now and a new one committed for
        the next deals. Between deals only: a deal's seed stays secret while it runs."""
        table = self.table_here(channel_id)
        async with table.lock:
            if table.seat_of(user_id) is None:
                raise TableError(Text("Only a player seated at this table can rotate its seed."))
            if table.hand is not None and not table.hand.is_over:
                raise TableError(Text("The seed is rotated between deals: ask again when "
                                      "this hand is over."))
            seed = fairness.new_house_seed()
            revealed, table.house = await self.store.rotate_house_seed(
                table.id, seed.hex(), fairness.house_hash(seed))
        await self.listener.table_changed(table)
        return revealed, table.house


def restock_order(seed: bytes, fair: dict[str, Any], record: HandRecord,
                  pile: list[Card]) -> list[Card]:
    """The next stock of a deal dealt from the seeds: its stream played on past the
    deck(s) and every stock rebuilt before (engine/fairness.py, v1)."""
    return fairness.stream_after(seed, fair["client_seed"], fair["nonce"],
                                 record.decks or (record.deck,),
                                 record.reshuffles).shuffle(pile)
