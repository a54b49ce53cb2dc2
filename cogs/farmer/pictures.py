"""Farmer's pictures: each seat's face-down card and its hits face up (FARMER-4), the
whole hands once the deal is over; a player's own face-down card with their hits."""

from __future__ import annotations

from collections.abc import Collection

from bot.i18n import _
from cogs.table.pictures.layout import Group, Picture, back, face, picture, seat_captions, stock
from engine.cards import Card
from engine.farmer.views import PrivateView, PublicView


def table_picture(public: PublicView) -> Picture:
    names = seat_captions([seat.id for seat in public.seats])
    seats = []
    for seat in public.seats:
        if not seat.dealt_in:
            continue
        # Translators: a caption in the table's picture: the player whose turn it is
        caption = (_("{player} (to play)", player=names[seat.id]) if seat.id == public.turn
                   else names[seat.id])
        if seat.shown is not None:
            caption += f" = {seat.total}" if seat.total is not None else ""
            slots = tuple(face(card) for card in seat.shown)
        else:
            slots = (back(), *(face(card) for card in seat.hits))
        seats.append(Group(caption, slots, fan=True))
    # Translators: a caption in the table's picture: the face-down pile cards are dealt from
    return picture([stock(_("Stock"), public.stock)], seats)


def hand_picture(view: PrivateView, picked: Collection[Card] = ()) -> Picture:
    own = next((s for s in view.public.seats if s.id == view.seat), None)
    hits = own.hits if own is not None else ()
    # Translators: words under a card in a picture: the player's own card, hidden from
    # the others
    cards = ((face(view.face_down, _("face down")),) if view.face_down is not None else ())
    return picture([Group(_("Your cards: {total}", total=view.total),
                          (*cards, *(face(card) for card in hits)))])
