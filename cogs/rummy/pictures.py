"""The rummy games' pictures (GFF and Tonk): the seats' hands as backs, the spreads,
the discard pile and the stock; a player's own hand, numbered as its menus list it."""

from __future__ import annotations

from collections.abc import Collection

from bot.i18n import _
from cogs.table.pictures.layout import (
    Group,
    Picture,
    hand_row,
    picture,
    pile,
    seat_captions,
    seats_face_down,
    stock,
)
from engine.cards import Card
from engine.rummy.views import PrivateView, PublicView

DISCARD_SHOWN = 6  # the top of the pile, fanned: the rest is under it


def seat_row(public: PublicView) -> list[Group]:
    """Each dealt-in seat's hand, face down."""
    names = seat_captions([seat.id for seat in public.seats])
    return seats_face_down(names, ((s.id, s.cards) for s in public.seats if s.dealt_in),
                           (public.turn,))


def table_rows(public: PublicView, *first: Group) -> Picture:
    names = seat_captions([seat.id for seat in public.seats])
    # Translators: a caption in the table's picture: a spread (a set or run laid on the
    # table), its number and whose it is
    spreads = [pile(_("Spread {spread} ({player})", spread=s.index + 1,
                      player=names.get(s.owner, "")), s.cards)
               for s in public.spreads]
    return picture(
        seat_row(public),
        # Translators: captions in the table's picture: the discard pile, the stock
        [*first, pile(_("Discard"), public.discard_pile, show=DISCARD_SHOWN),
         stock(_("Stock"), public.stock)],
        spreads,
    )


def table_picture(public: PublicView) -> Picture:
    return table_rows(public)


def hand_picture(view: PrivateView, picked: Collection[Card] = ()) -> Picture:
    return picture(hand_row(view.hand, marked=picked))
