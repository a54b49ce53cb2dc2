"""The hand view of a rummy game: draw, drop, the card menu for spreads and hits, the
discard menu. Only the legal actions are enabled, so a hit-locked Tonk turn shows
Spread and Hit disabled (TONK-4.2) because the engine does not offer them."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

import discord

from cogs.table.components import Component, RenderedView, button, menu, option
from cogs.table.items import hand_custom_id
from cogs.table.ui import FRESH_VIEW, ViewState
from engine import cards as C
from engine.actions import DISCARD_CARD, DRAW_DISCARD, DRAW_STOCK, DROP, HIT, SPREAD
from engine.cards import Card
from engine.rummy.views import PrivateView


def hand_view(
    game: str,
    table_id: int,
    owner: int,
    hand_number: int,
    view: PrivateView,
    *,
    state: ViewState = FRESH_VIEW,
) -> RenderedView:
    """The components of a hand view: only the legal actions are enabled. The card menu
    shows the cards picked; after a press of Hit, the spreads it may go on are offered."""
    at, legal = (hand_number, view.public.seq), set(view.legal)
    picked, targets = state.picked, state.offered

    def press(act: str, label: str, style: discord.ButtonStyle, enabled: bool) -> Component:
        return button(hand_custom_id(game, table_id, owner, at, act), label, style,
                      enabled=enabled)

    def choose(act: str, options: list[Component], placeholder: str, **how: Any) -> Component:
        return menu(hand_custom_id(game, table_id, owner, at, act), options, placeholder, **how)

    top = view.public.discard_top
    take = f"Take {C.label(top)}" if top is not None else "Take the discard"
    draws = [
        press("drop", "Drop", discord.ButtonStyle.danger, DROP in legal),
        press("stock", "Draw from the stock", discord.ButtonStyle.primary, DRAW_STOCK in legal),
        press("take", take, discord.ButtonStyle.primary, DRAW_DISCARD in legal),
    ]
    discard, pick = [], []
    if view.hand:
        def card_options(marked: Collection[Card]) -> list[Component]:
            return [option(C.label(card), C.code(card), default=card in marked)
                    for card in view.hand]

        discard = [choose("throw", card_options(()), "Discard a card (ends your turn)",
                          enabled=DISCARD_CARD in legal)]
        pick = [choose("pick", card_options(picked), "Pick cards to spread or hit",
                       max_values=len(view.hand), enabled=bool(legal & {SPREAD, HIT}))]
    plays = [
        press("spread", "Spread", discord.ButtonStyle.success, SPREAD in legal),
        press("hit", "Hit…", discord.ButtonStyle.success, HIT in legal),
        press("refresh", "Refresh", discord.ButtonStyle.secondary, True),
    ]
    target = []
    if targets:
        by_index = {s.index: s for s in view.public.spreads}
        options = [option(f"Spread {i + 1}: {C.labels(by_index[i].cards)}"[:100], str(i))
                   for i in sorted(targets)]
        target = [choose("target", options, "Hit which spread?")]
    return RenderedView([draws, discard, pick, plays, target])
