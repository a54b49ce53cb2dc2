"""Gops's part of the table UI (cogs/table/ui.py): its embeds, its words for the sealed
bid (cogs/sealed/play.py) under `gops:` ids, its hand as card buttons, its rules."""

from __future__ import annotations

from collections.abc import Callable

import discord

from bot.i18n import N_, Text, _
from bot.settings import Settings
from bot.tables import TableError
from cogs.gops import pictures, render, rules
from cogs.sealed.play import CHOOSE, SealedPlay
from cogs.sealed.words import BIDS
from cogs.table.components import Component, card_buttons
from cogs.table.emojis import face_and_word
from cogs.table.ui import GameUI
from engine import cards as C
from engine.cards import CardError
from engine.gops.actions import Bid
from engine.gops.game import GOPS
from engine.gops.views import PrivateView

# The hand as card buttons: at most 13 cards (one whole suit, GOPS-1.2), so three rows of
# five, and Refresh's row (with Picture beside it) makes four of Discord's five. A hand
# is never larger; if one were, card_buttons would show it as one menu of faces.
CARD_ROWS = 3


class GopsUI(SealedPlay, GameUI):
    game = GOPS
    embeds = render
    how_to_start = N_("`/gops join` in a channel, then the host deals with `/gops start`")
    table_picture = staticmethod(pictures.table_picture)
    hand_picture = staticmethod(pictures.hand_picture)
    words = BIDS
    # Translators: the bid menu's placeholder: a sealed bid is final once made
    placeholder = N_("Bid a card (final once made)")
    # A press of a card bids it, as its option in the menu did ("bid" stays a menu act:
    # a view sent before the cards were buttons still bids from its menu).
    card_acts = (CHOOSE,)
    hand_word = "game"
    lobby_line = N_("Everyone posts the stake; thirteen sealed bids for the diamonds; the "
                    "highest score takes the pot.")
    result_lines = staticmethod(render.result_lines)
    history_words = staticmethod(render.history_words)

    def rules_embed(self, settings: Settings) -> discord.Embed:
        return rules.rules_embed(settings)

    def choice_rows(self, view: PrivateView,
                    custom_id: Callable[[str], str]) -> list[list[Component]]:
        """GOPS-4.2: the player's own cards as buttons, in their own view, pressed to bid
        (GOPS-2.2); shown disabled while no bid is due, so the hand stays in view."""
        return card_buttons(custom_id, CHOOSE, view.hand, rows=CARD_ROWS,
                            playable=bool(view.legal), placeholder=_(self.placeholder))

    def choice_from(self, seat: str, value: str) -> Bid:
        try:
            return Bid(seat, C.parse(value))
        except CardError:
            raise TableError(Text("that menu choice is not a card.")) from None

    def choice_words(self, action: Bid) -> str:
        return face_and_word(action.card)
