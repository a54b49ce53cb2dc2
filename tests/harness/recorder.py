"""A stand-in for Discord's HTTP API: answers each request as Discord would and records it.

Every REST call (`HTTPClient.request`) and every interaction webhook call
(`AsyncWebhookAdapter.request`) lands in `Recorder.rest` or `Recorder.webhook`. A route
the recorder does not know is recorded in `unknown` and raised, and the harness fails the
test for it: teach the recorder the route (with Discord's real answer) before using it.
"""

from __future__ import annotations

import base64
import json
import mimetypes
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord
from discord.http import Route
from discord.utils import utcnow

from tests.harness import limits, payloads
from tests.harness.ids import Snowflakes
from tests.harness.messages import (
    COMPONENT,
    EPHEMERAL,
    LOADING,
    SLASH,
    Attachment,
    Interaction,
    Message,
)
from tests.harness.payloads import Channel, User

try:  # what discord.py itself encodes with when installed (the speed extra)
    from orjson import dumps as _to_json
    from orjson import loads as _from_json
except ModuleNotFoundError:  # bench.loopback's runs without the speed extra
    _to_json, _from_json = json.dumps, json.loads

# Interaction callback types (what the bot answers with).
PONG, MESSAGE, DEFER, DEFER_UPDATE, UPDATE, AUTOCOMPLETE, MODAL = 1, 4, 5, 6, 7, 8, 9
# Message types Discord gives messages.
DEFAULT_MESSAGE, CHAT_INPUT_COMMAND = 0, 20
# Flags a sender may set; Discord drops the others.
SILENT = 1 << 12
SENDABLE_FLAGS = EPHEMERAL | (1 << 2) | SILENT | (1 << 15)
# Flags an edit may change: suppress embeds, components v2.
EDITABLE_FLAGS = (1 << 2) | (1 << 15)
MENTION = re.compile(r"<@!?(\d+)>")
# Without history, the recorder keeps an interaction as long as Discord keeps its token
# working (15 minutes), and this many recent activity entries.
TOKEN_SECONDS = 15 * 60
RECENT = 10_000


class UnknownRoute(AssertionError):
    """The bot called a Discord route the recorder does not answer."""


@dataclass
class Request:
    api: str  # "rest" or "webhook"
    method: str
    path: str
    body: Any
    files: list[tuple[str, bytes]]
    params: dict[str, Any] = field(default_factory=dict)


class FakeResponse:
    """Just enough of aiohttp's response for discord.HTTPException."""

    def __init__(self, status: int, reason: str) -> None:
        self.status = status
        self.reason = reason
        self.headers: dict[str, str] = {}


def discord_error(status: int, code: int, message: str) -> discord.HTTPException:
    kind = {403: discord.Forbidden, 404: discord.NotFound}.get(status, discord.HTTPException)
    return kind(FakeResponse(status, message), {"code": code, "message": message})  # type: ignore[arg-type]


def unknown_message() -> discord.HTTPException:
    return discord_error(404, 10008, "Unknown Message")


