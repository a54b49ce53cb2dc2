"""The store every part of the bot talks to, as a protocol: what the table service, the
cogs and the benchmarks may ask of it, whichever database is behind it.

`SqliteStore` (bot/store/sqlite.py) is the embedded default; `PostgresStore`
(bot/store/postgres/), for bots that run as several processes, stands behind the same
methods: both are `SqlStore` (bot/store/sql.py) on a database of their own. Every method
is one transaction: it succeeds, or raises a StoreError whose `message` a player can read
and writes nothing.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

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
from engine.game import Deal, Settlement
from engine.record import DEFAULT_GAME


class Store(Protocol):
    @staticmethod
    async def open(target: str | Path, **how: Any) -> Store:
        """The store at `target`, its schema brought up to date: a PostgreSQL database
        for a `postgresql://` (or `postgres://`) URL, otherwise a SQLite file's path."""
        from bot.store.postgres.store import PostgresStore, is_postgres_url
        from bot.store.sqlite import SqliteStore

        if is_postgres_url(target):
            return await PostgresStore.open(str(target), **how)
        return await SqliteStore.open(target, **how)

    async def close(self) -> None:
        ...

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        ...

    async def update_guild_settings(self, guild_id: int, **changes: int | str) -> GuildSettings:
        ...

    async def open_wallet(self, guild_id: int, user_id: int) -> tuple[Wallet, bool]:
        """The user's wallet, made with the server's starting chips if new; (wallet, created)."""
        ...

    async def wallet(self, guild_id: int, user_id: int) -> Wallet | None:
        ...

    async def claim_daily(self, guild_id: int, user_id: int) -> tuple[Wallet, int]:
        """The daily chips, once per 24 h; (wallet after, chips given) or DailyNotReady."""
        ...

    async def grant(
        self, guild_id: int, user_id: int, amount: int, reason: str, *, ref: str | None = None
    ) -> Wallet:
        """An admin mints chips into a wallet."""
        ...

    async def burn(
        self, guild_id: int, user_id: int, amount: int, reason: str, *, ref: str | None = None
    ) -> Wallet:
        """An admin destroys chips from a wallet."""
        ...

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
        settings, within what the game allows (its seats, its least buy-in). `options`:
        the game's table options (G3.3); an unknown one or a bad value is `BadSetting`."""
        ...

    async def table(self, table_id: int) -> Table:
        ...

    async def table_in_channel(self, channel_id: int) -> Table | None:
        ...

    async def buy_in(
        self, table_id: int, user_id: int, *, ref: str | None = None, house: bool = False
    ) -> Seat:
        """A seat with the table's buy-in, from the wallet; NotEnoughChips says how short."""
        ...

    async def cash_out(self, table_id: int, user_id: int, *, ref: str | None = None) -> int:
        """Leave the table with the whole stack (not while dealt into the running hand)."""
        ...

    async def set_away(self, table_id: int, user_id: int, away: bool) -> None:
        ...

    async def close_table(self, table_id: int) -> dict[int, int]:
        """Void a running hand, cash out every seat, return carried chips to their posters."""
        ...

    async def start_hand(
        self,
        table_id: int,
        hand: Deal,
        *,
        turn_started_ms: int | None = None,
        fair: dict[str, Any] | None = None,
    ) -> Dealt:
        """Store a freshly dealt hand and book its posts (and its settlement if already over);
        the running hand, and the table as the deal left it (read in the same transaction).
        With `fair` (the fair deck, v1), the record keeps it under "fair"; its nonce must be
        the hand's number at its table (Mismatch otherwise)."""
        ...

    async def next_hand_number(self, table_id: int) -> int:
        """The number the table's next hand will get (its deal's nonce): 1 for the first."""
        ...

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
        """Append the action the hand accepted as its number `seq` (the count before it);
        with `reshuffles`, the record's new stocks (G3.2) in the same transaction. With a
        settlement, the table as it left it, read in that transaction; else None."""
        ...

    async def turn_started(self, hand_id: int) -> int | None:
        """When the running hand's current turn began (Unix ms), if it was stored."""
        ...

    async def settle_hand(self, hand_id: int, settlement: Settlement) -> None:
        ...

    async def void_hand(self, hand_id: int, reason: str) -> None:
        """Give every post back; carried-in chips stay carried."""
        ...

    async def hand(self, hand_id: int) -> StoredHand:
        ...

    async def running_hand(self, table_id: int) -> RunningHand | None:
        """The table's running hand rebuilt from its record, as stored now."""
        ...

    async def house_seed(self, table_id: int) -> HouseSeed | None:
        """The table's current house seed: its newest unrevealed one, if any."""
        ...

    async def house_seeds(self, table_ids: Sequence[int]) -> dict[int, HouseSeed]:
        """The current house seed of each of the tables that has one, by table id (one
        query, for the thousands of tables of a recovery)."""
        ...

    async def new_house_seed(self, table_id: int, seed_hex: str, house_hash: str) -> HouseSeed:
        """The open table's new current seed and its SHA-256; only for a table without an
        unrevealed seed (otherwise rotate_house_seed)."""
        ...

    async def rotate_house_seed(
        self, table_id: int, seed_hex: str, house_hash: str
    ) -> tuple[list[HouseSeed], HouseSeed]:
        """Between deals, in one transaction: every unrevealed seed of the table revealed
        and a new one its current seed; (the seeds revealed, the new one). HandRunning
        while a hand is being played."""
        ...

    async def reveal_house_seeds(self, table_id: int) -> list[HouseSeed]:
        """Every unrevealed seed of the table revealed (at its close), returned as revealed.
        HandRunning while a hand is being played."""
        ...

    async def house_seed_by_hash(self, house_hash: str) -> HouseSeed | None:
        """The seed `house_hash` commits to, revealed or not (show it only if revealed)."""
        ...

    async def player_seeds(self, user_ids: Sequence[int]) -> dict[int, str]:
        """The seeds of those of the players who set one, by user id."""
        ...

    async def set_player_seed(self, user_id: int, seed: str) -> None:
        """A player's own seed at every table: 1 to 64 letters, digits, - or _ (BadSetting)."""
        ...

    async def open_tables(self, shards: ShardSet | None = None) -> dict[int, int]:
        """The open tables' channels by table id (of the servers `shards` serve): what
        start-up announces before it brings them back a part at a time."""
        ...

    async def recover(
        self, shards: ShardSet | None = None, *, tables: Sequence[int] | None = None
    ) -> Recovery:
        """At start-up: open tables with their seats, and every running hand replayed;
        with `shards`, only the tables of the servers those shards serve; with `tables`,
        only these."""
        ...

    async def claim_table(self, table_id: int) -> None:
        """Hold the table for this process until release_table, or until the process ends;
        TableHeldElsewhere if another process holds it. Taken at recovery and when a
        table opens, so two processes can never act on one table."""
        ...

    async def release_table(self, table_id: int) -> None:
        """Let the table go (it closed, or this process is stopping)."""
        ...

    def on_claims_lost(self, callback: Callable[[], None]) -> None:
        """Call `callback` if this process loses hold of its tables without letting them go
        (its connection to a shared database dropped): another process may take them
        now, so this one must stop acting on them."""
        ...

    async def recent_hands(self, table_id: int, limit: int = 10) -> list[StoredHand]:
        """The table's last hands, newest first (running, settled or void)."""
        ...

    async def channel_tables(
        self, guild_id: int, channel_id: int, limit: int = 10
    ) -> list[PastTable]:
        """The tables a channel has had, newest first, closed ones included."""
        ...

    async def hand_by_number(self, table_id: int, number: int) -> StoredHand | None:
        ...

    async def standings(
        self, guild_id: int, top: int = 10, *, people_from: int = 1
    ) -> list[Standing]:
        """The top players of a server by wallet plus chips at tables."""
        ...

    async def standing(
        self, guild_id: int, user_id: int, *, people_from: int = 1
    ) -> Standing | None:
        """One player's rank and total, or None without a wallet."""
        ...

    async def player_stats(
        self, guild_id: int, user_id: int, game: str | None = None
    ) -> PlayerStats:
        """A player's record here (/stats), at one game or at all, from the settled hands."""
        ...

    async def game_standings(
        self, guild_id: int, game: str, top: int = 10, *, people_from: int = 1
    ) -> list[GameStanding]:
        """The top players at one game by net chips won there."""
        ...

    async def conservation(self, guild_id: int | None = None) -> list[GuildChips]:
        """Per guild (or one): held chips against minted - burned, from one query."""
        ...

    async def audit(
        self, guild_id: int, progress: Callable[[int, int], Awaitable[None]] | None = None
    ) -> Audit:
        """Where the guild's chips are, and whether they add up (`/audit`); `progress`
        hears (hands checked, hands to check) at once, then as the audit goes. A second
        audit of the guild while one runs raises AuditRunning."""
        ...

    async def ledger_mismatches(self, guild_id: int) -> list[tuple[str, int, int]]:
        """Accounts whose stored balance is not what the ledger adds up to (none, always)."""
        ...
