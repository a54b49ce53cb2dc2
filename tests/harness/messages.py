"""What the recorder keeps: messages as Discord holds them, and the interactions behind them."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from tests.harness.payloads import Channel, User

EPHEMERAL = 1 << 6
LOADING = 1 << 7
SLASH = 2
COMPONENT = 3
BUTTON = 2


@dataclass
class Attachment:
    id: int
    filename: str
    data: bytes


@dataclass
class Interaction:
    """One interaction the harness sent, and what the bot did with its token."""

    id: int
    token: str
    kind: int
    user: User
    channel: Channel
    payload: dict[str, Any]
    clicked_message_id: int | None = None
    response_type: int | None = None
    original_message_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    modal: dict[str, Any] | None = None
    opened_at: float = 0.0  # the recorder's clock when it was sent: its token lasts 15 minutes
    # perf_counter() when the gateway event was handed to the bot, and when the bot's
    # answer reached Discord: the time the bot spent on this interaction.
    dispatched_at: float | None = None
    answered_at: float | None = None

    @property
    def answered(self) -> bool:
        return self.response_type is not None


@dataclass
class Message:
    id: int
    channel_id: int
    data: dict[str, Any]
    # Who can see it: None for everyone, else the one user an ephemeral message is for.
    viewer: int | None = None
    interaction: Interaction | None = None
    via: str = "channel"  # "channel", "response" or "followup"
    versions: list[dict[str, Any]] = field(default_factory=list)
    attachments: dict[int, Attachment] = field(default_factory=dict)
    pinged: frozenset[int] = frozenset()
    deleted: bool = False

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    @property
    def flags(self) -> int:
        return int(self.data.get("flags", 0))

    @property
    def content(self) -> str:
        return self.data.get("content") or ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.data.get("embeds", [])

    @property
    def embed(self) -> dict[str, Any]:
        if len(self.embeds) != 1:
            raise AssertionError(f"expected one embed, message {self.id} has {len(self.embeds)}")
        return self.embeds[0]

    @property
    def components(self) -> list[dict[str, Any]]:
        return self.data.get("components", [])

    @property
    def edited(self) -> bool:
        return bool(self.versions)

    def visible_to(self, user: User) -> bool:
        return not self.deleted and (self.viewer is None or self.viewer == user.id)

    def walk_components(self) -> Iterator[dict[str, Any]]:
        stack = list(reversed(self.components))
        while stack:
            component = stack.pop()
            yield component
            children = list(component.get("components", []))
            if "accessory" in component:
                children.append(component["accessory"])
            stack.extend(reversed(children))

    def component(self, custom_id: str) -> dict[str, Any] | None:
        return next((c for c in self.walk_components() if c.get("custom_id") == custom_id), None)

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.walk_components() if "custom_id" in c]

    @property
    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.walk_components() if c.get("type") == BUTTON]

    def text(self) -> str:
        """Everything a reader sees: content, then each embed's title, text and fields."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title", ""), embed.get("description", "")]
            for item in embed.get("fields", []):
                parts += [item["name"], item["value"]]
            parts.append(embed.get("footer", {}).get("text", ""))
        return "\n".join(part for part in parts if part)

    def __repr__(self) -> str:
        who = "public" if self.viewer is None else f"ephemeral for {self.viewer}"
        return f"<Message {self.id} {who} via {self.via} {self.content[:40]!r}>"
