"""After a restart: the open tables brought back, and each going on once its server is
known again."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence

from bot.i18n import Text
from bot.store import Recovery, TableHeldElsewhere
from bot.tables.dealing import Dealing
from bot.tables.live import LiveTable

log = logging.getLogger(__name__)


# Tables brought back at a time after a restart: a part's replay holds the event loop for
# about a tenth of a second, and the interactions that came in meanwhile go between parts.
RECOVERY_PART = 500
RECOVERY_TRIES = 3


class Recovering(Dealing):
    """The part of the table service that brings tables back (bot/tables/__init__.py)."""

    async def recover(
        self,
        table_ids: Sequence[int],
        back: Callable[[list[LiveTable]], Awaitable[None]] | None = None,
    ) -> None:
        """The open tables `table_ids` (announced with `expect`), their hands replayed and
        the tables restored a part at a time; `back(tables)` after each part. A part the
        store cannot read now is tried again, then given up with a log line: its chips stay
        where the store holds them, and the next start brings it back."""
        part = RECOVERY_PART
        for start in range(0, len(table_ids), part):
            ids = table_ids[start : start + part]
            for attempt in range(1, RECOVERY_TRIES + 1):
                try:
                    recovery = await self.store.recover(self.shards, tables=ids)
                    break
                except Exception:
                    log.exception("Recovering tables %s..%s failed (try %s of %s)",
                                  ids[0], ids[-1], attempt, RECOVERY_TRIES)
                    if attempt < RECOVERY_TRIES:
                        await asyncio.sleep(attempt)
            else:
                self.loaded(ids)
                continue
            for voided in recovery.voided:
                log.warning("Hand %s could not be resumed and was voided: %s",
                            voided.hand_id, voided.reason)
            restored = await self.restore(recovery)
            self.loaded(ids)
            if back is not None:
                await back(restored)
            await asyncio.sleep(0)  # the interactions that came in meanwhile go first

    async def restore(self, recovery: Recovery) -> list[LiveTable]:
        """After a restart: open tables with their seats, and their hands where one runs
        (all of them, or one part of them: see `expect`). Returns the tables restored.

        Nothing is said or timed yet: a table goes on (`resume`) once Discord has told the
        bot about its server, so its channel can be reached and the current player pinged.
        """
        restored = []
        for voided in recovery.voided:
            # The reason is the store's or the engine's, as the log and the record have it.
            self.notices.setdefault(voided.table_id, []).append(Text(
                "A hand could not be resumed after a restart ({reason}); every chip posted "
                "to it went back to its player.", reason=voided.reason,
            ))
        houses = await self.store.house_seeds([info.id for info in recovery.tables])
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
            table = self._track(info, running)
            table.house = houses.get(info.id)
            if running is not None:
                self._shuffles_for(running.hand, running.fair, table.house)
            table.restored = True
            table.resumed = False
            table.away = {s.user_id for s in info.seats if s.status == "away"}
            restored.append(table)
        self.loaded(info.id for info in recovery.tables)
        return restored

    async def resume(self, table: LiveTable) -> None:
        """A restored table goes on: its running turns with the time they had left when the
        bot stopped, or the next deal's countdown. Once per table; later calls do nothing."""
        async with table.lock:
            if table.resumed or table.id not in self.tables:
                return
            table.resumed = True
            if table.hand is not None and not table.hand.is_over:
                # A hard computer remembers the hand as it did before the restart.
                self.computers.recall(table.id, table.game, table.running.number, table.hand)
                began_ms = await self.store.turn_started(table.running.hand_id)
                began = began_ms / 1000 if began_ms is not None else self.scheduler.now()
                await self._after_action(table, turn_began=began)
            elif table.can_deal() and table.info.hands_played:
                self._clock(table, f"deal:{table.id}", self.next_hand_seconds,
                            lambda t=table: self.deal(t))
