"""Piquet's part of the table UI (cogs/table/ui.py): its embeds, and a hand view under
`piquet:` ids for each step of a deal, its clicks.

- The exchange (PIQUET-2.3, 2.4): the hand as card buttons, each press picking a card or
  putting it back, then Exchange (enabled for 1 to the limit picked); the dealer also has
  Exchange and show the rest. The pick travels with the press (cogs/table/controls.py),
  so it survives a restart.
- Declarations (3.2): one menu of the player's whole combinations of the kind now
  declared, best first, and "sink". Each option names its kind and cards, so a choice
  from an old view is checked by the engine as what it says.
- The play (4.1): the hand as card buttons, only the cards the player may play enabled.

The hand is twelve cards from the deal to the last trick's start (the exchange gives
back as many as it throws out, 2.3, 2.4), so its buttons take three rows: the exchange
view is those, its Exchange buttons and Refresh (five rows), the play view four. A hand
past fifteen cannot happen; card_buttons would show it as one menu of faces.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

import discord

from bot.i18n import N_, Text, _, ngettext
from bot.settings import Settings
from bot.store import Table
from bot.tables import LiveTable, TableError, TableService
from cogs.piquet import pictures, render, rules
from cogs.table.components import (
    Component,
    RenderedView,
    button,
    card_buttons,
    menu,
    option,
)
from cogs.table.emojis import face_emoji
from cogs.table.emojis.shown import FACES
from cogs.table.items import hand_custom_id
from cogs.table.names import count
from cogs.table.ui import FRESH_VIEW, GameUI, ViewState
from engine import cards as C
from engine.cards import Card, CardError
from engine.piquet import scoring as S
from engine.piquet.actions import KINDS, Action, Declare, Exchange, Play, Sink
from engine.piquet.game import PIQUET
from engine.piquet.views import PrivateView

GAME = PIQUET.info.id
PICK = "pick"  # the cards to exchange
EXCHANGE, SHOW_REST = "exchange", "showrest"  # 2.3, 2.4
DECLARE = "declare"  # the menu of combinations and "sink"
PLAY = "throw"  # the card buttons of the play (and the menu of views sent before them)
CARD_ROWS = 3  # twelve cards, five a row (see above)
SINK_VALUE = "sink"
JOINED = "-"  # between the card codes of a combination in its option's value
# Per kind declared (3.1), each its own words: the menu's placeholder, the option to sink
# (to declare nothing of the kind), and the answer to a sink.
DECLARE_YOUR = {
    "point": N_("Declare your point"),
    "sequence": N_("Declare your sequence"),
    "set": N_("Declare your set"),
}
SINK_OPTIONS = {
    # Translators: a menu option: to sink is to declare nothing of a kind.
    "point": N_("Sink: declare no point"),
    "sequence": N_("Sink: declare no sequence"),
    "set": N_("Sink: declare no set"),
}
SANK = {
    "point": N_("You sank your point."),
    "sequence": N_("You sank your sequence."),
    "set": N_("You sank your set."),
}


def declare_value(kind: str, cards: Sequence[Card]) -> str:
    return f"{kind}:{JOINED.join(C.code(card) for card in cards)}"


def combination_emoji(kind: str, cards: Sequence[Card]) -> dict[str, str] | None:
    """A combination's face in its option: a point's suit, else its highest card (a
    sequence is said by its top card, a set by its rank: 3.6); None in words."""
    if kind == "point":
        return FACES.emoji(f"suit{C.SUITS[C.suit(cards[0])]}")
    return face_emoji(max(cards, key=S.height))


def combination_label(kind: str, cards: Sequence[Card]) -> str:
    """What the option says, for its owner only: the call, then the cards."""
    size = len(cards)
    if kind == "point":
        call = _("Point of {n}", n=size)
    elif kind == "sequence":
        name = _(render.SEQUENCE_NAMES[size]) if size in render.SEQUENCE_NAMES else _("Sequence")
        call = f"{name[:1].upper()}{name[1:]} ({size})"
    else:
        # Translators: a set of four cards of a rank (quatorze), or of three (trio).
        call = _("Quatorze") if size == 4 else _("Trio")
    return f"{call}: {C.labels(cards)}"[:100]


class PiquetUI(GameUI):
    game = PIQUET
    embeds = render
    how_to_start = N_("`/piquet join` in a channel (two players), then the host deals with "
                      "`/piquet start`")
    table_picture = staticmethod(pictures.table_picture)
    button_acts = (EXCHANGE, SHOW_REST)
    menu_acts = (DECLARE, PLAY)  # and the shared pick
    card_acts = (PLAY,)  # and the shared pick
    hand_picture = staticmethod(pictures.hand_picture)
    # Translators: a partie: a match of six deals of Piquet ("partie 3").
    hand_word = N_("partie")
    lobby_line = N_("A partie is six deals; the loser pays the stake for every 100 of the "
                    "margin.")
    # Translators: a player is out when their chips fall below this.
    out_below = N_("five stakes")
    result_lines = staticmethod(render.result_lines)
    history_ending = staticmethod(render.history_ending)
    history_words = staticmethod(render.history_words)

    def rules_embed(self, settings: Settings) -> discord.Embed:
        return rules.rules_embed(settings)

    def lobby_terms(self, info: Table) -> str:
        """Two players, each with five stakes to sit down (PIQUET-1.4)."""
        return _("Stake {stake}, buy-in {buy_in}, two players, at least {chips} each to sit "
                 "down to a partie.", stake=info.stake, buy_in=info.buy_in,
                 chips=count(self.game.info.min_stack(info.stake), "chip"))

    def draw_table(self, table: LiveTable, public: Any, **shown: Any) -> discord.Embed:
        """This deal's scores by part, public (PIQUET-7.3), while the partie runs."""
        hand = table.running.hand
        return render.table_embed(public, detail=hand.detail if not hand.is_over else {},
                                  **shown)

    def hand_view(
        self, table_id: int, owner: int, hand_number: int, view: PrivateView, *,
        state: ViewState = FRESH_VIEW,
    ) -> RenderedView:
        at = (hand_number, view.public.seq)

        def custom_id(act: str) -> str:
            return hand_custom_id(GAME, table_id, owner, at, act)

        rows: list[list[Component]] = []
        if view.exchange_limit:
            rows += _exchange_rows(view, state.picked, custom_id)
        elif view.choices:
            kind = view.public.kind or KINDS[0]
            options = [option(combination_label(kind, combo), declare_value(kind, combo),
                              emoji=combination_emoji(kind, combo))
                       for combo in view.choices[:24]]
            options.append(option(render.in_words(SINK_OPTIONS, kind), f"{SINK_VALUE}:{kind}"))
            rows.append([menu(custom_id(DECLARE), options, render.in_words(DECLARE_YOUR, kind))])
        elif view.playable:
            playable = set(view.playable)
            rows += card_buttons(custom_id, PLAY, view.hand, rows=CARD_ROWS,
                                 playable=playable.__contains__, placeholder=_("Play a card"))
        # Translators: a button: show the hand view again, up to date.
        rows.append([button(custom_id("refresh"), _("Refresh"),
                            discord.ButtonStyle.secondary)])
        return RenderedView(rows)

    async def play(
        self, tables: TableService, table: LiveTable, user: int, at: tuple[int, int],
        act: str, picked: Sequence[Card], values: list[str],
    ) -> tuple[str, list[int] | None]:
        seat = str(user)
        hand = table.hand
        before = set(hand.hands.get(seat, ())) if hand is not None else set()
        action = _action(seat, act, picked, values)
        number, seq = at
        await tables.act(table.id, user, action, seq, hand_number=number)
        hand = table.hand
        if isinstance(action, Exchange):
            drawn = sorted(set(hand.hands.get(seat, ())) - before) if hand else []
            return _exchanged(C.labels(picked), C.labels(drawn), len(picked),
                              action.show_rest), None
        if hand is None or hand.is_over:
            return _("The partie is over: see the result in the channel."), None
        if isinstance(action, Sink):
            return render.in_words(SANK, action.kind), None
        if isinstance(action, Declare):
            cards = [C.parse(code) for code in action.cards]
            return _("You declared {combination}.",
                     combination=combination_label(action.kind, cards)), None
        return _("You played {card}.", card=C.label(C.parse(action.card))), None


