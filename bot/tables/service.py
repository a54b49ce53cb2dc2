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
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any, Protocol

from bot.store import (
    InHand,
    NotSeated,
    Recovery,
    RunningHand,
    Seat,
    ShardSet,
    Store,
    StoreError,
    Table,
    TableHeldElsewhere,
)
from bot.store.errors import StoreUnavailable
from bot.tables.computer import (
    LEVELS,
    PAUSE_SECONDS,
    ComputerPlayers,
    computer_id,
    computer_name,
    is_computer,
)
from bot.tables.scheduler import Job, Scheduler
from bot.words import count
from engine import games
from engine.cards import Card
from engine.errors import EngineError
from engine.fairness import new_salt
from engine.game import Deal, Game, Settlement
from engine.record import DEFAULT_GAME, parse_record

log = logging.getLogger(__name__)

TIMEOUTS_BEFORE_AWAY = 2  # time-outs in a row before a player is marked away
NEXT_HAND_SECONDS = 8  # the public countdown between hands
IDLE_SECONDS = 30 * 60  # a table with no hand and no command for this long closes
# A table's timer that the store refused runs again after this, then twice as long
# each time, up to RETRY_MOST_SECONDS, until the store takes it.
RETRY_FIRST_SECONDS = 1
RETRY_MOST_SECONDS = 60


class TableError(Exception):
    """A refusal a player can read; nothing was changed. `code` is the engine's error
    code (docs/rules/replay.md) when the engine refused the action."""

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


class OtherShard(TableError):
    """A server this process does not serve: Discord sends its events to another shard, so
    this should never happen; refused rather than open a table another process should run."""

    def __init__(self) -> None:
        super().__init__(
            "This server is run by another of the bot's processes; nothing was changed. "
            "Try again in a moment."
        )


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


# The deck of the next deal (or, for a game of several deals, its decks).
DeckSource = Callable[["LiveTable"], Sequence[Card] | Sequence[Sequence[Card]]]


def shuffled_deck(table: LiveTable) -> list[Card] | list[list[Card]]:
    """A fair shuffle of the game's pack from the operating system's randomness: the pack
    for the table's options when the game has one (`Game.pack`, engine/game.py)."""
    info, shuffle = table.game.info, secrets.SystemRandom()
    pack_for = getattr(table.game, "pack", None)
    pack = tuple(pack_for(dict(table.info.options))) if pack_for is not None else info.pack
    if info.deals_per_game > 1:
        return [shuffle.sample(pack, len(pack)) for _ in range(info.deals_per_game)]
    return shuffle.sample(pack, len(pack))


def system_shuffle(cards: list[Card]) -> list[Card]:
    """A new stock's order (G3.2), shuffled as decks are, from the system's randomness."""
    return secrets.SystemRandom().sample(cards, len(cards))


@dataclass(frozen=True)
class DealerDraw:
    """A shuffled pack dealt face up round `seats` from `seats[start]` by the game's
    rule for the first dealer (`Game.first_dealer`), and the seat it picked."""

    seats: tuple[str, ...]
    pack: tuple[Card, ...]
    start: int
    dealer: str


