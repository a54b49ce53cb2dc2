"""Who the table service tells what happened: the Discord side, or nobody."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from bot.tables.live import LiveTable
    from engine.game import Settlement


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
