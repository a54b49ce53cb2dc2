"""Concentration's part of the table UI (cogs/table/ui.py): its embeds, a flip view under
`concentration:` ids, its clicks.

52 positions do not fit Discord's 25 buttons, so the flip view is four menus, one per
row of the layout (positions 13r … 13r+12), each listing that row's positions the
player may flip now (CONC-2.2): face down, and not this turn's first card. A row with
none left has no menu. Everything is public (CONC-4.1), so the view is everyone's
layout; only the player to flip has live menus.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.settings import Settings
from bot.store import Table
from bot.tables import LiveTable, TableError, TableService
from cogs.concentration import pictures, render, rules
from cogs.table.components import RenderedView, button, menu, option
from cogs.table.frames import options_field
from cogs.table.items import hand_custom_id
from cogs.table.ui import FRESH_VIEW, Field, GameUI, TableOption, ViewState
from engine import cards as C
from engine.cards import Card
from engine.concentration.actions import Flip
from engine.concentration.game import CONCENTRATION
from engine.concentration.info import MATCHES
from engine.concentration.views import PrivateView

GAME = CONCENTRATION.info.id
ROW = render.ROW
# "row<n>" is the menu of one row of the layout's face-down positions (four rows of 13).
LAYOUT_ROWS = 4
ROW_ACTS = tuple(f"row{r}" for r in range(LAYOUT_ROWS))


class ConcentrationUI(GameUI):
    game = CONCENTRATION
    embeds = render
    how_to_start = ("`/concentration join` in a channel (or `/concentration create "
                    "match:colour`), then the host deals with `/concentration start`")
    table_picture = staticmethod(pictures.table_picture)
    menu_acts = ROW_ACTS
    hand_word = "game"
    lobby_line = "Everyone posts the stake; the most pairs take the pot."
    result_lines = staticmethod(render.result_lines)
    history_words = staticmethod(render.history_words)
    table_options = (
        TableOption("match", "what makes a pair: rank (default), or rank and colour",
                    MATCHES),
    )

    def rules_embed(self, settings: Settings) -> discord.Embed:
        return rules.rules_embed(settings)

    def lobby_fields(self, info: Table, seats: Field) -> list[Field]:
        """What makes a pair (CONC-1.3, 5.1), above the seats."""
        return [options_field(info.options, "match rank"), seats]

    def hand_view(
        self, table_id: int, owner: int, hand_number: int, view: PrivateView, *,
        state: ViewState = FRESH_VIEW,
    ) -> RenderedView:
        public = view.public
        at, live = (hand_number, public.seq), bool(view.legal)
        flippable = [p for p in range(ROW * LAYOUT_ROWS)
                     if p not in public.gone and p != public.first]
        rows = []
        for r, act in enumerate(ROW_ACTS):
            here = [p for p in flippable if r * ROW <= p < (r + 1) * ROW]
            if not here:
                continue
            options = [option(f"Position {p}", str(p)) for p in here]
            rows.append([menu(hand_custom_id(GAME, table_id, owner, at, act), options,
                              f"Row {r + 1}: positions {r * ROW}–{r * ROW + ROW - 1}",
                              enabled=live)])
        rows.append([button(hand_custom_id(GAME, table_id, owner, at, "refresh"), "Refresh",
                            discord.ButtonStyle.secondary)])
        return RenderedView(rows)

    async def play(
        self, tables: TableService, table: LiveTable, user: int, at: tuple[int, int],
        act: str, picked: Sequence[Card], values: list[str],
    ) -> tuple[str, list[int] | None]:
        if act not in ROW_ACTS:
            raise TableError("that button does nothing in Concentration.")
        try:
            (pos,) = (int(value) for value in values)
        except ValueError:
            raise TableError("choose one position from the menu.") from None
        number, seq = at
        await tables.act(table.id, user, Flip(str(user), pos), seq, hand_number=number)
        hand = table.hand
        card = C.label(hand.layout[pos])
        if hand.is_over:
            return f"You flipped {pos}: {card}, the last pair. See the result.", None
        public = hand.public_view()
        if public.first is not None:
            return f"You flipped {pos}: {card}. Now flip a second card.", None
        if public.turn == str(user):
            return f"You flipped {pos}: {card}. A pair! Flip again.", None
        return f"You flipped {pos}: {card}. No match: the turn passes.", None
