"""The flush auction's part of the table UI (cogs/table/ui.py): its embeds, its words
for the sealed bid menu (cogs/sealed/play.py) under `auction:` ids, its rules."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import N_, Text, _
from bot.settings import Settings
from bot.tables import LiveTable, TableError
from cogs.auction import pictures, render, rules
from cogs.auction.reveals import shown_reveals
from cogs.sealed.play import SealedPlay
from cogs.sealed.words import BIDS
from cogs.table.components import Component, option
from cogs.table.names import count
from cogs.table.ui import GameUI
from engine.auction.actions import Bid
from engine.auction.game import AUCTION
from engine.auction.views import PrivateView


class AuctionUI(SealedPlay, GameUI):
    game = AUCTION
    embeds = render
    how_to_start = N_("`/auction join` in a channel, then the host deals with `/auction start`")
    table_picture = staticmethod(pictures.table_picture)
    hand_picture = staticmethod(pictures.hand_picture)
    words = BIDS
    # Translators: the bid menu's placeholder: game chips are counters for bidding only; a
    # sealed bid is final once made
    placeholder = N_("Bid game chips (final once made)")
    hand_word = "game"
    lobby_line = N_("Everyone posts the stake; five rounds of sealed bids in game chips for "
                    "face-up cards; most points takes the pot.")
    result_lines = staticmethod(render.result_lines)
    history_words = staticmethod(render.history_words)

    def rules_embed(self, settings: Settings) -> discord.Embed:
        return rules.rules_embed(settings)

    def draw_table(self, table: LiveTable, public: Any, **shown: Any) -> discord.Embed:
        """The bids of the latest reveal (AUCTION-6.2), up until the next round's first."""
        return render.table_embed(public, shown_reveals(table.running.hand), **shown)

    def choice_options(self, view: PrivateView) -> list[Component]:
        """AUCTION-3.1: the legal amounts, at most 12 (0 to 11), in the player's own view.

        No card is ever played or picked from the hand (a bid is game chips), so the hand
        view has no card buttons: one menu of amounts and Refresh. The cards, dealt and
        bought, are the hand embed's heading, as faces: while bids are due, at most 16
        (a fifth of a suit is a flush, which ends the round: AUCTION-1.4, 4.1)."""
        # Translators: a bid menu's option: "Bid 3 game chips"
        return [option(_("Bid {amount}", amount=count(n, "game chip")), str(n))
                for n in range(view.low, view.high + 1)]

    def choice_from(self, seat: str, value: str) -> Bid:
        if not value.isdigit():
            raise TableError(Text("that menu choice is not a whole number of game chips."))
        return Bid(seat, int(value))

    def choice_words(self, action: Bid) -> str:
        return count(action.amount, "game chip")
