"""Jack Change It's part of the table UI (cogs/table/ui.py): its embeds, a hand view of one
play menu and a Draw button under `jackchangeit:` ids, its clicks.

A jack is played in two steps (JCI-4.5): choosing it in the play menu brings up a menu of
the three suits it may name, each option carrying the jack, so the second step needs
nothing kept between the two clicks and still works after a restart.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.settings import Settings
from bot.tables import LiveTable, TableError, TableService
from cogs.jackchangeit import pictures, render, rules
from cogs.shedding.ui import GAME_OVER, SheddingUI, hand_rows
from cogs.table.components import RenderedView, button, menu, option
from cogs.table.ui import FRESH_VIEW, GameUI, ViewState
from engine import cards as C
from engine.cards import Card, CardError
from engine.jackchangeit.actions import DRAW, Action, Draw, Play
from engine.jackchangeit.game import JACKCHANGEIT
from engine.jackchangeit.info import JACK
from engine.jackchangeit.views import PrivateView

PLAY, SUIT = "throw", "suit"  # the play menu; the menu of the suit a jack names
MENU_OPTIONS = 25  # Discord's most options in one select menu
PAIR = "+"  # "AH+2C": the A♥ with a 2 under it (JCI-4.6)


def play_value(card: Card, two: Card | None) -> str:
    return C.code(card) + (PAIR + C.code(two) if two is not None else "")


def play_label(card: Card, two: Card | None) -> str:
    if two is not None:
        return f"{C.label(card)} with {C.label(two)}: the next player draws 7"
    if C.rank(card) == JACK:
        return f"{C.label(card)}: then name a suit"
    return C.label(card)


class JackChangeItUI(SheddingUI, GameUI):
    game = JACKCHANGEIT
    how_to_start = ("`/jackchangeit join` in a channel, then the host deals with "
                    "`/jackchangeit start`")
    embeds = render.JackChangeItEmbeds()
    table_picture = staticmethod(pictures.table_picture)
    button_acts = (DRAW,)
    menu_acts = (PLAY, SUIT)
    hand_picture = staticmethod(pictures.hand_picture)
    lobby_line = "Everyone antes the stake; the first out of cards takes the pot."

    def rules_embed(self, settings: Settings) -> discord.Embed:
        return rules.rules_embed(settings)

    def hand_view(
        self, table_id: int, owner: int, hand_number: int, view: PrivateView, *,
        state: ViewState = FRESH_VIEW,
    ) -> RenderedView:
        """The play menu offers exactly the legal plays (JCI-4.2 to 4.7); a jack chosen
        there (offered back by `play`) brings up the menu of the suits it may name."""
        custom_id = self.control_ids(table_id, owner, hand_number, view)
        menus = []
        jack = next((c for c in state.offered or () if (c, None) in view.plays
                     and C.rank(c) == JACK), None)
        if jack is not None:
            options = [option(f"{C.SUIT_SYMBOLS[s]} {C.SUIT_NAMES[s]}",
                              f"{C.code(jack)}:{C.SUITS[s]}")
                       for s in range(4) if s != C.suit(jack)]
            menus.append(menu(custom_id(SUIT), options, f"{C.label(jack)} names the suit…"))
        if view.plays:
            # More legal plays than a menu holds happens only with a hand of 25 and more.
            options = [option(play_label(c, two), play_value(c, two))
                       for c, two in view.plays[:MENU_OPTIONS]]
            menus.append(menu(custom_id(PLAY), options, "Play a card"))
        elif view.hand:
            options = [option(C.label(c), C.code(c)) for c in view.hand[:MENU_OPTIONS]]
            menus.append(menu(custom_id(PLAY), options, "Your cards", enabled=False))
        draw = []
        if DRAW in view.legal:
            draw.append(button(custom_id(DRAW), f"Draw {view.public.pending}",
                               discord.ButtonStyle.danger))
        return hand_rows(custom_id, menus, draw)

    async def play(
        self, tables: TableService, table: LiveTable, user: int, at: tuple[int, int],
        act: str, picked: Sequence[Card], values: list[str],
    ) -> tuple[str, list[int] | None]:
        seat = str(user)
        action: Action
        if act == DRAW:
            action = Draw(seat)
        elif act == PLAY:
            card, two = _play_chosen(values)
            if C.rank(card) == JACK:
                return f"Name the suit for {C.label(card)}.", [card]
            action = Play(seat, card, None, two)
        elif act == SUIT:
            card, suit = _suit_chosen(values)
            action = Play(seat, card, suit)
        else:
            raise TableError("that button does nothing in Jack Change It.")
        if not await self.played(tables, table, user, at, action):
            return GAME_OVER, None
        if isinstance(action, Draw):
            return "You took the draw.", None
        said = f"You played {C.label(action.card)}"
        if action.with_ is not None:
            said += f" with {C.label(action.with_)}"
        if action.suit is not None:
            said += f", naming {C.SUIT_NAMES[action.suit]}"
        return said + ".", None


def _play_chosen(values: list[str]) -> tuple[Card, Card | None]:
    if len(values) != 1:
        raise TableError("choose one play.")
    card, _, two = values[0].partition(PAIR)
    try:
        return C.parse(card), (C.parse(two) if two else None)
    except CardError:
        raise TableError("that menu choice is not a play.") from None


def _suit_chosen(values: list[str]) -> tuple[Card, int]:
    if len(values) != 1:
        raise TableError("choose one suit.")
    card, _, suit = values[0].partition(":")
    try:
        jack = C.parse(card)
    except CardError:
        raise TableError("that menu choice is not a suit.") from None
    if C.rank(jack) != JACK or suit not in C.SUITS or len(suit) != 1:
        raise TableError("that menu choice is not a suit.")
    return jack, C.SUITS.index(suit)