@dataclass
class LiveTable:
    """One open table as the bot holds it between store commits."""

    info: Table
    running: RunningHand | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    leaving: set[int] = field(default_factory=set)  # asked to leave during a hand
    away: set[int] = field(default_factory=set)  # timed out twice in a row
    timeouts: dict[int, int] = field(default_factory=dict)  # time-outs in a row
    closing: bool = False  # ended during a hand: close when it is over
    # The seats whose turn (or sealed choice) is running, with when it times out;
    # None for a computer player, which never times out.
    clocks: dict[str, float | None] = field(default_factory=dict)
    clock_turns: dict[str, int] = field(default_factory=dict)  # the turn each clock is for
    last_result: tuple[int, Settlement] | None = None  # (hand number, settlement)
    restored: bool = False  # brought back at start-up: an earlier run sent its messages
    # How the first dealer was found where the game has a rule for it (FARMER-2.4), for
    # the table to show: shown with the first deal only.
    dealer_draw: DealerDraw | None = None
    resumed: bool = True  # a restored table waits for its server before it goes on
    # The idle clock (TableService.touch): when the table is idle enough to close, and
    # whether its one timer is set.
    idle_at: float = 0.0
    idle_timer: bool = False

    @property
    def id(self) -> int:
        return self.info.id

    @property
    def game(self) -> Game:
        """The game this table plays, from the registry."""
        return games.get(self.info.game)

    @property
    def hand(self) -> Deal | None:
        """The running (or last) deal."""
        return self.running.hand if self.running else None

    def deadline_for(self, seat: str) -> float | None:
        """When `seat`'s running turn times out (the bot's clock), if it has one."""
        return self.clocks.get(seat)

    @property
    def turn_seat(self) -> str | None:
        """The first seat whose turn runs: in a turn game, the one whose turn it is."""
        return next(iter(self.clocks), None)

    @property
    def deadline(self) -> float | None:
        """When the first running turn times out (the one seat's, in a turn game)."""
        seat = self.turn_seat
        return None if seat is None else self.clocks[seat]

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.info.seats

    def seat_of(self, user_id: int) -> Seat | None:
        return next((s for s in self.info.seats if s.user_id == user_id), None)

    def dealt_in(self, user_id: int) -> bool:
        hand = self.hand
        return hand is not None and not hand.is_over and str(user_id) in hand.dealt_in()

    def can_be_dealt(self) -> list[Seat]:
        """Seats here to play with the game's least stack (G2.6)."""
        least = self.game.info.min_stack(self.info.stake)
        return [s for s in self.info.seats if s.status == "seated" and s.stack >= least]

    def has_people(self) -> bool:
        """Someone other than a computer player is seated."""
        return any(not is_computer(s.user_id) for s in self.info.seats)

    def can_deal(self) -> bool:
        """Enough players for the game can be dealt in, and one of them is a person:
        computer players do not play on by themselves."""
        players = self.can_be_dealt()
        return len(players) >= self.game.info.min_seats and any(
            not is_computer(s.user_id) for s in players
        )


