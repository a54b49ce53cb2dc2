"""Jack Change It's pictures: the discard pile with the upcard on top, the stock and
each seat's cards face down; a player's own hand, the cards they may play numbered and
the others dimmed."""

from __future__ import annotations

from collections.abc import Collection

from cogs.rummy.pictures import DISCARD_SHOWN
from cogs.table.pictures.layout import (
    Picture,
    hand_row,
    picture,
    pile,
    seat_captions,
    seats_face_down,
    stock,
)
from engine import cards as C
from engine.cards import Card
from engine.jackchangeit.views import PrivateView, PublicView


def table_picture(public: PublicView) -> Picture:
    names = seat_captions([seat.id for seat in public.seats])
    seats = seats_face_down(names, ((s.id, s.cards) for s in public.seats if s.dealt_in),
                            (public.turn,))
    called = (f" ({C.SUIT_NAMES[public.called]} called)" if public.called is not None
              else "")
    return picture(seats, [pile("Discard" + called, public.pile, show=DISCARD_SHOWN),
                           stock("Stock", public.stock)])


def hand_picture(view: PrivateView, picked: Collection[Card] = ()) -> Picture:
    playable = {card for card, _ in view.plays}
    return picture(hand_row(view.hand, offered=playable if view.legal else None))
