"""The chip store: wallets, the ledger, tables, seats and hands in SQLite.

    store = await Store.open("data/gff.sqlite3", defaults=GuildSettings(...))
    recovery = await store.recover()        # once, at start-up

Every method is one transaction and either succeeds or raises a StoreError whose
`message` a player can read, having written nothing.
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
    TooManyChips,
)
from bot.store.migrate import MigrationError
from bot.store.models import (
    Audit,
    GuildChips,
    GuildSettings,
    PastTable,
    Recovery,
    RunningHand,
    Seat,
    Standing,
    StoredHand,
    Table,
    Voided,
    Wallet,
)
from bot.store.protocol import Store
from bot.store.store import SqliteStore

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
    "PastTable",
    "Recovery",
    "RunningHand",
    "Seat",
    "SqliteStore",
    "StaleAction",
    "Standing",
    "Store",
    "StoreError",
    "StoredHand",
    "Table",
    "TableClosed",
    "TableFull",
    "TooManyChips",
    "Voided",
    "Wallet",
]