class TableService:
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
        self.store = store
        # The shards this process runs (None: all of them). Only their servers' tables are
        # tracked here, and only a tracked table is ever dealt, timed or closed.
        self.shards = shards
        self.scheduler = scheduler
        self.listener = listener
        self.deck_source = deck_source  # tests put fixed decks here
        self.stock_shuffle = stock_shuffle  # the order of a stock rebuilt mid-deal (G3.2)
        self.first_dealer = first_dealer  # the first dealer, or the seat a draw starts from
        self.draw_source: DeckSource = shuffled_deck  # the pack of a game's dealer draw
        self.next_hand_seconds = next_hand_seconds
        self.tables: dict[int, LiveTable] = {}  # by table id
        self._by_channel: dict[int, int] = {}
        self._opening = asyncio.Lock()  # one table per channel, even when two join at once
        self.computers = ComputerPlayers()
        # What a table's channel must be told once it can be reached again (after a restart).
        self.notices: dict[int, list[str]] = {}

    # -- finding tables ---------------------------------------------------------------

    def serves(self, guild_id: int | None) -> bool:
        """Whether this process runs the server's tables (Discord sends its events here)."""
        return self.shards is None or (guild_id is not None and self.shards.serves(guild_id))

    def in_channel(self, channel_id: int) -> LiveTable | None:
        table_id = self._by_channel.get(channel_id)
        return self.tables.get(table_id) if table_id is not None else None

    def table_here(self, channel_id: int) -> LiveTable:
        """The channel's table; asking for it is activity that keeps it open."""
        table = self.in_channel(channel_id)
        if table is None:
            raise TableError(
                "There is no table in this channel. `/games` lists the games you can start."
            )
        self.touch(table)
        return table

    def touch(self, table: LiveTable) -> None:
        """Someone did something at the table: the idle clock starts again.

        The table keeps one timer, which looks at the time of the last activity when it
        runs and sets itself again if there was some since: each click moves a time,
        not a timer (setting one is a task live, and a click is many a second)."""
        table.idle_at = self.scheduler.now() + IDLE_SECONDS
        if not table.idle_timer:
            self._idle_in(table, IDLE_SECONDS)

    def _idle_in(self, table: LiveTable, seconds: float) -> None:
        table.idle_timer = True
        self._clock(table, f"idle:{table.id}", seconds, lambda: self._idle(table))

    def _clock(self, table: LiveTable, key: str, delay: float, job: Job) -> None:
        """A table's timer (its idle close, a turn's time-out, a computer player's move, the
        next deal). What a timer does is stored first; if the store cannot take it now (a
        full disk, a lost connection), nothing of it happened, and it runs again a little
        later, then less often, until the store can: the table goes on by itself."""
        self.scheduler.call_later(
            delay, key, partial(self._clocked, table, key, job, RETRY_FIRST_SECONDS, 1)
        )

    async def _clocked(
        self, table: LiveTable, key: str, job: Job, pause: float, tries: int
    ) -> None:
        try:
            await job()
        except StoreUnavailable as refused:
            if self.tables.get(table.id) is not table or self.scheduler.pending(key):
                return  # closed since, or the timer was set again for what happens now
            if tries == 1:
                log.warning("Timer %s could not be saved (%s): trying again in %g s, then "
                            "less often", key, refused.fault, pause)
            again = partial(self._clocked, table, key, job,
                            min(pause * 2, RETRY_MOST_SECONDS), tries + 1)
            self.scheduler.call_later(pause, key, again)
            return
        if tries > 1:
            log.info("Timer %s went through at its try %d", key, tries)

    async def _idle(self, table: LiveTable) -> None:
        table.idle_timer = False
        left = table.idle_at - self.scheduler.now()
        if left > 0:
            self._idle_in(table, left)  # touched since the timer was set
            return
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
        for key in ("deal", "idle"):
            self.scheduler.cancel(f"{key}:{table.id}")
        table.idle_timer = False
        self._stop_clocks(table, list(table.clocks))

    async def _release(self, table_id: int) -> None:
        try:
            await self.store.release_table(table_id)
        except Exception:
            # Whatever failed, the table itself is done with here, and the process ending
            # lets go of it too: a warning, not a failure for whoever closed it.
            log.warning("Could not let go of table %s", table_id, exc_info=True)

    async def release_all(self) -> None:
        """At shutdown: every table this process holds, for another process to take on."""
        for table_id in list(self.tables):
            await self._release(table_id)

    async def _refresh(self, table: LiveTable) -> None:
        table.info = await self.store.table(table.id)

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

    # -- joining, creating, leaving -----------------------------------------------------

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
            else:
                _same_game(table, game)
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
                raise TableError(
                    f"This channel already has a table: join it with `/{game} join`."
                )
            # The table's options are checked before anything is written for the player.
            info = await self.store.open_table(
                guild_id, channel_id, user_id, game=game, stake=stake, buy_in=buy_in,
                turn_seconds=turn_seconds, max_players=max_players, options=options,
            )
            table = await self._claimed(info)
        try:
            await self._seat(table, guild_id, user_id)
        except StoreError:
            await self._close(table, "the host could not buy in")
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
                seq = table.hand.seq
                table.leaving.add(user_id)
                try:
                    if await self._leave_the_deal(table, str(user_id)):
                        return ("You left this deal and your bets came back to your stack; "
                                "you are cashed out when the deal is over.")
                    await self._play_stand_ins(table)
                except StoreUnavailable:
                    if table.hand is not None and table.hand.seq == seq:
                        table.leaving.discard(user_id)  # nothing was stored: still playing
                        raise
                    # A move was stored for them: they are leaving; their time-out plays on.
                return (
                    "You will leave when this hand is over; until then your turns are "
                    "played for you, as when your time runs out."
                )
            chips = await self.store.cash_out(table.id, user_id)
            await self._refresh(table)
        await self.listener.player_removed(table, user_id, chips, "left the table")
        await self.listener.table_changed(table)
        await self._close_if_empty(table)
        return f"You left the table with {chips} chips, back in your bankroll."

    async def _leave_the_deal(self, table: LiveTable, seat: str) -> bool:
        """Where leaving is a move of the game's own (FARO-2.4: a player's bets come back
        and they take no more part), it is played now, as the player's; True if so."""
        hand = table.hand
        leave_action = getattr(hand, "leave_action", None)
        action = leave_action(seat) if leave_action is not None else None
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
        """Cash everyone out; carried chips go by the game's own rule (GFF-4.6: to their
        posters)."""
        if table.id not in self.tables:
            return
        returned = await self.store.close_table(table.id)
        self._forget(table)
        self.computers.forget(table.id)
        await self._release(table.id)
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
        info = table.game.info
        if len(table.can_be_dealt()) < info.min_seats:
            players = count(info.min_seats, "player")
            stakes = count(info.stakes_to_deal_in, "stake")
            needed = "is" if info.min_seats == 1 else "are"
            raise TableError(
                f"At least {players} with {stakes} or more {needed} needed to deal {info.name}."
            )
        await self.deal(table)

    async def deal(self, table: LiveTable) -> None:
        """Deal the next hand through the table's game, or say why not."""
        async with table.lock:
            self.scheduler.cancel(f"deal:{table.id}")
            if table.id not in self.tables or (table.hand and not table.hand.is_over):
                return
            # table.info is as stored: every change of a table's seats or pots here reads
            # it back before the table's lock goes (a settled hand, a join, a cash-out),
            # and the store checks the deal's seats and stacks against its own again.
            players = table.can_be_dealt()
            if not table.can_deal():
                await self.listener.table_changed(table)
                return
            game = table.game
            table.dealer_draw = None
            dealer = self._next_dealer(table, players) if game.info.has_dealer else None
            hand = game.start(
                seats=[(s.seat_id, s.stack) for s in table.info.seats if s.status != "left"],
                stake=table.info.stake,
                dealer=None if dealer is None else dealer.seat_id,
                deck_or_decks=self.deck_source(table),
                carry=table.info.carry,
                options=table.info.options,  # G3.3: the table's, at every deal
                salt=new_salt(),  # the deck commitment shown at the deal
            )
            self._shuffles_for(hand)
            now = self.scheduler.now()
            dealt = await self.store.start_hand(table.id, hand, turn_started_ms=int(now * 1000))
            table.running, table.info = dealt.running, dealt.table
            self._stop_clocks(table, list(table.clocks))
            await self.listener.hand_started(table)
            await self._after_action(table, turn_began=now)

    def _next_dealer(self, table: LiveTable, players: list[Seat]) -> Seat:
        """The game decides who deals next (GFF-2.8) from where the last dealer sat, which
        the store keeps even when that player has left; the service only knows seats.

        Where the last deal named the next dealer (FARMER-5.6), the game goes on from
        that seat instead; where there was no deal yet and the game has its own draw for
        the first dealer (FARMER-2.4), the draw is made and kept for the table to show."""
        info = table.info
        anchor = (info.next_dealer_position if info.next_dealer_position is not None
                  else info.last_dealer_position)
        position = table.game.next_dealer([s.position for s in players], anchor)
        if position is not None:
            return next(s for s in players if s.position == position)
        start = self.first_dealer(players)
        draw = getattr(table.game, "first_dealer", None)
        if draw is None:
            return start
        seats = tuple(s.seat_id for s in players)
        pack = tuple(self.draw_source(table))
        at = players.index(start)
        dealer = draw(seats, pack, at)
        table.dealer_draw = DealerDraw(seats, pack, at, dealer)
        return next(s for s in players if s.seat_id == dealer)

    # -- playing -------------------------------------------------------------------------

    async def act(
        self, table_id: int, user_id: int, action: Any, seq: int,
        *, hand_number: int | None = None,
    ) -> None:
        """Apply a player's action if their buttons are current: `seq` is the number the
        deal gave their seat (`Deal.seat_seq`), of hand `hand_number`."""
        table = self.tables.get(table_id)
        if table is None:
            raise TableError("This table is closed.")
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
                raise TableError(refused.message, refused.code) from None
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
        acting = hand.to_act()
        self._stop_clocks(table, [s for s in table.clocks if s not in acting])
        # A turn of several actions runs on the clock it started with; a new turn (a new
        # sealed round, for a seat that bid last in the one before) gets a new clock.
        for seat in _new_turns(table, hand):
            computer = is_computer(int(seat))
            deadline = None if computer else turn_began + table.info.turn_seconds
            table.clocks[seat] = deadline  # computer players never time out
            table.clock_turns[seat] = turn = _turn_of(hand, seat)
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
            self._shuffles_for(table.running.hand)

    def _shuffles_for(self, hand: Deal) -> None:
        """A deal that rebuilds its stock mid-deal takes each new order from the bot's
        shuffle from here on (engine/game.py, `shuffle_with`)."""
        shuffle_with = getattr(hand, "shuffle_with", None)
        if shuffle_with is not None:
            shuffle_with(lambda pile: self.stock_shuffle(pile))  # as set when it is needed

    def _stop_clocks(self, table: LiveTable, seats: Sequence[str]) -> None:
        for seat in seats:
            table.clocks.pop(seat, None)
            table.clock_turns.pop(seat, None)
            self.scheduler.cancel(f"turn:{table.id}:{seat}")
            self.scheduler.cancel(f"computer:{table.id}:{seat}")

    async def _play_stand_ins(self, table: LiveTable) -> None:
        """Players who left or are away are played at once, so nobody waits for them."""
        while (hand := table.hand) is not None and not hand.is_over:
            seat = next((s for s in hand.to_act() if self._stands_in_for(table, s)), None)
            if seat is None:
                return
            await self._commit(table, hand.timeout_action(seat), stand_ins=False)

    @staticmethod
    def _stands_in_for(table: LiveTable, seat: str) -> bool:
        user = int(seat) if seat.isdigit() else None
        return user is not None and (user in table.leaving or user in table.away)

    async def _computer_moves(self, table: LiveTable, seat: str, seq: int) -> None:
        async with table.lock:
            hand, running = table.hand, table.running
            if (
                hand is None or hand.is_over or running is None
                or seat not in hand.to_act() or hand.seat_seq(seat) != seq
            ):
                return  # the hand moved on (a restart, a close) since this was planned
            view = hand.private_view(seat)  # all a computer player is ever shown
            action = self.computers.decide(table.id, table.game, running.number, int(seat), view)
            await self._commit(table, action)

    async def add_computer(self, channel_id: int, user_id: int, level: str) -> str:
        """The host seats a computer player; its buy-in is minted from the house."""
        table = self.table_here(channel_id)
        if user_id != table.info.host_id:
            raise TableError("Only the host can add computer players.")
        levels = [level for level in LEVELS if level in table.game.strategies]
        if level not in levels:
            raise TableError(f"Choose a level {table.game.info.name} has: {', '.join(levels)}.")
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
                removals.append((user, "left the table"))
            elif user in table.away:
                removals.append((user, "was away for two turns in a row"))
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
            why = "the table was ended" if table.closing else "everyone left"
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

    # -- reading -------------------------------------------------------------------------

    def hand_view(self, table: LiveTable, user_id: int) -> Any:
        """What the player's seat may see of the deal (the game's private view)."""
        hand = table.hand
        if hand is None:
            raise TableError("No hand has been dealt yet.")
        if str(user_id) not in hand.dealt_in():
            raise TableError("You are not dealt into this hand.")
        return hand.private_view(str(user_id))