def _exchanged(picked: str, drawn: str, n: int, show_rest: bool) -> str:
    """What an exchange did (PIQUET-2.3, 2.4): the cards given and taken, and whether
    the dealer showed the rest of the talon; with nothing taken seen, how many."""
    if drawn:
        if show_rest:
            return _("You exchanged {cards} for {drawn} and showed the rest of the talon.",
                     cards=picked, drawn=drawn)
        return _("You exchanged {cards} for {drawn}.", cards=picked, drawn=drawn)
    if show_rest:
        return ngettext("You exchanged {n} card and showed the rest of the talon.",
                        "You exchanged {n} cards and showed the rest of the talon.", n)
    return ngettext("You exchanged {n} card.", "You exchanged {n} cards.", n)


def _exchange_rows(view: PrivateView, picked: Collection[Card], custom_id) -> list:
    limit = view.exchange_limit
    chosen = set(picked)
    rows = card_buttons(custom_id, PICK, view.hand, rows=CARD_ROWS, picked=chosen,
                        placeholder=ngettext("Cards to exchange: 1 to {n}",
                                             "Cards to exchange: 1 to {n}", limit),
                        many=True)
    ready = 1 <= len(chosen) <= limit
    # Translators: a button: give the cards picked and take as many from the talon.
    say = ngettext("Exchange {n}", "Exchange {n}", len(chosen)) if ready else _("Exchange")
    # A press may pick any card: with too many picked, the button says so.
    first = say if ready or not chosen else ngettext("Pick at most {n}", "Pick at most {n}",
                                                     limit)
    buttons = [button(custom_id(EXCHANGE), first, discord.ButtonStyle.primary, enabled=ready)]
    if view.seat == view.public.dealer:  # 2.4: the dealer's only
        # Translators: a button: exchange, and show both players the cards left in the
        # talon.
        rest = (ngettext("Exchange {n} and show the rest", "Exchange {n} and show the rest",
                         len(chosen)) if ready else _("Exchange and show the rest"))
        buttons.append(button(custom_id(SHOW_REST), rest, discord.ButtonStyle.secondary,
                              enabled=ready))
    rows.append(buttons)
    return rows


def _action(seat: str, act: str, picked: Sequence[Card], values: list[str]) -> Action:
    """What a click asks for; the engine decides whether it may be done."""
    if act in (EXCHANGE, SHOW_REST):
        if not picked:
            raise TableError(Text("pick the cards to exchange first: press them in your hand."))
        return Exchange(seat, tuple(C.code(card) for card in picked), act == SHOW_REST)
    if act == DECLARE:
        if len(values) != 1:
            raise TableError(Text("choose one combination, or sink."))
        head, _sep, rest = values[0].partition(":")
        if head == SINK_VALUE and rest in KINDS:
            return Sink(seat, rest)
        if head not in KINDS or not rest:
            raise TableError(Text("that menu choice is not a declaration."))
        return Declare(seat, head, tuple(_card(code) for code in rest.split(JOINED)))
    if act == PLAY:
        if len(values) != 1:
            raise TableError(Text("choose one card."))
        return Play(seat, _card(values[0]))
    raise TableError(Text("that button does nothing in Piquet."))


def _card(code: str) -> str:
    try:
        return C.code(C.parse(code))
    except CardError:
        raise TableError(Text("that menu choice is not a card.")) from None
