"""The stand-in's server: the gateway and the HTTP API on one loopback port, and the clicks.

    standin = StandIn()
    channel = standin.add_channel("t1")      # before the bot connects: in its GUILD_CREATE
    await standin.start()                    # then start the bot at standin.base_url
    await standin.connected(60)
    record = await standin.slash(user, "gff join", channel=channel)
    record.answered_at - record.sent_at      # the click's send to its callback's arrival

Each interaction is sent over the gateway as INTERACTION_CREATE (the offline harness's
payloads) and is done when its callback reaches the HTTP API. The harness's recorder
answers every route as Discord does and keeps the messages players read.

The application's emojis, the bot's card faces (cogs/table/emojis/sync.py), are answered
as Discord does too: the list as `{"items": [...]}`, a create checked for its name (2 to
32 letters, digits and underscores, unique) and its image (a PNG, WebP or GIF data URI of
at most 256 KiB), a delete. So the bot here shows its cards as faces, as on Discord,
unless the stand-in is made with `faces=False`: then the list fails (503) and the bot
shows cards in words, as it does when Discord refuses.
"""

from __future__ import annotations

import asyncio
import io
import re
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord
from aiohttp import web
from discord.http import Route

from bench.standin import wire
from bench.standin.gateway import GatewaySession
from cogs.table.emojis.names import MARKS
from tests.harness import payloads
from tests.harness.ids import Snowflakes, new_token
from tests.harness.messages import COMPONENT, SLASH, Interaction, Message
from tests.harness.payloads import BOT_PERMISSIONS, Channel, User
from tests.harness.recorder import Recorder, UnknownRoute
from tests.harness.schema import build_command_data

HOST = "127.0.0.1"  # loopback only
API = "/api/v10"
# An interaction's token works for 15 minutes on Discord; older ones are forgotten.
TOKEN_SECONDS = 15 * 60
# Discord lets a server have 500 channels: more tables take more servers.
CHANNELS_PER_GUILD = 500
# Discord fails an interaction not answered within 3 s; the stand-in waits longer, so a
# slow answer is measured rather than lost, and then gives up.
ANSWER_SECONDS = 30
JSON = {"Content-Type": "application/json"}  # exactly, as discord.py's json_or_text wants
CHANNEL_PATH = re.compile(r"/channels/(\d+)/")
TOKEN_PATH = re.compile(r"/(?:interactions/\d+|webhooks/\d+)/([^/]+)")
CALLBACK_PATH = re.compile(r"/interactions/\d+/([^/]+)/callback$")
EMOJI_LIST = r"/applications/\d+/emojis$"
# What the bot uploads at its first start: a face for each card, the joker, the back and
# the four suits' marks.
FACES = len(MARKS)


@dataclass(frozen=True)
class _Route:
    """What the recorder reads of discord.py's Route: the method and the full URL."""

    method: str
    url: str


