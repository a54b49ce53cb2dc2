"""A shedding game's table picture (Page One, Jack Change It): each seat's cards face
down, what the game has in play, the discard pile and the stock."""

from __future__ import annotations

from bot.i18n import _
from cogs.rummy.pictures import DISCARD_SHOWN
from cogs.table.pictures.layout import (
    Group,
    Picture,
    picture,
    pile,
    seat_captions,
    seats_face_down,
    stock,
)
from engine.cards import Card
from engine.shedding.views import PublicView


def table_picture(public: PublicView, discard: str, discarded: tuple[Card, ...],
                  *in_play: Group) -> Picture:
    """`in_play` goes before the discard pile, which is named `discard`."""
    names = seat_captions([seat.id for seat in public.seats])
    seats = seats_face_down(names, ((s.id, s.cards) for s in public.seats if s.dealt_in),
                            (public.turn,))
    return picture(seats, [*in_play, pile(discard, discarded, show=DISCARD_SHOWN),
                           stock(_("Stock"), public.stock)])
