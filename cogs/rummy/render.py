"""What the rummy games' embeds share: the spreads, the discard, the log of actions."""

from __future__ import annotations

from collections.abc import Sequence

from cogs.table.names import seat_name
from engine import cards as C
from engine.events import Event, describe
from engine.rummy.views import PublicView

LOG_LINES = 6

# Events the log leaves out: the deal is the embed itself, posts are in the pots.
_QUIET_EVENTS = frozenset({"deal", "post"})


def spread_lines(public: PublicView) -> list[str]:
    return [f"{s.index + 1}. {seat_name(s.owner)}: {C.labels(s.cards)}" for s in public.spreads]


def discard_label(public: PublicView) -> str:
    return C.label(public.discard_top) if public.discard_top is not None else "empty"


def last_actions(events: Sequence[Event], lines: int = LOG_LINES) -> list[str]:
    """The newest `lines` events worth reading, oldest first; only those are described,
    because the table message is rendered after every action of a long hand."""
    shown: list[str] = []
    for event in reversed(events):
        if len(shown) == lines:
            break
        if event.kind not in _QUIET_EVENTS:
            shown.append(describe(event, seat_name))
    return shown[::-1]
