"""What the store hands back: plain frozen values, read in one transaction."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine import games
from engine.game import Deal

DAY_MS = 24 * 60 * 60 * 1000


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """A server's house settings (GFF-8): new tables and wallets start from these."""

    stake: int = 10
    buy_in_stakes: int = 20
    starting_chips: int = 1000
    daily_chips: int = 200
    turn_seconds: int = 60
    pictures: int = 1  # 1: tables show card pictures; 0: words only
    language: str = ""  # the tables' language, a Discord locale; "": the server's own

    @property
    def buy_in(self) -> int:
        return self.stake * self.buy_in_stakes


@dataclass(frozen=True, slots=True)
class Wallet:
    guild_id: int
    user_id: int
    balance: int
    daily_ms: int | None  # when the daily chips were last taken

    def daily_ready_ms(self) -> int:
        """When the next daily chips may be taken (Unix ms)."""
        return 0 if self.daily_ms is None else self.daily_ms + DAY_MS


@dataclass(frozen=True, slots=True)
class Seat:
    table_id: int
    user_id: int
    position: int  # clockwise order (GFF-2.1)
    stack: int
    status: str  # 'seated', 'away' or 'left'

    @property
    def seat_id(self) -> str:
        """The engine's name for this seat."""
        return str(self.user_id)


@dataclass(frozen=True, slots=True)
class Table:
    id: int
    guild_id: int
    channel_id: int
    host_id: int
    game: str  # the id of the game the table plays (engine/games.py)
    stake: int
    buy_in: int
    max_players: int
    turn_seconds: int
    status: str  # 'open' or 'closed'
    pots: dict[str, int]  # every pot the game has, by the names it gives them
    carried_by: dict[str, dict[int, int]]  # pot -> user -> chips they put in it
    seats: tuple[Seat, ...]  # at the table now, clockwise
    hands_played: int  # settled or void
    last_dealer: int | None
    # Where the last dealer sat, even if they have left since: the deal moves on from
    # there (GFF-2.8), after a restart too.
    last_dealer_position: int | None = None
    # The seat the last settled deal named to deal next, where its game names one
    # (FARMER-5.6), and where that seat is: the deal goes on from there.
    next_dealer: int | None = None
    next_dealer_position: int | None = None
    # The game's table options (G3.3), given to every deal; absent ones at their defaults.
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def carry(self) -> dict[str, int]:
        """What the pots the game carries from deal to deal hold for the next one
        (GFF-4.5: the flip and the flop)."""
        return {pot: self.pots[pot] for pot in games.get(self.game).info.carried_pots}


@dataclass(frozen=True, slots=True)
class StoredHand:
    id: int
    table_id: int
    number: int
    seq: int  # actions in the record
    status: str  # 'running', 'settled' or 'void'
    record: dict[str, Any]  # docs/rules/replay.md
    result: dict[str, Any] | None  # the replay result once settled; {"void": why} if void


@dataclass(frozen=True, slots=True)
class PastTable:
    """A table a channel has had, open or closed, for reading its hands back."""

    id: int
    status: str  # 'open' or 'closed'
    opened_ms: int
    closed_ms: int | None
    hands: int  # hands dealt there, running ones included


@dataclass(frozen=True, slots=True)
class RunningHand:
    """A hand being played, rebuilt from its record: it goes on from `hand.seq`."""

    hand_id: int
    table_id: int
    number: int
    hand: Deal
    # The record's `fair` block (the fair deck, v1: version, house_hash, client_seed,
    # nonce), as stored with the deal; None for a deal made without one.
    fair: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class HouseSeed:
    """A table's house seed (the fair deck, v1): 32 random bytes as 64 lowercase hex
    digits, committed to by `house_hash`, their SHA-256. The table's current seed is its
    newest unrevealed one; once revealed (`revealed_ms`) it is shown, and never deals
    again."""

    house_hash: str
    table_id: int
    seed: str  # show it only once revealed_ms is set
    created_ms: int
    revealed_ms: int | None


@dataclass(frozen=True, slots=True)
class Dealt:
    """A hand stored at its deal, and its table as the deal's posts left it: read in the
    same transaction, so the table needs no read of its own before play goes on."""

    running: RunningHand
    table: Table


@dataclass(frozen=True, slots=True)
class Voided:
    hand_id: int
    table_id: int
    reason: str


