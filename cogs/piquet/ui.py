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
        call = f"Point of {size}"
    elif kind == "sequence":
        call = f"{render.SEQUENCE_NAMES.get(size, 'Sequence').capitalize()} ({size})"
    else:
        call = "Quatorze" if size == 4 else "Trio"
    return f"{call}: {C.labels(cards)}"[:100]


class PiquetUI(GameUI):
    game = PIQUET
    embeds = render
    how_to_start = "`/piquet join` in a channel (two players), then the host deals with " \
                   "`/piquet start`"
    table_picture = staticmethod(pictures.table_picture)
    button_acts = (EXCHANGE, SHOW_REST)
    menu_acts = (DECLARE, PLAY)  # and the shared pick
    card_acts = (PLAY,)  # and the shared pick
    hand_picture = staticmethod(pictures.hand_picture)
    hand_word = "partie"
    lobby_line = "A partie is six deals; the loser pays the stake for every 100 of the margin."
    out_below = "five stakes"
    result_lines = staticmethod(render.result_lines)
    history_ending = staticmethod(render.history_ending)
    history_words = staticmethod(render.history_words)

    def rules_embed(self, settings: Settings) -> discord.Embed:
        return rules.rules_embed(settings)

    def lobby_terms(self, info: Table) -> str:
        """Two players, each with five stakes to sit down (PIQUET-1.4)."""
        return (f"Stake {info.stake}, buy-in {info.buy_in}, two players, at least "
                f"{self.game.info.min_stack(info.stake)} chips each to sit down to a partie.")

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
            options.append(option(f"Sink: declare no {kind}", f"{SINK_VALUE}:{kind}"))
            rows.append([menu(custom_id(DECLARE), options, f"Declare your {kind}")])
        elif view.playable:
            playable = set(view.playable)
            rows += card_buttons(custom_id, PLAY, view.hand, rows=CARD_ROWS,
                                 playable=playable.__contains__, placeholder="Play a card")
        rows.append([button(custom_id("refresh"), "Refresh", discord.ButtonStyle.secondary)])
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
            shown = " and showed the rest of the talon" if action.show_rest else ""
            return (f"You exchanged {C.labels(picked)} for {C.labels(drawn)}{shown}."
                    if drawn else f"You exchanged {len(picked)} cards{shown}."), None
        if hand is None or hand.is_over:
            return "The partie is over: see the result in the channel.", None
        if isinstance(action, Sink):
            return f"You sank your {action.kind}.", None
        if isinstance(action, Declare):
            cards = [C.parse(code) for code in action.cards]
            return f"You declared {combination_label(action.kind, cards)}.", None
        return f"You played {C.label(C.parse(action.card))}.", None


def _exchange_rows(view: PrivateView, picked: Collection[Card], custom_id) -> list:
    limit = view.exchange_limit
    chosen = set(picked)
    rows = card_buttons(custom_id, PICK, view.hand, rows=CARD_ROWS, picked=chosen,
                        placeholder=f"Cards to exchange: 1 to {limit}", many=True)
    ready = 1 <= len(chosen) <= limit
    say = f"Exchange {len(chosen)}" if ready else "Exchange"
    # A press may pick any card: with too many picked, the button says so.
    first = say if ready or not chosen else f"Pick at most {limit}"
    buttons = [button(custom_id(EXCHANGE), first, discord.ButtonStyle.primary, enabled=ready)]
    if view.seat == view.public.dealer:  # 2.4: the dealer's only
        buttons.append(button(custom_id(SHOW_REST), f"{say} and show the rest",
                              discord.ButtonStyle.secondary, enabled=ready))
    rows.append(buttons)
    return rows


def _action(seat: str, act: str, picked: Sequence[Card], values: list[str]) -> Action:
    """What a click asks for; the engine decides whether it may be done."""
    if act in (EXCHANGE, SHOW_REST):
        if not picked:
            raise TableError("pick the cards to exchange first: press them in your hand.")
        return Exchange(seat, tuple(C.code(card) for card in picked), act == SHOW_REST)
    if act == DECLARE:
        if len(values) != 1:
            raise TableError("choose one combination, or sink.")
        head, _, rest = values[0].partition(":")
        if head == SINK_VALUE and rest in KINDS:
            return Sink(seat, rest)
        if head not in KINDS or not rest:
            raise TableError("that menu choice is not a declaration.")
        return Declare(seat, head, tuple(_card(code) for code in rest.split(JOINED)))
    if act == PLAY:
        if len(values) != 1:
            raise TableError("choose one card.")
        return Play(seat, _card(values[0]))
    raise TableError("that button does nothing in Piquet.")


def _card(code: str) -> str:
    try:
        return C.code(C.parse(code))
    except CardError:
        raise TableError("that menu choice is not a card.") from None
