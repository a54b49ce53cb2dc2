"""Fifty-One's part of the table UI (cogs/table/ui.py): its embeds, a hand view of a Take
menu, the hand as Give buttons and a Give and Stop menu under `fiftyone:` ids, a Clear
button, its clicks.

A swap is one or two clicks (FIFTYONE-4.2): the Take menu comes with a board card chosen,
the one of the best swap, and each Give button carries the board place of its take in
its act (`swap<place>.<index>`, never a card), as each option of the Give and Stop menu
carries its take in its value (`<take>-<give>`, both card codes). So the view the player
sees is the swap that is made, even from a view shown before a restart, when the bot no
longer remembers a take chosen: a view is only good at the move it was shown at, when the
board was the one it shows.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.i18n import N_, Text, _
from bot.settings import Settings
from bot.store import Table
from bot.tables import LiveTable, TableError, TableService
from cogs.fiftyone import pictures, render, rules
from cogs.table.components import RenderedView, button, card_buttons, card_option, menu
from cogs.table.frames import options_field
from cogs.table.items import hand_custom_id
from cogs.table.ui import FRESH_VIEW, Field, GameUI, TableOption, ViewState
from engine import cards as C
from engine.cards import Card, CardError
from engine.fiftyone.actions import Clear, Swap
from engine.fiftyone.deal import best_swap
from engine.fiftyone.game import FIFTYONE
from engine.fiftyone.info import JOKER_OPTION
from engine.fiftyone.views import PrivateView

GAME = FIFTYONE.info.id
TAKE = "target"  # the Take menu: a board card
BOARD = 5  # FIFTYONE-4.2: the board stays at five cards
# The Give buttons: `swap<place>` gives the card pressed for the board card at that place.
SWAP = "swap"
SWAP_ACTS = tuple(f"{SWAP}{place}" for place in range(BOARD))
# The Give and Stop menu (4.5); `throw`, the Give menu of views sent before the Give
# buttons, is still read, so such a view (kept across a restart) still swaps as it showed.
GIVE, GIVE_AND_STOP = "throw", "called"
CLEAR = "stock"  # FIFTYONE-4.3: five new board cards from the stock
JOINED = "-"  # between the take and the give in a Give option's value
# The hand is always five cards (4.2): one row of Give buttons, never the menu that
# card_buttons falls back to past it.
CARD_ROWS = 1


def swap_value(take: Card, give: Card) -> str:
    return f"{C.code(take)}{JOINED}{C.code(give)}"


class FiftyOneUI(GameUI):
    game = FIFTYONE
    embeds = render
    how_to_start = N_("`/fiftyone join` in a channel (or `/fiftyone create joker:on`), then "
                      "the host deals with `/fiftyone start`")
    table_picture = staticmethod(pictures.table_picture)
    button_acts = (CLEAR,)
    menu_acts = (TAKE, GIVE, GIVE_AND_STOP)
    card_acts = SWAP_ACTS
    hand_picture = staticmethod(pictures.hand_picture)
    # Translators: what one deal of Fifty-One is called ("game 3").
    hand_word = N_("game")
    # Translators: Stop: the call that ends the game after one last turn each.
    lobby_line = N_("Everyone antes the stake; the best hand when Stop has gone round takes "
                    "the pot.")
    # Translators: a player is out when their chips fall below this.
    out_below = N_("one stake")
    result_lines = staticmethod(render.result_lines)
    history_ending = staticmethod(render.history_ending)
    history_words = staticmethod(render.history_words)
    table_options = (
        TableOption(JOKER_OPTION, "the joker as a wild card: off (default) or on",
                    ("off", "on"), (False, True)),
    )

    def rules_embed(self, settings: Settings) -> discord.Embed:
        return rules.rules_embed(settings)

    def lobby_fields(self, info: Table, seats: Field) -> list[Field]:
        """The seats, then whether the joker is wild (FIFTYONE-1.1, 5.2)."""
        return [seats, options_field(info.options, _("joker off"))]

    def hand_view(
        self, table_id: int, owner: int, hand_number: int, view: PrivateView, *,
        state: ViewState = FRESH_VIEW,
    ) -> RenderedView:
        """At the player's turn: the Take menu (the five board cards, as faces), the hand
        as Give buttons, Give and Stop while nobody has called it (4.5), Clear when
        allowed (4.3). What `play` offers back is the board place of a take just chosen.

        Four rows at most: the Take menu, the five Give buttons (the hand is always five,
        4.2), the Give and Stop menu, Clear and Refresh. Give and Stop stays a menu: a
        second row of the same five faces would tell a Stop from a swap by colour alone,
        which a screen reader does not say, and a Stop ends the game for its caller."""
        at = (hand_number, view.public.seq)

        def custom_id(act: str) -> str:
            return hand_custom_id(GAME, table_id, owner, at, act)

        # Translators: a button: show the hand view again, up to date.
        refresh = button(custom_id("refresh"), _("Refresh"), discord.ButtonStyle.secondary)
        if "swap" not in view.legal:
            return RenderedView([[refresh]])
        board = view.public.board
        chosen = list(state.offered or ())
        place = (chosen[0] if chosen and 0 <= chosen[0] < len(board)
                 else board.index(best_swap(view.seat, list(view.hand), list(board)).take))
        take = board[place]
        # Translators: a menu of the board's cards, each option taking that card.
        takes = [card_option(card, label=_("Take {card}", card=C.label(card)),
                             default=i == place)
                 for i, card in enumerate(board)]
        rows = [[menu(custom_id(TAKE), takes, _("Take a board card"))]]
        rows += card_buttons(custom_id, f"{SWAP}{place}", view.hand, rows=CARD_ROWS,
                             placeholder=_("Give a card for {card}", card=C.label(take)))
        if view.can_stop:
            stops = [card_option(card, swap_value(take, card),
                                 label=_("Give {give} for {take} and Stop", give=C.label(card),
                                         take=C.label(take)))
                     for card in view.hand]
            rows.append([menu(custom_id(GIVE_AND_STOP), stops,
                              _("Give a card for {card} and call Stop", card=C.label(take)))])
        controls = []
        if view.can_clear:
            # Translators: a button: put the five board cards away and deal five new ones.
            controls.append(button(custom_id(CLEAR), _("Clear the board"),
                                   discord.ButtonStyle.danger))
        rows.append([*controls, refresh])
        return RenderedView(rows)

    async def play(
        self, tables: TableService, table: LiveTable, user: int, at: tuple[int, int],
        act: str, picked: Sequence[Card], values: list[str],
    ) -> tuple[str, list[int] | None]:
        seat = str(user)
        number, seq = at
        if act == TAKE:
            take = _one_card(values, Text("choose one board card."))
            board = table.hand.public_view().board
            if take not in board:
                raise TableError(Text("{card} is not on the board.", card=C.label(take)))
            return (_("Taking {card}: now choose the card to give.", card=C.label(take)),
                    [board.index(take)])
        if act == CLEAR:
            await tables.act(table.id, user, Clear(seat), seq, hand_number=number)
            return _("You cleared the board: take one of the five new cards."), None
        if act in SWAP_ACTS:  # a Give button: the take is the board card at its place
            board = table.hand.public_view().board
            place = SWAP_ACTS.index(act)
            if place >= len(board):
                raise TableError(Text("that board place is empty."))
            take, give = board[place], _one_card(values, Text("choose one card to give."))
        elif act in (GIVE, GIVE_AND_STOP):
            take, give = read_swap(values)
        else:
            raise TableError(Text("that button does nothing in Fifty-One."))
        stop = act == GIVE_AND_STOP
        await tables.act(table.id, user, Swap(seat, take, give, stop), seq, hand_number=number)
        cards = dict(take=C.label(take), give=C.label(give))
        said = (_("You took {take} and gave {give} and called Stop.", **cards) if stop
                else _("You took {take} and gave {give}.", **cards))
        hand = table.hand
        if hand is None or hand.is_over:
            over = _("The game is over: see the result in the channel.")
            return f"{said} {over}", None
        return said, None


def _one_card(values: list[str], ask: Text) -> Card:
    if len(values) != 1:
        raise TableError(ask)
    try:
        return C.parse_with_joker(values[0])
    except CardError:
        raise TableError(Text("that menu choice is not a card.")) from None


def read_swap(values: list[str]) -> tuple[Card, Card]:
    if len(values) != 1 or values[0].count(JOINED) != 1:
        raise TableError(Text("choose one card to give."))
    take, give = values[0].split(JOINED)
    try:
        return C.parse_with_joker(take), C.parse_with_joker(give)
    except CardError:
        raise TableError(Text("that menu choice is not a swap.")) from None
