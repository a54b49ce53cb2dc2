"""The buttons and menus of a table: persistent DynamicItems that answer clicks, and
the component payloads that show them.

Custom ids carry the table, the owner of a hand view, the hand's number and its
action number, and the act, never a card: `gff:<table>:<owner>:<hand>.<seq>:<act>`.
They are parsed again after a restart, so old messages keep working; the hand and
action numbers let a stale or double click, or one from an earlier hand, be
refused. The only cards in a component are the options of the card menu in a
player's own ephemeral hand view.

Views render and forward; what a click means is decided in `play.py` and the engine.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Collection
from typing import TYPE_CHECKING, Any

import discord

from cogs.table.items import AnsweringItem
from engine import cards as C
from engine.actions import DISCARD_CARD, DRAW_DISCARD, DRAW_STOCK, DROP, HIT, SPREAD
from engine.cards import Card
from engine.gff.views import PrivateView

if TYPE_CHECKING:
    from cogs.gff.play import HandControls

# The acts a custom id may name; each component's id template matches exactly its own.
TABLE_ACTS = ("hand", "join")
BUTTON_ACTS = ("drop", "stock", "take", "spread", "hit", "refresh")
# "throw" is the discard menu: choosing a card discards it, the commonest move in one click.
MENU_ACTS = ("throw", "pick", "target")


def _controls(interaction: discord.Interaction) -> HandControls:
    cog = interaction.client.get_cog("GffCog")  # type: ignore[union-attr]
    return cog.controls  # type: ignore[union-attr]


def _let_go(item: discord.ui.Item[Any], interaction: discord.Interaction) -> None:
    """Let go of a click that has been answered.

    For each click discord.py rebuilds the clicked message's view, whose items point
    back at it, and keeps the interaction's response on the interaction, which points
    back too. So every click left about ninety objects, the parsed message among them,
    that only a garbage collection could free, and collections are what the slowest
    clicks wait behind. Once the answer is sent neither link is needed; without them
    the click is freed when its task ends. Not after a failure: the error handler
    still reads the response.
    """
    if item.view is not None:
        item.view.clear_items()
    with contextlib.suppress(AttributeError):
        del interaction._cs_response  # discord.py's cached InteractionResponse (2.7.1)


def table_custom_id(table_id: int, act: str) -> str:
    return f"gff:{table_id}:{act}"


def hand_custom_id(table_id: int, owner: int, at: tuple[int, int], act: str) -> str:
    return f"gff:{table_id}:{owner}:{at[0]}.{at[1]}:{act}"


class TableButton(
    AnsweringItem,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"gff:(?P<table>[0-9]{1,20}):(?P<act>" + "|".join(TABLE_ACTS) + ")",
):
    """A button on the public table message."""

    def __init__(self, table_id: int, act: str) -> None:
        super().__init__(discord.ui.Button(custom_id=table_custom_id(table_id, act)))
        self.table_id, self.act = table_id, act

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> TableButton:
        return cls(int(match["table"]), match["act"])

    async def clicked(self, interaction: discord.Interaction) -> None:
        await _controls(interaction).table_button(interaction, self.table_id, self.act)
        _let_go(self, interaction)


_HAND_ID = (
    r"gff:(?P<table>[0-9]{1,20}):(?P<owner>[0-9]{1,20}):(?P<hand>[0-9]{1,9})\.(?P<seq>[0-9]{1,9}):"
)


class HandButton(
    AnsweringItem,
    discord.ui.DynamicItem[discord.ui.Button],
    template=_HAND_ID + "(?P<act>" + "|".join(BUTTON_ACTS) + ")",
):
    """A button in a player's own hand view."""

    def __init__(self, table_id: int, owner: int, at: tuple[int, int], act: str) -> None:
        super().__init__(discord.ui.Button(custom_id=hand_custom_id(table_id, owner, at, act)))
        self.table_id, self.owner, self.at, self.act = table_id, owner, at, act

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> HandButton:
        at = (int(match["hand"]), int(match["seq"]))
        return cls(int(match["table"]), int(match["owner"]), at, match["act"])

    async def clicked(self, interaction: discord.Interaction) -> None:
        await _controls(interaction).hand_click(
            interaction, self.table_id, self.owner, self.at, self.act, [],
            shown_pick=self.shown_pick(interaction),
        )
        _let_go(self, interaction)

    def shown_pick(self, interaction: discord.Interaction) -> list[str]:
        return picked_in(interaction.message, self.table_id, self.owner, self.at)


