"""A table's own short messages in its channel (the turn ping, the "Next hand" countdown),
and how the presenter finds its messages again after a restart."""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING

import discord

from bot.tables.computer import is_computer
from cogs.table.clock import deadline_of
from cogs.table.items import table_custom_id
from cogs.table.names import seat_name

if TYPE_CHECKING:
    from bot.tables import LiveTable
    from cogs.table.shown import TableShown

log = logging.getLogger(__name__)

# Messages read back at a restart to find a table's own; a table message further up
# than this is past where players look, and a new one is posted.
LOOK_BACK = 50
COUNTDOWN = re.compile(r"^Next hand <t:\d+:R>\.$")
TURN_PING = re.compile(r"^(<@\d+>, )+it's your turn")


def ping_text(seats: Sequence[str], deadline: int) -> str:
    when = f" — time runs out <t:{deadline}:R>" if deadline else ""
    return f"{', '.join(seat_name(seat) for seat in seats)}, it's your turn{when}."


def countdown_text(at: int) -> str:
    return f"Next hand <t:{at}:R>."


async def find_after_restart(
    channel: discord.abc.Messageable, table: LiveTable, shown: TableShown, *,
    me: int | None, title: str | None, lobby_title: str | None,
    delete: Callable[[int], Awaitable[None]],
) -> int | None:
    """The table message of the state shown now (its embed's `title`), found among the
    channel's latest messages from `me`; stale copies, an old lobby and an old countdown
    go (`delete`), and the turn ping of the turn still running is kept in `shown`.

    After a restart the bot no longer knows which message is its table. It could
    store the message id, but that id is Discord's business, not the game's, and
    the store would need a new migration for it; one read of the channel per table,
    once per start, finds it instead. Reading the history needs Read Message History,
    which the invite grants; without it, or past LOOK_BACK messages, a new table
    message is posted as before.
    """
    wanted = table_custom_id(table.info.game, table.id, "hand")
    ping = (
        ping_text([table.turn_seat], int(deadline_of(table, table.turn_seat) or 0))
        if table.turn_seat and not is_computer(int(table.turn_seat)) else None
    )
    found: int | None = None
    try:
        async for message in channel.history(limit=LOOK_BACK):
            if message.author.id != me:
                continue
            shows = message.embeds[0].title if message.embeds else None
            if any(wanted == getattr(c, "custom_id", None)
                   for row in message.components for c in getattr(row, "children", ())):
                if found is None and shows == title:
                    found = message.id  # the newest: it is edited from now on
                    shown.lobby = shows == lobby_title
                elif shows in (title, lobby_title):
                    await delete(message.id)  # a stale copy
            elif TURN_PING.match(message.content):
                if message.id == shown.ping:
                    continue  # sent by this run, as the turn resumed
                if message.content == ping and shown.ping is None:
                    shown.ping = message.id  # this turn's: deleted at the next
                else:
                    await delete(message.id)
            elif COUNTDOWN.match(message.content):
                if table.hand is None or table.hand.is_over:  # between hands
                    if shown.countdown is None:
                        shown.countdown = message.id
                else:
                    await delete(message.id)
    except discord.HTTPException as failed:
        log.info("Table %s: the channel's messages could not be read: %s", table.id, failed)
    return found
