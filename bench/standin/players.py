"""Players at the stand-in: they seat themselves with slash commands and play GFF from their
hand views, knowing only what Discord shows them.

A player acts when their own hand view shows a live control: Draw from the stock, then
the discard menu (its first card). The bot brings a player's view up to date at their
turn, so nobody needs to poll; a table waits for its next message instead. Every click's
latency runs from its send on the gateway to its callback's arrival over HTTP.
"""

from __future__ import annotations

import asyncio
import re
import time
from dataclasses import dataclass, field

from bench.standin.server import StandIn
from tests.harness.messages import Message
from tests.harness.payloads import Channel, User

PLAYERS = 3
# Tables seated at once while setting up.
SEATING_AT_ONCE = 20
# A table whose views show nobody a live control for this long (more than the countdown
# between hands) has views the bot stopped bringing up to date: its players refresh them.
QUIET_SECONDS = 10.0
# The longest a channel waits for the bot's message there (a table message after /gff
# start, the button of discord.py alone).
POSTED_SECONDS = 20.0
HAND_BUTTON = re.compile(r"^[a-z]+:[0-9]+:hand$")
AGAIN_BUTTON = re.compile(r"^floor:[0-9]+:again$")


@dataclass
class Table:
    channel: Channel
    players: list[User]
    views: dict[int, int] = field(default_factory=dict)  # user id -> their hand view


@dataclass
class Clicks:
    """What the players measured: each click's latency in seconds."""

    latencies: list[float] = field(default_factory=list)

    def add(self, record) -> None:
        self.latencies.append(record.answered_at - record.dispatched_at)


def make_tables(standin: StandIn, count: int) -> list[Table]:
    """Channels and players; made before the bot connects, so its servers list them."""
    return [
        Table(standin.add_channel(f"t{i}"), [standin.user(f"p{i}-{n}") for n in range(PLAYERS)])
        for i in range(count)
    ]


async def seat(standin: StandIn, tables: list[Table], game: str = "gff") -> None:
    """Every table opened, its hand dealt, and each player's hand view shown."""
    gate = asyncio.Semaphore(SEATING_AT_ONCE)

    async def one(table: Table) -> None:
        async with gate:
            for user in table.players:
                await standin.slash(user, f"{game} join", channel=table.channel)
            await standin.slash(table.players[0], f"{game} start", channel=table.channel)
            for user in table.players:
                await open_view(standin, table, user)

    await asyncio.gather(*(one(table) for table in tables))


async def open_view(standin: StandIn, table: Table, user: User) -> None:
    message = await table_message(standin, table)
    button = next(i for i in message.custom_ids if HAND_BUTTON.match(i))
    record = await standin.click(user, message, button)
    table.views[user.id] = record.original_message_id


async def table_message(standin: StandIn, table: Table) -> Message:
    """The newest message with the table's Your hand button, once the bot has posted it."""
    return await _posted(standin, table.channel, HAND_BUTTON)


async def _posted(standin: StandIn, channel: Channel, button: re.Pattern[str]) -> Message:
    """The newest public message in `channel` with a `button`, once the bot has posted it."""
    changed = standin.changed(channel)
    deadline = time.monotonic() + POSTED_SECONDS
    while True:
        changed.clear()
        for message in reversed(standin.public_messages(channel)):
            if any(button.match(i) for i in message.custom_ids):
                return message
        await asyncio.wait_for(changed.wait(), max(0.0, deadline - time.monotonic()))


async def click_again(standin: StandIn, channel: Channel, user: User, clicks: Clicks,
                      until: float) -> None:
    """discord.py alone: click the button whose answer edits its message to a view of the
    hand view's size (bench/floor.py's), again and again until `until`."""
    message = await _posted(standin, channel, AGAIN_BUTTON)
    while time.perf_counter() < until:
        button = next(i for i in message.custom_ids if AGAIN_BUTTON.match(i))
        clicks.add(await standin.click(user, message, button))
        message = standin.message(message.id)


def next_move(standin: StandIn, table: Table
              ) -> tuple[User, Message, str, list[str] | None] | None:
    """A player whose view shows a live control, and the click it offers; else None."""
    for user in table.players:
        view = standin.message(table.views.get(user.id, 0))
        if view is None:
            continue
        for component in view.walk_components():
            custom_id = component.get("custom_id", "")
            if component.get("disabled"):
                continue
            if custom_id.endswith(":stock"):
                return user, view, custom_id, None
            if custom_id.endswith(":throw") and component.get("options"):
                return user, view, custom_id, [component["options"][0]["value"]]
    return None


async def refresh(standin: StandIn, table: Table, clicks: Clicks) -> None:
    """Each player brings their own view up to date (or opens a new one)."""
    for user in table.players:
        view = standin.message(table.views.get(user.id, 0))
        ids = view.custom_ids if view is not None else []
        button = next((i for i in ids if i.endswith(":refresh")), None)
        if button is None:
            await open_view(standin, table, user)
        else:
            clicks.add(await standin.click(user, view, button))


async def play(standin: StandIn, table: Table, clicks: Clicks, until: float,
               every: float = 0.0, offset: float = 0.0, moves: int | None = None) -> None:
    """Play until `until` (perf_counter), or `moves` moves: each move as soon as it is
    offered, or, with `every`, one move every `every` seconds from `offset` on (a table at
    human pace)."""
    changed = standin.changed(table.channel)
    due = time.perf_counter() + offset
    made = 0
    while moves is None or made < moves:
        if every:
            await asyncio.sleep(max(0.0, min(due, until) - time.perf_counter()))
            due += every
        if time.perf_counter() >= until:
            return
        move = await _wait_for_move(standin, table, changed, until)
        if move is None:
            if time.perf_counter() < until:
                await refresh(standin, table, clicks)
            continue
        user, view, custom_id, values = move
        clicks.add(await standin.click(user, view, custom_id, values=values))
        made += 1


async def _wait_for_move(standin, table, changed: asyncio.Event, until: float):
    """The next move offered, waiting for the table's messages to change; None when the
    table stayed quiet for QUIET_SECONDS or the run ended."""
    quiet_from = time.perf_counter()
    while True:
        changed.clear()
        move = next_move(standin, table)
        if move is not None:
            return move
        now = time.perf_counter()
        left = min(until - now, QUIET_SECONDS - (now - quiet_from))
        if left <= 0:
            return None
        try:
            await asyncio.wait_for(changed.wait(), left)
        except TimeoutError:
            return None
