"""The tables being played: each table's lock, running hand, turn clock and next deal.

The service is where the engine, the store and time meet. It decides no rule
(the engine does) and sends nothing to Discord (the listener does): every change
is committed to the store first, then the listener is told.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from bot.store import (
    InHand,
    NotSeated,
    Recovery,
    RunningHand,
    Seat,
    Store,
    StoreError,
    Table,
)
from bot.tables.computer import (
    LEVELS,
    PAUSE_SECONDS,
    ComputerPlayers,
    computer_id,
    computer_name,
    is_computer,
)
from bot.tables.scheduler import Scheduler
from engine.actions import Action
from engine.cards import Card
from engine.errors import EngineError
from engine.fairness import new_salt
from engine.gff.autoplay import stand_in_action
from engine.gff.hand import GffHand
from engine.gff.posting import is_eliminated, next_dealer, pots_to_post
from engine.gff.settlement import Settlement
from engine.gff.views import PrivateView

log = logging.getLogger(__name__)

TIMEOUTS_BEFORE_AWAY = 2  # time-outs in a row before a player is marked away
NEXT_HAND_SECONDS = 8  # the public countdown between hands
IDLE_SECONDS = 30 * 60  # a table with no hand and no command for this long closes


class TableError(Exception):
    """A refusal a player can read; nothing was changed. `code` is the engine's error
    code (rules/replay.md) when the engine refused the action."""

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


class StaleButton(TableError):
    def __init__(self) -> None:
        super().__init__("That button is out of date; here is your hand as it is now.")


class TableListener(Protocol):
    """What the Discord side is told, always after the store has committed."""

    async def table_changed(self, table: LiveTable) -> None: ...

    async def hand_started(self, table: LiveTable) -> None: ...

    async def turn_started(self, table: LiveTable, seat: str) -> None: ...

    async def hand_ended(self, table: LiveTable, settlement: Settlement, number: int) -> None: ...

    async def next_hand_soon(self, table: LiveTable, seconds: int) -> None: ...

    async def player_removed(self, table: LiveTable, user_id: int, chips: int, why: str) -> None:
        ...

    async def table_closed(self, table: LiveTable, returned: dict[int, int], why: str) -> None:
        ...


class SilentListener:
    """A listener that tells nobody: before the Discord side is loaded, and wherever the
    service runs without Discord (benchmarks, the crash test's child process)."""

    def __getattr__(self, name: str):
        async def ignore(*args, **kwargs) -> None:
            return None

        return ignore


DeckSource = Callable[["LiveTable"], Sequence[Card]]


def shuffled_deck(_: LiveTable) -> list[Card]:
    """A fair shuffle from the operating system's randomness."""
    return secrets.SystemRandom().sample(range(52), 52)


@dataclass
class LiveTable:
    """One open table as the bot holds it between store commits."""

    info: Table
    running: RunningHand | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    leaving: set[int] = field(default_factory=set)  # asked to leave during a hand
    away: set[int] = field(default_factory=set)  # timed out twice in a row
    timeouts: dict[int, int] = field(default_factory=dict)  # time-outs in a row
    closing: bool = False  # /gff end during a hand: close when it is over
    deadline: float | None = None  # when the current turn times out
    turn_seat: str | None = None
    last_result: tuple[int, Settlement] | None = None  # (hand number, settlement)
    restored: bool = False  # brought back at start-up: an earlier run sent its messages

    @property
    def id(self) -> int:
        return self.info.id

    @property
    def hand(self) -> GffHand | None:
        return self.running.hand if self.running else None

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.info.seats

    def seat_of(self, user_id: int) -> Seat | None:
        return next((s for s in self.info.seats if s.user_id == user_id), None)

    def dealt_in(self, user_id: int) -> bool:
        hand = self.hand
        return hand is not None and not hand.is_over and str(user_id) in hand.hands

    def can_be_dealt(self) -> list[Seat]:
        """GFF-2.4: seats with at least two stakes, who are here to play."""
        return [
            s for s in self.info.seats
            if s.status == "seated" and pots_to_post(s.stack, self.info.stake)
        ]

    def has_people(self) -> bool:
        """Someone other than a computer player is seated."""
        return any(not is_computer(s.user_id) for s in self.info.seats)

    def can_deal(self) -> bool:
        """Two players can be dealt in, and one of them is a person: computer players
        do not play on by themselves."""
        players = self.can_be_dealt()
        return len(players) >= 2 and any(not is_computer(s.user_id) for s in players)


class TableService:
    def __init__(
        self,
        store: Store,
        scheduler: Scheduler,
        listener: TableListener,
        *,
        deck_source: DeckSource = shuffled_deck,
        first_dealer: Callable[[list[Seat]], Seat] = secrets.choice,
        next_hand_seconds: float = NEXT_HAND_SECONDS,
    ) -> None:
        self.store = store
        self.scheduler = scheduler
        self.listener = listener
        self.deck_source = deck_source  # tests put fixed decks here
        self.first_dealer = first_dealer
        self.next_hand_seconds = next_hand_seconds
        self.tables: dict[int, LiveTable] = {}  # by table id
        self._by_channel: dict[int, int] = {}
        self._opening = asyncio.Lock()  # one table per channel, even when two join at once
        self._dealers: dict[int, int] = {}  # table -> last dealer's seat position
        self.computers = ComputerPlayers()
        # What a table's channel must be told once it can be reached again (after a restart).
        self.notices: dict[int, list[str]] = {}

    # -- finding tables ---------------------------------------------------------------

    def in_channel(self, channel_id: int) -> LiveTable | None:
        table_id = self._by_channel.get(channel_id)
        return self.tables.get(table_id) if table_id is not None else None

    def table_here(self, channel_id: int) -> LiveTable:
        """The channel's table; asking for it is activity that keeps it open."""
        table = self.in_channel(channel_id)
        if table is None:
            raise TableError("There is no table in this channel. Start one with `/gff join`.")
        self.touch(table)
        return table

    def touch(self, table: LiveTable) -> None:
        """Someone did something at the table: the idle clock starts again."""
        self.scheduler.call_later(IDLE_SECONDS, f"idle:{table.id}", lambda: self._idle(table))

    async def _idle(self, table: LiveTable) -> None:
        if table.hand is not None and not table.hand.is_over:
            self.touch(table)  # the turn clock keeps a hand moving; look again later
            return
        await self._close(table, "nobody played for 30 minutes")

    async def channel_gone(self, channel_id: int, why: str) -> None:
        """The channel was deleted or the bot lost access: close, returning every chip."""
        table = self.in_channel(channel_id)
        if table is not None:
            await self._close(table, why)

    def _track(self, info: Table, running: RunningHand | None = None) -> LiveTable:
        table = self.tables.get(info.id)
        if table is None:
            table = LiveTable(info, running)
            self.tables[info.id] = table
            self._by_channel[info.channel_id] = info.id
            self.touch(table)
        else:
            table.info = info
            if running is not None:
                table.running = running
        return table

    def _forget(self, table: LiveTable) -> None:
        self.tables.pop(table.id, None)
        if self._by_channel.get(table.info.channel_id) == table.id:
            del self._by_channel[table.info.channel_id]
        for key in ("turn", "deal", "idle", "computer"):
            self.scheduler.cancel(f"{key}:{table.id}")

    async def _refresh(self, table: LiveTable) -> None:
        table.info = await self.store.table(table.id)

    async def restore(self, recovery: Recovery) -> None:
        """After a restart: every open table with its seats, and its hand where one runs."""
        for voided in recovery.voided:
            self.notices.setdefault(voided.table_id, []).append(
                "A hand could not be resumed after a restart "
                f"({voided.reason}); every chip posted to it went back to its player."
            )
        for info in recovery.tables:
            table = self._track(info, recovery.running.get(info.id))
            table.restored = True
            table.away = {s.user_id for s in info.seats if s.status == "away"}
            async with table.lock:
                if table.hand is not None and not table.hand.is_over:
                    # The turn goes on with the time it had left when the bot stopped.
                    began_ms = await self.store.turn_started(table.running.hand_id)
                    began = began_ms / 1000 if began_ms is not None else self.scheduler.now()
                    await self._after_action(table, turn_began=began)
                elif table.can_deal() and info.hands_played:
                    self.scheduler.call_later(
                        self.next_hand_seconds, f"deal:{table.id}", lambda t=table: self.deal(t)
                    )

    # -- joining, creating, leaving -----------------------------------------------------

    async def join(self, guild_id: int, channel_id: int, user_id: int) -> tuple[LiveTable, bool]:
        """A seat at this channel's table, made with the server defaults if there is none.

        Returns the table and whether this join created it.
        """
        async with self._opening:
            table = self.in_channel(channel_id)
            created = table is None
            if table is None:  # the wallet is opened by _seat, as for every join
                table = self._track(await self.store.open_table(guild_id, channel_id, user_id))
        try:
            await self._seat(table, guild_id, user_id)
        except StoreError:
            if created:
                await self._close(table, "the host could not buy in")
            raise
        return table, created

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        user_id: int,
        *,
        stake: int | None,
        buy_in: int | None,
        max_players: int | None,
        turn_seconds: int | None,
    ) -> LiveTable:
        async with self._opening:
            if self.in_channel(channel_id) is not None:
                raise TableError("This channel already has a table: join it with `/gff join`.")
            # The table's options are checked before anything is written for the player.
            options = {} if max_players is None else {"max_players": max_players}
            info = await self.store.open_table(
                guild_id, channel_id, user_id, stake=stake, buy_in=buy_in,
                turn_seconds=turn_seconds, **options,
            )
            table = self._track(info)
        try:
            await self._seat(table, guild_id, user_id)
        except StoreError:
            await self._close(table, "the host could not buy in")
            raise
        return table

    async def _seat(self, table: LiveTable, guild_id: int, user_id: int) -> None:
        self.touch(table)
        async with table.lock:
            if table.seat_of(user_id) is not None:
                raise TableError("You already have a seat at this table.")
            await self.store.open_wallet(guild_id, user_id)
            await self.store.buy_in(table.id, user_id)
            await self._refresh(table)
        await self.listener.table_changed(table)

    async def leave(self, channel_id: int, user_id: int) -> str:
        """Cash out now between hands; during a hand, after it (played by the stand-in)."""
        table = self.table_here(channel_id)
        async with table.lock:
            if table.seat_of(user_id) is None:
                raise TableError("You have no seat at this table.")
            if table.dealt_in(user_id):
                table.leaving.add(user_id)
                note = (
                    "You will leave when this hand is over; until then your turns are "
                    "played for you (draw, then throw the card worth most)."
                )
                await self._play_stand_ins(table)
                return note
            chips = await self.store.cash_out(table.id, user_id)
            await self._refresh(table)
        await self.listener.player_removed(table, user_id, chips, "left the table")
        await self.listener.table_changed(table)
        await self._close_if_empty(table)
        return f"You left the table with {chips} chips, back in your bankroll."

    async def end(self, channel_id: int, user_id: int, *, can_manage: bool) -> str:
        table = self.table_here(channel_id)
        if user_id != table.info.host_id and not can_manage:
            raise TableError("Only the host (or someone with Manage Server) can end the table.")
        async with table.lock:
            if table.hand is not None and not table.hand.is_over:
                table.closing = True
                return "The table will close when this hand is over; everyone is then cashed out."
        await self._close(table, "the table was ended")
        return "The table is closed; everyone was cashed out."

    async def _close(self, table: LiveTable, why: str) -> None:
        async with table.lock:
            await self._close_locked(table, why)

    async def _close_locked(self, table: LiveTable, why: str) -> None:
        """Cash everyone out, carried chips back to their posters (GFF-4.6)."""
        if table.id not in self.tables:
            return
        returned = await self.store.close_table(table.id)
        self._forget(table)
        self.computers.forget(table.id)
        await self.listener.table_closed(table, returned, why)

    async def _close_if_empty(self, table: LiveTable) -> None:
        """A table with nobody but computer players at it closes (they do not play alone)."""
        if not table.has_people():
            await self._close(table, "everyone left")

    # -- dealing -------------------------------------------------------------------------

    async def start(self, channel_id: int, user_id: int) -> None:
        table = self.table_here(channel_id)
        if user_id != table.info.host_id:
            raise TableError("Only the host can start the table.")
        if table.hand is not None and not table.hand.is_over:
            raise TableError("A hand is already being played.")
        if len(table.can_be_dealt()) < 2:
            raise TableError("At least 2 players with two stakes or more are needed to deal.")
        await self.deal(table)

    async def deal(self, table: LiveTable) -> None:
        """Deal the next hand (GFF-2.8), or say why not."""
        async with table.lock:
            self.scheduler.cancel(f"deal:{table.id}")
            if table.id not in self.tables or (table.hand and not table.hand.is_over):
                return
            await self._refresh(table)
            players = table.can_be_dealt()
            if not table.can_deal():
                await self.listener.table_changed(table)
                return
            dealer = self._next_dealer(table, players)
            hand = GffHand.start(
                seats=[(s.seat_id, s.stack) for s in table.info.seats if s.status != "left"],
                stake=table.info.stake,
                dealer=dealer.seat_id,
                deck=list(self.deck_source(table)),
                carry=table.info.carry,
                salt=new_salt(),  # the deck commitment shown at the deal
            )
            now = self.scheduler.now()
            table.running = await self.store.start_hand(
                table.id, hand, turn_started_ms=int(now * 1000)
            )
            self._dealers[table.id] = dealer.position
            table.turn_seat = None
            await self._refresh(table)
            await self.listener.hand_started(table)
            await self._after_action(table, turn_began=now)

    def _next_dealer(self, table: LiveTable, players: list[Seat]) -> Seat:
        """The engine decides who deals (GFF-2.8); the service only knows where they sat."""
        last = self._dealers.get(table.id)
        if last is None and table.info.last_dealer is not None:
            seat = table.seat_of(table.info.last_dealer)
            last = seat.position if seat else None
        position = next_dealer([s.position for s in players], last)
        if position is None:
            return self.first_dealer(players)
        return next(s for s in players if s.position == position)

    # -- playing -------------------------------------------------------------------------

    async def act(
        self, table_id: int, user_id: int, action: Action, seq: int,
        *, hand_number: int | None = None,
    ) -> None:
        """Apply a player's action if it is still action number `seq` (of hand `hand_number`)."""
        table = self.tables.get(table_id)
        if table is None:
            raise TableError("This table is closed.")
        self.touch(table)
        async with table.lock:
            hand = table.hand
            if hand is None or hand.is_over:
                raise StaleButton()
            if seq != hand.seq or hand_number not in (None, table.running.number):
                raise StaleButton()
            try:
                hand.check(action)
            except EngineError as refused:
                raise TableError(refused.message, refused.code) from None
            table.timeouts.pop(user_id, None)
            if user_id in table.away:
                table.away.discard(user_id)
                await self.store.set_away(table.id, user_id, False)
            await self._commit(table, action)

    async def _commit(self, table: LiveTable, action: Action) -> None:
        """Apply a checked action, store it (with the settlement if it ends the hand)."""
        running = table.running
        assert running is not None
        hand = running.hand
        seq = hand.seq
        hand.apply(action)
        now = self.scheduler.now()
        # Stored with the action, so a restart knows how much of this turn is left.
        began = not hand.is_over and hand.current != table.turn_seat
        try:
            await self.store.record_action(
                running.hand_id, seq, action, hand.settlement,
                turn_started_ms=int(now * 1000) if began else None,
            )
        except BaseException:
            # The store did not take it: the hand goes back to what the store holds.
            table.running = await self.store.running_hand(table.id)
            raise
        await self._after_action(table, turn_began=now)

    async def _after_action(self, table: LiveTable, turn_began: float) -> None:
        """Settle an ended hand, or start the next turn's clock from `turn_began`."""
        hand = table.hand
        assert hand is not None
        if hand.is_over:
            await self._hand_over(table)
            return
        seat = hand.current
        computer = is_computer(int(seat))
        if seat != table.turn_seat:
            table.turn_seat = seat
            table.deadline = None if computer else turn_began + table.info.turn_seconds
            if computer:
                self.scheduler.cancel(f"turn:{table.id}")  # computer players never time out
            else:
                self.scheduler.call_later(
                    table.deadline - self.scheduler.now(), f"turn:{table.id}",
                    lambda s=hand.seq: self._timed_out(table, s),
                )
            await self.listener.turn_started(table, seat)
        if computer:
            self.scheduler.call_later(
                PAUSE_SECONDS, f"computer:{table.id}",
                lambda s=hand.seq: self._computer_moves(table, s),
            )
        await self.listener.table_changed(table)
        await self._play_stand_ins(table)

    async def _play_stand_ins(self, table: LiveTable) -> None:
        """Players who left or are away are played at once, so nobody waits for them."""
        hand = table.hand
        while hand is not None and not hand.is_over:
            user = int(hand.current) if hand.current and hand.current.isdigit() else None
            if user is None or (user not in table.leaving and user not in table.away):
                return
            await self._commit(table, stand_in_action(hand.private_view(hand.current)))
            hand = table.hand

    async def _computer_moves(self, table: LiveTable, seq: int) -> None:
        async with table.lock:
            hand, running = table.hand, table.running
            if hand is None or hand.is_over or hand.seq != seq or running is None:
                return  # the hand moved on (a restart, a close) since this was planned
            seat = hand.current
            view = hand.private_view(seat)  # all a computer player is ever shown
            action = self.computers.decide(table.id, running.number, int(seat), view)
            await self._commit(table, action)

    async def add_computer(self, channel_id: int, user_id: int, level: str) -> str:
        """The host seats a computer player; its buy-in is minted from the house."""
        table = self.table_here(channel_id)
        if user_id != table.info.host_id:
            raise TableError("Only the host can add computer players.")
        if level not in LEVELS:
            raise TableError(f"Choose a level: {', '.join(LEVELS)}.")
        taken = {s.user_id for s in table.info.seats}
        number = next(n for n in range(1, 1000) if computer_id(level, n) not in taken)
        robot = computer_id(level, number)
        async with table.lock:
            # One transaction: the house mints the buy-in straight into the seat.
            await self.store.buy_in(table.id, robot, house=True)
            await self._refresh(table)
        await self.listener.table_changed(table)
        when = " from the next hand" if table.hand and not table.hand.is_over else ""
        return f"{computer_name(robot)} sits down with {table.info.buy_in} chips{when}."

    async def remove_computer(self, channel_id: int, user_id: int) -> str:
        """The host takes the last computer player out, between hands."""
        table = self.table_here(channel_id)
        if user_id != table.info.host_id:
            raise TableError("Only the host can remove computer players.")
        async with table.lock:
            robots = [s.user_id for s in table.info.seats if is_computer(s.user_id)]
            if not robots:
                raise TableError("There is no computer player at this table.")
            if table.hand is not None and not table.hand.is_over:
                raise TableError("Computer players leave between hands: try after this one.")
            robot = robots[-1]
            await self.store.cash_out(table.id, robot)  # its stack is burned with it
            await self._refresh(table)
        await self.listener.table_changed(table)
        await self._close_if_empty(table)
        return f"{computer_name(robot)} left the table."

    async def _timed_out(self, table: LiveTable, seq: int) -> None:
        async with table.lock:
            hand = table.hand
            if hand is None or hand.is_over or hand.seq != seq:
                return  # the player acted in time
            seat = hand.current
            user = int(seat)
            table.timeouts[user] = table.timeouts.get(user, 0) + 1
            if table.timeouts[user] >= TIMEOUTS_BEFORE_AWAY and user not in table.away:
                table.away.add(user)
                await self.store.set_away(table.id, user, True)
            # The whole rest of the turn: draw, then discard (engine/gff/autoplay.py).
            await self._commit(table, stand_in_action(hand.private_view(seat)))
            while table.hand and not table.hand.is_over and table.hand.current == seat:
                await self._commit(table, stand_in_action(table.hand.private_view(seat)))

    async def _hand_over(self, table: LiveTable) -> None:
        self.touch(table)  # the idle clock counts from the end of the last hand
        running = table.running
        assert running is not None and running.hand.settlement is not None
        settlement = running.hand.settlement
        self.scheduler.cancel(f"turn:{table.id}")
        table.turn_seat = table.deadline = None
        table.last_result = (running.number, settlement)
        await self._refresh(table)
        await self.listener.hand_ended(table, settlement, running.number)
        # GFF-2.6: the store freed these seats as it settled; here they are told.
        for seat_id in settlement.eliminated:
            user = int(seat_id)
            await self._gone(table, user, settlement.stacks[seat_id], "is out: below two stakes")
        removals: list[tuple[int, str]] = []
        for seat in table.info.seats:
            user = seat.user_id
            if is_eliminated(seat.stack, table.info.stake):
                removals.append((user, "is out: below two stakes"))  # not settled here
            elif user in table.leaving:
                removals.append((user, "left the table"))
            elif user in table.away:
                removals.append((user, "was away for two turns in a row"))
        for user, why in removals:
            try:
                chips = await self.store.cash_out(table.id, user)
            except (NotSeated, InHand) as exc:
                log.warning("Could not cash out %s at table %s: %s", user, table.id, exc)
                continue
            await self._gone(table, user, chips, why)
        await self._refresh(table)
        if table.closing or not table.has_people():
            why = "the table was ended" if table.closing else "everyone left"
            await self._close_locked(table, why)
            return
        await self.listener.table_changed(table)
        if table.can_deal():
            seconds = self.next_hand_seconds
            await self.listener.next_hand_soon(table, round(seconds))
            self.scheduler.call_later(seconds, f"deal:{table.id}", lambda: self.deal(table))

    async def _gone(self, table: LiveTable, user: int, chips: int, why: str) -> None:
        """A player whose seat the store has freed: nothing more is kept for them here."""
        table.leaving.discard(user)
        table.away.discard(user)
        table.timeouts.pop(user, None)
        await self.listener.player_removed(table, user, chips, why)

    # -- reading -------------------------------------------------------------------------

    def hand_view(self, table: LiveTable, user_id: int) -> PrivateView:
        hand = table.hand
        if hand is None:
            raise TableError("No hand has been dealt yet.")
        if str(user_id) not in hand.hands:
            raise TableError("You are not dealt into this hand.")
        return hand.private_view(str(user_id))
