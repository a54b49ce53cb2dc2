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


class RenderedView(discord.ui.View):
    """Components to send, never a listener: each control is a DynamicItem registered at
    start-up and found again from its custom id.

    discord.py keeps a view it sends until the view is finished, and gives each view
    sent with an ephemeral message a 15-minute timer; a busy server would hold
    thousands of those for nothing. This one is finished from the start.
    """

    def __init__(self, rows: list[list[Component]]) -> None:
        super().__init__(timeout=None)
        self.stop()
        self.rows = [{"type": 1, "components": row} for row in rows if row]

    def to_components(self) -> list[Component]:
        return self.rows


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
