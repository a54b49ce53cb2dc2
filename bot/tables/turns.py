"""A running deal's turns: a player's action checked and stored, each seat's clock, the
time-out move, the stand-in moves of players who left or are away, computer players'
moves."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from bot.i18n import N_, Text
from bot.store import RunningHand
from bot.store.errors import StoreUnavailable
from bot.tables.computer import PAUSE_SECONDS, is_computer
from bot.tables.errors import StaleButton, TableError
from bot.tables.hand_ends import HandEnds
from bot.tables.live import LiveTable
from engine import games
from engine.cards import Card
from engine.errors import EngineError
from engine.game import Deal
from engine.record import parse_record

log = logging.getLogger(__name__)

TIMEOUTS_BEFORE_AWAY = 2  # time-outs in a row before a player is marked away
# Far more than any deal that ends takes played by time-out moves alone (a Piquet partie,
# the longest, about 250), and cheap to reach: a deal that has not ended by then will not.
STAND_IN_MOVES_AT_MOST = 1_000
# Translators: why a table closed: everyone at it had left or was away, and the game
# cannot end by the moves made for them (Concentration, Fifty-One).
NOBODY_PLAYS = N_("nobody was left to play a game that only players can end")


class Turns(HandEnds):
    """The part of the table service that plays a deal (bot/tables/__init__.py)."""

    stock_shuffle: Callable[[list[Card]], Sequence[Card]]  # TableService's (service.py)

    async def act(
        self, table_id: int, user_id: int, action: Any, seq: int,
        *, hand_number: int | None = None,
    ) -> None:
        """Apply a player's action if their buttons are current: `seq` is the number the
        deal gave their seat (`Deal.seat_seq`), of hand `hand_number`."""
        table = self.tables.get(table_id)
        if table is None:
            raise TableError(Text("This table is closed."))
        self.touch(table)
        async with table.lock:
            hand = table.hand
            if hand is None or hand.is_over:
                raise StaleButton()
            seat = str(user_id)
            if seq != hand.seat_seq(seat) or hand_number not in (None, table.running.number):
                raise StaleButton()
            try:
                hand.check(action)
            except EngineError as refused:
                raise TableError(Text(refused.template, **refused.values),
                                 refused.code) from None
            table.timeouts.pop(user_id, None)
            if user_id in table.away:  # stored first: if the store refuses, still away
                await self.store.set_away(table.id, user_id, False)
                table.away.discard(user_id)
            await self._commit(table, action)

    async def _commit(self, table: LiveTable, action: Any, *, stand_ins: bool = True) -> None:
        """Apply a checked action, store it (with the settlement if it ends the hand).

        With `stand_ins`, seats that left or are away are then played; the stand-in loop
        itself passes False, so a long run of stand-in moves is a loop, not a recursion."""
        running = table.running
        assert running is not None
        hand = running.hand
        seq = hand.seq
        stocks = _new_stocks(hand)
        hand.apply(action)
        now = self.scheduler.now()
        # Stored with the action, so a restart knows how much of this turn is left.
        began = not hand.is_over and bool(_new_turns(table, hand))
        # A stock this action rebuilt is stored with it, so the record replays exactly.
        reshuffles = (hand.record().to_json()["reshuffles"]
                      if _new_stocks(hand) != stocks else None)
        try:
            settled = await self.store.record_action(
                running.hand_id, seq, action, hand.settlement,
                turn_started_ms=int(now * 1000) if began else None,
                reshuffles=reshuffles,
            )
        except BaseException:
            # The store did not take it: the hand goes back to what the store holds.
            await self._as_stored(table, running, seq, stocks)
            raise
        if settled is not None:
            table.info = settled  # the seats and pots as the settlement left them
        await self._after_action(table, turn_began=now, stand_ins=stand_ins)

    async def _after_action(
        self, table: LiveTable, turn_began: float, *, stand_ins: bool = True
    ) -> None:
        """Settle an ended hand, or run a clock for each seat that must act now: one seat
        in a turn game, several for sealed choices, each timing out on its own."""
        hand = table.hand
        assert hand is not None
        if hand.is_over:
            await self._hand_over(table)
            return
        self._show_computers(table, hand)
        acting = hand.to_act()
        self._stop_clocks(table, [s for s in table.clocks if s not in acting])
        # A turn of several actions runs on the clock it started with; a new turn (a new
        # sealed round, for a seat that bid last in the one before) gets a new clock.
        for seat in _new_turns(table, hand):
            computer = is_computer(int(seat))
            deadline = None if computer else turn_began + table.info.turn_seconds
            table.clocks[seat] = deadline  # computer players never time out
            table.clock_turns[seat] = turn = hand.turn_number(seat)
            if deadline is not None:
                number = table.running.number
                expire = partial(self._timed_out, table, seat, deadline, number, turn)
                self._clock(table, f"turn:{table.id}:{seat}", deadline - self.scheduler.now(),
                            expire)
            await self.listener.turn_started(table, seat)
        for seat in acting:
            if is_computer(int(seat)):
                move = partial(self._computer_moves, table, seat, hand.seat_seq(seat))
                self._clock(table, f"computer:{table.id}:{seat}", PAUSE_SECONDS, move)
        await self.listener.table_changed(table)
        if stand_ins:
            try:
                await self._play_stand_ins(table)
            except StoreUnavailable as refused:
                # What came before was stored, and is not undone for this: the seats
                # played for are played when their time runs out, as the store allows.
                log.warning("Stand-in moves at table %s wait (%s)", table.id, refused.fault)

    async def _as_stored(
        self, table: LiveTable, running: RunningHand, seq: int, stocks: int
    ) -> None:
        """The table's hand as the store holds it, after the store refused its action `seq`
        (which rebuilt the stock `stocks` times before it)."""
        try:
            table.running = await self.store.running_hand(table.id)
        except StoreUnavailable:
            # Nor can the store be read now: what it holds is the hand before the
            # refused action, so that is replayed from the hand's own record.
            table.running = replace(running, hand=_before(running.hand, seq, stocks))
        if table.running is not None:
            self._shuffles_for(table.running.hand, table.running.fair, table.house)

    def _shuffles_for(self, hand: Deal, fair: dict | None = None,
                      house: Any = None) -> None:
        """Where a rebuilt stock's order comes from (bot/tables/fair_decks.py)."""
        raise NotImplementedError

    async def _play_stand_ins(self, table: LiveTable) -> None:
        """Players who left or are away are played at once, so nobody waits for them.

        Where nobody else is left to act, some games' time-out moves never end a deal
        (Concentration's two lowest flips, Fifty-One's swaps without a Stop): after
        STAND_IN_MOVES_AT_MOST moves in a row with nobody else acting, the table closes,
        its running hand void and every chip back (the store's close)."""
        played = 0
        while (hand := table.hand) is not None and not hand.is_over:
            seat = next((s for s in hand.to_act() if self._stands_in_for(table, s)), None)
            if seat is None:
                return
            if played == STAND_IN_MOVES_AT_MOST:
                log.warning("Table %s: %d stand-in moves in a row and nobody else to act: "
                            "closing it, its hand void", table.id, played)
                await self._close_locked(table, Text(NOBODY_PLAYS))
                return
            await self._commit(table, hand.timeout_action(seat), stand_ins=False)
            played += 1

    @staticmethod
    def _stands_in_for(table: LiveTable, seat: str) -> bool:
        user = int(seat) if seat.isdigit() else None
        return user is not None and (user in table.leaving or user in table.away)

    async def _computer_moves(self, table: LiveTable, seat: str, seq: int) -> None:
        """A computer seat's move. The table is not held while it is decided, so a player
        that searches (bot/tables/computer.py) never holds up a click at its table; the
        move is played only if the deal has not moved on for that seat meanwhile."""
        async with table.lock:
            if not _still_to_move(table, seat, seq):
                return  # the hand moved on (a restart, a close) since this was planned
            view = table.hand.private_view(seat)  # all a computer player is ever shown
            number = table.running.number
        action = await self.computers.decide(table.id, table.game, number, int(seat), view)
        async with table.lock:
            if not _still_to_move(table, seat, seq) or table.running.number != number:
                return
            try:
                table.hand.check(action)
            except EngineError as refused:  # a strategy's fault: logged, and the seat
                log.error("Computer %s at table %s chose %r: %s", seat, table.id, action,
                          refused.message)  # is played as if its time ran out
                action = table.hand.timeout_action(seat)
            await self._commit(table, action)

    def _show_computers(self, table: LiveTable, hand: Deal) -> None:
        """Each computer seat is shown its view after every action: a player that
        remembers (a hard one) knows what it saw on others' turns too."""
        number = table.running.number
        for seat in hand.dealt_in():
            if seat.isdigit() and is_computer(int(seat)):
                self.computers.observe(table.id, table.game, number, int(seat), hand, seat)

    async def _timed_out(
        self, table: LiveTable, seat: str, deadline: float, number: int, turn: int
    ) -> None:
        """`seat`'s clock ran out: the game's time-out move for the rest of that turn, and
        not for the next one (a sealed round that this move resolves starts another)."""
        async with table.lock:
            hand, running = table.hand, table.running
            if (
                hand is None or hand.is_over or running is None or running.number != number
                or table.clocks.get(seat) != deadline or table.clock_turns.get(seat) != turn
            ):
                return  # the turn ended in time (its clock was stopped or started again)
            user, before = int(seat), dict(table.timeouts)
            counted = table.timeouts[user] = table.timeouts.get(user, 0) + 1
            try:
                if counted >= TIMEOUTS_BEFORE_AWAY and user not in table.away:
                    await self.store.set_away(table.id, user, True)
                    table.away.add(user)
                # The whole rest of the turn, by the game's time-out move.
                while _turn_left(table, seat, turn):
                    await self._commit(table, table.hand.timeout_action(seat))
            except StoreUnavailable:
                if _turn_left(table, seat, turn):
                    table.timeouts = before  # counted when the timer runs again
                raise


