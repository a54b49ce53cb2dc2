"""When a sealed round's bids run out, as the table message shows it."""

from __future__ import annotations

from bot.tables import LiveTable


def first_deadline(table: LiveTable) -> int | None:
    """The soonest deadline among the seats still to bid (each has its own clock)."""
    hand = table.hand
    if hand is None:
        return None
    times = [t for s in hand.to_act() if (t := table.deadline_for(s)) is not None]
    return int(min(times)) if times else None