_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


def _out_words(game: Game) -> str:
    """Why an eliminated player left (G2.6), in the game's own minimum."""
    stakes = game.info.stakes_to_deal_in
    count = _NUMBER_WORDS[stakes] if stakes < len(_NUMBER_WORDS) else str(stakes)
    return f"is out: below {count} stake{'' if stakes == 1 else 's'}"


def _same_game(table: LiveTable, game: str) -> None:
    """One table per channel: a command of another game says which game is here."""
    if table.info.game != game:
        here = table.game.info
        raise TableError(
            f"This channel's table plays {here.name}: use `/{here.id} join`, "
            "or wait until it closes."
        )


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


def _turn_left(table: LiveTable, seat: str, turn: int) -> bool:
    """Whether `seat` still has some of its turn `turn` to play."""
    hand = table.hand
    return (hand is not None and not hand.is_over and seat in hand.to_act()
            and _turn_of(hand, seat) == turn)


def _turn_of(hand: Deal, seat: str) -> int:
    """The number of `seat`'s current turn: a clock runs for one turn (engine/game.py)."""
    turn_number = getattr(hand, "turn_number", None)
    return turn_number(seat) if turn_number is not None else hand.seat_seq(seat)


def _new_turns(table: LiveTable, hand: Deal) -> list[str]:
    """The seats to act whose turn has no clock yet: just begun, or a new one."""
    return [
        seat for seat in hand.to_act()
        if seat not in table.clocks or table.clock_turns.get(seat) != _turn_of(hand, seat)
    ]