def _new_stocks(hand: Deal) -> int:
    """How many stocks the deal has rebuilt so far (G3.2); 0 for a game that never does."""
    return len(hand.record().reshuffles) if hand.info.reshuffles else 0


def _before(hand: Deal, seq: int, stocks: int) -> Deal:
    """The deal as it stood before its action `seq`, with the stocks rebuilt until then."""
    record = hand.record().to_json()
    record["actions"] = record["actions"][:seq]
    if stocks:
        record["reshuffles"] = record["reshuffles"][:stocks]
    else:
        record.pop("reshuffles", None)
    parsed = parse_record(record)
    return games.get(parsed.game).replay(parsed)


def _still_to_move(table: LiveTable, seat: str, seq: int) -> bool:
    """Whether `seat` is still to act at the point its move was asked for (`seq`)."""
    hand, running = table.hand, table.running
    return (hand is not None and not hand.is_over and running is not None
            and seat in hand.to_act() and hand.seat_seq(seat) == seq)


def _turn_left(table: LiveTable, seat: str, turn: int) -> bool:
    """Whether `seat` still has some of its turn `turn` to play."""
    hand = table.hand
    return (hand is not None and not hand.is_over and seat in hand.to_act()
            and hand.turn_number(seat) == turn)


def _new_turns(table: LiveTable, hand: Deal) -> list[str]:
    """The seats to act whose turn has no clock yet: just begun, or a new one (a clock
    runs for one turn, `Deal.turn_number`)."""
    return [
        seat for seat in hand.to_act()
        if seat not in table.clocks or table.clock_turns.get(seat) != hand.turn_number(seat)
    ]
