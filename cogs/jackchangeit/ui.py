"""Jack Change It's part of the table UI (cogs/table/ui.py): its embeds, a hand view of
the hand's cards as buttons (a press plays the card), the A♥ with a 2 as buttons of its
own and a Draw button under `jackchangeit:` ids, its clicks.

A jack is played in two steps (JCI-4.5): its button brings up a menu of the three suits
it may name, each option carrying the jack, so the second step needs nothing kept
between the two clicks and still works after a restart.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import discord

from bot.i18n import N_, Text, _, ngettext
from bot.settings import Settings
from bot.tables import LiveTable, TableError, TableService
from cogs.jackchangeit import pictures, render, rules
from cogs.shedding.render import suit_name
from cogs.shedding.ui import GAME_OVER, MENU_OPTIONS, SheddingUI, hand_cards, hand_rows
from cogs.table.components import (
    ROW,
    Component,
    RenderedView,
    button,
    card_option,
    menu,
    option,
)
from cogs.table.emojis import face_and_word, face_emoji
from cogs.table.emojis.shown import FACES
from cogs.table.items import card_act
from cogs.table.ui import FRESH_VIEW, GameUI, ViewState
from engine import cards as C
from engine.cards import Card, CardError
from engine.jackchangeit.actions import DRAW, Action, Draw, Play
from engine.jackchangeit.game import JACKCHANGEIT
from engine.jackchangeit.info import ACE_OF_HEARTS, JACK
from engine.jackchangeit.views import PrivateView

# A card's button (or the big hand's play menu); the A♥ with a 2, a button of the 2; the
# menu of the suit a jack names.
PLAY, PAIR_ACT, SUIT = "throw", "pair", "suit"
PAIR = "+"  # "AH+2C" in the big hand's menu: the A♥ with a 2 under it (JCI-4.6)
# The hand's plan: seven cards dealt (JCI-3.1), more with every draw (4.3, 4.7) and no
# bound short of the deck. Up to 15 are buttons in three rows, leaving a row for a
# jack's suits and one for Draw (or the A♥ with each 2) and Refresh; a hand of more is
# one menu of the legal plays, the pairs among them (the first 25, as the rules page's
# readings say).
CARD_ROWS = 3


def play_value(card: Card, two: Card | None) -> str:
    return C.code(card) + (PAIR + C.code(two) if two is not None else "")


def play_label(card: Card, two: Card | None) -> str:
    if two is not None:
        # Translators: a menu option: the ace of hearts played together with a 2.
        return _("{card} with {two}: the next player draws 7", card=C.label(card),
                 two=C.label(two))
    if C.rank(card) == JACK:
        # Translators: a menu option: a jack, after which the player names a suit.
        return _("{card}: then name a suit", card=C.label(card))
    return C.label(card)


def suit_option(suit: int, value: str) -> Component:
    """A suit a jack may name (JCI-4.5): its mark as the option's face, its name."""
    emoji = FACES.emoji(f"suit{C.SUITS[suit]}")
    name = suit_name(suit)
    return option(name if emoji else f"{C.SUIT_SYMBOLS[suit]} {name}", value, emoji=emoji)


def pair_button(custom_id: Callable[[str], str], hand: Sequence[Card], two: Card
                ) -> Component:
    """The A♥ with `two` under it (JCI-4.6): the 2's button, by its place in the hand."""
    emoji = face_emoji(two)
    ace = C.label(ACE_OF_HEARTS)
    # Translators: a button: this 2 played together with the ace of hearts (the 2 shown by
    # its picture, or by {two} when there is none).
    words = (_("+ {card}: the next player draws 7", card=ace) if emoji
             else _("{two} + {card}: the next player draws 7", two=C.label(two), card=ace))
    return button(custom_id(card_act(PAIR_ACT, hand.index(two))), words,
                  discord.ButtonStyle.primary, emoji=emoji)


