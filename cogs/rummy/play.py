"""A rummy game's hand view, and a click in it made into an engine action: draw, drop,
spread, hit (two steps: the cards, then the spread), discard."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from bot.i18n import Text, _
from bot.tables import LiveTable, TableError
from cogs.rummy import views
from cogs.table.ui import FRESH_VIEW, ViewState
from engine import cards as C
from engine.actions import DISCARD, STOCK, Action, Discard, Draw, Drop, Hit, Spread
from engine.cards import Card, CardError

if TYPE_CHECKING:
    from bot.tables import TableService
    from cogs.table.components import RenderedView
    from engine.game import Game
    from engine.rummy.views import PrivateView


class RummyPlay:
    """A rummy game's hand view and its clicks; mixed into GFF's and Tonk's UI."""

    game: ClassVar[Game]
    embeds: ClassVar[Any]  # the game's render module: its table embed takes the events
    button_acts = ("drop", "stock", "take", "spread", "hit")
    # "throw" is the discard menu: choosing a card discards it, the commonest move in one
    # click; "target", the spread a hit goes on (and "pick", the table's card buttons).
    menu_acts = ("throw", "target")

    def draw_table(self, table: LiveTable, public: Any, **shown: Any) -> discord.Embed:
        """The table with the hand's last actions, from its public events."""
        return self.embeds.table_embed(public, table.running.hand.events, **shown)

    def hand_view(
        self, table_id: int, owner: int, hand_number: int, view: PrivateView, *,
        state: ViewState = FRESH_VIEW,
    ) -> RenderedView:
        """Under the game's own ids; a Hit offers the spreads it may go on (`play`)."""
        return views.hand_view(self.game.info.id, table_id, owner, hand_number, view,
                               state=state)

    async def play(
        self, tables: TableService, table: LiveTable, user: int, at: tuple[int, int], act: str,
        picked: Sequence[Card], values: list[str],
    ) -> tuple[str, list[int] | None]:
        """Carry out one click; the note to show and any spreads to choose from."""
        hand = table.hand
        seat = str(user)
        before = set(hand.hands.get(seat, ()))
        if act == "hit":
            if not picked:
                raise TableError(Text("pick the cards to hit with first."))
            view = tables.hand_view(table, user)
            targets = [i for i, cards in view.hit_options if set(cards) == set(picked)]
            if not targets:
                raise TableError(Text("{cards} cannot go on any spread.", cards=C.labels(picked)))
            # Translators: a hit adds cards to a spread (a set or run) already on the table
            return _("Hit with {cards}: choose the spread.", cards=C.labels(picked)), targets
        action = action_for(seat, act, list(picked), values)
        number, seq = at
        await tables.act(table.id, user, action, seq, hand_number=number)
        return what_happened(action, before, table, seat), None


def cards_chosen(values: list[str]) -> list[Card]:
    try:
        return [C.parse(v) for v in values]
    except CardError:
        raise TableError(Text("that menu choice is not a card.")) from None


def action_for(seat: str, act: str, picked: list[Card], values: list[str]) -> Action:
    if act == "drop":
        return Drop(seat)
    if act == "stock":
        return Draw(seat, STOCK)
    if act == "take":
        return Draw(seat, DISCARD)
    if act == "spread":
        if not picked:
            raise TableError(Text("pick the cards to spread first."))
        return Spread(seat, tuple(picked))
    if act == "throw":
        chosen = cards_chosen(values)
        if len(chosen) != 1:
            raise TableError(Text("choose one card to discard."))
        return Discard(seat, chosen[0])
    if act == "target":
        if not picked:
            raise TableError(Text("pick the cards to hit with first."))
        try:
            return Hit(seat, int(values[0]), tuple(picked))
        except (IndexError, ValueError):
            raise TableError(Text("choose a spread from the list.")) from None
    raise TableError(Text("that button does nothing."))


def what_happened(action: Action, before: set[Card], table: LiveTable, seat: str) -> str:
    hand = table.hand
    if hand is not None and hand.is_over:
        return _("The hand is over: see the result in the channel.")
    if isinstance(action, Draw):
        drawn = set(hand.hands[seat]) - before if hand else set()
        if action.source == STOCK:
            return _("You drew {cards} from the stock.", cards=C.labels(drawn))
        return _("You drew {cards} from the discard pile.", cards=C.labels(drawn))
    if isinstance(action, Spread):
        return _("You spread {cards}.", cards=C.labels(action.cards))
    if isinstance(action, Hit):
        return _("You hit spread {spread} with {cards}.", spread=action.spread + 1,
                 cards=C.labels(action.cards))
    if isinstance(action, Discard):
        return _("You discarded {card}.", card=C.label(action.card))
    return ""
