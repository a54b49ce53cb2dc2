"""The chip store: wallets, the ledger, tables, seats and hands, in SQLite or PostgreSQL.

    store = await Store.open("data/gff.sqlite3", defaults=GuildSettings(...))
    recovery = await store.recover()        # once, at start-up

Every method is one transaction and either succeeds or raises a StoreError whose
`message` a player can read, having written nothing.

The store's SQL is written once, and the two databases stand beside each other on it:
- protocol.py: `Store`, what the bot may ask of a store; `Store.open` picks the database
  from its target (a PostgreSQL URL, else a SQLite file's path).
- sql.py: `SqlStore`, every method and its checks, on any database that runs the rules'
  SQL: hands.py, tables.py, seats.py, wallets.py, ledger.py, history.py, queries.py,
  stats.py, recovery.py, shards.py, fair.py.
- sqlite.py: `SqliteStore`, SqlStore on one SQLite file (db.py, migrate.py, migrations/).
- postgres/: `PostgresStore`, SqlStore on a PostgreSQL database that several processes
  share, with its dialect of the rules' SQL, its migrations and a claim on each table.
- models.py, errors.py, amounts.py, options.py: what a store hands back, what it refuses
  with, and its checks of amounts, ids and a table's options.
- copy.py: `python -m bot.store.copy`, a bot's whole history from one database to the other.
"""

from bot.store.errors import (
    AlreadyBooked,
    AlreadySeated,
    BadAmount,
    BadId,
    BadSetting,
    ChannelBusy,
    DailyDisabled,
    DailyNotReady,
    HandOver,
    HandRunning,
    InHand,
    Mismatch,
    NoHand,
    NoTable,
    NotEnoughChips,
    NotFound,
    NotSeated,
    NoWallet,
    StaleAction,
    StoreError,
    TableClosed,
    TableFull,
    TableHeldElsewhere,
    TooManyChips,
)
from bot.store.migrate import MigrationError
from bot.store.models import (
    Audit,
    Dealt,
    GameFigures,
    GameStanding,
    GuildChips,
    GuildSettings,
    HouseLine,
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
    Voided,
    Wallet,
)
from bot.store.protocol import Store
from bot.store.sql import SqlStore
from bot.store.sqlite import SqliteStore

__all__ = [
    "Audit",
    "AlreadyBooked",
    "AlreadySeated",
    "BadAmount",
    "BadId",
    "BadSetting",
    "ChannelBusy",
    "DailyDisabled",
    "DailyNotReady",
    "Dealt",
    "GameFigures",
    "GameStanding",
    "GuildChips",
    "GuildSettings",
    "HandOver",
    "HandRunning",
    "InHand",
    "MigrationError",
    "Mismatch",
    "NoHand",
    "NoTable",
    "NoWallet",
    "NotEnoughChips",
    "NotFound",
    "NotSeated",
    "HouseLine",
    "HouseSeed",
    "PastTable",
    "PlayerStats",
    "Recovery",
    "RunningHand",
    "Seat",
    "ShardSet",
    "SqlStore",
    "SqliteStore",
    "StaleAction",
    "Standing",
    "Store",
    "StoreError",
    "StoredHand",
    "Table",
    "TableClosed",
    "TableFull",
    "TableHeldElsewhere",
    "TooManyChips",
    "Voided",
    "Wallet",
]