class Recorder:
    def __init__(
        self,
        *,
        snowflake: Snowflakes,
        application_id: int,
        bot: User,
        owner: User,
        guild_id: int,
        channels: dict[int, Channel],
        users: dict[int, User],
    ) -> None:
        self.snowflake = snowflake
        self.application_id = application_id
        self.bot = bot
        self.owner = owner
        self.guild_id = guild_id
        self.channels = channels
        self.users = users
        self.requests: list[Request] = []
        self.failures: list[list[Any]] = []  # see fail()
        # Tests read every request, every earlier version of a message and deleted
        # messages. A benchmark turns this off: the recorder then keeps what Discord
        # would (current messages, recent interactions), so its own memory does not grow
        # with every click and slow the whole process's garbage collection.
        self.keep_history = True
        self.clock = time.monotonic  # when each interaction's token was issued
        self.unknown: list[str] = []
        self.over_limits: list[str] = []  # bodies Discord would refuse (tests/harness/limits.py)
        # Every file the bot uploaded, as (message id, filename, bytes), in order: the
        # harness checks each picture (tests/harness/pictures.py).
        self.uploads: list[tuple[int, str, bytes]] = []
        self.uploads_checked = 0
        # A benchmark turns this off: decoding every picture on the event loop would
        # slow the clicks it times (and keeping them all would fill the memory).
        self.check_pictures = True
        # The application's emojis, by id, and each one's uploaded image.
        self.emojis: dict[int, dict[str, Any]] = {}
        self.emoji_images: dict[int, bytes] = {}
        self.messages: dict[int, Message] = {}
        # channel id -> its messages, the same objects: a channel is read without going
        # through every channel's messages (a benchmark's hundreds of tables).
        self.by_channel: dict[int, dict[int, Message]] = {}
        self.interactions: dict[str, Interaction] = {}
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        # (user id, message id) each time an interaction of that user made or changed a message.
        self.activity: list[tuple[int, int]] = []
        self._command_ids: dict[tuple[int | None, str], int] = {}

        self._rest_routes: list[tuple[str, re.Pattern[str], Callable[..., Any]]] = []
        self._webhook_routes: list[tuple[str, re.Pattern[str], Callable[..., Any]]] = []
        app = r"(?P<app>\d+)"
        guild = r"(?P<guild>\d+)"
        channel = r"(?P<channel>\d+)"
        message = r"(?P<message>\d+)"
        token = r"(?P<token>[^/]+)"
        for method, pattern, handler in (
            ("GET", "/users/@me", self._get_me),
            ("GET", "/oauth2/applications/@me", self._get_application),
            ("PUT", f"/applications/{app}/commands", self._put_commands),
            ("GET", f"/applications/{app}/commands", self._get_commands),
            ("PUT", f"/applications/{app}/guilds/{guild}/commands", self._put_commands),
            ("GET", f"/applications/{app}/guilds/{guild}/commands", self._get_commands),
            ("POST", f"/channels/{channel}/messages", self._post_message),
            ("GET", f"/channels/{channel}/messages", self._list_messages),
            ("GET", f"/channels/{channel}/messages/{message}", self._get_message),
            ("PATCH", f"/channels/{channel}/messages/{message}", self._patch_message),
            ("DELETE", f"/channels/{channel}/messages/{message}", self._delete_message),
            ("GET", f"/applications/{app}/emojis", self._list_emojis),
            ("POST", f"/applications/{app}/emojis", self._create_emoji),
            ("DELETE", rf"/applications/{app}/emojis/(?P<emoji>\d+)", self._delete_emoji),
        ):
            self._rest_routes.append((method, re.compile(pattern + "$"), handler))
        which = r"(?P<which>@original|\d+)"
        for method, pattern, handler in (
            ("POST", rf"/interactions/(?P<interaction>\d+)/{token}/callback", self._callback),
            ("POST", f"/webhooks/{app}/{token}", self._followup),
            ("GET", f"/webhooks/{app}/{token}/messages/{which}", self._get_webhook_message),
            ("PATCH", f"/webhooks/{app}/{token}/messages/{which}", self._patch_webhook_message),
            ("DELETE", f"/webhooks/{app}/{token}/messages/{which}", self._delete_webhook_message),
        ):
            self._webhook_routes.append((method, re.compile(pattern + "$"), handler))

    # --- entry points patched over discord.py -------------------------------------------

    async def rest(self, route: Route, *, files=None, form=None, **kwargs: Any) -> Any:
        body = kwargs.get("json")
        uploads: list[tuple[str, bytes]] = []
        if form:
            body, uploads = _read_form(form)
        return self._answer("rest", self._rest_routes, route, body, uploads, kwargs)

    async def webhook(
        self, route: Route, *, payload=None, multipart=None, files=None, **kwargs: Any
    ) -> Any:
        body, uploads = payload, []
        if multipart:
            body, uploads = _read_form(multipart)
        return self._answer("webhook", self._webhook_routes, route, body, uploads, kwargs)

    def fail(
        self, method: str, path: str, status: int, code: int = 0, *, times: int = 1
    ) -> None:
        """The next `times` requests matching `method` and the `path` regex fail like Discord."""
        self.failures.append([method, re.compile(path), status, code, times])

    def _failure(self, method: str, path: str) -> discord.HTTPException | None:
        for failure in self.failures:
            wanted, pattern, status, code, times = failure
            if times > 0 and wanted == method and pattern.search(path):
                failure[4] -= 1
                return discord_error(status, code, f"failed on purpose ({status})")
        return None

    def _answer(self, api, routes, route: Route, body, uploads, kwargs) -> Any:
        path = route.url[len(Route.BASE) :]
        params = dict(kwargs.get("params") or {})
        if self.keep_history:
            self.requests.append(Request(api, route.method, path, body, uploads, params))
        failed = self._failure(route.method, path)
        if failed is not None:
            raise failed
        if route.method in ("POST", "PATCH"):
            over = limits.problems(body)
            if over:
                # Discord refuses the whole body; the test fails, whatever the bot does next.
                self.over_limits.append(f"{route.method} {path}: " + "; ".join(over))
                raise discord_error(400, 50035, "Invalid Form Body")
        for method, pattern, handler in routes:
            match = pattern.match(path)
            if method == route.method and match:
                return handler(body=body or {}, uploads=uploads, params=params, **match.groupdict())
        self.unknown.append(f"{route.method} {path}")
        raise UnknownRoute(f"the harness does not answer {route.method} {path}")

    # --- the application's emojis -------------------------------------------------------
    # As Discord answers them (2025): a list is {"items": [...]}; a name is 2 to 32 letters,
    # digits and underscores, unique in the application; an image at most 256 KiB; 2,000
    # emojis at most.

    def _list_emojis(self, **_: Any) -> dict[str, Any]:
        return {"items": list(self.emojis.values())}

    def _create_emoji(self, *, body: dict[str, Any], **_: Any) -> dict[str, Any]:
        name, image = body.get("name", ""), body.get("image", "")
        if not re.fullmatch(r"[A-Za-z0-9_]{2,32}", name) or any(
                e["name"] == name for e in self.emojis.values()):
            raise discord_error(400, 50035, "Invalid Form Body (name)")
        head, _, data = image.partition(";base64,")
        raw = base64.b64decode(data)
        if head not in ("data:image/png", "data:image/webp", "data:image/gif") or \
                len(raw) > 256 * 1024:
            raise discord_error(400, 50035, "Invalid Form Body (image)")
        if len(self.emojis) >= 2000:
            raise discord_error(400, 30018, "Maximum number of emojis reached")
        emoji_id = self.snowflake()
        self.emojis[emoji_id] = {
            "id": str(emoji_id), "name": name, "roles": [], "require_colons": True,
            "managed": False, "animated": False, "available": True,
            "user": self.bot.payload(),
        }
        self.emoji_images[emoji_id] = raw
        return self.emojis[emoji_id]

    def _delete_emoji(self, *, emoji: str, **_: Any) -> None:
        if self.emojis.pop(int(emoji), None) is None:
            raise discord_error(404, 10014, "Unknown Emoji")
        self.emoji_images.pop(int(emoji), None)

    # --- login and commands -------------------------------------------------------------

    def _get_me(self, **_: Any) -> dict[str, Any]:
        return {**self.bot.payload(), "verified": True, "mfa_enabled": False, "locale": "en-US"}

    def _get_application(self, **_: Any) -> dict[str, Any]:
        return payloads.application(self.application_id, self.bot, self.owner)

    def _put_commands(self, *, body: list[dict[str, Any]], app: str, guild: str | None = None, **_):
        guild_id = int(guild) if guild else None
        echoed = [self._echo_command(command, guild_id) for command in body]
        if guild_id is None:
            self.global_commands = echoed
        else:
            self.guild_commands[guild_id] = echoed
        return echoed

    def _get_commands(self, *, app: str, guild: str | None = None, **_: Any):
        return self.guild_commands.get(int(guild), []) if guild else self.global_commands

    def _echo_command(self, command: dict[str, Any], guild_id: int | None) -> dict[str, Any]:
        # Discord keeps a command's id across syncs as long as its name stays.
        key = (guild_id, command["name"])
        command_id = self._command_ids.setdefault(key, self.snowflake())
        echoed = {
            "type": 1,
            "default_member_permissions": None,
            "nsfw": False,
            **command,
            "id": str(command_id),
            "application_id": str(self.application_id),
            "version": str(self.snowflake()),
        }
        if guild_id is not None:
            echoed["guild_id"] = str(guild_id)
        return echoed

    # --- channel messages (public) ------------------------------------------------------

    def _channel(self, channel_id: str) -> Channel:
        channel = self.channels.get(int(channel_id))
        if channel is None:
            raise discord_error(404, 10003, "Unknown Channel")
        return channel

    def _public(self, channel: str, message: str) -> Message:
        found = self.messages.get(int(message))
        if (
            found is None
            or found.deleted
            or found.channel_id != int(channel)
            # Ephemeral messages exist only for their interaction's token.
            or found.ephemeral
        ):
            raise unknown_message()
        return found

    def _post_message(self, *, body, uploads, channel: str, **_: Any) -> dict[str, Any]:
        where = self._channel(channel)
        body = {**body, "flags": body.get("flags", 0) & ~EPHEMERAL}
        return self._create(where, body, uploads).data

    def _list_messages(self, *, channel: str, params: dict[str, Any], **_: Any) -> list[dict]:
        """A channel's history as Discord gives it: newest first, `limit` (at most 100)
        messages older than `before`; ephemeral and deleted messages are not in it."""
        where = self._channel(channel)
        if params.keys() - {"limit", "before"}:
            raise UnknownRoute(f"the harness reads history only by limit and before: {params}")
        before = int(params.get("before") or 1 << 63)
        found = [
            m for m in self.by_channel.get(where.id, {}).values()
            if not m.deleted and not m.ephemeral and m.id < before
        ]
        found.sort(key=lambda m: m.id, reverse=True)
        return [m.data for m in found[: min(int(params.get("limit", 50)), 100)]]

    def _get_message(self, *, channel: str, message: str, **_: Any) -> dict[str, Any]:
        return self._public(channel, message).data

    def _patch_message(self, *, body, uploads, channel: str, message: str, **_: Any):
        return self._edit(self._public(channel, message), body, uploads).data

    def _delete_message(self, *, channel: str, message: str, **_: Any) -> None:
        self._delete(self._public(channel, message))

    # --- interactions -------------------------------------------------------------------

    def open_interaction(self, interaction: Interaction) -> None:
        interaction.opened_at = self.clock()
        self.interactions[interaction.token] = interaction
        if not self.keep_history:
            # Tokens older than Discord's 15 minutes have expired: their interactions go.
            # (Not fewer: the bot edits a player's latest hand view at each of their
            # turns, through the token of the click that showed it.)
            expired = interaction.opened_at - TOKEN_SECONDS
            while (oldest := next(iter(self.interactions.values()))).opened_at < expired:
                del self.interactions[oldest.token]
            del self.activity[: -RECENT]

    def _interaction(self, token: str) -> Interaction:
        found = self.interactions.get(token)
        if found is None:
            raise discord_error(404, 10015, "Unknown Webhook")
        return found

    def _callback(self, *, body, uploads, params, interaction: str, token: str, **_: Any):
        record = self.interactions.get(token)
        if record is None or record.id != int(interaction):
            raise discord_error(404, 10062, "Unknown interaction")
        if record.answered:
            raise discord_error(400, 40060, "Interaction has already been acknowledged.")
        record.answered_at = time.perf_counter()
        kind, data = body["type"], body.get("data") or {}
        updates_message = kind in (DEFER_UPDATE, UPDATE)
        if updates_message and record.kind != COMPONENT:
            raise discord_error(400, 50035, "Invalid Form Body: interaction response type")
        if kind not in (MESSAGE, DEFER, DEFER_UPDATE, UPDATE, MODAL, AUTOCOMPLETE):
            raise discord_error(400, 50035, f"Invalid Form Body: response type {kind}")

        message: Message | None = None
        if kind == MESSAGE:
            message = self._create(record.channel, data, uploads, interaction=record)
            record.original_message_id = message.id
        elif kind == DEFER:
            loading = {"content": "", "flags": (data.get("flags", 0) & EPHEMERAL) | LOADING}
            message = self._create(record.channel, loading, [], interaction=record)
            record.original_message_id = message.id
        elif updates_message:
            assert record.clicked_message_id is not None
            message = self.messages[record.clicked_message_id]
            record.original_message_id = message.id
            if kind == UPDATE:
                self._edit(message, data, uploads, by=record)
        elif kind == MODAL:
            record.modal = data
        record.response_type = kind

        answer: dict[str, Any] = {
            "interaction": {"id": str(record.id), "type": record.kind},
            "resource": {"type": kind},
        }
        if message is not None:
            answer["interaction"].update(
                response_message_id=str(message.id),
                response_message_loading=message.loading,
                response_message_ephemeral=message.ephemeral,
            )
            if kind != DEFER_UPDATE:
                answer["resource"]["message"] = message.data
        # Without `with_response` Discord answers 204, No Content.
        return answer if params.get("with_response") in ("1", "true", True) else None

    def _followup(self, *, body, uploads, app: str, token: str, **_: Any) -> dict[str, Any]:
        record = self._interaction(token)
        if not record.answered:
            raise discord_error(404, 10015, "Unknown Webhook")
        original = self.messages.get(record.original_message_id or 0)
        if record.response_type == DEFER and original is not None and original.loading:
            # The first follow-up after a "thinking" defer replaces the loading message,
            # and keeps the defer's visibility whatever flags it asks for.
            return self._edit(original, body, uploads, by=record).data
        message = self._create(record.channel, body, uploads, interaction=record, via="followup")
        record.followup_ids.append(message.id)
        return message.data

    def _webhook_message(self, token: str, which: str) -> tuple[Interaction, Message]:
        record = self._interaction(token)
        if which == "@original":
            message_id = record.original_message_id
        elif int(which) in record.followup_ids or int(which) == record.original_message_id:
            message_id = int(which)
        else:
            message_id = None
        message = self.messages.get(message_id or 0)
        if message is None or message.deleted:
            raise unknown_message()
        return record, message

    def _get_webhook_message(self, *, token: str, which: str, **_: Any) -> dict[str, Any]:
        return self._webhook_message(token, which)[1].data

    def _patch_webhook_message(self, *, body, uploads, token: str, which: str, **_: Any):
        record, message = self._webhook_message(token, which)
        return self._edit(message, body, uploads, by=record).data

    def _delete_webhook_message(self, *, token: str, which: str, **_: Any) -> None:
        self._delete(self._webhook_message(token, which)[1])

    def _delete(self, message: Message) -> None:
        message.deleted = True
        if not self.keep_history:
            del self.messages[message.id]
            self.by_channel[message.channel_id].pop(message.id, None)

    # --- building messages --------------------------------------------------------------

    def _create(
        self,
        channel: Channel,
        body: dict[str, Any],
        uploads: list[tuple[str, bytes]],
        *,
        interaction: Interaction | None = None,
        via: str = "response",
    ) -> Message:
        message_id = self.snowflake()
        flags = body.get("flags", 0) & (SENDABLE_FLAGS | LOADING)
        data: dict[str, Any] = {
            "id": str(message_id),
            "channel_id": str(channel.id),
            "guild_id": str(channel.guild_id),
            "author": self.bot.payload(),
            "content": "",
            "timestamp": utcnow().isoformat(),
            "edited_timestamp": None,
            "tts": bool(body.get("tts", False)),
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "components": [],
            "pinned": False,
            "type": DEFAULT_MESSAGE,
            "flags": flags,
        }
        if interaction is not None:
            data["type"] = CHAT_INPUT_COMMAND if interaction.kind == SLASH else DEFAULT_MESSAGE
            data["application_id"] = str(self.application_id)
            data["webhook_id"] = str(self.application_id)
            data["interaction_metadata"] = {
                "id": str(interaction.id),
                "type": interaction.kind,
                "user": interaction.user.payload(),
                "authorizing_integration_owners": {"0": str(self.guild_id)},
            }
        message = Message(
            id=message_id,
            channel_id=channel.id,
            data=data,
            viewer=interaction.user.id if interaction and flags & EPHEMERAL else None,
            interaction=interaction,
            via="channel" if interaction is None else via,
        )
        self._apply(message, body, uploads)
        message.pinged = frozenset(self._pings(message, body))
        self.messages[message_id] = message
        self.by_channel.setdefault(message.channel_id, {})[message_id] = message
        if interaction is not None:
            self.activity.append((interaction.user.id, message_id))
        return message

    def _edit(
        self,
        message: Message,
        body: dict[str, Any],
        uploads: list[tuple[str, bytes]],
        *,
        by: Interaction | None = None,
    ) -> Message:
        if self.keep_history:
            message.versions.append(json.loads(json.dumps(message.data)))
        was_loading, flags_before = message.loading, message.data.get("flags", 0)
        self._apply(message, body, uploads)
        # Editing never changes who can see a message; it does end a "thinking" state.
        flags = flags_before & ~LOADING
        if "flags" in body:
            flags = (flags & ~EDITABLE_FLAGS) | (body["flags"] & EDITABLE_FLAGS)
        message.data["flags"] = flags
        message.data["edited_timestamp"] = None if was_loading else utcnow().isoformat()
        if by is not None:
            self.activity.append((by.user.id, message.id))
        return message

    def _apply(self, message: Message, body: dict[str, Any], uploads) -> None:
        data = message.data
        if "content" in body:
            data["content"] = body["content"] or ""
            data["mentions"] = [
                self.users[int(user_id)].payload()
                for user_id in dict.fromkeys(MENTION.findall(data["content"]))
                if int(user_id) in self.users
            ]
        if "embeds" in body:
            data["embeds"] = body["embeds"] or []
        if "components" in body:
            data["components"] = _with_ids(body["components"] or [])
        if "attachments" in body:
            self._attach(message, body["attachments"] or [], uploads)

    def _attach(self, message: Message, wanted: list[dict[str, Any]], uploads) -> None:
        kept = []
        for item in wanted:
            index = int(item["id"])
            if index in message.attachments:
                kept.append(next(a for a in message.data["attachments"] if int(a["id"]) == index))
                continue
            filename, content = uploads[index]
            if self.check_pictures:
                self.uploads.append((message.id, filename, content))
            attachment_id = self.snowflake()
            message.attachments[attachment_id] = Attachment(attachment_id, filename, content)
            url = f"https://cdn.discordapp.com/attachments/{message.channel_id}/{attachment_id}/"
            kept.append(
                {
                    "id": str(attachment_id),
                    "filename": filename,
                    "size": len(content),
                    "url": url + filename,
                    "proxy_url": url.replace("cdn.discordapp.com", "media.discordapp.net")
                    + filename,
                    "content_type": mimetypes.guess_type(filename)[0] or "application/octet-stream",
                    "description": item.get("description"),
                }
            )
        keep_ids = {int(a["id"]) for a in kept}
        message.attachments = {k: v for k, v in message.attachments.items() if k in keep_ids}
        message.data["attachments"] = kept

    def _pings(self, message: Message, body: dict[str, Any]) -> set[int]:
        if message.ephemeral or message.flags & SILENT:
            return set()
        mentioned = {int(user["id"]) for user in message.data["mentions"]}
        allowed = body.get("allowed_mentions")
        if allowed is None:
            return mentioned
        if "users" in allowed.get("parse", []):
            return mentioned
        return mentioned & {int(user_id) for user_id in allowed.get("users", [])}


def _with_ids(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Discord numbers every component of a message when it stores it."""
    counter = 0

    def number(component: dict[str, Any]) -> dict[str, Any]:
        nonlocal counter
        counter += 1
        copy = {**component, "id": component.get("id", counter)}
        if "components" in copy:
            copy["components"] = [number(child) for child in copy["components"]]
        if "accessory" in copy:
            copy["accessory"] = number(copy["accessory"])
        return copy

    # Through JSON, as over the wire: what the bot sent must be JSON, and the stored copy
    # shares nothing with the bot's objects.
    return [number(component) for component in _from_json(_to_json(components))]


def _read_form(form: list[dict[str, Any]]) -> tuple[Any, list[tuple[str, bytes]]]:
    body: Any = None
    uploads = []
    for part in form:
        if part["name"] == "payload_json":
            body = json.loads(part["value"])
        elif "filename" in part:
            stream = part["value"]
            start = stream.tell()
            uploads.append((part["filename"], stream.read()))
            stream.seek(start)
    return body, uploads
