"""Page One's part of the table UI (cogs/table/ui.py): its embeds, a hand view of one play
menu with a Page One! toggle under `pageone:` ids, its clicks.

The toggle is carried by the menu itself: with the call turned on, the play menu's act is
`called` rather than `throw`, so a play made from a view shown before a restart still
carries the call it showed.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

import discord

from bot.settings import Settings
from bot.store import StoreError
from bot.tables import LiveTable, TableError, TableService
from cogs.pageone import pictures, render, rules
from cogs.table.clock import deadline_of
from cogs.table.components import RenderedView, button, menu, option
from cogs.table.items import hand_custom_id
from cogs.table.names import seat_name
from engine import cards as C
from engine.cards import Card, CardError
from engine.pageone.actions import Play
from engine.pageone.game import PAGEONE
from engine.pageone.settlement import PageOneSettlement
from engine.pageone.views import PrivateView

GAME = PAGEONE.info.id
PLAY, PLAY_CALLING = "throw", "called"  # the play menu, without and with the call
CALL_ON, CALL_OFF = "call", "uncall"
CALLING = [1]  # what a toggle's click hands the next render: the call is on


class PageOneUI:
    game = PAGEONE
    how_to_start = "`/pageone join` in a channel, then the host deals with `/pageone start`"
    table_picture = staticmethod(pictures.table_picture)
    hand_picture = staticmethod(pictures.hand_picture)

    def rules_embed(self, settings: Settings) -> discord.Embed:
        return rules.rules_embed(settings)

    def lobby_embed(self, table: LiveTable) -> discord.Embed:
        info = table.info
        seats = [(str(s.user_id), s.stack, s.status if s.status != "seated" else "")
                 for s in info.seats]
        return render.lobby_embed(seats, stake=info.stake, buy_in=info.buy_in,
                                  max_players=info.max_players)

    def table_embed(self, table: LiveTable) -> discord.Embed:
        hand = table.running.hand
        turn = hand.to_act()
        deadline = deadline_of(table, turn[0]) if turn else None
        return render.table_embed(
            hand.public_view(), hand_number=table.running.number,
            deadline=int(deadline) if deadline else None,
            away={str(u) for u in table.away}, commitment=hand.commitment,
        )

    def result_embed(self, settlement: PageOneSettlement, *, hand_number: int
                     ) -> discord.Embed:
        return render.result_embed(settlement, hand_number=hand_number)

    def history_line(self, result: dict) -> str:
        return render.history_line(result)

    def hand_embed(self, view: PrivateView, *, note: str = "") -> discord.Embed:
        return render.hand_embed(view, note=note)

    def hand_view(
        self, table_id: int, owner: int, hand_number: int, view: PrivateView, *,
        picked: Collection[Card] = (), targets: Collection[int] | None = None,
    ) -> RenderedView:
        """The play menu offers exactly the legal cards (PAGEONE-4.2 to 4.4); holding two
        cards, the Page One! toggle sits under it (4.7)."""
        at = (hand_number, view.public.seq)
        calling = bool(targets) and view.call_due

        def custom_id(act: str) -> str:
            return hand_custom_id(GAME, table_id, owner, at, act)

        rows = []
        cards = view.legal_cards or view.hand
        if cards:
            options = [option(C.label(card), C.code(card)) for card in cards]
            placeholder = ("Play a card, calling Page One!" if calling
                           else "Play a card" if view.legal_cards else "Your cards")
            rows.append([menu(custom_id(PLAY_CALLING if calling else PLAY), options,
                              placeholder, enabled=bool(view.legal_cards))])
        controls = []
        if view.call_due:
            controls.append(
                button(custom_id(CALL_OFF), "Page One! ✅ on", discord.ButtonStyle.success,
                       enabled=bool(view.legal))
                if calling else
                button(custom_id(CALL_ON), "Page One! ⬜ off", discord.ButtonStyle.secondary,
                       enabled=bool(view.legal))
            )
        controls.append(button(custom_id("refresh"), "Refresh", discord.ButtonStyle.secondary))
        rows.append(controls)
        return RenderedView(rows)

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
        number, seq = at
        await tables.act(table.id, user, Play(seat, card, act == PLAY_CALLING), seq,
                         hand_number=number)
        hand = table.hand
        if hand is None or hand.is_over:
            return "The game is over: see the result in the channel.", None
        said = f"You played {C.label(card)}"
        if act == PLAY_CALLING:
            said += " and called Page One!"
        drawn = hand.private_view(seat).drawn
        if drawn:  # PAGEONE-4.7: five at once for a play to one card without the call
            said += f". No call: the bot drew {C.labels(drawn)} for you"
        return said + ".", None

    def refusal(self, refused: TableError | StoreError, table: LiveTable) -> str:
        hand = table.hand
        if getattr(refused, "code", None) == "not_your_turn" and hand and hand.to_act():
            return f"It is not your turn; waiting for {seat_name(hand.to_act()[0])}."
        return f"Not done: {refused.message}"
