"""What the presenter keeps for each table (cogs/table/presenter.py): what its channel
shows, and the sends queued for it, one typed message each.

A table's sends go out in order, one at a time, from its queue; each is one of the
message types below, and the presenter's worker carries out each by its type.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import discord

    from engine.game import Settlement


@dataclass(frozen=True)
class PostTable:
    """The table message posted at the bottom of the channel; with `replace`, the one
    it replaces goes (a lobby's goes whatever `replace` says)."""

    replace: bool


@dataclass(frozen=True)
class EditTable:
    """The table message edited to show the table as it is when this goes out: one edit
    waiting in a queue shows every change made before it goes."""


@dataclass(frozen=True)
class Ping:
    """A message that mentions the seats whose turn it is, with when their time runs
    out (a Unix time, 0 for no clock). Turns starting together share one."""

    seats: tuple[str, ...]
    deadline: int


@dataclass(frozen=True)
class Unping:
    """The last turn ping goes."""


@dataclass(frozen=True)
class Countdown:
    """The "Next hand" message, in place of the last one."""

    text: str


@dataclass(frozen=True)
class Uncount:
    """The "Next hand" message goes."""


@dataclass(frozen=True)
class PostResult:
    """A settled hand's result."""

    settlement: Settlement
    number: int


@dataclass(frozen=True)
class Say:
    """A line to the channel."""

    text: str
    mentions: discord.AllowedMentions


@dataclass(frozen=True)
class Closed:
    """The table closed: said, and its table message's buttons taken away. The last send
    of a table; what the presenter kept for it goes."""

    text: str


@dataclass(frozen=True)
class UpdateHand:
    """The player of `seat` has their latest hand view brought up to date."""

    seat: str


@dataclass(frozen=True)
class UpdateViews:
    """These players' hand views (user id, the view as kept), brought up to date."""

    kept: tuple[tuple[int, tuple[discord.Interaction, float]], ...]


Send = (
    PostTable | EditTable | Ping | Unping | Countdown | Uncount | PostResult | Say | Closed
    | UpdateHand | UpdateViews
)


@dataclass
class TableShown:
    """One table's messages in its channel as the presenter knows them, its paced edit,
    and its queue of sends with the task working through it."""

    queue: list[Send] = field(default_factory=list)
    worker: asyncio.Task | None = None
    message: int | None = None  # the current table message
    lobby: bool = False  # that message shows the lobby, not a hand
    # The key (pictures.service.picture_key) of the picture that message shows, None for
    # none; `picture_known` is False until this run has posted or edited it.
    picture: bytes | None = None
    picture_known: bool = False
    ping: int | None = None  # the current turn's ping
    countdown: int | None = None  # the "Next hand" message
    # When the message's last edit or post was queued, or went out.
    shown_at: float | None = None
    edit_due: bool = False  # a paced edit waits for its time
    unshown: bool = False  # changed since the message was last rendered
    looked: bool = False  # a restored table whose channel was read back
