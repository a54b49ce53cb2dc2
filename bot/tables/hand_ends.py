"""A deal's end: the result told, players out of chips or leaving cashed out, and the
next deal's countdown."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from bot.i18n import N_, Text
from bot.store import InHand, NotSeated
from bot.store.errors import StoreUnavailable
from bot.tables.live import LiveTable
from bot.tables.open_tables import ENDED, EVERYONE_LEFT, LEFT, OpenTables
from engine.game import Game

log = logging.getLogger(__name__)

NEXT_HAND_SECONDS = 8  # the public countdown between hands


class HandEnds(OpenTables):
    """The part of the table service that ends a deal (bot/tables/__init__.py)."""

    next_hand_seconds: float  # TableService's (bot/tables/service.py)
    # Dealing's (dealing.py), a part above this one: the next deal's timer runs it.
    deal: Callable[[LiveTable], Awaitable[None]]

    async def _hand_over(self, table: LiveTable) -> None:
        self.touch(table)  # the idle clock counts from the end of the last hand
        running = table.running
        assert running is not None and running.hand.settlement is not None
        settlement = running.hand.settlement
        self._stop_clocks(table, list(table.clocks))
        table.last_result = (running.number, settlement)
        # table.info is as the settlement left it: the store read it back in the same
        # transaction (at the deal, for a hand the deal itself ended).
        await self.listener.hand_ended(table, settlement, running.number)
        # G2.6: the store freed these seats as it settled; here they are told.
        out = _out_words(table.game)
        for seat_id in settlement.eliminated:
            user = int(seat_id)
            await self._gone(table, user, settlement.stacks[seat_id], out)
        removals: list[tuple[int, str]] = []
        for seat in table.info.seats:
            user = seat.user_id
            if table.game.is_eliminated(seat.stack, table.info.stake):
                removals.append((user, out))  # not settled here
            elif user in table.leaving:
                removals.append((user, Text(LEFT)))
            elif user in table.away:
                # Translators: follows a player's name, as "left the table" does.
                removals.append((user, Text("was away for two turns in a row")))
        for user, why in removals:
            try:
                chips = await self.store.cash_out(table.id, user)
            except (NotSeated, InHand, StoreUnavailable) as exc:
                # Unavailable: still seated, still leaving; cashed out after the next hand.
                log.warning("Could not cash out %s at table %s: %s", user, table.id, exc)
                continue
            await self._gone(table, user, chips, why)
        if removals:  # the seats as the cash-outs left them; else as read after settling
            await self._refresh(table)
        if table.closing or not table.has_people():
            why = Text(ENDED) if table.closing else Text(EVERYONE_LEFT)
            await self._close_locked(table, why)
            return
        await self.listener.table_changed(table)
        if table.can_deal():
            seconds = self.next_hand_seconds
            await self.listener.next_hand_soon(table, round(seconds))
            self._clock(table, f"deal:{table.id}", seconds, lambda: self.deal(table))

    async def _gone(self, table: LiveTable, user: int, chips: int, why: str) -> None:
        """A player whose seat the store has freed: nothing more is kept for them here."""
        table.leaving.discard(user)
        table.away.discard(user)
        table.timeouts.pop(user, None)
        await self.listener.player_removed(table, user, chips, why)


# An eliminated player's reason, by the game's least number of stakes to be dealt in,
# each whole: the number's word agrees with the noun in some languages.
# Translators: follows a player's name: they no longer have the chips to be dealt in.
_OUT_WORDS = (
    N_("is out: below no stakes"),
    N_("is out: below one stake"),
    N_("is out: below two stakes"),
    N_("is out: below three stakes"),
    N_("is out: below four stakes"),
    N_("is out: below five stakes"),
    N_("is out: below six stakes"),
    N_("is out: below seven stakes"),
    N_("is out: below eight stakes"),
)


def _out_words(game: Game) -> Text:
    """Why an eliminated player left (G2.6), in the game's own minimum."""
    stakes = game.info.stakes_to_deal_in
    if stakes < len(_OUT_WORDS):
        return Text(_OUT_WORDS[stakes])
    return Text.plural_of("is out: below {n} stake", "is out: below {n} stakes", stakes)
