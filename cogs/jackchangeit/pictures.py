"""Jack Change It's pictures: the discard pile with the upcard on top, the stock and
each seat's cards face down; a player's own hand, the cards they may play numbered and
the others dimmed."""

from __future__ import annotations

from collections.abc import Collection

from bot.i18n import _
from cogs.shedding import pictures as shedding
from cogs.shedding.render import suit_name
from cogs.table.pictures.layout import Picture, hand_row, picture
from engine.cards import Card
from engine.jackchangeit.views import PrivateView, PublicView


def table_picture(public: PublicView) -> Picture:
    # Translators: words drawn in the table picture, over the discard pile; with the suit
    # a jack called.
    discard = (_("Discard ({suit} called)", suit=suit_name(public.called))
               if public.called is not None else _("Discard"))
    return shedding.table_picture(public, discard, public.pile)


def hand_picture(view: PrivateView, picked: Collection[Card] = ()) -> Picture:
    playable = {card for card, _ in view.plays}
    return picture(hand_row(view.hand, offered=playable if view.legal else None))