class StandIn:
    def __init__(self, *, faces: bool = True) -> None:
        self.snowflake = Snowflakes()
        self.guild_id = self.snowflake()
        self.application_id = self.snowflake()
        self.bot_user = User(self.application_id, "GFF", bot=True)
        self.owner = User(self.snowflake(), "owner", permissions=discord.Permissions.all().value)
        self.channels: dict[int, Channel] = {}
        self.guilds: dict[int, list[Channel]] = {self.guild_id: []}
        self.users: dict[int, User] = {self.owner.id: self.owner}
        self.recorder = Recorder(
            snowflake=self.snowflake, application_id=self.application_id, bot=self.bot_user,
            owner=self.owner, guild_id=self.guild_id, channels=self.channels, users=self.users,
        )
        self.recorder.keep_history = False  # what Discord keeps: current messages only
        self.faces = faces
        if not faces:  # the bot's face sync starts with the list: refused, it shows words
            self.recorder.fail("GET", EMOJI_LIST, 503)
        self.session: GatewaySession | None = None
        self._ready = asyncio.Event()
        self._answers: dict[str, asyncio.Future[None]] = {}
        self._opened: deque[tuple[float, str]] = deque()
        self._changed: dict[int, asyncio.Event] = {}
        self._runner: web.AppRunner | None = None
        self.port = 0

    # -- the server -----------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        return f"http://{HOST}:{self.port}"

    @property
    def gateway_url(self) -> str:
        return f"ws://{HOST}:{self.port}/"

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/", self._gateway)
        app.router.add_route("*", API + "/{tail:.*}", self._http)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, HOST, 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        if self.session is not None:
            await self.session.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def connected(self, seconds: float) -> None:
        """Wait until the bot has identified and been sent its servers."""
        await asyncio.wait_for(self._ready.wait(), seconds)

    async def faces_uploaded(self, seconds: float) -> None:
        """Wait until the bot has its card faces among the application's emojis (at once
        with `faces=False`, where it plays with cards in words). The bot syncs them beside
        its start (cogs/table/cog.py), and shows them from its last upload on."""
        deadline = time.monotonic() + seconds
        while self.faces and len(self.recorder.emojis) < FACES:
            if time.monotonic() > deadline:
                raise TimeoutError(f"the bot uploaded {len(self.recorder.emojis)} of "
                                   f"{FACES} card faces in {seconds:g} s")
            await asyncio.sleep(0.01)

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        session = GatewaySession(request, self._identified)
        return await session.serve()

    async def _identified(self, session: GatewaySession) -> None:
        ready = payloads.ready(self.bot_user, self.application_id, list(self.guilds))
        if session.shard is not None:  # a sharded client (the bot is an AutoShardedBot)
            ready["shard"] = session.shard
        await session.dispatch("READY", {**ready, "resume_gateway_url": self.gateway_url})
        for n, (guild_id, channels) in enumerate(self.guilds.items(), 1):
            await session.dispatch("GUILD_CREATE", payloads.guild_create(
                guild_id, f"Card Room {n}", self.owner, self.bot_user, channels))
        self.session = session
        self._ready.set()

    async def _http(self, request: web.Request) -> web.Response:
        path = request.path[len(API):]
        if path in ("/gateway", "/gateway/bot"):
            return _json({"url": self.gateway_url, "shards": 1, "session_start_limit": {
                "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}})
        body, form = await _read_body(request)
        route = _Route(request.method, Route.BASE + path)
        params = dict(request.query)
        try:
            if TOKEN_PATH.match(path):
                result = await self.recorder.webhook(route, payload=body, multipart=form,
                                                     params=params)
            else:
                result = await self.recorder.rest(route, json=body, form=form, params=params)
        except discord.HTTPException as error:
            return _json({"code": error.code, "message": error.text}, status=error.status)
        except UnknownRoute as error:
            return _json({"code": 0, "message": str(error)}, status=404)
        self._touch(path)
        callback = CALLBACK_PATH.match(path)
        if callback:
            answered = self._answers.pop(callback[1], None)
            if answered is not None and not answered.done():
                answered.set_result(None)
        return web.Response(status=204) if result is None else _json(result)

    def _touch(self, path: str) -> None:
        """Wake whoever waits on the channel whose messages this request made or changed."""
        found = CHANNEL_PATH.match(path)
        channel_id = int(found[1]) if found else None
        if channel_id is None:
            token = TOKEN_PATH.match(path)
            record = self.recorder.interactions.get(token[1]) if token else None
            channel_id = record.channel.id if record else None
        event = self._changed.get(channel_id) if channel_id else None
        if event is not None:
            event.set()

    # -- people and places ----------------------------------------------------------------

    def add_channel(self, name: str) -> Channel:
        if self.session is not None:
            raise RuntimeError("channels are made before the bot connects")
        guild_id = next(reversed(self.guilds))
        if len(self.guilds[guild_id]) == CHANNELS_PER_GUILD:
            guild_id = self.snowflake()
            self.guilds[guild_id] = []
        channel = Channel(self.snowflake(), guild_id, name)
        self.channels[channel.id] = channel
        self.guilds[guild_id].append(channel)
        self._changed[channel.id] = asyncio.Event()
        return channel

    def user(self, name: str) -> User:
        user = User(self.snowflake(), name, permissions=payloads.MEMBER_PERMISSIONS.value)
        self.users[user.id] = user
        return user

    def changed(self, channel: Channel) -> asyncio.Event:
        """Set whenever a message in `channel` is made or changed; the waiter clears it."""
        return self._changed[channel.id]

    def message(self, message_id: int) -> Message | None:
        found = self.recorder.messages.get(message_id)
        return None if found is None or found.deleted else found

    def public_messages(self, channel: Channel) -> list[Message]:
        return [m for m in self.recorder.messages.values()
                if m.channel_id == channel.id and m.viewer is None and not m.deleted]

    # -- interactions ---------------------------------------------------------------------

    async def slash(self, user: User, typed: str, *, channel: Channel, **options: Any
                    ) -> Interaction:
        data = build_command_data(self.recorder.global_commands, typed, options, guild_id=None,
                                  channels=self.channels)
        return await self._interact(SLASH, user, channel, data)

    async def click(self, user: User, message: Message, custom_id: str, *,
                    values: Sequence[str] | None = None) -> Interaction:
        component = message.component(custom_id)
        if component is None:
            raise LookupError(f"no component {custom_id!r} on {message!r}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component["type"]}
        if values is not None:
            data["values"] = list(values)
        channel = self.channels[message.channel_id]
        return await self._interact(COMPONENT, user, channel, data, message=message)

    async def _interact(self, kind: int, user: User, channel: Channel, data: dict[str, Any], *,
                        message: Message | None = None) -> Interaction:
        if self.session is None:
            raise RuntimeError("the bot has not connected")
        interaction_id, token = self.snowflake(), new_token()
        payload = payloads.interaction(
            interaction_id=interaction_id, application_id=self.application_id, kind=kind,
            token=token, user=user, channel=channel, data=data,
            app_permissions=BOT_PERMISSIONS.value,
            message=message.data if message is not None else None,
        )
        record = Interaction(id=interaction_id, token=token, kind=kind, user=user,
                             channel=channel, payload={},
                             clicked_message_id=message.id if message is not None else None)
        self._open(record)
        answered = asyncio.get_running_loop().create_future()
        self._answers[token] = answered
        record.dispatched_at = time.perf_counter()
        await self.session.dispatch("INTERACTION_CREATE", payload)
        try:
            await asyncio.wait_for(answered, ANSWER_SECONDS)
        finally:
            self._answers.pop(token, None)
        return record

    def _open(self, record: Interaction) -> None:
        """Keep the interaction while its token works, as Discord does (the recorder's own
        bookkeeping would forget a hand view's token after a thousand newer clicks)."""
        now = time.monotonic()
        self.recorder.interactions[record.token] = record
        self._opened.append((now, record.token))
        while self._opened and now - self._opened[0][0] > TOKEN_SECONDS:
            self.recorder.interactions.pop(self._opened.popleft()[1], None)
        del self.recorder.activity[:-100]  # who saw what last: the players keep their own


async def _read_body(request: web.Request) -> tuple[Any, list[dict[str, Any]] | None]:
    """A JSON body, or a multipart one as discord.py's form (payload_json and files)."""
    if request.content_type == "multipart/form-data":
        form = []
        async for part in await request.multipart():
            data = await part.read()
            if part.filename:
                form.append({"name": part.name, "value": io.BytesIO(data),
                             "filename": part.filename})
            else:
                form.append({"name": part.name, "value": data.decode()})
        return None, form
    raw = await request.read()
    return (wire.loads(raw) if raw else None), None


def _json(data: Any, status: int = 200) -> web.Response:
    return web.Response(body=wire.dumps(data), status=status, headers=JSON)
