"""The buttons and menus of a table, as persistent DynamicItems.

Custom ids carry the table, the owner of a hand view, the hand's number and its
action number, and the act, never a card: `gff:<table>:<owner>:<hand>.<seq>:<act>`.
They are parsed again after a restart, so old messages keep working; the hand and
action numbers let a stale or double click, or one from an earlier hand, be
refused. The only cards in a component are the options of the card menu in a
player's own ephemeral hand view.

Views render and forward; what a click means is decided in `play.py` and the engine.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import TYPE_CHECKING, Any

import discord

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


class TableButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"gff:(?P<table>[0-9]{1,20}):(?P<act>" + "|".join(TABLE_ACTS) + ")",
):
    """A button on the public table message."""

    def __init__(self, table_id: int, act: str) -> None:
        label, style = {
            "hand": ("Your hand", discord.ButtonStyle.primary),
            "join": ("Join", discord.ButtonStyle.secondary),
        }[act]
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"gff:{table_id}:{act}")
        )
        self.table_id, self.act = table_id, act

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> TableButton:
        return cls(int(match["table"]), match["act"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _controls(interaction).table_button(interaction, self.table_id, self.act)


_HAND_ID = (
    r"gff:(?P<table>[0-9]{1,20}):(?P<owner>[0-9]{1,20}):(?P<hand>[0-9]{1,9})\.(?P<seq>[0-9]{1,9}):"
)


class HandButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=_HAND_ID + "(?P<act>" + "|".join(BUTTON_ACTS) + ")",
):
    """A button in a player's own hand view."""

    def __init__(
        self, table_id: int, owner: int, at: tuple[int, int], act: str, *,
        label: str = "", style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False, row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or act, style=style, disabled=disabled, row=row,
                custom_id=f"gff:{table_id}:{owner}:{at[0]}.{at[1]}:{act}",
            )
        )
        self.table_id, self.owner, self.at, self.act = table_id, owner, at, act

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> HandButton:
        at = (int(match["hand"]), int(match["seq"]))
        return cls(int(match["table"]), int(match["owner"]), at, match["act"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _controls(interaction).hand_click(
            interaction, self.table_id, self.owner, self.at, self.act, []
        )


class HandMenu(
    discord.ui.DynamicItem[discord.ui.Select],
    template=_HAND_ID + "(?P<act>" + "|".join(MENU_ACTS) + ")",
):
    """The discard menu, the card menu and the spread menu of a player's own hand view."""

    def __init__(
        self, table_id: int, owner: int, at: tuple[int, int], act: str, *,
        options: list[discord.SelectOption] | None = None, max_values: int = 1,
        placeholder: str = "", disabled: bool = False, row: int | None = None,
    ) -> None:
        options = options or [discord.SelectOption(label="—", value="none")]
        super().__init__(
            discord.ui.Select(
                custom_id=f"gff:{table_id}:{owner}:{at[0]}.{at[1]}:{act}",
                options=options,
                min_values=1,
                max_values=max(1, min(max_values, len(options))),
                placeholder=placeholder,
                disabled=disabled,
                row=row,
            )
        )
        self.table_id, self.owner, self.at, self.act = table_id, owner, at, act

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]
    ) -> HandMenu:
        at = (int(match["hand"]), int(match["seq"]))
        return cls(int(match["table"]), int(match["owner"]), at, match["act"])

    async def callback(self, interaction: discord.Interaction) -> None:
        values: list[Any] = list((interaction.data or {}).get("values", []))  # type: ignore[union-attr]
        await _controls(interaction).hand_click(
            interaction, self.table_id, self.owner, self.at, self.act, values
        )


DYNAMIC_ITEMS = (TableButton, HandButton, HandMenu)


class RenderedView(discord.ui.View):
    """Components to send, never a listener: every item is a DynamicItem registered at
    start-up and found again from its custom id.

    discord.py keeps a view it sends until the view is finished, and gives each view
    sent with an ephemeral message a 15-minute timer; a busy server would hold
    thousands of those for nothing. This one is finished from the start.
    """

    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.stop()

    def to_components(self) -> list[dict[str, Any]]:
        """The payload to send; the items are let go once it is made.

        A view and its items point at each other, so a sent view would wait for a
        garbage collection to be freed: one per click, and collections are what the
        slowest clicks wait behind. Without its items it is freed when the send ends.
        """
        components = super().to_components()
        self.clear_items()
        return components


def table_view(table_id: int) -> discord.ui.View:
    view = RenderedView()
    view.add_item(TableButton(table_id, "hand"))
    view.add_item(TableButton(table_id, "join"))
    return view


def hand_view(
    table_id: int,
    owner: int,
    hand_number: int,
    view: PrivateView,
    *,
    picked: Collection[Card] = (),
    targets: Collection[int] | None = None,
) -> discord.ui.View:
    """The components of a hand view: only the legal actions are enabled."""
    at, legal = (hand_number, view.public.seq), set(view.legal)
    ui = RenderedView()

    def button(act: str, label: str, style: discord.ButtonStyle, enabled: bool, row: int) -> None:
        ui.add_item(HandButton(table_id, owner, at, act, label=label, style=style,
                               disabled=not enabled, row=row))

    top = view.public.discard_top
    take = f"Take {C.label(top)}" if top is not None else "Take the discard"
    button("drop", "Drop", discord.ButtonStyle.danger, DROP in legal, 0)
    button("stock", "Draw from the stock", discord.ButtonStyle.primary, DRAW_STOCK in legal, 0)
    button("take", take, discord.ButtonStyle.primary, DRAW_DISCARD in legal, 0)
    if view.hand:
        def card_options(marked: Collection[Card]) -> list[discord.SelectOption]:
            return [discord.SelectOption(label=C.label(card), value=C.code(card),
                                         default=card in marked) for card in view.hand]

        ui.add_item(HandMenu(table_id, owner, at, "throw", options=card_options(()),
                             placeholder="Discard a card (ends your turn)",
                             disabled=DISCARD_CARD not in legal, row=1))
        ui.add_item(HandMenu(table_id, owner, at, "pick", options=card_options(picked),
                             max_values=len(view.hand), placeholder="Pick cards to spread or hit",
                             disabled=not legal & {SPREAD, HIT}, row=2))
    button("spread", "Spread", discord.ButtonStyle.success, SPREAD in legal, 3)
    button("hit", "Hit…", discord.ButtonStyle.success, HIT in legal, 3)
    button("refresh", "Refresh", discord.ButtonStyle.secondary, True, 3)
    if targets:
        by_index = {s.index: s for s in view.public.spreads}
        options = [
            discord.SelectOption(
                label=f"Spread {i + 1}: {C.labels(by_index[i].cards)}"[:100], value=str(i)
            )
            for i in sorted(targets)
        ]
        ui.add_item(HandMenu(table_id, owner, at, "target", options=options,
                             placeholder="Hit which spread?", row=4))
    return ui
