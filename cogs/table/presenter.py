"""What the channel sees of each table: the table message, turn pings, results; and, at
each player's turn, their own hand view brought up to date.

The table service calls these methods after every committed change. Each table
has one queue of sends, worked through in order by one task, so a burst of
actions becomes a single edit of the table message (edits are coalesced) and a
slow or failing send never holds a table's lock. Embeds are rendered under the
table's lock, from committed state only.

Edits of the table message are also paced: at most one per `TABLE_EDIT_SECONDS`
(Discord lets a channel take about five messages and edits in five seconds), and
the one that goes out shows every change since the last. A hand's start and end
are shown at once. A turn's ping waits `TURN_PING_SECONDS` and goes only to a player
who has not acted by then.

The channel keeps the live table and the results, not stale controls: the lobby
message goes once the first hand is posted, the "Next hand" countdown once that
hand starts or the table closes, and after a restart the table's own messages are
found again (see `_find_after_restart`).
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.replies import edit_message
from bot.tables import LiveTable
from bot.tables.computer import is_computer
from cogs.table.clock import deadline_of
from cogs.table.components import table_view
from cogs.table.items import table_custom_id
from cogs.table.names import seat_name
from cogs.table.pictures.layout import Picture
from cogs.table.pictures.service import picture_key

if TYPE_CHECKING:
    from bot.client import HallBot
    from cogs.table.controls import HandControls
    from cogs.table.pictures.service import Pictures
    from cogs.table.ui import GameUI
    from engine.game import Settlement

log = logging.getLogger(__name__)

# Discord's error codes for a channel that is gone or closed to the bot.
LOST_CHANNEL = {10003, 50001, 50013}  # unknown channel, missing access, missing permissions

PINGS = discord.AllowedMentions(everyone=False, roles=False, users=True)
SILENT = discord.AllowedMentions.none()

# Messages read back at a restart to find a table's own; a table message further up
# than this is past where players look, and a new one is posted.
LOOK_BACK = 50
# At shutdown, how long the queued sends get to go out before the connection closes.
DRAIN_SECONDS = 5.0
COUNTDOWN = re.compile(r"^Next hand <t:\d+:R>\.$")
TURN_PING = re.compile(r"^(<@\d+>, )+it's your turn")
TABLE_PICTURE = "table.png"


class TablePresenter:
    def __init__(self, bot: HallBot, controls: HandControls, pictures: Pictures) -> None:
        self.bot = bot
        self.controls = controls  # players' own hand views
        self.pictures = pictures
        # table id -> the key (service.picture_key) of the picture its message shows
        self.pictured: dict[int, bytes | None] = {}
        self.table_messages: dict[int, int] = {}  # table id -> its current table message
        self.pings: dict[int, int] = {}  # table id -> the current turn's ping
        self._queues: dict[int, list[tuple[Any, ...]]] = {}
        self._workers: dict[int, asyncio.Task] = {}
        # table id -> when its message's last edit or post was queued, or went out
        self._shown_at: dict[int, float] = {}
        self._edit_due: set[int] = set()  # tables with a paced edit waiting for its time
        self._unshown: set[int] = set()  # tables changed since their message was rendered
        self.lobbies: set[int] = set()  # tables whose message shows the lobby, not a hand
        self.countdowns: dict[int, int] = {}  # table id -> its "Next hand" message
        self._looked: set[int] = set()  # restored tables whose channel was read back

    # -- the service's listener -----------------------------------------------------------

    async def table_changed(self, table: LiveTable) -> None:
        self._unshown.add(table.id)
        self._edit_soon(table)

    async def hand_started(self, table: LiveTable) -> None:
        self._send(table, ("uncount",))
        self._send(table, ("post", False))

    async def turn_started(self, table: LiveTable, seat: str) -> None:
        deadline = int(deadline_of(table, seat) or 0)
        wait = self.bot.settings.turn_ping_seconds
        if wait <= 0:
            self._send(table, ("ping", (seat,), deadline))
        else:
            # The last turn's ping goes now; this turn's only if the player has not acted
            # by the time it is due: a player who is looking (their hand view's buttons
            # just went live) needs no notification, and a quick table does not spend
            # the channel's few messages a second on pings nobody needed.
            self._send(table, ("unping",))
            self.bot.scheduler.call_later(wait, _late_ping(table, seat),
                                          lambda: self._ping_if_waiting(table, seat, deadline))
        if not is_computer(int(seat)):
            self._send(table, ("hand", seat))

    async def _ping_if_waiting(self, table: LiveTable, seat: str, deadline: int) -> None:
        if self.bot.tables.tables.get(table.id) is not table:
            return  # closed meanwhile
        hand = table.hand
        if hand is not None and not hand.is_over and seat in hand.to_act():
            self._send(table, ("ping", (seat,), deadline))  # sent only if still waiting

    async def hand_ended(self, table: LiveTable, settlement: Settlement, number: int) -> None:
        self._cancel_paced_edit(table)  # the end is shown now, not when the pace allows
        self._send(table, ("unping",))
        self._send(table, ("edit",))
        self._send(table, ("result", settlement, number))
        # The other players' views say the hand is over, as the turn refresh would.
        last = _last_actor(table)
        kept = self.controls.views_at(table, but=None if last is None else int(last))
        if kept:
            self._send(table, ("views", kept))

    async def next_hand_soon(self, table: LiveTable, seconds: int) -> None:
        at = int(self.bot.scheduler.now()) + seconds
        self._send(table, ("countdown", f"Next hand <t:{at}:R>."))

    async def player_removed(self, table: LiveTable, user_id: int, chips: int, why: str) -> None:
        self.controls.forget(table.id, user_id)
        text = f"<@{user_id}> {why}; {chips} chips went back to their bankroll."
        self._send(table, ("say", text, PINGS))

    async def table_closed(self, table: LiveTable, returned: dict[int, int], why: str) -> None:
        self._cancel_paced_edit(table)
        self.controls.forget(table.id)
        self._send(table, ("unping",))
        self._send(table, ("uncount",))
        paid = ", ".join(f"<@{user}> {chips}" for user, chips in returned.items() if chips)
        text = f"The table is closed: {why}." + (f" Cashed out: {paid}." if paid else "")
        self._send(table, ("closed", text))

    async def say(self, table: LiveTable, text: str) -> None:
        self._send(table, ("say", text, SILENT))

    async def repost(self, table: LiveTable) -> None:
        """`/<game> table`: the table message again, at the bottom of the channel."""
        self._send(table, ("post", True))

    # -- pacing the table message's edits -------------------------------------------------

    def _edit_soon(self, table: LiveTable) -> None:
        """Edit the table message now, or once the pace allows; one edit shows it all."""
        if table.id in self._edit_due:
            return  # a paced edit is waiting; it will render the state of its own time
        last = self._shown_at.get(table.id)
        now = self.bot.scheduler.now()
        wait = 0.0 if last is None else last + self.bot.settings.table_edit_seconds - now
        if wait <= 0:
            self._send(table, ("edit",))
            return
        self._edit_due.add(table.id)
        self.bot.scheduler.call_later(wait, _paced(table), lambda: self._paced_edit(table))

    async def _paced_edit(self, table: LiveTable) -> None:
        self._edit_due.discard(table.id)
        # A change made while the last edit waited for the table's lock is in that edit:
        # nothing is left to show. A table that closes cancels this first (table_closed).
        if table.id in self._unshown:
            self._send(table, ("edit",))

    def _cancel_paced_edit(self, table: LiveTable) -> None:
        self._edit_due.discard(table.id)
        self.bot.scheduler.cancel(_paced(table))

    # -- the queue ------------------------------------------------------------------------

    def _send(self, table: LiveTable, op: tuple[Any, ...]) -> None:
        queue = self._queues.setdefault(table.id, [])
        if op[0] in ("post", "edit"):
            # The pace counts from here, not only from when the edit goes out: an action
            # committed while this edit waits for the table's lock would otherwise find
            # the message unchanged for a second and send a second edit straight after.
            self._shown_at[table.id] = self.bot.scheduler.now()
        if op == ("edit",) and ("edit",) in queue:
            return  # coalesced: the pending edit will render the latest state
        if op[0] == "ping":
            waiting = next((i for i, queued in enumerate(queue) if queued[0] == "ping"), None)
            if waiting is not None:
                # Turns that start together (a sealed round) share one mention: a channel
                # takes about five messages in five seconds.
                _, seats, deadline = queue[waiting]
                queue[waiting] = ("ping", (*seats, *op[1]), max(deadline, op[2]))
                return
        queue.append(op)
        worker = self._workers.get(table.id)
        if worker is None or worker.done():
            self._workers[table.id] = asyncio.get_running_loop().create_task(
                self._work(table), name=f"table-sends:{table.id}"
            )

    async def caught_up(self, table_id: int) -> None:
        """Once every send queued for the table has gone out: what its players see is the
        table as it stands (the benchmarks' players act on what they see)."""
        while (worker := self._workers.get(table_id)) is not None and not worker.done():
            await asyncio.wait([worker])

    async def drain(self, seconds: float = DRAIN_SECONDS) -> None:
        """Wait for every table's queued sends to go out, `seconds` at most; what is still
        queued then is dropped (the store holds the truth, a restart posts it again)."""
        working = [worker for worker in self._workers.values() if not worker.done()]
        if not working:
            return
        _, late = await asyncio.wait(working, timeout=seconds)
        for worker in late:
            worker.cancel()
        if late:
            log.warning("%d tables' sends were still queued at shutdown; dropped", len(late))

    async def _work(self, table: LiveTable) -> None:
        queue = self._queues[table.id]
        while queue:
            op = queue.pop(0)
            try:
                await self._apply(table, op)
            except (discord.Forbidden, discord.NotFound) as failed:
                if failed.code in LOST_CHANNEL:
                    log.warning("Table %s: the channel is lost (%s); closing", table.id, failed)
                    queue.clear()
                    await self.bot.tables.channel_gone(
                        table.info.channel_id, "the bot can no longer post in its channel"
                    )
                    return
                log.warning("Table %s: %s failed: %s", table.id, op[0], failed)
            except discord.HTTPException as failed:
                # The store already holds the truth; a lost message is only a lost view.
                log.warning("Table %s: %s failed: %s", table.id, op[0], failed)
            except Exception:
                log.exception("Table %s: %s failed", table.id, op[0])

    def _channel(self, table: LiveTable) -> discord.abc.Messageable | None:
        # Through the table's server: discord.py's get_channel looks through every server
        # the process serves, for each send.
        guild = self.bot.get_guild(table.info.guild_id)
        channel = guild.get_channel_or_thread(table.info.channel_id) if guild else None
        return channel if isinstance(channel, discord.abc.Messageable) else None

    async def _apply(self, table: LiveTable, op: tuple[Any, ...]) -> None:
        channel = self._channel(table)
        if channel is None:
            log.warning("Table %s: channel %s is gone", table.id, table.info.channel_id)
            return
        kind = op[0]
        if kind in ("post", "edit"):
            pictures_on = await self.pictures.switch.on(table.info.guild_id)
            async with table.lock:  # committed state only
                embed = self.table_embed(table)
                self._unshown.discard(table.id)
                lobby = table.running is None
                picture = self.table_picture(table) if pictures_on else None
            self._shown_at[table.id] = self.bot.scheduler.now()
            await self._show_table(
                table, channel, embed, new=kind == "post", replace=op[-1], lobby=lobby,
                picture=picture,
            )
        elif kind == "ping":
            await self._unping(table, channel)
            _, seats, deadline = op
            hand = table.hand
            acting = hand.to_act() if hand is not None else ()
            # Only people still to act: a computer player needs no mention (the table shows
            # its turn), and a turn that ended before this went out needs none either.
            people = [s for s in seats if s in acting and not is_computer(int(s))]
            if not people:
                return
            message = await channel.send(_ping_text(people, deadline), allowed_mentions=PINGS)
            self.pings[table.id] = message.id
        elif kind == "hand":
            await self.controls.bring_up_to_date(table, int(op[1]))
        elif kind == "views":
            for user_id, kept in op[1]:
                await self.controls.bring_up_to_date(table, user_id, kept)
        elif kind == "countdown":
            await self._delete(table, channel, self.countdowns.pop(table.id, None))
            message = await channel.send(op[1], allowed_mentions=SILENT)
            self.countdowns[table.id] = message.id
        elif kind == "uncount":
            await self._delete(table, channel, self.countdowns.pop(table.id, None))
        elif kind == "unping":
            await self._unping(table, channel)
        elif kind == "result":
            _, settlement, number = op
            embed = self.ui(table).result_embed(settlement, hand_number=number)
            await channel.send(embed=embed, allowed_mentions=SILENT)
        elif kind == "say":
            await channel.send(op[1], allowed_mentions=op[2])
        elif kind == "closed":
            await channel.send(op[1], allowed_mentions=SILENT)
            # Nothing more is sent for a closed table: its bookkeeping goes (this worker
            # finishes on the queue it holds).
            self._shown_at.pop(table.id, None)
            self._unshown.discard(table.id)
            self.pictured.pop(table.id, None)
            self._queues.pop(table.id, None)
            self._workers.pop(table.id, None)
            self.lobbies.discard(table.id)
            self._looked.discard(table.id)
            old = self.table_messages.pop(table.id, None)
            if old is not None:
                await channel.get_partial_message(old).edit(view=None)

    def ui(self, table: LiveTable) -> GameUI:
        return self.controls.uis[table.info.game]

    def table_embed(self, table: LiveTable) -> discord.Embed:
        ui = self.ui(table)
        return ui.lobby_embed(table) if table.running is None else ui.table_embed(table)

    def table_picture(self, table: LiveTable) -> Picture | None:
        """What the table message's picture shows: drawn from the public view alone."""
        draw = getattr(self.ui(table), "table_picture", None)
        if draw is None or table.running is None:
            return None
        try:
            return draw(table.running.hand.public_view())
        except Exception:  # the words still go out; the picture is a bonus
            log.exception("Table %s: its picture could not be laid out", table.id)
            return None

    async def _picture_file(self, picture: Picture | None, key: bytes | None
                            ) -> discord.File | None:
        if picture is None:
            return None
        try:
            png = await self.pictures.cache.png(picture, key=key)
        except Exception:
            log.exception("A table picture could not be drawn")
            return None
        return discord.File(io.BytesIO(png), filename=TABLE_PICTURE,
                            description="The cards on the table")

    async def _show_table(
        self, table: LiveTable, channel: discord.abc.Messageable, embed: discord.Embed,
        *, new: bool, replace: bool, lobby: bool, picture: Picture | None = None,
    ) -> None:
        """Edit or post the table message. Its picture is drawn only when it changed:
        an edit that changes words alone (the clock, a stack) keeps the picture it has."""
        old = self.table_messages.get(table.id)
        if old is None and table.restored and table.id not in self._looked:
            self._looked.add(table.id)
            old = await self._find_after_restart(table, channel, embed)
            if old is not None:
                self.table_messages[table.id] = old
        key = None if picture is None else picture_key(picture)
        if old is not None and not new:
            changes: dict[str, Any] = {}
            if table.id not in self.pictured or self.pictured[table.id] != key:
                file = await self._picture_file(picture, key)
                changes["attachments"] = [file] if file else []
            try:
                await edit_message(channel, old, embed=embed, **changes)
                if "attachments" in changes:
                    self.pictured[table.id] = key if changes["attachments"] else None
                self._shows_lobby(table, lobby)
                return
            except discord.NotFound:
                pass  # deleted by someone: post it again below
        file = await self._picture_file(picture, key)
        message = await channel.send(
            embed=embed, view=table_view(table.info.game, table.id), allowed_mentions=SILENT,
            **({"file": file} if file else {}),
        )
        self.table_messages[table.id] = message.id
        self.pictured[table.id] = key if file else None
        was_lobby = table.id in self.lobbies
        self._shows_lobby(table, lobby)
        if old is not None and (replace or was_lobby):
            # A lobby's Join and seat list are stale once a hand is on the table.
            await self._delete(table, channel, old)

    def _shows_lobby(self, table: LiveTable, lobby: bool) -> None:
        if lobby:
            self.lobbies.add(table.id)
        else:
            self.lobbies.discard(table.id)

    async def _find_after_restart(
        self, table: LiveTable, channel: discord.abc.Messageable, embed: discord.Embed
    ) -> int | None:
        """The table message of the state shown now, found among the channel's latest
        messages; stale copies, an old lobby and an old countdown go, and the turn ping
        of the turn still running is kept.

        After a restart the bot no longer knows which message is its table. It could
        store the message id, but that id is Discord's business, not the game's, and
        the store would need a new migration for it; one read of the channel per table,
        once per start, finds it instead. Reading the history needs Read Message History,
        which the invite grants; without it, or past LOOK_BACK messages, a new table
        message is posted as before.
        """
        me = self.bot.user.id if self.bot.user else None
        wanted = table_custom_id(table.info.game, table.id, "hand")
        lobby_title = self.ui(table).lobby_embed(table).title
        ping = (
            _ping_text([table.turn_seat], int(deadline_of(table, table.turn_seat) or 0))
            if table.turn_seat and not is_computer(int(table.turn_seat)) else None
        )
        found: int | None = None
        try:
            async for message in channel.history(limit=LOOK_BACK):
                if message.author.id != me:
                    continue
                title = message.embeds[0].title if message.embeds else None
                if any(wanted == getattr(c, "custom_id", None)
                       for row in message.components for c in getattr(row, "children", ())):
                    if found is None and title == embed.title:
                        found = message.id  # the newest: it is edited from now on
                        self._shows_lobby(table, title == lobby_title)
                    elif title in (embed.title, lobby_title):
                        await self._delete(table, channel, message.id)  # a stale copy
                elif TURN_PING.match(message.content):
                    if message.id == self.pings.get(table.id):
                        continue  # sent by this run, as the turn resumed
                    if message.content == ping and table.id not in self.pings:
                        self.pings[table.id] = message.id  # this turn's: deleted at the next
                    else:
                        await self._delete(table, channel, message.id)
                elif COUNTDOWN.match(message.content):
                    if table.hand is None or table.hand.is_over:  # between hands
                        self.countdowns.setdefault(table.id, message.id)
                    else:
                        await self._delete(table, channel, message.id)
        except discord.HTTPException as failed:
            log.info("Table %s: the channel's messages could not be read: %s", table.id, failed)
        return found

    async def _delete(
        self, table: LiveTable, channel: discord.abc.Messageable, message_id: int | None
    ) -> None:
        if message_id is None:
            return
        try:
            await channel.get_partial_message(message_id).delete()
        except discord.HTTPException:
            log.info("Table %s: message %s was already gone", table.id, message_id)

    async def _unping(self, table: LiveTable, channel: discord.abc.Messageable) -> None:
        old = self.pings.pop(table.id, None)
        if old is not None:
            try:
                await channel.get_partial_message(old).delete()
            except discord.HTTPException:
                log.info("Table %s: the last turn ping was already gone", table.id)


def _ping_text(seats: Sequence[str], deadline: int) -> str:
    when = f" — time runs out <t:{deadline}:R>" if deadline else ""
    return f"{', '.join(seat_name(seat) for seat in seats)}, it's your turn{when}."


def _late_ping(table: LiveTable, seat: str) -> str:
    """The timer of a seat's turn ping."""
    return f"turn-ping:{table.id}:{seat}"


def _paced(table: LiveTable) -> str:
    """The timer of a table's paced edit."""
    return f"table-edit:{table.id}"


def _last_actor(table: LiveTable) -> str | None:
    """The seat whose action ended the hand: its own view was answered by that click."""
    hand = table.hand
    if hand is None:
        return None
    actions = hand.record().actions
    return actions[-1].seat if actions else None