class HandMenu(
    AnsweringItem,
    discord.ui.DynamicItem[discord.ui.Select],
    template=_HAND_ID + "(?P<act>" + "|".join(MENU_ACTS) + ")",
):
    """The discard menu, the card menu and the spread menu of a player's own hand view."""

    def __init__(self, table_id: int, owner: int, at: tuple[int, int], act: str) -> None:
        super().__init__(discord.ui.Select(custom_id=hand_custom_id(table_id, owner, at, act)))
        self.table_id, self.owner, self.at, self.act = table_id, owner, at, act

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]
    ) -> HandMenu:
        at = (int(match["hand"]), int(match["seq"]))
        return cls(int(match["table"]), int(match["owner"]), at, match["act"])

    async def clicked(self, interaction: discord.Interaction) -> None:
        values: list[Any] = list((interaction.data or {}).get("values", []))  # type: ignore[union-attr]
        await _controls(interaction).hand_click(
            interaction, self.table_id, self.owner, self.at, self.act, values,
            shown_pick=picked_in(interaction.message, self.table_id, self.owner, self.at),
        )
        _let_go(self, interaction)


DYNAMIC_ITEMS = (TableButton, HandButton, HandMenu)


def picked_in(
    message: discord.Message | None, table_id: int, owner: int, at: tuple[int, int]
) -> list[str]:
    """The cards a hand view shows as picked: the chosen options of its card menu.

    Discord sends the clicked message with each click, as the bot last rendered it, so
    a pick travels with the Spread or Hit press that follows it, even across a restart
    that emptied the bot's memory of picks. Only a view of this same action number
    counts, and the engine still checks the cards are the player's.
    """
    if message is None:
        return []
    wanted = hand_custom_id(table_id, owner, at, "pick")
    for row in message.components:
        for item in getattr(row, "children", ()):
            if isinstance(item, discord.SelectMenu) and item.custom_id == wanted:
                return [option.value for option in item.options if option.default]
    return []


# -- what is sent: Discord's component payload ------------------------------------------
#
# A view is sent once and never listened to, so it is built as the payload itself, in
# exactly the form discord.py gives its own items (tests/discord/test_views.py holds the
# two side by side). Building discord.py's button, menu and option objects only to turn
# them into this payload cost more per click than everything else the bot renders.

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


def _button(custom_id: str, label: str, style: discord.ButtonStyle, *, enabled: bool = True
            ) -> Component:
    return {"type": 2, "style": style.value, "disabled": not enabled, "label": label,
            "custom_id": custom_id}


def _menu(custom_id: str, options: list[Component], placeholder: str, *, max_values: int = 1,
          enabled: bool = True) -> Component:
    return {"type": 3, "custom_id": custom_id, "min_values": 1,
            "max_values": max(1, min(max_values, len(options))), "disabled": not enabled,
            "required": True,
            "placeholder": placeholder, "options": options}


def _option(label: str, value: str, *, default: bool = False) -> Component:
    return {"label": label, "value": value, "default": default}


def table_view(table_id: int) -> RenderedView:
    return RenderedView([[
        _button(table_custom_id(table_id, "hand"), "Your hand", discord.ButtonStyle.primary),
        _button(table_custom_id(table_id, "join"), "Join", discord.ButtonStyle.secondary),
    ]])


def hand_view(
    table_id: int,
    owner: int,
    hand_number: int,
    view: PrivateView,
    *,
    picked: Collection[Card] = (),
    targets: Collection[int] | None = None,
) -> RenderedView:
    """The components of a hand view: only the legal actions are enabled."""
    at, legal = (hand_number, view.public.seq), set(view.legal)

    def button(act: str, label: str, style: discord.ButtonStyle, enabled: bool) -> Component:
        return _button(hand_custom_id(table_id, owner, at, act), label, style, enabled=enabled)

    def menu(act: str, options: list[Component], placeholder: str, **how: Any) -> Component:
        return _menu(hand_custom_id(table_id, owner, at, act), options, placeholder, **how)

    top = view.public.discard_top
    take = f"Take {C.label(top)}" if top is not None else "Take the discard"
    draws = [
        button("drop", "Drop", discord.ButtonStyle.danger, DROP in legal),
        button("stock", "Draw from the stock", discord.ButtonStyle.primary, DRAW_STOCK in legal),
        button("take", take, discord.ButtonStyle.primary, DRAW_DISCARD in legal),
    ]
    discard, pick = [], []
    if view.hand:
        def card_options(marked: Collection[Card]) -> list[Component]:
            return [_option(C.label(card), C.code(card), default=card in marked)
                    for card in view.hand]

        discard = [menu("throw", card_options(()), "Discard a card (ends your turn)",
                        enabled=DISCARD_CARD in legal)]
        pick = [menu("pick", card_options(picked), "Pick cards to spread or hit",
                     max_values=len(view.hand), enabled=bool(legal & {SPREAD, HIT}))]
    plays = [
        button("spread", "Spread", discord.ButtonStyle.success, SPREAD in legal),
        button("hit", "Hit…", discord.ButtonStyle.success, HIT in legal),
        button("refresh", "Refresh", discord.ButtonStyle.secondary, True),
    ]
    target = []
    if targets:
        by_index = {s.index: s for s in view.public.spreads}
        options = [_option(f"Spread {i + 1}: {C.labels(by_index[i].cards)}"[:100], str(i))
                   for i in sorted(targets)]
        target = [menu("target", options, "Hit which spread?")]
    return RenderedView([draws, discard, pick, plays, target])
