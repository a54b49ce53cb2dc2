"""Farmer's part of the table UI (cogs/table/ui.py): its embeds, a hand view of Hit and
Stay under `farmer:` ids, its clicks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.i18n import N_, Text, _, ngettext, pgettext
from bot.settings import Settings
from bot.store import Table
from bot.tables import LiveTable, TableError, TableService
from cogs.farmer import pictures, render, rules
from cogs.table.components import RenderedView, button
from cogs.table.emojis import face_and_word
from cogs.table.items import hand_custom_id
from cogs.table.ui import FRESH_VIEW, Field, GameUI, ViewState
from engine.cards import Card
from engine.farmer.actions import HIT, STAY, FarmerAction
from engine.farmer.game import FARMER
from engine.farmer.info import FARM
from engine.farmer.views import PrivateView

GAME = FARMER.info.id


class FarmerUI(GameUI):
    game = FARMER
    embeds = render
    how_to_start = N_("`/farmer join` in a channel, then the host deals with `/farmer start`")
    table_picture = staticmethod(pictures.table_picture)
    button_acts = (HIT, STAY)
    hand_picture = staticmethod(pictures.hand_picture)
    # Translators: what Farmer calls one hand, as in "deal 3"
    hand_word = N_("deal")
    # Translators: the farm is the pot; a hand of exactly sixteen wins it
    lobby_line = N_("Everyone antes into the farm; sixteen takes it.")
    # Translators: what a player's stack fell below to be out of the table
    out_below = N_("two stakes")
    result_lines = staticmethod(render.result_lines)
    history_ending = staticmethod(render.history_ending)
    history_words = staticmethod(render.history_words)

    def rules_embed(self, settings: Settings) -> discord.Embed:
        return rules.rules_embed(settings)

    def lobby_fields(self, info: Table, seats: Field) -> list[Field]:
        """The farm carried from the last deal (FARMER-2.2), above the seats."""
        return [Field(_("Farm"), ngettext("{n} chip carried", "{n} chips carried",
                                          info.pots.get(FARM, 0))), seats]

    def draw_table(self, table: LiveTable, public: Any, **shown: Any) -> discord.Embed:
        """The first-farmer draw (FARMER-2.4), which the first deal's table shows."""
        return render.table_embed(public, draw=table.dealer_draw, **shown)

    def hand_view(
        self, table_id: int, owner: int, hand_number: int, view: PrivateView, *,
        state: ViewState = FRESH_VIEW,
    ) -> RenderedView:
        """Hit and Stay, each enabled only when the engine allows it (FARMER-4.2, 4.4)."""
        # No card is played or picked from a Farmer hand (4.1: hit or stay), so no card
        # buttons: the hand (the face-down card and the hits, ten cards at most, as a hand
        # stops at its first card past 16, 4.4) is faces at the top of the hand embed.
        at, legal = (hand_number, view.public.seq), set(view.legal)

        def press(act: str, label: str, style: discord.ButtonStyle, enabled: bool):
            return button(hand_custom_id(GAME, table_id, owner, at, act), label, style,
                          enabled=enabled)

        return RenderedView([[
            # Translators: a button: take another card, face up (Farmer)
            press("hit", pgettext("button", "Hit"), discord.ButtonStyle.primary, HIT in legal),
            # Translators: a button: take no more cards and end your turn (Farmer)
            press("stay", pgettext("button", "Stay"), discord.ButtonStyle.success,
                  STAY in legal),
            # Translators: a button: draw the view again with the table as it is now
            press("refresh", pgettext("button", "Refresh"), discord.ButtonStyle.secondary,
                  True),
        ]])

    async def play(
        self, tables: TableService, table: LiveTable, user: int, at: tuple[int, int],
        act: str, picked: Sequence[Card], values: list[str],
    ) -> tuple[str, list[int] | None]:
        if act not in (HIT, STAY):
            raise TableError(Text("that button does nothing in Farmer."))
        seat = str(user)
        number, seq = at
        await tables.act(table.id, user, FarmerAction(seat, act), seq, hand_number=number)
        hand = table.hand
        if hand is None or hand.is_over:
            return _("The deal is over: see the result in the channel."), None
        if act == STAY:
            return _("You stayed."), None
        return _("You drew {card}.", card=face_and_word(hand.hands[seat][-1])), None
