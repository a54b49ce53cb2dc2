"""Faro's part of the table UI (cogs/table/ui.py): its embeds, a betting view under
`faro:` ids, its clicks.

The betting view (FARO-3, 4, 6) fits Discord's five rows. A choice in a menu is the bet,
placed at once, as chips are put down on the layout: one menu of where to bet (the ranks
still to come, even, odd, high card and, before the last turn, each call: at most
13 + 3 + 6 = 22 options, up to four ranks for a combination), one of where to bet
coppered (the same but the calls, FARO-6.1), how much each bet is (from the stake to the
maximum; kept for the player's next bets), Ready / Leave / Refresh, and a menu of the
player's own bets to take one down. The amount chosen is kept here per seat; it does
not survive a restart (the stake again), the menus and buttons do.

Faro has no hand: no card is played from one, so no card buttons. A rank in the menus
shows the face of its card in the layout, drawn as a suit of spades as the table picture
draws it (cogs/faro/pictures.py): only the rank counts (FARO-1.1).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from bot.settings import Settings
from bot.store import Table
from bot.tables import LiveTable, TableError, TableService
from cogs.faro import pictures, render, rules
from cogs.table.clock import deadline_of
from cogs.table.components import Component, RenderedView, button, menu, option
from cogs.table.emojis import face_emoji
from cogs.table.frames import join_line
from cogs.table.items import hand_custom_id
from cogs.table.ui import FRESH_VIEW, GameUI, TableOption, ViewState
from engine import cards as C
from engine.cards import Card
from engine.errors import EngineError
from engine.faro.actions import (
    BET,
    CALL,
    CALL_DO,
    CARD,
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
from engine.faro.views import PrivateView

if TYPE_CHECKING:
    from bot.client import HallBot

GAME = FARO.info.id
MENU_OPTIONS = 25  # Discord's limit for one select menu
KINDS = {"even": "Even (2 4 6 8 10 Q)", "odd": "Odd (A 3 5 7 9 J K)",
         "high": "High card (winning beats losing)"}
CALL_PREFIX = "call:"
# Each rank's value and its words in the betting menus, made once: a betting view is drawn
# at every bet. A rank is offered while 1 to 4 of it are still to come (FARO-1.4).
RANK_VALUES = {rank: f"r:{rank_code(rank)}" for rank in range(1, 14)}
RANK_LABELS = {(rank, left): f"{render.rank_name(rank)} ({left} to come)"
               for rank in range(1, 14) for left in range(1, 5)}
# The card of each rank in the layout, whose face a rank's option shows (a suit of spades).
LAYOUT_CARDS = {rank: C.make(rank - 1, C.SPADES) for rank in range(1, 14)}
# The betting menus: where a choice bets, plain or coppered.
BETTING_MENUS = {"on": False, "coppered": True}
CHOOSE_WHERE = ("choose where to bet from the menu: up to four ranks, or one of even, odd, "
                "high card or a call.")


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
    raise TableError(CHOOSE_WHERE)


def betting_options(view: PrivateView) -> dict[str, list[Component]]:
    """The options of each betting menu of the player's view, by its act: where a bet
    goes ("on": the places, and the calls when one may be made) and where it goes
    coppered (the places: a call is never coppered, FARO-6.1)."""
    public = view.public
    places = [option(RANK_LABELS[rank, left], RANK_VALUES[rank],
                     emoji=face_emoji(LAYOUT_CARDS[rank]))
              for rank, left in public.casekeeper.items() if left]
    places += [option(label, kind) for kind, label in KINDS.items()]
    calls = []
    if CALL_DO in view.legal:
        three = sorted(faro_rank(card) for card in public.last_three)
        orders = sorted({(a, b, c) for a in three for b in three for c in three
                         if sorted((a, b, c)) == three})
        for order in orders:
            value = CALL_PREFIX + "".join(rank_code(r) for r in order)
            label = "Call: " + ", ".join(rank_code(r) for r in order) + " (lose, win, hoc)"
            calls.append(option(label, value))
    return {"on": (places + calls)[:MENU_OPTIONS], "coppered": places[:MENU_OPTIONS]}


def _bet_emoji(position: Position) -> dict[str, str] | None:
    """A bet on one rank (FARO-4.1) shows that rank's face in the layout; others none."""
    return face_emoji(LAYOUT_CARDS[position.ranks[0]]) if position.kind == CARD else None


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


