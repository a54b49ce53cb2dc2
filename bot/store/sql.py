"""The Store's methods written once, for both databases: `SqlStore`.

Arguments are checked here, before any SQL, so that a bad amount or id never reaches
the database. Every method then runs one function of the store's modules (hands.py,
tables.py, wallets.py, ...) as one transaction on the database it was given. Those
functions hold the store's rules in SQLite's SQL; SQLite's database (db.py) runs it as
written, PostgreSQL's (postgres/database.py) through its dialect (postgres/dialect.py).
Nothing else in the bot sees SQL. What differs between the two, opening and the claim
on a table, is in their stores: SqliteStore (sqlite.py) and PostgresStore (postgres/).
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable, Sequence
from types import TracebackType
from typing import Any, Protocol, Self, TypeVar

from bot import bounds
from bot.i18n import N_, Text
from bot.i18n.catalogs import languages
from bot.store import audit, hands, history, queries, recovery, stats, tables, wallets
from bot.store import fair as fairness
from bot.store.amounts import MAX_CHIPS, chips, setting, snowflake
from bot.store.errors import BadSetting, Mismatch
from bot.store.models import (
    Audit,
    Dealt,
    GameStanding,
    GuildChips,
    GuildSettings,
    HouseSeed,
    PastTable,
    PlayerStats,
    Recovery,
    RunningHand,
    Seat,
    ShardSet,
    Standing,
    StoredHand,
    Table,
    Wallet,
)
from bot.store.options import checked_options
from engine import games
from engine.errors import EngineError
from engine.game import Deal, Settlement
from engine.record import DEFAULT_GAME

T = TypeVar("T")

# What each setting may be (games.md G2.1): the same bounds as the settings' and
# /config's (bot/bounds.py). The words are shown to the admin.
GUILD_SETTING_RANGES = {
    name: (what, bound.low, bound.high)
    for name, what, bound in (
        ("stake", N_("The stake"), bounds.STAKE),
        ("buy_in_stakes", N_("The buy-in in stakes"), bounds.BUY_IN_STAKES),
        ("starting_chips", N_("The starting chips"), bounds.STARTING_CHIPS),
        ("daily_chips", N_("The daily chips"), bounds.DAILY_CHIPS),
        ("turn_seconds", N_("The turn time"), bounds.TURN_SECONDS),
        ("pictures", N_("Pictures (1 on, 0 off)"), bounds.PICTURES),
    )
}
MAX_REASON = 200


def _ref(kind: str, ref: str | None) -> str:
    """The caller's event reference (an interaction id, say), or a fresh one."""
    return f"{kind}:{ref}" if ref is not None else f"{kind}:{uuid.uuid4().hex}"


def _reason(reason: str) -> str:
    if not isinstance(reason, str) or not reason.strip():
        raise BadSetting(Text("Say why: the reason is written in the ledger."))
    if len(reason) > MAX_REASON:
        raise BadSetting(Text("Keep the reason under {most} characters.", most=MAX_REASON))
    return reason.strip()


def _game_id(game: str | None) -> str | None:
    if game is None:
        return None
    try:
        return games.get(game).info.id
    except EngineError as error:
        raise BadSetting(Text(error.template, **error.values)) from None


# The deal and the action that settles a hand change a table's stacks and pots, and read
# the table back in their own transaction: the table service goes on from what they
# return, with no read of its own (a second trip to the database, which waits behind
# every other table's reads).


def _start_hand_and_read(
    db: Any, now_ms: int, table_id: int, record: dict[str, Any], posts: list,
    settlement: Settlement | None, turn_started_ms: int | None, fair: dict[str, Any] | None,
) -> tuple[int, int, Table]:
    hand_id, number = hands.start_hand(
        db, now_ms, table_id, record, posts, settlement, turn_started_ms, fair
    )
    return hand_id, number, tables.load_table(db, table_id)


