"""Gops's part of the table UI (cogs/table/ui.py): its embeds, its words
for the sealed bid menu (cogs/sealed/play.py) under `gops:` ids, its rules."""

from __future__ import annotations

import discord

from bot.settings import Settings
from bot.tables import TableError
from cogs.gops import pictures, render, rules
from cogs.sealed.play import SealedPlay
from cogs.sealed.words import BIDS
from cogs.table.components import Component, option
from cogs.table.ui import GameUI
from engine import cards as C
from engine.cards import CardError
from engine.gops.actions import Bid
from engine.gops.game import GOPS
from engine.gops.views import PrivateView


class GopsUI(SealedPlay, GameUI):
    game = GOPS
    embeds = render
    how_to_start = "`/gops join` in a channel, then the host deals with `/gops start`"
    table_picture = staticmethod(pictures.table_picture)
    hand_picture = staticmethod(pictures.hand_picture)
    words = BIDS
    placeholder = "Bid a card (final once made)"
    hand_word = "game"
    lobby_line = ("Everyone posts the stake; thirteen sealed bids for the diamonds; the "
                  "highest score takes the pot.")
    result_lines = staticmethod(render.result_lines)
    history_words = staticmethod(render.history_words)

    def rules_embed(self, settings: Settings) -> discord.Embed:
        return rules.rules_embed(settings)

    def choice_options(self, view: PrivateView) -> list[Component]:
        """GOPS-4.2: the player's own cards, in their own view; at most 13 options."""
        return [option(C.label(card), C.code(card)) for card in view.hand]

    def choice_from(self, seat: str, value: str) -> Bid:
        try:
            return Bid(seat, C.parse(value))
        except CardError:
            raise TableError("that menu choice is not a card.") from None

    def choice_words(self, action: Bid) -> str:
        return C.label(action.card)
