"""Old Maid's part of the table UI (cogs/table/ui.py): its embeds, the draw view under
`oldmaid:` ids, its clicks.

The draw (OLDMAID-3.2): the holder's cards are shown to the drawer as face-down buttons,
each a card's back (its face emoji, cogs/table/emojis) and a slot number, at most 13 (a
hand never holds two of a rank), five to a row. The buttons' ids carry only
a slot number; which of the holder's positions (rank order) each slot takes is a fresh
random order drawn for each view and kept here, so neither the id nor the slot says
anything of the card. After a restart the order is gone, and a press on an old view is
mapped by a fresh one: a slot never meant anything the drawer could know.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

import discord

from bot.i18n import N_, Text, _
from bot.settings import Settings
from bot.tables import LiveTable, TableError, TableService
from cogs.oldmaid import pictures, render, rules
from cogs.table.components import RenderedView, button
from cogs.table.emojis import face_and_word
from cogs.table.emojis.shown import BACK_WORDS, FACES
from cogs.table.items import hand_custom_id
from cogs.table.ui import FRESH_VIEW, GameUI, ViewState
from engine.cards import Card
from engine.oldmaid.actions import Draw
from engine.oldmaid.game import OLDMAID
from engine.oldmaid.views import PrivateView

GAME = OLDMAID.info.id
PER_ROW = 5
# "back<n>" is the n-th face-down card shown to the drawer, in an order drawn afresh for
# each view: the slot says nothing of the card, which only the bot maps.
BACK_SLOTS = 13  # a hand never holds two of a rank (OLDMAID-2.2), so 13 cards at most
BACK_ACTS = tuple(f"back{slot}" for slot in range(BACK_SLOTS))

Shown = tuple[tuple[int, int], tuple[int, ...]]  # (hand, action number), slot -> position


class OldMaidUI(GameUI):
    game = OLDMAID
    embeds = render
    how_to_start = N_("`/oldmaid join` in a channel, then the host deals with `/oldmaid start`")
    table_picture = staticmethod(pictures.table_picture)
    button_acts = BACK_ACTS
    hand_picture = staticmethod(pictures.hand_picture)
    hand_word = "deal"
    # Translators: the odd queen is the one left without a mate: the old maid
    lobby_line = N_("Everyone posts the stake; whoever keeps the odd queen loses it to the rest.")
    result_lines = staticmethod(render.result_lines)
    history_words = staticmethod(render.history_words)

    def __init__(self) -> None:
        # (table, drawer) -> the order their latest draw view shows the holder's cards in.
        self.orders: dict[tuple[int, int], Shown] = {}
        self._shuffle = secrets.SystemRandom()

    def rules_embed(self, settings: Settings) -> discord.Embed:
        return rules.rules_embed(settings)

    def hand_view(
        self, table_id: int, owner: int, hand_number: int, view: PrivateView, *,
        state: ViewState = FRESH_VIEW,
    ) -> RenderedView:
        at = (hand_number, view.public.seq)
        # Translators: a button: show the view again as the table is now
        refresh = button(hand_custom_id(GAME, table_id, owner, at, "refresh"), _("Refresh"),
                         discord.ButtonStyle.secondary)
        if not view.legal:
            self.orders.pop((table_id, owner), None)
            return RenderedView([[refresh]])
        # Plan: the largest hand drawn from is 13 cards (OLDMAID-2.2), so the backs take at
        # most three rows of five, and Refresh (with Picture) a fourth; there is no menu.
        # The player's own hand is never played from: it is in the embed, as faces.
        order = self._order(table_id, owner, at, view.public.holder_cards, fresh=True)
        back = FACES.emoji("back")
        backs = [button(hand_custom_id(GAME, table_id, owner, at, BACK_ACTS[slot]),
                        str(slot + 1) if back else f"{BACK_WORDS} {slot + 1}",
                        discord.ButtonStyle.primary, emoji=back)
                 for slot in range(len(order))]
        rows = [backs[i:i + PER_ROW] for i in range(0, len(backs), PER_ROW)]
        return RenderedView([*rows, [refresh]])

    def _order(self, table_id: int, owner: int, at: tuple[int, int], cards: int, *,
               fresh: bool) -> tuple[int, ...]:
        """The slot -> position order of this draw view: a new shuffle for each view
        rendered (OLDMAID-3.2), or, for a press, the one that view showed."""
        kept = self.orders.get((table_id, owner))
        if fresh or kept is None or kept[0] != at or len(kept[1]) != cards:
            order = tuple(self._shuffle.sample(range(cards), cards))
            self.orders[(table_id, owner)] = (at, order)
            return order
        return kept[1]

    async def play(
        self, tables: TableService, table: LiveTable, user: int, at: tuple[int, int],
        act: str, picked: Sequence[Card], values: list[str],
    ) -> tuple[str, list[int] | None]:
        if act not in BACK_ACTS:
            raise TableError(Text("that button does nothing in Old Maid."))
        seat = str(user)
        hand = table.hand
        cards = hand.public_view().holder_cards if seat in hand.to_act() else 0
        order = self._order(table.id, user, at, cards, fresh=False)
        slot = BACK_ACTS.index(act)
        if slot >= len(order):
            raise TableError(
                Text("that card is no longer there; here are the cards as they are."))
        number, seq = at
        await tables.act(table.id, user, Draw(seat, order[slot]), seq, hand_number=number)
        self.orders.pop((table.id, user), None)
        hand = table.hand
        drawn = hand.private_view(seat).last_drawn
        if drawn is None:
            said = _("You drew.")
        elif drawn not in hand.private_view(seat).hand:
            said = _("You drew {card} and threw the pair.", card=face_and_word(drawn))
        else:
            said = _("You drew {card}.", card=face_and_word(drawn))
        if hand.is_over:
            over = _("The deal is over: see the result in the channel.")
            return f"{said} {over}", None
        return said, None
