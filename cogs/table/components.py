"""What is sent: Discord's component payload, built directly.

A view is sent once and never listened to, so it is built as the payload itself, in
exactly the form discord.py gives its own items (tests/discord/test_views.py holds the
two side by side). Building discord.py's button, menu and option objects only to turn
them into this payload cost more per click than everything else the bot renders.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

import discord

from bot.i18n import _
from cogs.table.emojis.shown import face_emoji
from cogs.table.items import card_act, table_custom_id
from engine import cards as C
from engine.cards import Card

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


def button(custom_id: str, label: str, style: discord.ButtonStyle, *, enabled: bool = True,
           emoji: dict[str, str] | None = None) -> Component:
    """A button; an empty `label` leaves it out (a card's face needs no words)."""
    made = {"type": 2, "style": style.value, "disabled": not enabled, "custom_id": custom_id}
    if label:
        made["label"] = label
    if emoji:
        made["emoji"] = emoji
    return made


def menu(custom_id: str, options: list[Component], placeholder: str, *, max_values: int = 1,
         enabled: bool = True) -> Component:
    return {"type": 3, "custom_id": custom_id, "min_values": 1,
            "max_values": max(1, min(max_values, len(options))), "disabled": not enabled,
            "required": True,
            "placeholder": placeholder, "options": options}


def option(label: str, value: str, *, default: bool = False,
           emoji: dict[str, str] | None = None) -> Component:
    made = {"label": label, "value": value, "default": default}
    if emoji:
        made["emoji"] = emoji
    return made


def card_option(card: Card, value: str | None = None, *, label: str | None = None,
                default: bool = False) -> Component:
    """A menu option that is a card: its face beside its words (the option's label is
    what a screen reader reads), its code as the value unless the game gives one."""
    return option(label if label is not None else C.label(card),
                  C.code(card) if value is None else value, default=default,
                  emoji=face_emoji(card))


# A row holds five buttons, a message five rows (a menu takes a row of its own).
ROW = 5
ROWS = 5


def card_buttons(
    custom_id: Callable[[str], str], act: str, cards: Sequence[Card], *,
    rows: int, playable: Callable[[Card], bool] | bool = True,
    picked: Collection[Card] = (), placeholder: str | None = None, many: bool = False,
) -> list[list[Component]]:
    """A hand's cards as buttons, each its face, five a row in at most `rows` rows; a
    hand too large for that, as one menu of its first 25 cards (Discord's most options).

    `cards` are the cards the game's UI names `shown_cards`, in that order: a button's
    custom id carries the card's place in them (`<act>.<index>`), never the card
    (cogs/table/items.py). A picked card is a green button (or a chosen option). A card
    `playable` says no to is shown, disabled, so the whole hand is always in view.
    `many`: the menu takes several cards (a pick), else one (a play). `placeholder`, the
    menu's (in the reader's language), is "Your cards" unless given.
    """
    can = (lambda card: playable) if isinstance(playable, bool) else playable
    if len(cards) > rows * ROW:
        options = [card_option(card, default=card in picked) for card in cards[:25]]
        shown = placeholder if placeholder is not None else _("Your cards")
        return [[menu(custom_id(act), options, shown,
                      max_values=len(options) if many else 1,
                      enabled=any(can(card) for card in cards))]]
    buttons = []
    for index, card in enumerate(cards):
        emoji = face_emoji(card)
        style = discord.ButtonStyle.success if card in picked else discord.ButtonStyle.secondary
        # With its face the button needs no words: the hand embed keeps them.
        buttons.append(button(custom_id(card_act(act, index)), "" if emoji else C.label(card),
                              style, enabled=can(card), emoji=emoji))
    return [buttons[i:i + ROW] for i in range(0, len(buttons), ROW)]



def table_view(game: str, table_id: int) -> RenderedView:
    """The public table message's buttons: every game's table has these two."""
    return RenderedView([[
        # Translators: a button of the table message: show me my own cards.
        button(table_custom_id(game, table_id, "hand"), _("Your hand"),
               discord.ButtonStyle.primary),
        # Translators: a button of the table message: take a seat at this table.
        button(table_custom_id(game, table_id, "join"), _("Join"), discord.ButtonStyle.secondary),
    ]])