@dataclass(frozen=True, slots=True)
class ShardSet:
    """The shards one process runs, of `count` in all. Discord sends a server's events to
    shard (server id >> 22) % count, so a server's tables belong to that shard alone."""

    ids: tuple[int, ...]
    count: int

    def __post_init__(self) -> None:
        if self.count < 1 or not self.ids or any(not 0 <= i < self.count for i in self.ids):
            raise ValueError(f"shards {self.ids} are not all below the shard count {self.count}")

    def serves(self, guild_id: int) -> bool:
        return (guild_id >> 22) % self.count in self.ids


@dataclass(frozen=True, slots=True)
class Recovery:
    """What start-up found: open tables with their seats, and what became of each hand."""

    tables: tuple[Table, ...]
    running: dict[int, RunningHand] = field(default_factory=dict)  # by table id
    settled: tuple[int, ...] = ()  # hands whose last action was stored but not settled
    voided: tuple[Voided, ...] = ()


@dataclass(frozen=True, slots=True)
class Standing:
    user_id: int
    rank: int  # 1 is the richest; equal totals share a rank
    total: int
    wallet: int
    at_tables: int


@dataclass(frozen=True, slots=True)
class GuildChips:
    """The conservation check of one guild: held must equal minted - burned."""

    guild_id: int
    held: int  # wallets + stacks + pots
    minted: int
    burned: int

    @property
    def holds(self) -> bool:
        return self.held == self.minted - self.burned


@dataclass(frozen=True, slots=True)
class Audit:
    """Where a guild's chips are, against what was minted and burned (`/audit`)."""

    wallets: int
    stacks: int  # at tables, in front of players
    in_play: int  # in the pots of the tables whose hand is being played
    carried: int  # in the pots of tables between hands, carried to the next deal
    minted: int
    burned: int
    mismatches: tuple[tuple[str, int, int], ...]  # (account, per the ledger, stored)
    house: tuple[HouseLine, ...] = ()  # the house's book
    records_off: int = 0  # players' record rows that differ from their hands (stats.py)

    @property
    def held(self) -> int:
        return self.wallets + self.stacks + self.in_play + self.carried

    @property
    def balances(self) -> bool:
        return self.held == self.minted - self.burned and not self.mismatches


@dataclass(frozen=True, slots=True)
class HouseLine:
    """What the house minted and burned on a server, for one banking game (G2.7) or,
    with `game` empty, for the computer players' seats."""

    game: str
    minted: int
    burned: int

    @property
    def net(self) -> int:
        """Chips the house took in, less what it paid out (negative if it paid more)."""
        return self.burned - self.minted


@dataclass(frozen=True, slots=True)
class GameFigures:
    """A player's settled hands at one game, among people only or with a computer."""

    game: str
    with_computers: bool
    hands: int
    won: int
    net: int
    biggest_pot: int  # the most chips won in one hand (net), 0 if never ahead
    figures: dict[str, int]  # the game's own (engine/base.py `stats`), summed


@dataclass(frozen=True, slots=True)
class Totals:
    hands: int = 0
    won: int = 0
    net: int = 0
    biggest_pot: int = 0
    streak: int = 0  # the longest run of hands won, one after the other


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player's record on one server (/stats), at one game or at all."""

    user_id: int
    game: str | None  # None: every game
    per_game: tuple[GameFigures, ...]  # by game, among people before with computers
    streak_among_people: int
    streak_with_computers: int

    def totals(self, with_computers: bool) -> Totals:
        rows = [g for g in self.per_game if g.with_computers == with_computers]
        return Totals(
            sum(g.hands for g in rows),
            sum(g.won for g in rows),
            sum(g.net for g in rows),
            max((g.biggest_pot for g in rows), default=0),
            self.streak_with_computers if with_computers else self.streak_among_people,
        )

    @property
    def favourite_game(self) -> str | None:
        """The game of the most hands, computers' tables included; a tie goes to the
        first game by id."""
        hands: dict[str, int] = {}
        for g in self.per_game:
            hands[g.game] = hands.get(g.game, 0) + g.hands
        return min(hands, key=lambda game: (-hands[game], game)) if hands else None


@dataclass(frozen=True, slots=True)
class GameStanding:
    """A player's place at one game by net chips won there."""

    user_id: int
    rank: int  # 1 won the most; equal nets share a rank
    game: str
    hands: int
    won: int
    net: int
