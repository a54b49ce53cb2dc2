"""What Page One's and Jack Change It's UIs share: the embeds, drawn by the game's
`SheddingEmbeds` (cogs/shedding/render.py); the frame of a hand view, the hand's card
buttons (or, in a hand too large for them, a menu), each menu on a row of its own and
then the buttons and Refresh, under `<game>:` ids; and a play carried out.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from bot.i18n import N_, _
from cogs.shedding import render
from cogs.shedding.render import SheddingEmbeds
from cogs.table.components import ROW, Component, RenderedView, button, card_buttons
from cogs.table.frames import ResultLines
from cogs.table.items import hand_custom_id

if TYPE_CHECKING:
    from bot.tables import LiveTable, TableService
    from engine.cards import Card
    from engine.game import Game
    from engine.shedding.settlement import SheddingSettlement

GAME_OVER = N_("The game is over: see the result in the channel.")  # translated where sent
MENU_OPTIONS = 25  # Discord's most options in one select menu


class SheddingUI:
    """Mixed into Page One's and Jack Change It's UI, before `GameUI`."""

    game: ClassVar[Game]
    embeds: ClassVar[SheddingEmbeds]  # the game's table and hand embeds
    # Translators: what one deal of Page One or Jack Change It is called ("game 3").
    hand_word = N_("game")
    # Translators: a player is out when their chips fall below this.
    out_below = N_("one stake")  # G2.6: out below the ante (PAGEONE-8.3, JCI-8.3)

    def result_lines(self, settlement: SheddingSettlement) -> ResultLines:
        return render.result_lines(settlement)

    def history_words(self, result: dict) -> str:
        return render.history_words(result)

    def control_ids(self, table_id: int, owner: int, hand_number: int, view: Any
                    ) -> Callable[[str], str]:
        """The custom id of each of `owner`'s controls in this view: its act, under the
        hand's number and the view's sequence number, so a stale click is refused."""
        at = (hand_number, view.public.seq)
        return lambda act: hand_custom_id(self.game.info.id, table_id, owner, at, act)

    async def played(
        self, tables: TableService, table: LiveTable, user: int, at: tuple[int, int],
        action: Any,
    ) -> bool:
        """Carry out `user`'s `action`, made in their view numbered `at`; whether the game
        goes on (if not, the player reads `GAME_OVER`)."""
        number, seq = at
        await tables.act(table.id, user, action, seq, hand_number=number)
        hand = table.hand
        return hand is not None and not hand.is_over


def hand_cards(
    custom_id: Callable[[str], str], act: str, hand: tuple[Card, ...], *, rows: int,
    playable: Collection[Card], too_many: Callable[[], Component], picked: Collection[Card] = (),
) -> list[list[Component]]:
    """The hand as card buttons (`act`), the cards it may play now enabled, in at most
    `rows` rows; a hand too large for them, as the menu `too_many` makes instead. The
    shared fallback would offer the hand's first 25 cards, which need not hold the cards
    playable, so each game keeps its own menu of the plays there."""
    if len(hand) > rows * ROW:
        return [[too_many()]]
    return card_buttons(custom_id, act, hand, rows=rows,
                        playable=lambda card: card in playable, picked=picked)


def hand_rows(custom_id: Callable[[str], str], cards: list[list[Component]],
              menus: list[Component], buttons: list[Component]) -> RenderedView:
    """The card rows, each menu on a row of its own, then the game's buttons and Refresh."""
    # Translators: a button: show the hand view again, up to date.
    refresh = button(custom_id("refresh"), _("Refresh"), discord.ButtonStyle.secondary)
    return RenderedView([*cards, *([m] for m in menus), [*buttons, refresh]])
