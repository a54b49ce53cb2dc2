"""Farmer's pictures: each seat's face-down card and its hits face up (FARMER-4), the
whole hands once the deal is over; a player's own face-down card with their hits."""

from __future__ import annotations

from collections.abc import Collection

from cogs.table.pictures.layout import Group, Picture, back, face, picture, seat_captions, stock
from engine.cards import Card
from engine.farmer.views import PrivateView, PublicView


def table_picture(public: PublicView) -> Picture:
    names = seat_captions([seat.id for seat in public.seats])
    seats = []
    for seat in public.seats:
        if not seat.dealt_in:
            continue
        caption = names[seat.id] + (" (to play)" if seat.id == public.turn else "")
        if seat.shown is not None:
            caption += f" = {seat.total}" if seat.total is not None else ""
            slots = tuple(face(card) for card in seat.shown)
        else:
            slots = (back(), *(face(card) for card in seat.hits))
        seats.append(Group(caption, slots, fan=True))
    return picture([stock("Stock", public.stock)], seats)


def hand_picture(view: PrivateView, picked: Collection[Card] = ()) -> Picture:
    own = next((s for s in view.public.seats if s.id == view.seat), None)
    hits = own.hits if own is not None else ()
    cards = ((face(view.face_down, "face down"),) if view.face_down is not None else ())
    return picture([Group(f"Your cards: {view.total}",
                          (*cards, *(face(card) for card in hits)))])
