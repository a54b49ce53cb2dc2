"""After a restart: the open tables brought back, and each going on once its server is
known again."""

from __future__ import annotations

import logging

from bot.store import Recovery, TableHeldElsewhere
from bot.tables.dealing import Dealing
from bot.tables.live import LiveTable

log = logging.getLogger(__name__)


class Recovering(Dealing):
    """The part of the table service that brings tables back (bot/tables/__init__.py)."""

    async def restore(self, recovery: Recovery) -> None:
        """After a restart: every open table with its seats, and its hand where one runs.

        Nothing is said or timed yet: a table goes on (`resume`) once Discord has told the
        bot about its server, so its channel can be reached and the current player pinged.
        """
        for voided in recovery.voided:
            self.notices.setdefault(voided.table_id, []).append(
                "A hand could not be resumed after a restart "
                f"({voided.reason}); every chip posted to it went back to its player."
            )
        for info in recovery.tables:
            if not self.serves(info.guild_id):
                continue  # recovered for another process's shards: never this one's to run
            try:
                await self.store.claim_table(info.id)
            except TableHeldElsewhere:
                log.warning(
                    "Table %s (server %s) is not resumed: another bot process runs it. Check "
                    "that no two processes are given the same SHARD_IDS.",
                    info.id, info.guild_id,
                )
                self.notices.pop(info.id, None)
                continue
            running = recovery.running.get(info.id)
            if running is not None:
                self._shuffles_for(running.hand)
            table = self._track(info, running)
            table.restored = True
            table.resumed = False
            table.away = {s.user_id for s in info.seats if s.status == "away"}

    async def resume(self, table: LiveTable) -> None:
        """A restored table goes on: its running turns with the time they had left when the
        bot stopped, or the next deal's countdown. Once per table; later calls do nothing."""
        async with table.lock:
            if table.resumed or table.id not in self.tables:
                return
            table.resumed = True
            if table.hand is not None and not table.hand.is_over:
                began_ms = await self.store.turn_started(table.running.hand_id)
                began = began_ms / 1000 if began_ms is not None else self.scheduler.now()
                await self._after_action(table, turn_began=began)
            elif table.can_deal() and table.info.hands_played:
                self._clock(table, f"deal:{table.id}", self.next_hand_seconds,
                            lambda t=table: self.deal(t))
