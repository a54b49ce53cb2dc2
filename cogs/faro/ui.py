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

from bot.i18n import N_, Text, _, ngettext, pgettext
from bot.settings import Settings
from bot.store import Table
from bot.tables import LiveTable, TableError, TableService
from cogs.faro import pictures, render, rules
from cogs.table.clock import deadline_of
from cogs.table.components import Component, RenderedView, button, menu, option
from cogs.table.emojis import face_emoji
from cogs.table.frames import join_line
from cogs.table.items import hand_custom_id
from cogs.table.names import count
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
# Translators: options of the betting menu: a bet that the winning card of the turn is
# even, or odd, or higher than the losing card
KINDS = {"even": N_("Even (2 4 6 8 10 Q)"), "odd": N_("Odd (A 3 5 7 9 J K)"),
         "high": N_("High card (winning beats losing)")}
CALL_PREFIX = "call:"
# Each rank's value in the betting menus, made once: a betting view is drawn at every bet.
# A rank is offered while 1 to 4 of it are still to come (FARO-1.4).
RANK_VALUES = {rank: f"r:{rank_code(rank)}" for rank in range(1, 14)}
# The card of each rank in the layout, whose face a rank's option shows (a suit of spades).
LAYOUT_CARDS = {rank: C.make(rank - 1, C.SPADES) for rank in range(1, 14)}
# The betting menus: where a choice bets, plain or coppered.
BETTING_MENUS = {"on": False, "coppered": True}
CHOOSE_WHERE = Text("choose where to bet from the menu: up to four ranks, or one of even, "
                    "odd, high card or a call.")


def rank_label(rank: int, left: int) -> str:
    """A rank's option in the betting menus: its name and how many are still to come."""
    return ngettext("{rank} ({n} to come)", "{rank} ({n} to come)", left,
                    rank=render.rank_name(rank))


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
        raise TableError(Text("choose where to bet in the first menu."))
    raise TableError(CHOOSE_WHERE)


def betting_options(view: PrivateView) -> dict[str, list[Component]]:
    """The options of each betting menu of the player's view, by its act: where a bet
    goes ("on": the places, and the calls when one may be made) and where it goes
    coppered (the places: a call is never coppered, FARO-6.1)."""
    public = view.public
    places = [option(rank_label(rank, left), RANK_VALUES[rank],
                     emoji=face_emoji(LAYOUT_CARDS[rank]))
              for rank, left in public.casekeeper.items() if left]
    places += [option(_(label), kind) for kind, label in KINDS.items()]
    calls = []
    if CALL_DO in view.legal:
        three = sorted(faro_rank(card) for card in public.last_three)
        orders = sorted({(a, b, c) for a in three for b in three for c in three
                         if sorted((a, b, c)) == three})
        for order in orders:
            value = CALL_PREFIX + "".join(rank_code(r) for r in order)
            # Translators: a menu option: "call the turn", a bet on the order the last
            # three cards come in (the losing card, the winning card, then the hoc, the
            # last card)
            label = _("Call: {ranks} (lose, win, hoc)",
                      ranks=", ".join(rank_code(r) for r in order))
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
    how_to_start = N_("`/faro join` in a channel (one player is enough), then `/faro start`")
    table_picture = staticmethod(pictures.table_picture)
    # Translators: what Faro calls one hand, as in "deal 3"
    hand_word = N_("deal")
    # Translators: what a player's stack fell below to be out of the table
    out_below = N_("one stake")
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
        terms = _("Bets from {stake} to {max_bet}, buy-in {buy_in}, up to {players}, against "
                  "the house.", stake=info.stake, max_bet=max_bet, buy_in=info.buy_in,
                  players=count(info.max_players, "player"))
        # Translators: put into "Join with `/faro join`{when}; …": when one may join
        return f"{terms} " + join_line(GAME, _(" (between deals)"))

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
        amount_options = [option(count(a, "chip"), str(a), default=a == amount)
                          for a in amounts(public.stake, public.max_bet)]
        rows = [
            # Translators: a menu's placeholder: choosing a rank places the bet; a
            # "combination" is one bet on 2 to 4 ranks
            [menu(cid("on"), where["on"],
                  _("Bet {chips} on… (up to 4 ranks for a combination)", chips=amount),
                  max_values=4, enabled=betting)],
            # Translators: a menu's placeholder: a bet "coppered" (a copper token laid on
            # it) bets on the rank losing
            [menu(cid("coppered"), where["coppered"],
                  _("Bet {chips} coppered (on losing) on…", chips=amount), max_values=4,
                  enabled=BET in legal)],
            # Translators: a menu's placeholder: how many chips each bet is
            [menu(cid("amount"), amount_options, _("How much a bet"), enabled=betting)],
            [
                # Translators: a button: done betting for this turn
                button(cid("ready"), pgettext("button", "Ready"), discord.ButtonStyle.success,
                       enabled=READY in legal),
                button(cid("leave"), _("Leave the table"), discord.ButtonStyle.danger,
                       enabled=LEAVE in legal),
                # Translators: a button: draw the view again with the table as it is now
                button(cid("refresh"), pgettext("button", "Refresh"),
                       discord.ButtonStyle.secondary),
            ],
        ]
        if view.bets and REMOVE in legal:
            take = [option(_("Take down {bet}", bet=render.bet_line(b, owner=False))[:100],
                           f"b:{i}", emoji=_bet_emoji(b.position))
                    for i, b in enumerate(view.bets[:MENU_OPTIONS])]
            rows.append([menu(cid("remove"), take, _("Take a bet down"))])
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
                raise TableError(Text("choose one of the amounts in the menu."))
            chosen = offered[values[0]]
            self.amounts[table.id, user] = chosen
            return ngettext("{n} chip a bet from now on.", "{n} chips a bet from now on.",
                            chosen), None
        if act == "leave":
            return await tables.leave(table.info.channel_id, user), None
        if act in ("bet", "copper"):  # the buttons of a view drawn before bets were menus
            raise TableError(Text("a bet is placed by choosing where in a betting menu: "
                                  "press Refresh."))
        action = self._action(table, user, act, values)
        number, seq = at
        await tables.act(table.id, user, action, seq, hand_number=number)
        if isinstance(action, (Bet, Call)):
            return _("You bet {chips} on {position}.", chips=action.amount,
                     position=render.position_words(action.position)), None
        if isinstance(action, Remove):
            return _("You took down your bet on {position}.",
                     position=render.position_words(action.position)), None
        hand = table.hand
        if hand is not None and hand.is_over:
            return _("The deal is over: see the result in the channel."), None
        return _("You are ready."), None

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
                raise TableError(Text("that bet is no longer on the layout."))
            return Remove(seat, shown[values[0]].position)
        if act in BETTING_MENUS:
            offered = {o["value"] for o in betting_options(hand.private_view(seat))[act]}
            if BETTING_MENUS[act] and any(v.startswith(CALL_PREFIX) for v in values):
                raise TableError(Text("a call cannot be coppered."))
            if values and not set(values) <= offered:  # exactly the menu's values: r:A, not r:a
                raise TableError(CHOOSE_WHERE)
            kind, position = position_of(values)
            amount = self._amount(table.id, user, hand.stake)
            if kind == CALL_DO:
                return Call(seat, position._replace(kind=CALL), amount)
            return Bet(seat, position._replace(copper=BETTING_MENUS[act]), amount)
        raise TableError(Text("that button does nothing in Faro."))

    def out_of_turn(self, waiting: Sequence[str]) -> str | None:
        """Everyone bets at once (FARO-3.1): a seat refused is not in the deal or has left
        it, as the engine's words say (2.3, 2.4)."""
        return None