class JackChangeItUI(SheddingUI, GameUI):
    game = JACKCHANGEIT
    how_to_start = N_("`/jackchangeit join` in a channel, then the host deals with "
                      "`/jackchangeit start`")
    embeds = render.JackChangeItEmbeds()
    table_picture = staticmethod(pictures.table_picture)
    button_acts = (DRAW,)
    card_acts = (PLAY, PAIR_ACT)
    menu_acts = (PLAY, SUIT)  # PLAY: the plays of a hand too large for the buttons
    hand_picture = staticmethod(pictures.hand_picture)
    lobby_line = N_("Everyone antes the stake; the first out of cards takes the pot.")

    def rules_embed(self, settings: Settings) -> discord.Embed:
        return rules.rules_embed(settings)

    def hand_view(
        self, table_id: int, owner: int, hand_number: int, view: PrivateView, *,
        state: ViewState = FRESH_VIEW,
    ) -> RenderedView:
        """The hand's cards as buttons, exactly the legal single plays enabled (JCI-4.2 to
        4.7), and the A♥ with each 2 it may go with (4.6); a jack pressed (offered back
        by `play`) brings up the menu of the suits it may name."""
        custom_id = self.control_ids(table_id, owner, hand_number, view)
        jack = next((c for c in state.offered or () if (c, None) in view.plays
                     and C.rank(c) == JACK), None)

        def plays_menu() -> Component:
            if view.plays:
                options = [card_option(c, play_value(c, two), label=play_label(c, two))
                           for c, two in view.plays[:MENU_OPTIONS]]
                return menu(custom_id(PLAY), options, _("Play a card"))
            options = [card_option(c) for c in view.hand[:MENU_OPTIONS]]
            return menu(custom_id(PLAY), options, _("Your cards"), enabled=False)

        singles = {card for card, two in view.plays if two is None}
        cards = hand_cards(custom_id, PLAY, view.hand, rows=CARD_ROWS, playable=singles,
                           too_many=plays_menu, picked=() if jack is None else (jack,))
        menus = []
        if jack is not None:
            options = [suit_option(s, f"{C.code(jack)}:{C.SUITS[s]}")
                       for s in range(4) if s != C.suit(jack)]
            menus.append(menu(custom_id(SUIT), options,
                              _("{card} names the suit…", card=C.label(jack))))
        buttons = []
        if DRAW in view.legal:
            # Translators: a button: take the pending draw of {n} cards instead of
            # countering it.
            buttons.append(button(custom_id(DRAW),
                                  ngettext("Draw {n}", "Draw {n}", view.public.pending),
                                  discord.ButtonStyle.danger))
        elif len(view.hand) <= CARD_ROWS * ROW:  # else the pairs are in the plays menu
            # At most four: one for each 2, with Refresh on the row.
            buttons += [pair_button(custom_id, view.hand, two)
                        for _, two in view.plays if two is not None]
        return hand_rows(custom_id, cards, menus, buttons)

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
                return _("Name the suit for {card}.", card=C.label(card)), [card]
            action = Play(seat, card, None, two)
        elif act == PAIR_ACT:  # the button of the 2 that goes under the A♥ (JCI-4.6)
            two, more = _play_chosen(values)
            if more is not None:
                raise TableError(Text("that menu choice is not a play."))
            action = Play(seat, ACE_OF_HEARTS, None, two)
        elif act == SUIT:
            card, suit = _suit_chosen(values)
            action = Play(seat, card, suit)
        else:
            raise TableError(Text("that button does nothing in Jack Change It."))
        if not await self.played(tables, table, user, at, action):
            return _(GAME_OVER), None
        if isinstance(action, Draw):
            return _("You took the draw."), None
        played = face_and_word(action.card)
        if action.with_ is not None:  # the A♥ with a 2 (JCI-4.6): never a jack
            return _("You played {card} with {two}.", card=played,
                     two=face_and_word(action.with_)), None
        if action.suit is not None:
            return _("You played {card}, naming {suit}.", card=played,
                     suit=suit_name(action.suit)), None
        return _("You played {card}.", card=played), None


def _play_chosen(values: list[str]) -> tuple[Card, Card | None]:
    if len(values) != 1:
        raise TableError(Text("choose one play."))
    card, _sep, two = values[0].partition(PAIR)
    try:
        return C.parse(card), (C.parse(two) if two else None)
    except CardError:
        raise TableError(Text("that menu choice is not a play.")) from None


def _suit_chosen(values: list[str]) -> tuple[Card, int]:
    if len(values) != 1:
        raise TableError(Text("choose one suit."))
    card, _sep, suit = values[0].partition(":")
    try:
        jack = C.parse(card)
    except CardError:
        raise TableError(Text("that menu choice is not a suit.")) from None
    if C.rank(jack) != JACK or suit not in C.SUITS or len(suit) != 1:
        raise TableError(Text("that menu choice is not a suit."))
    return jack, C.SUITS.index(suit)
