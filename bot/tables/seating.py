"""Players' seats: a table opened or joined, a player leaving, the host ending it."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from bot.i18n import N_, Text
from bot.store import StoreError, Table, TableHeldElsewhere
from bot.store.errors import StoreUnavailable
from bot.tables.errors import OtherShard, TableError
from bot.tables.fair_decks import FairDecks
from bot.tables.live import LiveTable
from bot.tables.open_tables import ENDED, LEFT
from engine.errors import EngineError
from engine.record import DEFAULT_GAME

log = logging.getLogger(__name__)

# Translators: why a table closed: "The table is closed: the host could not buy in."
NO_BUY_IN = N_("the host could not buy in")


class Seating(FairDecks):
    """The part of the table service that seats players (bot/tables/__init__.py)."""

    _opening: asyncio.Lock  # TableService's: one table per channel, even when two join at once

    async def join(
        self, guild_id: int, channel_id: int, user_id: int, game: str = DEFAULT_GAME
    ) -> tuple[LiveTable, bool]:
        """A seat at this channel's table of `game`, made with the server defaults if there
        is none. One table per channel, whatever its game.

        Returns the table and whether this join created it.
        """
        self._check_served(guild_id)
        async with self._opening:
            table = self.in_channel(channel_id)
            created = table is None
            if table is None:  # the wallet is opened by _seat, as for every join
                table = await self._claimed(
                    await self.store.open_table(guild_id, channel_id, user_id, game=game)
                )
                await self.house_for(table)  # committed before anyone can deal
            else:
                _same_game(table, game)
        try:
            await self._seat(table, guild_id, user_id)
        except StoreError:
            if created:
                await self._close(table, Text(NO_BUY_IN))
            raise
        return table, created

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        user_id: int,
        *,
        game: str = DEFAULT_GAME,
        stake: int | None,
        buy_in: int | None,
        max_players: int | None,
        turn_seconds: int | None,
        options: dict[str, Any] | None = None,
    ) -> LiveTable:
        self._check_served(guild_id)
        async with self._opening:
            if (table := self.in_channel(channel_id)) is not None:
                _same_game(table, game)
                raise TableError(Text(
                    "This channel already has a table: join it with `/{command} join`.",
                    command=game,
                ))
            # The table's options are checked before anything is written for the player.
            info = await self.store.open_table(
                guild_id, channel_id, user_id, game=game, stake=stake, buy_in=buy_in,
                turn_seconds=turn_seconds, max_players=max_players, options=options,
            )
            table = await self._claimed(info)
            await self.house_for(table)  # committed before anyone can deal
        try:
            await self._seat(table, guild_id, user_id)
        except StoreError:
            await self._close(table, Text(NO_BUY_IN))
            raise
        return table

    def _check_served(self, guild_id: int) -> None:
        if not self.serves(guild_id):
            log.warning("Refused to open a table in server %s: it is not on shards %s of %s",
                        guild_id, self.shards.ids, self.shards.count)
            raise OtherShard()

    async def _claimed(self, info: Table) -> LiveTable:
        """A table just opened, held for this process before anything is done at it.

        It is opened first (the claim needs its id) and empty: nobody has bought in yet.
        If another process holds it, that process found it at its own start-up and runs
        it; it is left to that process. If the claim fails otherwise, the empty table is
        closed again, so no open table is left that no process runs."""
        try:
            await self.store.claim_table(info.id)
        except TableHeldElsewhere:
            log.warning("Table %s (server %s) was opened here but another bot process holds "
                        "it: left to that process", info.id, info.guild_id)
            raise
        except BaseException:
            await self.store.close_table(info.id)
            raise
        return self._track(info)

    async def _seat(self, table: LiveTable, guild_id: int, user_id: int) -> None:
        self.touch(table)
        async with table.lock:
            if table.seat_of(user_id) is not None:
                raise TableError(Text("You already have a seat at this table."))
            await self.store.open_wallet(guild_id, user_id)
            await self.store.buy_in(table.id, user_id)
            await self.seed_of(user_id)  # made now, if new, so the player can see it
            await self._refresh(table)
        await self.listener.table_changed(table)

    async def leave(self, channel_id: int, user_id: int) -> str:
        """Cash out now between hands; during a hand, after it (played by the stand-in)."""
        table = self.table_here(channel_id)
        async with table.lock:
            if table.seat_of(user_id) is None:
                raise TableError(Text("You have no seat at this table."))
            if table.dealt_in(user_id):
                seq = table.hand.seq
                table.leaving.add(user_id)
                try:
                    if await self._leave_the_deal(table, str(user_id)):
                        return Text("You left this deal and your bets came back to your "
                                    "stack; you are cashed out when the deal is over.")
                    await self._play_stand_ins(table)
                except StoreUnavailable:
                    if table.hand is not None and table.hand.seq == seq:
                        table.leaving.discard(user_id)  # nothing was stored: still playing
                        raise
                    # A move was stored for them: they are leaving; their time-out plays on.
                return Text(
                    "You will leave when this hand is over; until then your turns are "
                    "played for you, as when your time runs out."
                )
            chips = await self.store.cash_out(table.id, user_id)
            await self._refresh(table)
        await self.listener.player_removed(table, user_id, chips, Text(LEFT))
        await self.listener.table_changed(table)
        await self._close_if_empty(table)
        return Text("You left the table with {chips} chips, back in your bankroll.",
                    chips=chips)

    async def _leave_the_deal(self, table: LiveTable, seat: str) -> bool:
        """Where leaving is a move of the game's own (FARO-2.4: a player's bets come back
        and they take no more part), it is played now, as the player's; True if so."""
        hand = table.hand
        action = hand.leave_action(seat)
        if action is None:
            return False
        try:
            hand.check(action)
        except EngineError:
            return False
        await self._commit(table, action)
        return True

    async def end(self, channel_id: int, user_id: int, *, can_manage: bool) -> str:
        table = self.table_here(channel_id)
        if user_id != table.info.host_id and not can_manage:
            raise TableError(
                Text("Only the host (or someone with Manage Server) can end the table."))
        async with table.lock:
            if table.hand is not None and not table.hand.is_over:
                table.closing = True
                return Text("The table will close when this hand is over; everyone is then "
                            "cashed out.")
        await self._close(table, Text(ENDED))
        return Text("The table is closed; everyone was cashed out.")


def _same_game(table: LiveTable, game: str) -> None:
    """One table per channel: a command of another game says which game is here."""
    if table.info.game != game:
        here = table.game.info
        raise TableError(Text(
            "This channel's table plays {game}: use `/{command} join`, or wait until it "
            "closes.", game=Text(here.name), command=here.id,
        ))
