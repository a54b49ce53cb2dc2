"""Page One's part of the table UI (cogs/table/ui.py): its embeds, a hand view of the
hand's cards as buttons (a press plays the card) with a Page One! toggle under `pageone:`
ids, its clicks.

The toggle is carried by the card buttons themselves: with the call turned on, their act
is `called` rather than `throw`, so a play made from a view shown before a restart still
carries the call it showed.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.i18n import N_, Text, _
from bot.settings import Settings
from bot.tables import LiveTable, TableError, TableService
from cogs.pageone import pictures, render, rules
from cogs.shedding.ui import GAME_OVER, MENU_OPTIONS, SheddingUI, hand_cards, hand_rows
from cogs.table.components import Component, RenderedView, button, card_option, menu
from cogs.table.emojis import face_and_word, faces_and_words
from cogs.table.ui import FRESH_VIEW, GameUI, ViewState
from engine import cards as C
from engine.cards import Card, CardError
from engine.pageone.actions import Play
from engine.pageone.game import PAGEONE
from engine.pageone.views import PrivateView

PLAY, PLAY_CALLING = "throw", "called"  # a card played, without and with the call
CALL_ON, CALL_OFF = "call", "uncall"
CALLING = [1]  # what a toggle's click hands the next render: the call is on
# The hand's plan: four cards dealt (PAGEONE-3.1), but drawing until able (4.4) and the
# five for a missed call (4.7) have no bound short of the pack, 53 cards. Up to 20 are
# buttons in four rows, the toggle and Refresh on the fifth; a hand of more is one menu
# of the cards it may play (the first 25: only a lead can offer more).
CARD_ROWS = 4


class PageOneUI(SheddingUI, GameUI):
    game = PAGEONE
    how_to_start = N_("`/pageone join` in a channel, then the host deals with `/pageone start`")
    embeds = render.PageOneEmbeds()
    table_picture = staticmethod(pictures.table_picture)
    button_acts = (CALL_ON, CALL_OFF)
    card_acts = (PLAY, PLAY_CALLING)
    menu_acts = (PLAY, PLAY_CALLING)  # a hand too large for the buttons
    hand_picture = staticmethod(pictures.hand_picture)
    lobby_line = N_("Everyone antes the stake; the first out of cards takes the pot.")

    def rules_embed(self, settings: Settings) -> discord.Embed:
        return rules.rules_embed(settings)

    def hand_view(
        self, table_id: int, owner: int, hand_number: int, view: PrivateView, *,
        state: ViewState = FRESH_VIEW,
    ) -> RenderedView:
        """The hand's cards as buttons, exactly the legal ones enabled (PAGEONE-4.2 to
        4.4); holding two cards, the Page One! toggle sits under them (4.7)."""
        custom_id = self.control_ids(table_id, owner, hand_number, view)
        calling = bool(state.offered) and view.call_due
        act = PLAY_CALLING if calling else PLAY

        def plays_menu() -> Component:
            cards = view.legal_cards or view.hand
            placeholder = (_("Play a card, calling Page One!") if calling
                           else _("Play a card") if view.legal_cards else _("Your cards"))
            return menu(custom_id(act), [card_option(card) for card in cards[:MENU_OPTIONS]],
                        placeholder, enabled=bool(view.legal_cards))

        cards = hand_cards(custom_id, act, view.hand, rows=CARD_ROWS,
                           playable=view.legal_cards, too_many=plays_menu)
        toggle = []
        if view.call_due:
            toggle.append(
                # Translators: a toggle button: whether the call "Page One!" (made when
                # playing down to one card) goes with the next card played; on, then off.
                button(custom_id(CALL_OFF), _("Page One! ✅ on"), discord.ButtonStyle.success,
                       enabled=bool(view.legal))
                if calling else
                button(custom_id(CALL_ON), _("Page One! ⬜ off"),
                       discord.ButtonStyle.secondary, enabled=bool(view.legal))
            )
        return hand_rows(custom_id, cards, [], toggle)

    async def play(
        self, tables: TableService, table: LiveTable, user: int, at: tuple[int, int],
        act: str, picked: Sequence[Card], values: list[str],
    ) -> tuple[str, list[int] | None]:
        if act == CALL_ON:
            return _("Page One! will be called with your play."), CALLING
        if act == CALL_OFF:
            return _("Page One! is off."), None
        if act not in (PLAY, PLAY_CALLING):
            raise TableError(Text("that button does nothing in Page One."))
        if len(values) != 1:
            raise TableError(Text("choose one card to play."))
        try:
            card = C.parse_with_joker(values[0])
        except CardError:
            raise TableError(Text("that menu choice is not a card.")) from None
        seat = str(user)
        if not await self.played(tables, table, user, at, Play(seat, card, act == PLAY_CALLING)):
            return _(GAME_OVER), None
        played = face_and_word(card)
        drawn = table.hand.private_view(seat).drawn
        if drawn:  # PAGEONE-4.7: five at once for a play to one card without the call
            return _("You played {card}. No call: the bot drew {cards} for you.", card=played,
                     cards=faces_and_words(drawn)), None
        if act == PLAY_CALLING:
            return _("You played {card} and called Page One!.", card=played), None
        return _("You played {card}.", card=played), None
