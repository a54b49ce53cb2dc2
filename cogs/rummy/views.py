"""The hand view of a rummy game: draw, drop, the hand as card buttons to pick for a
spread or a hit, the discard menu. Only the legal actions are enabled, so a hit-locked
Tonk turn shows Spread and Hit disabled (TONK-4.2) because the engine does not offer
them."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import _, pgettext
from cogs.table.components import (
    Component,
    RenderedView,
    button,
    card_buttons,
    card_option,
    menu,
    option,
)
from cogs.table.emojis import face_emoji
from cogs.table.items import hand_custom_id
from cogs.table.ui import FRESH_VIEW, ViewState
from engine import cards as C
from engine.actions import DISCARD_CARD, DRAW_DISCARD, DRAW_STOCK, DROP, HIT, SPREAD
from engine.rummy.views import PrivateView

# The rows the hand's card buttons may take: GFF's and Tonk's largest hand is six.
CARD_ROWS = 2


def hand_view(
    game: str,
    table_id: int,
    owner: int,
    hand_number: int,
    view: PrivateView,
    *,
    state: ViewState = FRESH_VIEW,
) -> RenderedView:
    """The components of a hand view: only the legal actions are enabled. The card menu
    shows the cards picked; after a press of Hit, the spreads it may go on are offered."""
    at, legal = (hand_number, view.public.seq), set(view.legal)
    picked, targets = state.picked, state.offered

    def press(act: str, label: str, style: discord.ButtonStyle, enabled: bool,
              emoji: dict[str, str] | None = None) -> Component:
        return button(hand_custom_id(game, table_id, owner, at, act), label, style,
                      enabled=enabled, emoji=emoji)

    def choose(act: str, options: list[Component], placeholder: str, **how: Any) -> Component:
        return menu(hand_custom_id(game, table_id, owner, at, act), options, placeholder, **how)

    top = view.public.discard_top
    # Translators: a button: take the top card of the discard pile into your hand
    take = _("Take the discard")
    if top is not None:  # the card is face up on the table: its face on the button too
        # Translators: a button beside the discard pile's top card (its picture, or
        # {card}): take it into your hand
        take = (pgettext("button", "Take") if face_emoji(top)
                else _("Take {card}", card=C.label(top)))
    draws = [
        # Translators: a button: lay your hand down, claiming it is the lowest (a "drop")
        press("drop", pgettext("button", "Drop"), discord.ButtonStyle.danger, DROP in legal),
        # Translators: a button: take the top card of the face-down stock
        press("stock", _("Draw from the stock"), discord.ButtonStyle.primary,
              DRAW_STOCK in legal),
        press("take", take, discord.ButtonStyle.primary, DRAW_DISCARD in legal,
              emoji=face_emoji(top) if top is not None else None),
    ]
    # The hand as card buttons: a press picks a card or puts it back, for a spread or a
    # hit. The discard, the move of every turn, stays one choice in a menu of faces. A
    # hand of six (five and the card drawn) is two rows; with the draws, the plays and
    # the discard menu (or, after Hit, the spreads it may go on), five rows in all.
    cards = card_buttons(
        lambda act: hand_custom_id(game, table_id, owner, at, act), "pick", view.hand,
        rows=CARD_ROWS, picked=picked, playable=bool(legal & {SPREAD, HIT}),
        placeholder=_("Pick cards to spread or hit"), many=True)
    plays = [
        # Translators: a button: lay the picked cards on the table as a set or run (a
        # "spread")
        press("spread", pgettext("button", "Spread"), discord.ButtonStyle.success,
              SPREAD in legal),
        # Translators: a button: add the picked cards to a spread already on the table
        # (a "hit"); a menu of the spreads follows
        press("hit", pgettext("button", "Hit…"), discord.ButtonStyle.success, HIT in legal),
        # Translators: a button: draw the view again with the table as it is now
        press("refresh", pgettext("button", "Refresh"), discord.ButtonStyle.secondary, True),
    ]
    last = []
    if targets:
        by_index = {s.index: s for s in view.public.spreads}
        options = [option(_("Spread {spread}: {cards}", spread=i + 1,
                            cards=C.labels(by_index[i].cards))[:100], str(i))
                   for i in sorted(targets)]
        last = [choose("target", options, _("Hit which spread?"))]
    elif view.hand:
        last = [choose("throw", [card_option(card) for card in view.hand],
                       _("Discard a card (ends your turn)"), enabled=DISCARD_CARD in legal)]
    return RenderedView([*cards, draws, plays, last])
