"""The table service: the one object the bot and its cogs hold, made of the parts of
bot/tables (its package's note says which does what)."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable, Sequence
from typing import Any

from bot.i18n import Text
from bot.store import Seat, ShardSet, Store
from bot.tables.computer_seats import ComputerSeats
from bot.tables.dealing import DeckSource, shuffled_deck, system_shuffle
from bot.tables.errors import TableError
from bot.tables.hand_ends import NEXT_HAND_SECONDS
from bot.tables.listener import TableListener
from bot.tables.live import LiveTable
from bot.tables.recovery import Recovering
from bot.tables.scheduler import Scheduler
from bot.tables.seating import Seating
from engine.cards import Card


class TableService(Recovering, Seating, ComputerSeats):
    """Where the engine, the store and time meet. It decides no rule (the engine does)
    and sends nothing to Discord (the listener does): every change is committed to the
    store first, then the listener is told."""

    def __init__(
        self,
        store: Store,
        scheduler: Scheduler,
        listener: TableListener,
        *,
        deck_source: DeckSource = shuffled_deck,
        stock_shuffle: Callable[[list[Card]], Sequence[Card]] = system_shuffle,
        first_dealer: Callable[[list[Seat]], Seat] = secrets.choice,
        next_hand_seconds: float = NEXT_HAND_SECONDS,
        shards: ShardSet | None = None,
    ) -> None:
        super().__init__(store, scheduler, listener, shards)
        self.deck_source = deck_source  # tests put fixed decks here
        self.stock_shuffle = stock_shuffle  # the order of a stock rebuilt mid-deal (G3.2)
        self.first_dealer = first_dealer  # the first dealer, or the seat a draw starts from
        self.draw_source: DeckSource = shuffled_deck  # the pack of a game's dealer draw
        self.next_hand_seconds = next_hand_seconds
        self._opening = asyncio.Lock()  # one table per channel, even when two join at once

    def hand_view(self, table: LiveTable, user_id: int) -> Any:
        """What the player's seat may see of the deal (the game's private view)."""
        hand = table.hand
        if hand is None:
            raise TableError(Text("No hand has been dealt yet."))
        if str(user_id) not in hand.dealt_in():
            raise TableError(Text("You are not dealt into this hand."))
        return hand.private_view(str(user_id))
