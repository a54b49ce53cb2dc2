"""Page One's pictures: the trick on the table in the order played, the last trick on
the discard, the stock and each seat's cards face down; a player's own hand, the cards
they may play now numbered and the others dimmed, the cards just drawn marked."""

from __future__ import annotations

from collections.abc import Collection

from bot.i18n import _
from cogs.shedding import pictures as shedding
from cogs.table.pictures.layout import Group, Picture, empty, face, hand_row, picture, seat_captions
from engine.cards import Card
from engine.pageone.views import PrivateView, PublicView


def table_picture(public: PublicView) -> Picture:
    names = seat_captions([seat.id for seat in public.seats])
    played = tuple(face(card, names.get(seat, "")) for seat, card in public.trick)
    # Translators: words drawn in the table picture: the cards played to this trick, or
    # none yet; the discard pile.
    trick = Group(_("Trick"), played or (empty(_("none yet")),))
    return shedding.table_picture(public, _("Discard"), public.discard, trick)


def hand_picture(view: PrivateView, picked: Collection[Card] = ()) -> Picture:
    offered = view.legal_cards if view.legal else None
    return picture(hand_row(view.hand, offered=offered, marked=view.drawn))
