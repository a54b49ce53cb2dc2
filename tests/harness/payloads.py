"""Raw gateway and REST payloads shaped like the ones Discord sends to discord.py 2.7."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord
from discord.utils import utcnow

# What a member without special roles may do in a plain server (View Channel, Send
# Messages, Read Message History, Use Application Commands, ...).
MEMBER_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
    add_reactions=True,
    use_application_commands=True,
    use_external_emojis=True,
)
# The permissions the README asks for when inviting the bot.
BOT_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
)
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
TEXT_CHANNEL = 0
PUBLIC_THREAD = 11
GUILD_INSTALL = "0"
GUILD_CONTEXT = 0


def iso_now() -> str:
    return utcnow().isoformat()


@dataclass(frozen=True)
class User:
    id: int
    name: str
    bot: bool = False
    permissions: int = MEMBER_PERMISSIONS.value
    locale: str = "en-US"  # the user's Discord client language

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": None if self.bot else self.name.title(),
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
        }

    def member(self, *, with_user: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "roles": [],
            "joined_at": iso_now(),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "nick": None,
            "avatar": None,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.payload()
        return data

    def interaction_member(self) -> dict[str, Any]:
        return {**self.member(), "permissions": str(self.permissions)}


@dataclass(frozen=True)
class Channel:
    id: int
    guild_id: int
    name: str

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "guild_id": str(self.guild_id),
            "type": TEXT_CHANNEL,
            "name": self.name,
            "position": 0,
            "parent_id": None,
            "topic": None,
            "nsfw": False,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "permission_overwrites": [],
            "flags": 0,
        }

    def interaction_payload(self, app_permissions: int) -> dict[str, Any]:
        return {**self.payload(), "permissions": str(app_permissions)}


@dataclass(frozen=True)
class Thread(Channel):
    """A public thread: Discord lists it apart from the channels, with its parent's id."""

    parent_id: int = 0

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "guild_id": str(self.guild_id),
            "parent_id": str(self.parent_id),
            "owner_id": str(self.guild_id),
            "type": PUBLIC_THREAD,
            "name": self.name,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "message_count": 0,
            "member_count": 1,
            "flags": 0,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": 1440,
                "archive_timestamp": iso_now(),
                "locked": False,
            },
        }


def everyone_role(guild_id: int) -> dict[str, Any]:
    return {
        "id": str(guild_id),
        "name": "@everyone",
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": 0,
        "permissions": str(MEMBER_PERMISSIONS.value),
        "managed": False,
        "mentionable": False,
        "flags": 0,
    }


def guild_create(guild_id: int, name: str, owner: User, bot: User, channels: list[Channel],
                 locale: str = "en-US"):
    # Without the members intent Discord sends only the bot's own member here.
    return {
        "id": str(guild_id),
        "name": name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "owner_id": str(owner.id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 1,
        "explicit_content_filter": 0,
        "roles": [everyone_role(guild_id)],
        "emojis": [],
        "stickers": [],
        "features": [],
        "mfa_level": 0,
        "application_id": None,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "vanity_url_code": None,
        "description": None,
        "banner": None,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": locale,
        "public_updates_channel_id": None,
        "nsfw_level": 0,
        "premium_progress_bar_enabled": False,
        "unavailable": False,
        "large": False,
        "member_count": 2,
        "joined_at": iso_now(),
        "members": [bot.member()],
        "channels": [c.payload() for c in channels if not isinstance(c, Thread)],
        "threads": [c.payload() for c in channels if isinstance(c, Thread)],
        "voice_states": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
    }


def ready(bot: User, application_id: int, guild_ids: list[int]) -> dict[str, Any]:
    return {
        "v": 10,
        "user": bot.payload(),
        "guilds": [{"id": str(guild_id), "unavailable": True} for guild_id in guild_ids],
        "session_id": "harness-session",
        "resume_gateway_url": "wss://gateway.invalid",
        "application": {"id": str(application_id), "flags": 0},
        "private_channels": [],
        "relationships": [],
    }


def application(application_id: int, bot: User, owner: User) -> dict[str, Any]:
    return {
        "id": str(application_id),
        "name": bot.name,
        "icon": None,
        "description": "",
        "bot_public": True,
        "bot_require_code_grant": False,
        "verify_key": "0" * 64,
        "owner": owner.payload(),
        "team": None,
        "flags": 0,
        "bot": bot.payload(),
        "redirect_uris": [],
        "interactions_endpoint_url": None,
        "approximate_guild_count": 1,
    }


def interaction(
    *,
    interaction_id: int,
    application_id: int,
    kind: int,
    token: str,
    user: User,
    channel: Channel,
    data: dict[str, Any],
    app_permissions: int,
    message: dict[str, Any] | None = None,
    guild_locale: str = "en-US",
) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "id": str(interaction_id),
        "application_id": str(application_id),
        "type": kind,
        "data": data,
        "guild_id": str(channel.guild_id),
        "guild": {"id": str(channel.guild_id), "locale": guild_locale, "features": []},
        "channel_id": str(channel.id),
        "channel": channel.interaction_payload(app_permissions),
        "member": user.interaction_member(),
        "token": token,
        "version": 1,
        "app_permissions": str(app_permissions),
        "locale": user.locale,
        "guild_locale": guild_locale,
        "entitlements": [],
        "entitlement_sku_ids": [],
        "authorizing_integration_owners": {GUILD_INSTALL: str(channel.guild_id)},
        "context": GUILD_CONTEXT,
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
    }
    if message is not None:
        payload["message"] = message
    return payload