class FaroUI(GameUI):
    game = FARO
    embeds = render
    how_to_start = "`/faro join` in a channel (one player is enough), then `/faro start`"
    table_picture = staticmethod(pictures.table_picture)
    hand_word = "deal"
    out_below = "one stake"
    result_lines = staticmethod(render.result_lines)
    history_words = staticmethod(render.history_words)
    # "bet" and "copper": the buttons of a view drawn before bets were placed from the
    # menus; a click on a view that old is answered, not dropped.
    button_acts = ("ready", "leave", "bet", "copper")
    # Where to bet (a choice is the bet), where to bet coppered, how much, which bet to
    # take down.
    menu_acts = ("on", "coppered", "amount", "remove")
    table_options = (
        TableOption("max_bet", f"the most chips on one position (default {MAX_BET_STAKES} "
                    "stakes)"),
    )

    def __init__(self, bot: HallBot) -> None:
        self.bot = bot
        # (table, user) -> the amount they chose for their bets, until they choose another
        self.amounts: dict[tuple[int, int], int] = {}

    def rules_embed(self, settings: Settings) -> discord.Embed:
        return rules.rules_embed(settings)

    def lobby_description(self, info: Table) -> str:
        """Bets against the house (FARO-2.1, 2.2), and players join between deals (2.4)."""
        max_bet = info.options.get("max_bet", MAX_BET_STAKES * info.stake)
        return (f"Bets from {info.stake} to {max_bet}, buy-in {info.buy_in}, up to "
                f"{info.max_players} players, against the house. "
                + join_line(GAME, " (between deals)"))

    def table_deadline(self, table: LiveTable) -> int | None:
        """Everyone bets in the same round (FARO-3.1), each on a clock: the last to run out."""
        deadlines = [d for s in table.running.hand.to_act() if (d := deadline_of(table, s))]
        return int(max(deadlines)) if deadlines else None

    def hand_view(
        self, table_id: int, owner: int, hand_number: int, view: PrivateView, *,
        state: ViewState = FRESH_VIEW,
    ) -> RenderedView:
        table = self.bot.tables.tables.get(table_id)
        seq = table.hand.seat_seq(view.seat) if table and table.hand else view.public.seq
        at, legal = (hand_number, seq), set(view.legal)
        public = view.public

        def cid(act: str) -> str:
            return hand_custom_id(GAME, table_id, owner, at, act)

        # No hand, so no card buttons: five rows of menus and buttons, a rank's option with
        # its layout face (22 options at most, within one menu's 25; see the module's note).
        betting = bool(legal & {BET, CALL_DO})
        where = betting_options(view)
        amount = self._amount(table_id, owner, public.stake)
        amount_options = [option(f"{a} chips", str(a), default=a == amount)
                          for a in amounts(public.stake, public.max_bet)]
        rows = [
            [menu(cid("on"), where["on"],
                  f"Bet {amount} on… (up to 4 ranks for a combination)", max_values=4,
                  enabled=betting)],
            [menu(cid("coppered"), where["coppered"],
                  f"Bet {amount} coppered (on losing) on…", max_values=4,
                  enabled=BET in legal)],
            [menu(cid("amount"), amount_options, "How much a bet", enabled=betting)],
            [
                button(cid("ready"), "Ready", discord.ButtonStyle.success,
                       enabled=READY in legal),
                button(cid("leave"), "Leave the table", discord.ButtonStyle.danger,
                       enabled=LEAVE in legal),
                button(cid("refresh"), "Refresh", discord.ButtonStyle.secondary),
            ],
        ]
        if view.bets and REMOVE in legal:
            take = [option(f"Take down {render.bet_line(b, owner=False)}"[:100], f"b:{i}",
                           emoji=_bet_emoji(b.position))
                    for i, b in enumerate(view.bets[:MENU_OPTIONS])]
            rows.append([menu(cid("remove"), take, "Take a bet down")])
        return RenderedView(rows)

    async def play(
        self, tables: TableService, table: LiveTable, user: int, at: tuple[int, int],
        act: str, picked: Sequence[Card], values: list[str],
    ) -> tuple[str, list[int] | None]:
        if act == "amount":
            hand = table.hand
            # Exactly an amount the menu offers: a modified client can send any text, and
            # int() reads "-10", " 10 " and other scripts' digits alike.
            offered = {str(a): a for a in amounts(hand.stake, hand.max_bet)}
            if len(values) != 1 or values[0] not in offered:
                raise TableError("choose one of the amounts in the menu.")
            chosen = offered[values[0]]
            self.amounts[table.id, user] = chosen
            return f"{chosen} chips a bet from now on.", None
        if act == "leave":
            return await tables.leave(table.info.channel_id, user), None
        if act in ("bet", "copper"):  # the buttons of a view drawn before bets were menus
            raise TableError("a bet is placed by choosing where in a betting menu: press "
                             "Refresh.")
        action = self._action(table, user, act, values)
        number, seq = at
        await tables.act(table.id, user, action, seq, hand_number=number)
        if isinstance(action, (Bet, Call)):
            return f"You bet {action.amount} on {action.position.label()}.", None
        if isinstance(action, Remove):
            return f"You took down your bet on {action.position.label()}.", None
        hand = table.hand
        if hand is not None and hand.is_over:
            return "The deal is over: see the result in the channel.", None
        return "You are ready.", None

    def _amount(self, table_id: int, user: int, stake: int) -> int:
        """How much the player's next bet is: the amount they chose, else the stake."""
        return self.amounts.get((table_id, user)) or stake

    def _action(self, table: LiveTable, user: int, act: str, values: list[str]) -> FaroAction:
        hand, seat = table.hand, str(user)
        if act == "ready":
            return Ready(seat)
        if act == "remove":
            mine = hand.private_view(seat).bets[:MENU_OPTIONS]
            shown = {f"b:{index}": bet for index, bet in enumerate(mine)}
            if len(values) != 1 or values[0] not in shown:
                raise TableError("that bet is no longer on the layout.")
            return Remove(seat, shown[values[0]].position)
        if act in BETTING_MENUS:
            offered = {o["value"] for o in betting_options(hand.private_view(seat))[act]}
            if BETTING_MENUS[act] and any(v.startswith(CALL_PREFIX) for v in values):
                raise TableError("a call cannot be coppered.")
            if values and not set(values) <= offered:  # exactly the menu's values: r:A, not r:a
                raise TableError(CHOOSE_WHERE)
            kind, position = position_of(values)
            amount = self._amount(table.id, user, hand.stake)
            if kind == CALL_DO:
                return Call(seat, position._replace(kind=CALL), amount)
            return Bet(seat, position._replace(copper=BETTING_MENUS[act]), amount)
        raise TableError("that button does nothing in Faro.")

    def out_of_turn(self, waiting: Sequence[str]) -> str | None:
        """Everyone bets at once (FARO-3.1): a seat refused is not in the deal or has left
        it, as the engine's words say (2.3, 2.4)."""
        return None
