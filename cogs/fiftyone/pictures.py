"""Fifty-One's pictures: the five board cards in their places (FIFTYONE-4.2), the
discard and the stock, every hand once shown at the end; a player's own hand beside
the board, which is what the Take menu and the Give buttons choose from."""

from __future__ import annotations

from collections.abc import Collection

from bot.i18n import _
from cogs.rummy.pictures import DISCARD_SHOWN
from cogs.table.pictures.layout import (
    Group,
    Picture,
    face,
    hand_row,
    picture,
    pile,
    seat_captions,
    seats_face_down,
    stock,
)
from engine.cards import Card
from engine.fiftyone.views import PrivateView, PublicView

HAND = 5  # FIFTYONE-2.1: five cards each


def board(public: PublicView) -> Group:
    # Translators: words drawn in the table picture: the five cards face up to swap with.
    return Group(_("Board"), tuple(face(card, str(i + 1)) for i, card in enumerate(public.board)))


def table_picture(public: PublicView) -> Picture:
    names = seat_captions([seat.id for seat in public.seats])
    if public.shown:
        hands = [pile(f"{names.get(s.seat, '')}: {s.score}", s.hand, fan=False)
                 for s in public.shown]
    else:
        hands = seats_face_down(names, ((s.id, HAND) for s in public.seats if s.dealt_in),
                                (public.turn,))
    return picture([board(public), pile(_("Discard"), public.discard, show=DISCARD_SHOWN),
                    stock(_("Stock"), public.stock)], hands)


def hand_picture(view: PrivateView, picked: Collection[Card] = ()) -> Picture:
    return picture([board(view.public)], hand_row(view.hand))
