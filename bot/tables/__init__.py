"""The tables being played: the service that joins the engine, the store and time."""

from bot.tables.scheduler import AsyncioScheduler, ManualScheduler, Scheduler
from bot.tables.service import (
    DealerDraw,
    LiveTable,
    OtherShard,
    SilentListener,
    StaleButton,
    TableError,
    TableListener,
    TableService,
    shuffled_deck,
)

__all__ = [
    "AsyncioScheduler",
    "DealerDraw",
    "LiveTable",
    "ManualScheduler",
    "OtherShard",
    "Scheduler",
    "SilentListener",
    "StaleButton",
    "TableError",
    "TableListener",
    "TableService",
    "shuffled_deck",
]
