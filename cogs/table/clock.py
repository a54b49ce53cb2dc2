"""When a seat's turn runs out, as the table message and the turn ping show it."""

from __future__ import annotations

from bot.tables import LiveTable


def deadline_of(table: LiveTable, seat: str | None) -> float | None:
    """When `seat`'s turn runs out, or None when no clock runs for it."""
    if seat is None:
        return None
    return table.deadline_for(seat)
