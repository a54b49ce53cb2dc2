"""What the channel sees of each table: the table message, turn pings, results; and, at
each player's turn, their own hand view brought up to date.

The table service calls these methods after every committed change. Each table
has one queue of sends, worked through in order by one task, so a burst of
actions becomes a single edit of the table message (edits are coalesced) and a
slow or failing send never holds a table's lock. Embeds are rendered under the
table's lock, from committed state only. All that is kept for a table, its queue
included, is one `TableShown`, and each send one typed message (cogs/table/shown.py);
the table's goes once its last send, `Closed`, has gone out.

Edits of the table message are also paced: at most one per `TABLE_EDIT_SECONDS`
(Discord lets a channel take about five messages and edits in five seconds), and
the one that goes out shows every change since the last. A hand's start and end
are shown at once. A turn's ping waits `TURN_PING_SECONDS` and goes only to a player
who has not acted by then.

The channel keeps the live table and the results, not stale controls: the lobby
message goes once the first hand is posted, the "Next hand" countdown once that
hand starts or the table closes, and after a restart the table's own messages are
found again (cogs/table/own_messages.py).
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import SOURCE, Text, _, using
from bot.replies import edit_message
from bot.tables import LiveTable
from bot.tables.computer import is_computer
from cogs.table.clock import deadline_of
from cogs.table.components import table_view
from cogs.table.frames import revealed_seeds, with_fair_footer
from cogs.table.own_messages import countdown_text, find_after_restart, ping_text
from cogs.table.pictures.layout import Picture
from cogs.table.pictures.service import picture_key
from cogs.table.shown import (
    Closed,
    Countdown,
    EditTable,
    Ping,
    PostResult,
    PostTable,
    Say,
    Send,
    TableShown,
    Uncount,
    Unping,
    UpdateHand,
    UpdateViews,
)

if TYPE_CHECKING:
    from bot.client import HallBot
    from bot.store import HouseSeed
    from cogs.table.controls import HandControls
    from cogs.table.pictures.service import Pictures
    from cogs.table.ui import GameUI
    from engine.game import Settlement

log = logging.getLogger(__name__)

# Discord's error codes for a channel that is gone or closed to the bot.
LOST_CHANNEL = {10003, 50001, 50013}  # unknown channel, missing access, missing permissions

PINGS = discord.AllowedMentions(everyone=False, roles=False, users=True)
SILENT = discord.AllowedMentions.none()

# At shutdown, how long the queued sends get to go out before the connection closes.
DRAIN_SECONDS = 5.0
TABLE_PICTURE = "table.png"


class TablePresenter:
    def __init__(self, bot: HallBot, controls: HandControls, pictures: Pictures) -> None:
        self.bot = bot
        self.controls = controls  # players' own hand views
        self.pictures = pictures
        # By table id; a table's goes when its last send (Closed) has gone out.
        self.shown: dict[int, TableShown] = {}

    def _shown(self, table: LiveTable) -> TableShown:
        shown = self.shown.get(table.id)
        if shown is None:
            shown = self.shown[table.id] = TableShown()
        return shown

    # -- the service's listener -----------------------------------------------------------

    async def table_changed(self, table: LiveTable) -> None:
        self._shown(table).unshown = True
        self._edit_soon(table)

    async def hand_started(self, table: LiveTable) -> None:
        self._send(table, Uncount())
        self._send(table, PostTable(replace=False))

    async def turn_started(self, table: LiveTable, seat: str) -> None:
        deadline = int(deadline_of(table, seat) or 0)
        wait = self.bot.settings.turn_ping_seconds
        if wait <= 0:
            self._send(table, Ping((seat,), deadline))
        else:
            # The last turn's ping goes now; this turn's only if the player has not acted
            # by the time it is due: a player who is looking (their hand view's buttons
            # just went live) needs no notification, and a quick table does not spend
            # the channel's few messages a second on pings nobody needed.
            self._send(table, Unping())
            self.bot.scheduler.call_later(wait, _late_ping(table, seat),
                                          lambda: self._ping_if_waiting(table, seat, deadline))
        if not is_computer(int(seat)):
            self._send(table, UpdateHand(seat))

    async def _ping_if_waiting(self, table: LiveTable, seat: str, deadline: int) -> None:
        if self.bot.tables.tables.get(table.id) is not table:
            return  # closed meanwhile
        hand = table.hand
        if hand is not None and not hand.is_over and seat in hand.to_act():
            self._send(table, Ping((seat,), deadline))  # sent only if still waiting

    async def hand_ended(self, table: LiveTable, settlement: Settlement, number: int) -> None:
        self._cancel_paced_edit(table)  # the end is shown now, not when the pace allows
        self._send(table, Unping())
        self._send(table, EditTable())
        self._send(table, PostResult(settlement, number))
        # The other players' views say the hand is over, as the turn refresh would.
        last = _last_actor(table)
        kept = self.controls.views_at(table, but=None if last is None else int(last))
        if kept:
            self._send(table, UpdateViews(tuple(kept)))

    async def next_hand_soon(self, table: LiveTable, seconds: int) -> None:
        at = int(self.bot.scheduler.now()) + seconds
        self._send(table, Countdown(countdown_text(at)))

    async def player_removed(self, table: LiveTable, user_id: int, chips: int, why: str) -> None:
        self.controls.forget(table.id, user_id)
        # Rendered when it goes out, in the language of the channel then (as every send).
        # Translators: {why} says what the player did or what happened to them ("left the
        # table", "was away for two turns in a row").
        text = Text("{player} {why}; {chips} chips went back to their bankroll.",
                    player=f"<@{user_id}>", why=why, chips=chips)
        self._send(table, Say(text, PINGS))

    async def table_closed(self, table: LiveTable, returned: dict[int, int], why: str) -> None:
        self._cancel_paced_edit(table)
        self.controls.forget(table.id)
        self._send(table, Unping())
        self._send(table, Uncount())
        paid = ", ".join(f"<@{user}> {chips}" for user, chips in returned.items() if chips)
        # Rendered when it goes out, in the language of the channel then (as every send).
        # Translators: {why} says why the table closed ("its channel was deleted").
        if paid:
            text = Text("The table is closed: {why}. Cashed out: {paid}.", why=why, paid=paid)
        else:
            text = Text("The table is closed: {why}.", why=why)
        if table.revealed:  # docs/fairness.md: now every deck it dealt can be checked
            text = Text("{closed}\nIts house seed, revealed: {seeds}. Check any of its hands "
                        "with `/{game} history hand:<n> verify:True`.",
                        closed=text, seeds=_Revealed(table.revealed), game=table.info.game)
        self._send(table, Closed(text))

    async def say(self, table: LiveTable, text: str) -> None:
        self._send(table, Say(text, SILENT))

    async def repost(self, table: LiveTable) -> None:
        """`/<game> table`: the table message again, at the bottom of the channel."""
        self._send(table, PostTable(replace=True))

    # -- pacing the table message's edits -------------------------------------------------

    def _edit_soon(self, table: LiveTable) -> None:
        """Edit the table message now, or once the pace allows; one edit shows it all."""
        shown = self._shown(table)
        if shown.edit_due:
            return  # a paced edit is waiting; it will render the state of its own time
        last = shown.shown_at
        now = self.bot.scheduler.now()
        wait = 0.0 if last is None else last + self.bot.settings.table_edit_seconds - now
        if wait <= 0:
            self._send(table, EditTable())
            return
        shown.edit_due = True
        self.bot.scheduler.call_later(wait, _paced(table), lambda: self._paced_edit(table))

    async def _paced_edit(self, table: LiveTable) -> None:
        shown = self.shown.get(table.id)
        if shown is None:
            return  # closed: nothing is shown of it any more
        shown.edit_due = False
        # A change made while the last edit waited for the table's lock is in that edit:
        # nothing is left to show. A table that closes cancels this first (table_closed).
        if shown.unshown:
            self._send(table, EditTable())

    def _cancel_paced_edit(self, table: LiveTable) -> None:
        if (shown := self.shown.get(table.id)) is not None:
            shown.edit_due = False
        self.bot.scheduler.cancel(_paced(table))

    # -- the queue ------------------------------------------------------------------------

    def _send(self, table: LiveTable, send: Send) -> None:
        shown = self._shown(table)
        queue = shown.queue
        if isinstance(send, PostTable | EditTable):
            # The pace counts from here, not only from when the edit goes out: an action
            # committed while this edit waits for the table's lock would otherwise find
            # the message unchanged for a second and send a second edit straight after.
            shown.shown_at = self.bot.scheduler.now()
        if isinstance(send, EditTable) and any(isinstance(q, EditTable) for q in queue):
            return  # coalesced: the pending edit will render the latest state
        if isinstance(send, Ping):
            waiting = next((i for i, queued in enumerate(queue) if isinstance(queued, Ping)),
                           None)
            if waiting is not None:
                # Turns that start together (a sealed round) share one mention: a channel
                # takes about five messages in five seconds. Each seat once, however many
                # of its turns began meanwhile (moves made for players who left).
                first = queue[waiting]
                queue[waiting] = Ping(tuple(dict.fromkeys((*first.seats, *send.seats))),
                                      max(first.deadline, send.deadline))
                return
        queue.append(send)
        if shown.worker is None or shown.worker.done():
            shown.worker = asyncio.get_running_loop().create_task(
                self._work(table, shown), name=f"table-sends:{table.id}"
            )

    async def caught_up(self, table_id: int) -> None:
        """Once every send queued for the table has gone out: what its players see is the
        table as it stands (the benchmarks' players act on what they see)."""
        while (
            (shown := self.shown.get(table_id)) is not None
            and (worker := shown.worker) is not None and not worker.done()
        ):
            await asyncio.wait([worker])

    async def drain(self, seconds: float = DRAIN_SECONDS) -> None:
        """Wait for every table's queued sends to go out, `seconds` at most; what is still
        queued then is dropped (the store holds the truth, a restart posts it again)."""
        working = [shown.worker for shown in self.shown.values()
                   if shown.worker is not None and not shown.worker.done()]
        if not working:
            return
        _, late = await asyncio.wait(working, timeout=seconds)
        for worker in late:
            worker.cancel()
        if late:
            log.warning("%d tables' sends were still queued at shutdown; dropped", len(late))

    async def _work(self, table: LiveTable, shown: TableShown) -> None:
        # What the channel sees is in the server's language, whoever's action queued it.
        guild_id = table.info.guild_id
        readers = self.bot.readers
        if not readers.knows_choice(guild_id):
            try:
                readers.choose(guild_id, (await self.bot.store.guild_settings(guild_id)).language)
            except Exception:  # the table is still worth showing, in Discord's language
                log.exception("Server %s: its language setting could not be read", guild_id)
        with readers.for_server(guild_id):
            await self._work_through(table, shown)

    async def _work_through(self, table: LiveTable, shown: TableShown) -> None:
        queue = shown.queue
        while queue:
            send = queue.pop(0)
            try:
                await self._apply(table, send)
            except (discord.Forbidden, discord.NotFound) as failed:
                if failed.code in LOST_CHANNEL:
                    log.warning("Table %s: the channel is lost (%s); closing", table.id, failed)
                    queue.clear()
                    await self.bot.tables.channel_gone(
                        table.info.channel_id, Text("the bot can no longer post in its channel")
                    )
                    return
                log.warning("Table %s: %s failed: %s", table.id, _name(send), failed)
            except discord.HTTPException as failed:
                # The store already holds the truth; a lost message is only a lost view.
                log.warning("Table %s: %s failed: %s", table.id, _name(send), failed)
            except Exception:
                log.exception("Table %s: %s failed", table.id, _name(send))

    def _channel(self, table: LiveTable) -> discord.abc.Messageable | None:
        # Through the table's server: discord.py's get_channel looks through every server
        # the process serves, for each send.
        guild = self.bot.get_guild(table.info.guild_id)
        channel = guild.get_channel_or_thread(table.info.channel_id) if guild else None
        return channel if isinstance(channel, discord.abc.Messageable) else None

    async def _apply(self, table: LiveTable, send: Send) -> None:
        channel = self._channel(table)
        if channel is None:
            log.warning("Table %s: channel %s is gone", table.id, table.info.channel_id)
            return
        match send:
            case PostTable(replace=replace):
                await self._render_and_show(table, channel, new=True, replace=replace)
            case EditTable():
                # An edit whose message is gone posts the table anew, as a repost does.
                await self._render_and_show(table, channel, new=False, replace=True)
            case Ping(seats=seats, deadline=deadline):
                await self._unping(table, channel)
                hand = table.hand
                acting = hand.to_act() if hand is not None else ()
                # Only people still to act: a computer player needs no mention (the table
                # shows its turn), and a turn that ended before this went out needs none.
                people = [s for s in seats if s in acting and not is_computer(int(s))]
                if not people:
                    return
                message = await channel.send(ping_text(people, deadline), allowed_mentions=PINGS)
                self._shown(table).ping = message.id
            case UpdateHand(seat=seat):
                await self.controls.bring_up_to_date(table, int(seat))
            case UpdateViews(kept=kept):
                for user_id, view in kept:
                    await self.controls.bring_up_to_date(table, user_id, view)
            case Countdown(text=text):
                await self._uncount(table, channel)
                message = await channel.send(text, allowed_mentions=SILENT)
                self._shown(table).countdown = message.id
            case Uncount():
                await self._uncount(table, channel)
            case Unping():
                await self._unping(table, channel)
            case PostResult(settlement=settlement, number=number):
                embed = self.ui(table).result_embed(settlement, hand_number=number)
                await channel.send(embed=embed, allowed_mentions=SILENT)
            case Say(text=text, mentions=mentions):
                await channel.send(text, allowed_mentions=mentions)
            case Closed(text=text):
                await channel.send(text, allowed_mentions=SILENT)
                # Nothing more is sent for a closed table: what was kept for it goes (this
                # worker finishes on the queue it holds).
                shown = self.shown.pop(table.id, None)
                if shown is not None and shown.message is not None:
                    await channel.get_partial_message(shown.message).edit(view=None)

    async def _render_and_show(
        self, table: LiveTable, channel: discord.abc.Messageable, *, new: bool, replace: bool
    ) -> None:
        """The table message rendered from committed state, then posted or edited."""
        pictures_on = await self.pictures.switch.on(table.info.guild_id)
        shown = self._shown(table)
        async with table.lock:  # committed state only
            embed = self.table_embed(table)
            shown.unshown = False
            lobby = table.running is None
            picture = self.table_picture(table) if pictures_on else None
        shown.shown_at = self.bot.scheduler.now()
        await self._show_table(
            table, channel, embed, new=new, replace=replace, lobby=lobby, picture=picture,
        )

    def ui(self, table: LiveTable) -> GameUI:
        return self.controls.uis[table.info.game]

    def table_embed(self, table: LiveTable) -> discord.Embed:
        """The table message: the lobby or the hand, and under it what proves the deck (the
        same for every game: cogs/table/frames.py `fair_footer`)."""
        ui = self.ui(table)
        made = ui.lobby_embed(table) if table.running is None else ui.table_embed(table)
        return with_fair_footer(made, table)

    def table_picture(self, table: LiveTable) -> Picture | None:
        """What the table message's picture shows: drawn from the public view alone."""
        draw = self.ui(table).table_picture
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
                            description=_("The cards on the table"))

    async def _show_table(
        self, table: LiveTable, channel: discord.abc.Messageable, embed: discord.Embed,
        *, new: bool, replace: bool, lobby: bool, picture: Picture | None = None,
    ) -> None:
        """Edit or post the table message. Its picture is drawn only when it changed:
        an edit that changes words alone (the clock, a stack) keeps the picture it has."""
        shown = self._shown(table)
        old = shown.message
        if old is None and table.restored and not shown.looked:
            shown.looked = True
            old = await find_after_restart(
                channel, table, shown, me=self.bot.user.id if self.bot.user else None,
                title=embed.title, lobby_title=self.ui(table).lobby_embed(table).title,
                delete=partial(self._delete, table, channel),
            )
            if old is not None:
                shown.message = old
        key = None if picture is None else picture_key(picture)
        if old is not None and not new:
            changes: dict[str, Any] = {}
            if not shown.picture_known or shown.picture != key:
                file = await self._picture_file(picture, key)
                changes["attachments"] = [file] if file else []
            try:
                await edit_message(channel, old, embed=embed, **changes)
                if "attachments" in changes:
                    shown.picture = key if changes["attachments"] else None
                    shown.picture_known = True
                shown.lobby = lobby
                return
            except discord.NotFound:
                pass  # deleted by someone: post it again below
        file = await self._picture_file(picture, key)
        message = await channel.send(
            embed=embed, view=table_view(table.info.game, table.id), allowed_mentions=SILENT,
            **({"file": file} if file else {}),
        )
        shown.message = message.id
        shown.picture, shown.picture_known = (key if file else None), True
        was_lobby, shown.lobby = shown.lobby, lobby
        if old is not None and (replace or was_lobby):
            # A lobby's Join and seat list are stale once a hand is on the table.
            await self._delete(table, channel, old)

    async def _delete(
        self, table: LiveTable, channel: discord.abc.Messageable, message_id: int | None
    ) -> None:
        if message_id is None:
            return
        try:
            await channel.get_partial_message(message_id).delete()
        except discord.HTTPException:
            log.info("Table %s: message %s was already gone", table.id, message_id)

    async def _uncount(self, table: LiveTable, channel: discord.abc.Messageable) -> None:
        if (shown := self.shown.get(table.id)) is not None:
            old, shown.countdown = shown.countdown, None
            await self._delete(table, channel, old)

    async def _unping(self, table: LiveTable, channel: discord.abc.Messageable) -> None:
        shown = self.shown.get(table.id)
        old = None if shown is None else shown.ping
        if old is not None:
            shown.ping = None
            try:
                await channel.get_partial_message(old).delete()
            except discord.HTTPException:
                log.info("Table %s: the last turn ping was already gone", table.id)


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


class _Revealed(Text):
    """The house seeds a closed table revealed, worded when the message is shown (a list
    of sentences, which one Text cannot hold); as a plain str, the English."""

    def __new__(cls, seeds: Sequence[HouseSeed]) -> _Revealed:
        with using(SOURCE):
            self = str.__new__(cls, revealed_seeds(seeds))
        self.message, self.values, self.plural, self.count = "", {}, None, None
        self.seeds = seeds
        return self

    def render(self) -> str:
        return revealed_seeds(self.seeds)


def _name(send: Send) -> str:
    """A send as a log line names it."""
    return type(send).__name__
