"""A table's own short messages in its channel (the turn ping, the "Next hand" countdown),
and how the presenter finds its messages again after a restart."""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING

import discord

from bot.i18n import N_, SOURCE, Text, _, current, using
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
# What the placeholders of these messages hold, as found again in a message's text.
_MENTIONS = r"<@\d+>(?:, <@\d+>)*"
_TIME = r"<t:\d+:R>"
_MARK = "\x00{}\x00"  # a placeholder's place, as no message has it


def ping_text(seats: Sequence[str], deadline: int) -> str:
    """The turn ping, in the current language (rendered as it is sent)."""
    players = ", ".join(seat_name(seat) for seat in seats)
    if deadline:
        return _("{players}, it's your turn — time runs out {time}.", players=players,
                 time=f"<t:{deadline}:R>")
    return _("{players}, it's your turn.", players=players)


def countdown_text(at: int) -> Text:
    """The "Next hand" message: queued now, worded when it goes out."""
    return Text("Next hand {time}.", time=f"<t:{at}:R>")


def _pattern(message: str) -> re.Pattern[str]:
    """A whole message of ours, in the current language, as a pattern its text matches."""
    marked = _(message, players=_MARK.format("players"), time=_MARK.format("time"))
    pattern = re.escape(marked)
    for mark, found in (("players", _MENTIONS), ("time", _TIME)):
        pattern = pattern.replace(re.escape(_MARK.format(mark)), found)
    return re.compile(pattern)


def _patterns(*messages: str) -> tuple[re.Pattern[str], ...]:
    """The messages as patterns, in the language shown now and in English: a message
    posted before a server changed its language is found as well."""
    languages = dict.fromkeys((current(), SOURCE))
    found = []
    for language in languages:
        with using(language):
            found += [_pattern(message) for message in messages]
    return tuple(found)


def _matches(patterns: Sequence[re.Pattern[str]], text: str) -> bool:
    return any(pattern.fullmatch(text) for pattern in patterns)


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
    pings = _patterns(N_("{players}, it's your turn — time runs out {time}."),
                      N_("{players}, it's your turn."))
    countdowns = _patterns(N_("Next hand {time}."))
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
            elif _matches(pings, message.content):
                if message.id == shown.ping:
                    continue  # sent by this run, as the turn resumed
                if message.content == ping and shown.ping is None:
                    shown.ping = message.id  # this turn's: deleted at the next
                else:
                    await delete(message.id)
            elif _matches(countdowns, message.content):
                if table.hand is None or table.hand.is_over:  # between hands
                    if shown.countdown is None:
                        shown.countdown = message.id
                else:
                    await delete(message.id)
    except discord.HTTPException as failed:
        log.info("Table %s: the channel's messages could not be read: %s", table.id, failed)
    return found
