"""Faro's part of the table UI (cogs/table/ui.py): its embeds, a betting view under
`faro:` ids, its clicks.

The betting view (FARO-3, 4, 6) fits Discord's five rows: where to bet (one menu of the
ranks still to come, even, odd, high card and, before the last turn, each call: at most
13 + 3 + 6 = 22 options, up to four chosen for a combination), how much (from the stake
to the maximum), Bet / Bet coppered / Ready / Leave / Refresh, and a menu of the
player's own bets to take one down. What a player has chosen but not yet bet is kept
here per seat; it does not survive a restart (the choice is made again), the buttons do.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

import discord

from bot.settings import Settings
from bot.store import StoreError
from bot.tables import LiveTable, TableError, TableService
from cogs.faro import pictures, render, rules
from cogs.table.clock import deadline_of
from cogs.table.components import RenderedView, button, menu, option
from cogs.table.items import hand_custom_id
from cogs.table.ui import TableOption
from engine.cards import Card
from engine.errors import EngineError
from engine.faro.actions import (
    BET,
    CALL,
    CALL_DO,
    LEAVE,
    READY,
    REMOVE,
    Bet,
    Call,
    FaroAction,
    Position,
    Ready,
    Remove,
    parse_on,
    parse_order,
    rank_code,
)
from engine.faro.deal import faro_rank
from engine.faro.game import FARO
from engine.faro.info import MAX_BET_STAKES
from engine.faro.settlement import FaroSettlement
from engine.faro.views import PrivateView

if TYPE_CHECKING:
    from bot.client import HallBot

GAME = FARO.info.id
MENU_OPTIONS = 25  # Discord's limit for one select menu
KINDS = {"even": "Even (2 4 6 8 10 Q)", "odd": "Odd (A 3 5 7 9 J K)",
         "high": "High card (winning beats losing)"}
CALL_PREFIX = "call:"
# Each rank's value in the "on" menu, made once: a betting view is drawn at every choice.
RANK_VALUES = {rank: f"r:{rank_code(rank)}" for rank in range(1, 14)}


class Choice:
    """What a player has picked in the menus, not yet bet."""

    def __init__(self) -> None:
        self.on: list[str] = []  # the "on" menu's values
        self.amount: int | None = None


def position_of(values: Sequence[str]) -> tuple[str, Position]:
    """The "on" menu's values as a bet (BET) or a call (CALL_DO) position; refused
    otherwise. The engine still checks every rule of the position (4.2, 4.6, 6.1)."""
    try:
        if len(values) == 1 and values[0].startswith(CALL_PREFIX):
            return CALL_DO, parse_order(list(values[0][len(CALL_PREFIX):]), 0)
        if len(values) == 1 and values[0] in KINDS:
            return BET, parse_on(values[0], False, 0)
        if values and all(v.startswith("r:") for v in values):
            ranks = [v[2:] for v in values]
            return BET, parse_on(ranks[0] if len(ranks) == 1 else ranks, False, 0)
    except EngineError:
        pass
    if not values:
        raise TableError("choose where to bet in the first menu.")
    raise TableError("choose up to four ranks, or one of even, odd, high card or a call.")


def amounts(stake: int, max_bet: int) -> list[int]:
    """The amount menu: whole stakes from the stake to the maximum, at most 25 of them."""
    steps = max_bet // stake
    if steps <= MENU_OPTIONS - 1:
        found = [stake * i for i in range(1, steps + 1)]
    else:
        found = sorted({stake + (max_bet - stake) * i // (MENU_OPTIONS - 1)
                        for i in range(MENU_OPTIONS)})
    if found[-1] != max_bet:
        found.append(max_bet)
    return found[-MENU_OPTIONS:]


class FaroUI:
    game = FARO
    how_to_start = "`/faro join` in a channel (one player is enough), then `/faro start`"
    table_picture = staticmethod(pictures.table_picture)
    table_options = (
        TableOption("max_bet", f"the most chips on one position (default {MAX_BET_STAKES} "
                    "stakes, FARO-2.2)"),
    )

    def __init__(self, bot: HallBot) -> None:
        self.bot = bot
        self.choices: dict[tuple[int, int], Choice] = {}  # (table, user) -> menu choices

    def rules_embed(self, settings: Settings) -> discord.Embed:
        return rules.rules_embed(settings)

    def lobby_embed(self, table: LiveTable) -> discord.Embed:
        info = table.info
        seats = [(str(s.user_id), s.stack, s.status if s.status != "seated" else "")
                 for s in info.seats]
        return render.lobby_embed(seats, stake=info.stake, buy_in=info.buy_in,
                                  max_players=info.max_players,
                                  max_bet=info.options.get("max_bet",
                                                           MAX_BET_STAKES * info.stake))

    def table_embed(self, table: LiveTable) -> discord.Embed:
        hand = table.running.hand
        acting = hand.to_act()
        deadlines = [d for s in acting if (d := deadline_of(table, s))]
        return render.table_embed(
            hand.public_view(), hand_number=table.running.number,
            deadline=int(max(deadlines)) if deadlines else None,
            away={str(u) for u in table.away}, commitment=hand.commitment,
        )

    def result_embed(self, settlement: FaroSettlement, *, hand_number: int) -> discord.Embed:
        return render.result_embed(settlement, hand_number=hand_number)

    def history_line(self, result: dict) -> str:
        return render.history_line(result)

    def _choice(self, table_id: int, user: int) -> Choice:
        return self.choices.setdefault((table_id, user), Choice())

    def hand_embed(self, view: PrivateView, *, note: str = "") -> discord.Embed:
        return render.hand_embed(view, note=note)

    def hand_view(
        self, table_id: int, owner: int, hand_number: int, view: PrivateView, *,
        picked: Collection[Card] = (), targets: Collection[int] | None = None,
    ) -> RenderedView:
        table = self.bot.tables.tables.get(table_id)
        seq = table.hand.seat_seq(view.seat) if table and table.hand else view.public.seq
        at, legal = (hand_number, seq), set(view.legal)
        public = view.public
        choice = self.choices.get((table_id, owner), Choice())

        def cid(act: str) -> str:
            return hand_custom_id(GAME, table_id, owner, at, act)

        betting = bool(legal & {BET, CALL_DO})
        on_options = [option(f"{render.rank_name(r)} ({n} to come)", RANK_VALUES[r],
                             default=RANK_VALUES[r] in choice.on)
                      for r, n in public.casekeeper.items() if n]
        on_options += [option(label, kind, default=kind in choice.on)
                       for kind, label in KINDS.items()]
        if CALL_DO in legal:
            three = sorted(faro_rank(card) for card in public.last_three)
            orders = sorted({(a, b, c) for a in three for b in three for c in three
                             if sorted((a, b, c)) == three})
            for order in orders:
                value = CALL_PREFIX + "".join(rank_code(r) for r in order)
                label = "Call: " + ", ".join(rank_code(r) for r in order) + " (lose, win, hoc)"
                on_options.append(option(label, value, default=value in choice.on))
        on_options = on_options[:MENU_OPTIONS]
        amount = choice.amount or public.stake
        amount_options = [option(f"{a} chips", str(a), default=a == amount)
                          for a in amounts(public.stake, public.max_bet)]
        rows = [
            [menu(cid("on"), on_options, "Bet on… (up to 4 ranks for a combination)",
                  max_values=4, enabled=betting)] if on_options else [],
            [menu(cid("amount"), amount_options, "How much", enabled=betting)],
            [
                button(cid("bet"), "Bet", discord.ButtonStyle.primary, enabled=betting),
                button(cid("copper"), "Bet coppered", discord.ButtonStyle.secondary,
                       enabled=BET in legal),
                button(cid("ready"), "Ready", discord.ButtonStyle.success,
                       enabled=READY in legal),
                button(cid("leave"), "Leave the table", discord.ButtonStyle.danger,
                       enabled=LEAVE in legal),
                button(cid("refresh"), "Refresh", discord.ButtonStyle.secondary),
            ],
        ]
        if view.bets and REMOVE in legal:
            take = [option(f"Take down {render.bet_line(b, owner=False)}"[:100], f"b:{i}")
                    for i, b in enumerate(view.bets[:MENU_OPTIONS])]
            rows.append([menu(cid("remove"), take, "Take a bet down")])
        return RenderedView(rows)

    async def play(
        self, tables: TableService, table: LiveTable, user: int, at: tuple[int, int],
        act: str, picked: Sequence[Card], values: list[str],
    ) -> tuple[str, list[int] | None]:
        choice = self._choice(table.id, user)
        seat = str(user)
        if act == "on":
            position_of(values)  # refused now, not at Bet
            choice.on = list(values)
            return "Chosen. Pick an amount if you like, then press Bet.", None
        if act == "amount":
            try:
                choice.amount = int(values[0])
            except (IndexError, ValueError):
                raise TableError("choose an amount from the list.") from None
            return f"{choice.amount} chips a bet.", None
        if act == "leave":
            return await tables.leave(table.info.channel_id, user), None
        action = self._action(table, seat, act, choice, values)
        number, seq = at
        await tables.act(table.id, user, action, seq, hand_number=number)
        if isinstance(action, (Bet, Call)):
            choice.on = []
            return f"You bet {action.amount} on {action.position.label()}.", None
        if isinstance(action, Remove):
            return f"You took down your bet on {action.position.label()}.", None
        hand = table.hand
        if hand is not None and hand.is_over:
            return "The deal is over: see the result in the channel.", None
        return "You are ready.", None

    def _action(self, table: LiveTable, seat: str, act: str, choice: Choice,
                values: list[str]) -> FaroAction:
        hand = table.hand
        if act == "ready":
            return Ready(seat)
        if act == "remove":
            mine = hand.private_view(seat).bets
            try:
                index = int(values[0].removeprefix("b:"))
                return Remove(seat, mine[index].position)
            except (IndexError, ValueError):
                raise TableError("that bet is no longer on the layout.") from None
        if act in ("bet", "copper"):
            kind, position = position_of(choice.on)
            amount = choice.amount or hand.stake
            if kind == CALL_DO:
                if act == "copper":
                    raise TableError("a call cannot be coppered (FARO-6.1).")
                return Call(seat, position._replace(kind=CALL), amount)
            return Bet(seat, position._replace(copper=act == "copper"), amount)
        raise TableError("that button does nothing in Faro.")

    def refusal(self, refused: TableError | StoreError, table: LiveTable) -> str:
        return f"Not done: {refused.message}"
