"""Page One's part of the table UI (cogs/table/ui.py): its embeds, a hand view of one play
menu with a Page One! toggle under `pageone:` ids, its clicks.

The toggle is carried by the menu itself: with the call turned on, the play menu's act is
`called` rather than `throw`, so a play made from a view shown before a restart still
carries the call it showed.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.settings import Settings
from bot.tables import LiveTable, TableError, TableService
from cogs.pageone import pictures, render, rules
from cogs.shedding.ui import GAME_OVER, SheddingUI, hand_rows
from cogs.table.components import RenderedView, button, menu, option
from cogs.table.ui import FRESH_VIEW, GameUI, ViewState
from engine import cards as C
from engine.cards import Card, CardError
from engine.pageone.actions import Play
from engine.pageone.game import PAGEONE
from engine.pageone.views import PrivateView

PLAY, PLAY_CALLING = "throw", "called"  # the play menu, without and with the call
CALL_ON, CALL_OFF = "call", "uncall"
CALLING = [1]  # what a toggle's click hands the next render: the call is on


class PageOneUI(SheddingUI, GameUI):
    game = PAGEONE
    how_to_start = "`/pageone join` in a channel, then the host deals with `/pageone start`"
    embeds = render.PageOneEmbeds()
    table_picture = staticmethod(pictures.table_picture)
    button_acts = (CALL_ON, CALL_OFF)
    menu_acts = (PLAY, PLAY_CALLING)
    hand_picture = staticmethod(pictures.hand_picture)
    lobby_line = "Everyone antes the stake; the first out of cards takes the pot."

    def rules_embed(self, settings: Settings) -> discord.Embed:
        return rules.rules_embed(settings)

    def hand_view(
        self, table_id: int, owner: int, hand_number: int, view: PrivateView, *,
        state: ViewState = FRESH_VIEW,
    ) -> RenderedView:
        """The play menu offers exactly the legal cards (PAGEONE-4.2 to 4.4); holding two
        cards, the Page One! toggle sits under it (4.7)."""
        custom_id = self.control_ids(table_id, owner, hand_number, view)
        calling = bool(state.offered) and view.call_due
        menus = []
        cards = view.legal_cards or view.hand
        if cards:
            options = [option(C.label(card), C.code(card)) for card in cards]
            placeholder = ("Play a card, calling Page One!" if calling
                           else "Play a card" if view.legal_cards else "Your cards")
            menus.append(menu(custom_id(PLAY_CALLING if calling else PLAY), options,
                              placeholder, enabled=bool(view.legal_cards)))
        toggle = []
        if view.call_due:
            toggle.append(
                button(custom_id(CALL_OFF), "Page One! ✅ on", discord.ButtonStyle.success,
                       enabled=bool(view.legal))
                if calling else
                button(custom_id(CALL_ON), "Page One! ⬜ off", discord.ButtonStyle.secondary,
                       enabled=bool(view.legal))
            )
        return hand_rows(custom_id, menus, toggle)

    async def play(
        self, tables: TableService, table: LiveTable, user: int, at: tuple[int, int],
        act: str, picked: Sequence[Card], values: list[str],
    ) -> tuple[str, list[int] | None]:
        if act == CALL_ON:
            return "Page One! will be called with your play.", CALLING
        if act == CALL_OFF:
            return "Page One! is off.", None
        if act not in (PLAY, PLAY_CALLING):
            raise TableError("that button does nothing in Page One.")
        if len(values) != 1:
            raise TableError("choose one card to play.")
        try:
            card = C.parse_with_joker(values[0])
        except CardError:
            raise TableError("that menu choice is not a card.") from None
        seat = str(user)
        if not await self.played(tables, table, user, at, Play(seat, card, act == PLAY_CALLING)):
            return GAME_OVER, None
        said = f"You played {C.label(card)}"
        if act == PLAY_CALLING:
            said += " and called Page One!"
        drawn = table.hand.private_view(seat).drawn
        if drawn:  # PAGEONE-4.7: five at once for a play to one card without the call
            said += f". No call: the bot drew {C.labels(drawn)} for you"
        return said + ".", None
