"""Concentration's part of the table UI (cogs/table/ui.py): its embeds, a flip view under
`concentration:` ids, its clicks.

The positions are face-down cards: each shows a card's back (its face emoji,
cogs/table/emojis) and its number, or, while flipped this turn, the card's face
(CONC-2.5). 52 positions do not fit Discord's 25 buttons, so while more than 20 are left
the flip view is four menus, one per row of the layout (positions 13r … 13r+12), each
listing that row's positions the player may flip now (CONC-2.2): face down, and not
this turn's first card. A row with none left has no menu. Once 20 or fewer are left,
they are buttons, five a row in four rows, this turn's first card among them disabled.
Everything is public (CONC-4.1), so the view is everyone's layout; only the player to
flip has live menus and buttons.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.i18n import N_, Text, _
from bot.settings import Settings
from bot.store import Table
from bot.tables import LiveTable, TableError, TableService
from cogs.concentration import pictures, render, rules
from cogs.table.components import ROW as BUTTONS_A_ROW
from cogs.table.components import Component, RenderedView, button, menu, option
from cogs.table.emojis import face_and_word, face_emoji
from cogs.table.emojis.shown import BACK_WORDS, FACES
from cogs.table.frames import options_field
from cogs.table.items import hand_custom_id
from cogs.table.ui import FRESH_VIEW, Field, GameUI, TableOption, ViewState
from engine import cards as C
from engine.cards import Card
from engine.concentration.actions import Flip
from engine.concentration.deal import POSITIONS
from engine.concentration.game import CONCENTRATION
from engine.concentration.info import MATCHES
from engine.concentration.views import PrivateView

GAME = CONCENTRATION.info.id
ROW = render.ROW
# "row<n>" is the menu of one row of the layout's face-down positions (four rows of 13).
LAYOUT_ROWS = 4
ROW_ACTS = tuple(f"row{r}" for r in range(LAYOUT_ROWS))
# "flip<p>" is the button of position p, once few enough are left to be buttons: four
# rows of five, the fifth row Refresh's. A position is public, never a card.
FLIP_ACTS = tuple(f"flip{p}" for p in range(POSITIONS))
BUTTONS_AT_MOST = 4 * BUTTONS_A_ROW


class ConcentrationUI(GameUI):
    game = CONCENTRATION
    embeds = render
    how_to_start = N_("`/concentration join` in a channel (or `/concentration create "
                      "match:colour`), then the host deals with `/concentration start`")
    table_picture = staticmethod(pictures.table_picture)
    menu_acts = ROW_ACTS
    button_acts = FLIP_ACTS
    hand_word = "game"
    lobby_line = N_("Everyone posts the stake; the most pairs take the pot.")
    result_lines = staticmethod(render.result_lines)
    history_words = staticmethod(render.history_words)
    table_options = (
        TableOption("match", N_("what makes a pair: rank (default), or rank and colour"),
                    MATCHES),
    )

    def rules_embed(self, settings: Settings) -> discord.Embed:
        return rules.rules_embed(settings)

    def lobby_fields(self, info: Table, seats: Field) -> list[Field]:
        """What makes a pair (CONC-1.3, 5.1), above the seats."""
        # The option as `/concentration create` takes it: the command's words, in every
        # language, as a chosen option is shown (frames.options_line).
        return [options_field(info.options, "match rank"), seats]

    def hand_view(
        self, table_id: int, owner: int, hand_number: int, view: PrivateView, *,
        state: ViewState = FRESH_VIEW,
    ) -> RenderedView:
        public = view.public
        at, live = (hand_number, public.seq), bool(view.legal)
        shown = dict(public.shown)

        def control(act: str) -> str:
            return hand_custom_id(GAME, table_id, owner, at, act)

        # Plan: the layout is 52 positions. While more than 20 are left, a menu per row of
        # 13 (four rows, 13 options each); 20 or fewer (from the 16th pair on), a button
        # each, four rows of five. Refresh and Picture take the fifth row.
        left = [p for p in range(POSITIONS) if p not in public.gone]
        if len(left) <= BUTTONS_AT_MOST:
            buttons = [self._position_button(control(FLIP_ACTS[p]), p, shown.get(p),
                                             live and p != public.first) for p in left]
            rows = [buttons[i:i + BUTTONS_A_ROW] for i in range(0, len(buttons), BUTTONS_A_ROW)]
        else:
            rows = []
            flippable = [p for p in left if p != public.first]
            for r, act in enumerate(ROW_ACTS):
                here = [p for p in flippable if r * ROW <= p < (r + 1) * ROW]
                if not here:
                    continue
                options = [self._position_option(p, shown.get(p)) for p in here]
                # Translators: a menu's placeholder: a row of the layout and its positions
                row = _("Row {row}: positions {first}–{last}", row=r + 1, first=r * ROW,
                        last=r * ROW + ROW - 1)
                rows.append([menu(control(act), options, row, enabled=live)])
        # Translators: a button: show the view again as the table is now
        rows.append([button(control("refresh"), _("Refresh"), discord.ButtonStyle.secondary)])
        return RenderedView(rows)

    @staticmethod
    def _position_option(pos: int, card: Card | None) -> Component:
        """A position in a row's menu: a back, or the card while face up this turn."""
        if card is None:
            # Translators: a menu's option: a face-down card's place in the layout
            return option(_("Position {position}", position=pos), str(pos),
                          emoji=FACES.emoji("back"))
        # Translators: a menu's option: a place in the layout and its card, face up this turn
        return option(_("Position {position}: {card}", position=pos, card=C.label(card)),
                      str(pos), emoji=face_emoji(card))

    @staticmethod
    def _position_button(custom_id: str, pos: int, card: Card | None,
                         enabled: bool) -> Component:
        """A position as a button, labelled with its number: a back, or the card while
        face up this turn (CONC-2.5); in words when no face is synced."""
        emoji = FACES.emoji("back") if card is None else face_emoji(card)
        if emoji:
            label = str(pos)
        else:
            label = f"{BACK_WORDS} {pos}" if card is None else f"{pos}: {C.label(card)}"
        return button(custom_id, label, discord.ButtonStyle.primary if card is None
                      else discord.ButtonStyle.secondary, enabled=enabled, emoji=emoji)

    async def play(
        self, tables: TableService, table: LiveTable, user: int, at: tuple[int, int],
        act: str, picked: Sequence[Card], values: list[str],
    ) -> tuple[str, list[int] | None]:
        if act in FLIP_ACTS:
            pos = FLIP_ACTS.index(act)
        elif act in ROW_ACTS:
            try:
                (pos,) = (int(value) for value in values)
            except ValueError:
                raise TableError(Text("choose one position from the menu.")) from None
        else:
            raise TableError(Text("that button does nothing in Concentration."))
        number, seq = at
        await tables.act(table.id, user, Flip(str(user), pos), seq, hand_number=number)
        hand = table.hand
        card = face_and_word(hand.layout[pos])
        if hand.is_over:
            return _("You flipped {position}: {card}, the last pair. See the result.",
                     position=pos, card=card), None
        said = _("You flipped {position}: {card}.", position=pos, card=card)
        public = hand.public_view()
        if public.first is not None:
            more = _("Now flip a second card.")
        elif public.turn == str(user):
            more = _("A pair! Flip again.")
        else:
            more = _("No match: the turn passes.")
        return f"{said} {more}", None
