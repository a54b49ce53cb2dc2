"""Jack Change It's part of the table UI (cogs/table/ui.py): its embeds, a hand view of one
play menu and a Draw button under `jackchangeit:` ids, its clicks.

A jack is played in two steps (JCI-4.5): choosing it in the play menu brings up a menu of
the three suits it may name, each option carrying the jack, so the second step needs
nothing kept between the two clicks and still works after a restart.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

import discord

from bot.settings import Settings
from bot.store import StoreError
from bot.tables import LiveTable, TableError, TableService
from cogs.jackchangeit import pictures, render, rules
from cogs.table.clock import deadline_of
from cogs.table.components import RenderedView, button, menu, option
from cogs.table.items import hand_custom_id
from cogs.table.names import seat_name
from engine import cards as C
from engine.cards import Card, CardError
from engine.jackchangeit.actions import DRAW, Action, Draw, Play
from engine.jackchangeit.game import JACKCHANGEIT
from engine.jackchangeit.info import JACK
from engine.jackchangeit.settlement import JackChangeItSettlement
from engine.jackchangeit.views import PrivateView

GAME = JACKCHANGEIT.info.id
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


class JackChangeItUI:
    game = JACKCHANGEIT
    how_to_start = ("`/jackchangeit join` in a channel, then the host deals with "
                    "`/jackchangeit start`")
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

    def result_embed(self, settlement: JackChangeItSettlement, *, hand_number: int
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
        """The play menu offers exactly the legal plays (JCI-4.2 to 4.7); a jack chosen
        there (`targets`) brings up the menu of the suits it may name."""
        at = (hand_number, view.public.seq)

        def custom_id(act: str) -> str:
            return hand_custom_id(GAME, table_id, owner, at, act)

        rows = []
        jack = next((c for c in targets or () if (c, None) in view.plays
                     and C.rank(c) == JACK), None)
        if jack is not None:
            options = [option(f"{C.SUIT_SYMBOLS[s]} {C.SUIT_NAMES[s]}",
                              f"{C.code(jack)}:{C.SUITS[s]}")
                       for s in range(4) if s != C.suit(jack)]
            rows.append([menu(custom_id(SUIT), options, f"{C.label(jack)} names the suit…")])
        if view.plays:
            # More legal plays than a menu holds happens only with a hand of 25 and more.
            options = [option(play_label(c, two), play_value(c, two))
                       for c, two in view.plays[:MENU_OPTIONS]]
            rows.append([menu(custom_id(PLAY), options, "Play a card")])
        elif view.hand:
            options = [option(C.label(c), C.code(c)) for c in view.hand[:MENU_OPTIONS]]
            rows.append([menu(custom_id(PLAY), options, "Your cards", enabled=False)])
        controls = []
        if DRAW in view.legal:
            controls.append(button(custom_id(DRAW), f"Draw {view.public.pending}",
                                   discord.ButtonStyle.danger))
        controls.append(button(custom_id("refresh"), "Refresh", discord.ButtonStyle.secondary))
        rows.append(controls)
        return RenderedView(rows)

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
        number, seq = at
        await tables.act(table.id, user, action, seq, hand_number=number)
        hand = table.hand
        if hand is None or hand.is_over:
            return "The game is over: see the result in the channel.", None
        if isinstance(action, Draw):
            return "You took the draw.", None
        said = f"You played {C.label(action.card)}"
        if action.with_ is not None:
            said += f" with {C.label(action.with_)}"
        if action.suit is not None:
            said += f", naming {C.SUIT_NAMES[action.suit]}"
        return said + ".", None

    def refusal(self, refused: TableError | StoreError, table: LiveTable) -> str:
        hand = table.hand
        if getattr(refused, "code", None) == "not_your_turn" and hand and hand.to_act():
            return f"It is not your turn; waiting for {seat_name(hand.to_act()[0])}."
        return f"Not done: {refused.message}"


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
