"""What is sent: Discord's component payload, built directly.

A view is sent once and never listened to, so it is built as the payload itself, in
exactly the form discord.py gives its own items (tests/discord/test_views.py holds the
two side by side). Building discord.py's button, menu and option objects only to turn
them into this payload cost more per click than everything else the bot renders.
"""

from __future__ import annotations

from typing import Any

import discord

from cogs.table.items import table_custom_id

Component = dict[str, Any]


class RenderedView:
    """Components to send, never a listener: each control is found again from its custom
    id when clicked (cogs/table/items.py).

    Not a `discord.ui.View`, which discord.py would keep until it is finished, give a
    15-minute timer when sent with an ephemeral message, and build with a random id and
    a future each time: a cost per click for a view that is only ever sent. This has
    exactly what discord.py reads of a view it sends (2.7.1, `handle_message_parameters`
    and the senders' checks), and tests/discord/test_views.py holds it to that.
    """

    __discord_ui_view__ = True  # what discord.py's senders check a view by
    __discord_ui_modal__ = False

    def __init__(self, rows: list[list[Component]]) -> None:
        self.rows = [{"type": 1, "components": row} for row in rows if row]

    def to_components(self) -> list[Component]:
        return self.rows

    def has_components_v2(self) -> bool:
        return False

    def is_finished(self) -> bool:
        return True  # nothing to listen for: discord.py stores no finished view

    def is_dispatchable(self) -> bool:
        return False

    def __bool__(self) -> bool:
        return True


def button(custom_id: str, label: str, style: discord.ButtonStyle, *, enabled: bool = True
           ) -> Component:
    return {"type": 2, "style": style.value, "disabled": not enabled, "label": label,
            "custom_id": custom_id}


def menu(custom_id: str, options: list[Component], placeholder: str, *, max_values: int = 1,
         enabled: bool = True) -> Component:
    return {"type": 3, "custom_id": custom_id, "min_values": 1,
            "max_values": max(1, min(max_values, len(options))), "disabled": not enabled,
            "required": True,
            "placeholder": placeholder, "options": options}


def option(label: str, value: str, *, default: bool = False) -> Component:
    return {"label": label, "value": value, "default": default}


def table_view(game: str, table_id: int) -> RenderedView:
    """The public table message's buttons: every game's table has these two."""
    return RenderedView([[
        button(table_custom_id(game, table_id, "hand"), "Your hand", discord.ButtonStyle.primary),
        button(table_custom_id(game, table_id, "join"), "Join", discord.ButtonStyle.secondary),
    ]])