def _record_action_and_read(
    db: Any, now_ms: int, hand_id: int, seq: int, action: str,
    settlement: Settlement | None, turn_started_ms: int | None,
    reshuffles: list[list[str]] | None,
) -> Table | None:
    settled_at = hands.record_action(
        db, now_ms, hand_id, seq, action, settlement, turn_started_ms, reshuffles
    )
    return None if settled_at is None else tables.load_table(db, settled_at)


class Database(Protocol):
    """What a SqlStore runs its transactions on: each call is one transaction of
    `work(connection, *args)`, whose connection takes the store's SQL."""

    async def read(self, work: Callable[..., T], *args: Any) -> T:
        ...

    async def write(self, work: Callable[..., T], *args: Any) -> T:
        ...

    async def close(self) -> None:
        ...


class SqlStore:
    """The Store (bot/store/protocol.py) on a database that runs the store's SQL: every
    method and its checks. A subclass opens its database and holds its tables."""

    def __init__(
        self, db: Database, defaults: GuildSettings, clock: Callable[[], float] = time.time
    ) -> None:
        self.db = db
        self.defaults = defaults
        self._clock = clock
        self._audits = audit.AuditRuns()  # the audits running in this process

    async def close(self) -> None:
        await self.db.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    def _now_ms(self) -> int:
        return int(self._clock() * 1000)

    # -- server settings --------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        snowflake(guild_id, N_("The server id"))
        return await self.db.read(wallets.guild_settings, guild_id, self.defaults)

    async def update_guild_settings(self, guild_id: int, **changes: int | str) -> GuildSettings:
        snowflake(guild_id, N_("The server id"))
        for name, value in changes.items():
            if name == "language":
                # One of the languages the bot has a catalog for, or "" (the server's own).
                if value not in ("", *languages()):
                    raise BadSetting(Text("There is no language called {language}.",
                                          language=str(value)))
                continue
            if name not in GUILD_SETTING_RANGES:
                raise BadSetting(Text("There is no server setting called {setting}.", setting=name))
            what, low, high = GUILD_SETTING_RANGES[name]
            setting(value, what, low, high)
        return await self.db.write(wallets.save_guild_settings, guild_id, self.defaults, changes)

    # -- wallets ----------------------------------------------------------------

    async def open_wallet(self, guild_id: int, user_id: int) -> tuple[Wallet, bool]:
        """The user's wallet, made with the server's starting chips if new; (wallet, created)."""
        snowflake(guild_id, N_("The server id"))
        snowflake(user_id, N_("The user id"))
        return await self.db.write(
            wallets.open_wallet, self._now_ms(), guild_id, user_id, self.defaults
        )

    async def wallet(self, guild_id: int, user_id: int) -> Wallet | None:
        snowflake(guild_id, N_("The server id"))
        snowflake(user_id, N_("The user id"))
        return await self.db.read(wallets.find_wallet, guild_id, user_id)

    async def claim_daily(self, guild_id: int, user_id: int) -> tuple[Wallet, int]:
        """The daily chips, once per 24 h; (wallet after, chips given) or DailyNotReady."""
        snowflake(guild_id, N_("The server id"))
        snowflake(user_id, N_("The user id"))
        return await self.db.write(
            wallets.claim_daily, self._now_ms(), guild_id, user_id, self.defaults
        )

    async def grant(
        self, guild_id: int, user_id: int, amount: int, reason: str, *, ref: str | None = None
    ) -> Wallet:
        """An admin mints chips into a wallet."""
        return await self._by_admin(wallets.mint, "grant", guild_id, user_id, amount, reason, ref)

    async def burn(
        self, guild_id: int, user_id: int, amount: int, reason: str, *, ref: str | None = None
    ) -> Wallet:
        """An admin destroys chips from a wallet."""
        return await self._by_admin(wallets.burn, "burn", guild_id, user_id, amount, reason, ref)

    async def _by_admin(
        self, move: Callable[..., Wallet], kind: str, guild_id: int, user_id: int, amount: int,
        reason: str, ref: str | None,
    ) -> Wallet:
        """Chips an admin moves into or out of a wallet, the reason written in the ledger."""
        snowflake(guild_id, N_("The server id"))
        snowflake(user_id, N_("The user id"))
        chips(amount)
        return await self.db.write(
            move,
            self._now_ms(),
            guild_id,
            user_id,
            amount,
            f"{kind}: {_reason(reason)}",
            _ref(kind, ref),
        )

    # -- tables -----------------------------------------------------------------

    async def open_table(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        *,
        game: str = DEFAULT_GAME,
        stake: int | None = None,
        buy_in: int | None = None,
        max_players: int | None = None,
        turn_seconds: int | None = None,
        options: dict[str, Any] | None = None,
    ) -> Table:
        """A new table of `game` in the channel; what is not given comes from the server's
        settings, within what the game allows (its seats, its least buy-in). `options` are
        the game's table options (G3.3), checked by the game; absent ones take its page's
        defaults."""
        snowflake(guild_id, N_("The server id"))
        snowflake(channel_id, N_("The channel id"))
        snowflake(host_id, N_("The host id"))
        try:
            info = games.get(game).info
        except EngineError as error:
            raise BadSetting(Text(error.template, **error.values)) from None
        house = await self.guild_settings(guild_id)
        stake = setting(house.stake if stake is None else stake, *GUILD_SETTING_RANGES["stake"])
        least = info.min_buy_in(stake)
        default_buy_in = min(max(stake * house.buy_in_stakes, least), MAX_CHIPS)
        buy_in = setting(
            default_buy_in if buy_in is None else buy_in,
            Text("The buy-in for {game} at a stake of {stake}", game=Text(info.name),
                 stake=stake),
            least,
        )
        max_players = setting(
            info.max_seats if max_players is None else max_players,
            Text("The number of players at {game}", game=Text(info.name)),
            info.min_seats,
            info.max_seats,
        )
        turn_seconds = setting(
            house.turn_seconds if turn_seconds is None else turn_seconds,
            *GUILD_SETTING_RANGES["turn_seconds"],
        )
        options = checked_options(games.get(info.id), stake, options)
        return await self.db.write(
            tables.open_table,
            self._now_ms(),
            guild_id,
            channel_id,
            host_id,
            info.id,
            stake,
            buy_in,
            max_players,
            turn_seconds,
            options,
        )

    async def table(self, table_id: int) -> Table:
        snowflake(table_id, N_("The table id"))
        return await self.db.read(tables.load_table, table_id)

    async def table_in_channel(self, channel_id: int) -> Table | None:
        snowflake(channel_id, N_("The channel id"))
        return await self.db.read(tables.find_open_table, channel_id)

    async def buy_in(
        self, table_id: int, user_id: int, *, ref: str | None = None, house: bool = False
    ) -> Seat:
        """A seat with the table's buy-in, from the wallet; NotEnoughChips says how short.

        A `house` seat (a computer player) has its buy-in minted into it, and its stack is
        burned when it leaves: the house's chips never rest in a wallet.
        """
        snowflake(table_id, N_("The table id"))
        snowflake(user_id, N_("The user id"))
        return await self.db.write(
            tables.buy_in, self._now_ms(), table_id, user_id, _ref("buy-in", ref), bool(house)
        )

    async def cash_out(self, table_id: int, user_id: int, *, ref: str | None = None) -> int:
        """Leave the table with the whole stack (not while dealt into the running hand)."""
        snowflake(table_id, N_("The table id"))
        snowflake(user_id, N_("The user id"))
        return await self.db.write(
            tables.cash_out, self._now_ms(), table_id, user_id, _ref("cash-out", ref)
        )

    async def set_away(self, table_id: int, user_id: int, away: bool) -> None:
        snowflake(table_id, N_("The table id"))
        snowflake(user_id, N_("The user id"))
        await self.db.write(tables.set_away, table_id, user_id, bool(away))

    async def close_table(self, table_id: int) -> dict[int, int]:
        """Void a running hand, cash out every seat, return carried chips to their posters."""
        snowflake(table_id, N_("The table id"))
        return await self.db.write(tables.close_table, self._now_ms(), table_id)

    # -- hands ------------------------------------------------------------------

    async def start_hand(
        self,
        table_id: int,
        hand: Deal,
        *,
        turn_started_ms: int | None = None,
        fair: dict[str, Any] | None = None,
    ) -> Dealt:
        """Store a freshly dealt hand and book its posts (and its settlement if already over);
        the running hand, and the table as the deal left it.

        `turn_started_ms` is when the first turn began, by the caller's clock. `fair` is
        the deal's fair block (the fair deck, v1), kept in the record under "fair": its
        nonce must be the number the hand gets (next_hand_number), else Mismatch.
        """
        snowflake(table_id, N_("The table id"))
        if hand.seq:
            raise Mismatch("a hand is stored when it is dealt, before its first action")
        fair = fairness.checked_fair(fair)
        posts = list(hand.posts)
        record = hand.record().to_json()
        hand_id, number, table = await self.db.write(
            _start_hand_and_read,
            self._now_ms(),
            table_id,
            record,
            posts,
            hand.settlement,
            turn_started_ms,
            fair,
        )
        stored = fair if fair is not None else hands.fair_of(record)
        return Dealt(RunningHand(hand_id, table_id, number, hand, stored), table)

    async def next_hand_number(self, table_id: int) -> int:
        """The number the table's next hand will get, which is its deal's nonce: one past
        the last hand's (1 for a table's first)."""
        snowflake(table_id, N_("The table id"))
        return await self.db.read(hands.next_hand_number, table_id)

    async def record_action(
        self,
        hand_id: int,
        seq: int,
        action: Any,  # a game's action: what its to_json() gives is stored
        settlement: Settlement | None = None,
        *,
        turn_started_ms: int | None = None,
        reshuffles: Sequence[Sequence[str]] | None = None,
    ) -> Table | None:
        """Append the action the hand accepted as its number `seq` (the count before it).

        Pass the hand's settlement when this action ended it, and the record's whole
        `reshuffles` (card codes) when it made a new stock (G3.2): they are then stored
        in the same transaction as the action. With a settlement, the table as it left it
        is read in that transaction too and returned; else None.
        """
        snowflake(hand_id, N_("The hand id"))
        if isinstance(seq, bool) or not isinstance(seq, int) or seq < 0:
            raise BadSetting(Text("The action number must be 0 or more, not {value}.",
                                  value=repr(seq)))
        return await self.db.write(
            _record_action_and_read,
            self._now_ms(),
            hand_id,
            seq,
            json.dumps(action.to_json()),
            settlement,
            turn_started_ms,
            None if reshuffles is None else [list(order) for order in reshuffles],
        )

    async def turn_started(self, hand_id: int) -> int | None:
        """When the running hand's current turn began (Unix ms), if it was stored."""
        snowflake(hand_id, N_("The hand id"))
        return await self.db.read(hands.turn_started, hand_id)

    async def settle_hand(self, hand_id: int, settlement: Settlement) -> None:
        snowflake(hand_id, N_("The hand id"))
        await self.db.write(hands.settle_hand, self._now_ms(), hand_id, settlement)

    async def void_hand(self, hand_id: int, reason: str) -> None:
        """Give every post back; carried-in chips stay carried."""
        snowflake(hand_id, N_("The hand id"))
        await self.db.write(hands.void_hand, self._now_ms(), hand_id, _reason(reason))

    async def hand(self, hand_id: int) -> StoredHand:
        snowflake(hand_id, N_("The hand id"))
        return await self.db.read(hands.load_hand, hand_id)

    async def running_hand(self, table_id: int) -> RunningHand | None:
        """The table's running hand rebuilt from its record, as stored now."""
        snowflake(table_id, N_("The table id"))
        found = await self.db.read(hands.running_record, table_id)
        if found is None:
            return None
        hand_id, number, record_json = found
        record = json.loads(record_json)
        return RunningHand(hand_id, table_id, number, hands.replay(record), hands.fair_of(record))

    # -- fair decks ---------------------------------------------------------------

    async def house_seed(self, table_id: int) -> HouseSeed | None:
        """The table's current house seed: its newest unrevealed one, if any."""
        snowflake(table_id, N_("The table id"))
        return await self.db.read(fairness.house_seed, table_id)

    async def house_seeds(self, table_ids: Sequence[int]) -> dict[int, HouseSeed]:
        """The current house seed of each of the tables that has one, by table id, in one
        query (recovery brings back thousands of tables)."""
        ids = sorted({snowflake(t, N_("The table id")) for t in table_ids})
        if not ids:
            return {}
        return await self.db.read(fairness.house_seeds, ids)

    async def new_house_seed(self, table_id: int, seed_hex: str, house_hash: str) -> HouseSeed:
        """The open table's new current seed (64 lowercase hex digits) and its commitment,
        the SHA-256 of its 32 bytes. A table whose seed is not revealed yet gets another
        only by rotate_house_seed (Mismatch here); a seed used before is refused."""
        snowflake(table_id, N_("The table id"))
        seed_hex, house_hash = fairness.checked_house_seed(seed_hex, house_hash)
        return await self.db.write(
            fairness.new_house_seed, self._now_ms(), table_id, seed_hex, house_hash
        )

    async def rotate_house_seed(
        self, table_id: int, seed_hex: str, house_hash: str
    ) -> tuple[list[HouseSeed], HouseSeed]:
        """Between deals, in one transaction: every unrevealed seed of the open table
        revealed, and the new one its current seed; (the seeds revealed, the new one).
        HandRunning while a hand is being played."""
        snowflake(table_id, N_("The table id"))
        seed_hex, house_hash = fairness.checked_house_seed(seed_hex, house_hash)
        return await self.db.write(
            fairness.rotate_house_seed, self._now_ms(), table_id, seed_hex, house_hash
        )

    async def reveal_house_seeds(self, table_id: int) -> list[HouseSeed]:
        """Every unrevealed seed of the table revealed (at its close), returned as revealed,
        oldest first; none if none was left. HandRunning while a hand is being played:
        close the table (which voids it) first."""
        snowflake(table_id, N_("The table id"))
        return await self.db.write(fairness.reveal_house_seeds, self._now_ms(), table_id)

    async def house_seed_by_hash(self, house_hash: str) -> HouseSeed | None:
        """The seed `house_hash` commits to, revealed or not: show its seed only once
        `revealed_ms` is set."""
        if isinstance(house_hash, str):
            house_hash = house_hash.strip().lower()
        return await self.db.read(
            fairness.house_seed_by_hash, fairness.checked_house_hash(house_hash)
        )

    async def player_seeds(self, user_ids: Sequence[int]) -> dict[int, str]:
        """The seeds of those of the players who set one, by user id."""
        ids = sorted({snowflake(u, N_("The user id")) for u in user_ids})
        if not ids:
            return {}
        return await self.db.read(fairness.player_seeds, ids)

    async def set_player_seed(self, user_id: int, seed: str) -> None:
        """A player's own seed, used at every table: 1 to 64 letters, digits, - or _
        (BadSetting otherwise)."""
        snowflake(user_id, N_("The user id"))
        seed = fairness.checked_player_seed(seed)
        await self.db.write(fairness.set_player_seed, self._now_ms(), user_id, seed)

    async def open_tables(self, shards: ShardSet | None = None) -> dict[int, int]:
        """The open tables' channels by table id (of the servers `shards` serve)."""
        return await self.db.read(tables.open_tables, shards)

    async def recover(
        self, shards: ShardSet | None = None, *, tables: Sequence[int] | None = None
    ) -> Recovery:
        """At start-up: open tables with their seats, and every running hand replayed;
        with `shards`, only the tables of the servers those shards serve; with `tables`,
        only these (start-up brings them back a part at a time)."""
        held = None if tables is None else [snowflake(t, N_("The table id")) for t in tables]
        return await self.db.write(recovery.recover, self._now_ms(), shards, held)

    async def recent_hands(self, table_id: int, limit: int = 10) -> list[StoredHand]:
        """The table's last hands, newest first (running, settled or void)."""
        snowflake(table_id, N_("The table id"))
        setting(limit, N_("The number of hands"), 1, 100)
        return await self.db.read(history.recent_hands, table_id, limit)

    async def channel_tables(
        self, guild_id: int, channel_id: int, limit: int = 10
    ) -> list[PastTable]:
        """The tables a channel has had, newest first, closed ones included."""
        snowflake(guild_id, N_("The server id"))
        snowflake(channel_id, N_("The channel id"))
        setting(limit, N_("The number of tables"), 1, 100)
        return await self.db.read(history.channel_tables, guild_id, channel_id, limit)

    async def hand_by_number(self, table_id: int, number: int) -> StoredHand | None:
        snowflake(table_id, N_("The table id"))
        setting(number, N_("The hand number"), 1)
        return await self.db.read(history.hand_by_number, table_id, number)

    # -- standings and checks ---------------------------------------------------

    async def standings(
        self, guild_id: int, top: int = 10, *, people_from: int = 1
    ) -> list[Standing]:
        """The top players of a server by wallet plus chips at tables.

        Ids below `people_from` belong to the house (computer players) and are not ranked.
        """
        snowflake(guild_id, N_("The server id"))
        setting(top, N_("The number of players shown"), 1, 1000)
        return await self.db.read(queries.standings, guild_id, top, people_from)

    async def standing(
        self, guild_id: int, user_id: int, *, people_from: int = 1
    ) -> Standing | None:
        """One player's rank and total, or None without a wallet."""
        snowflake(guild_id, N_("The server id"))
        snowflake(user_id, N_("The user id"))
        return await self.db.read(queries.standing, guild_id, user_id, people_from)

    async def player_stats(
        self, guild_id: int, user_id: int, game: str | None = None
    ) -> PlayerStats:
        """A player's record here (/stats), at one game or at all, from the settled hands."""
        snowflake(guild_id, N_("The server id"))
        snowflake(user_id, N_("The user id"))
        return await self.db.read(stats.player_stats, guild_id, user_id, _game_id(game))

    async def game_standings(
        self, guild_id: int, game: str, top: int = 10, *, people_from: int = 1
    ) -> list[GameStanding]:
        """The top players at one game by net chips won there; ids below `people_from`
        (the house's) are not ranked."""
        snowflake(guild_id, N_("The server id"))
        setting(top, N_("The number of players shown"), 1, 1000)
        return await self.db.read(
            stats.game_standings, guild_id, _game_id(game), top, people_from
        )

    async def conservation(self, guild_id: int | None = None) -> list[GuildChips]:
        """Per guild (or one): held chips against minted - burned, from one query."""
        if guild_id is not None:
            snowflake(guild_id, N_("The server id"))
        return await self.db.read(queries.conservation, guild_id)

    async def audit(self, guild_id: int, progress: audit.Progress | None = None) -> Audit:
        """Where the guild's chips are, and whether they add up (`/audit`): from the
        guild's checkpoint on, a chunk per transaction (bot/store/audit.py). `progress`
        hears (hands checked, hands to check) at once, then as the audit goes. One audit
        of a guild at a time: a second one meanwhile raises AuditRunning."""
        snowflake(guild_id, N_("The server id"))
        return await self._audits.audit(self.db, guild_id, self._now_ms, progress)

    async def ledger_mismatches(self, guild_id: int) -> list[tuple[str, int, int]]:
        """Accounts whose stored balance is not what the ledger adds up to (none, always)."""
        snowflake(guild_id, N_("The server id"))
        return await self.db.read(queries.ledger_mismatches, guild_id)
