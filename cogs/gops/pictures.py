"""Gops's pictures: the prize up, the prizes still face down, the last round's bids as
revealed (GOPS-2.2) and each seat's prizes won; a player's own bidding cards."""

from __future__ import annotations

from collections.abc import Collection

from bot.i18n import _
from cogs.table.pictures.layout import (
    Group,
    Picture,
    back,
    empty,
    face,
    hand_row,
    picture,
    pile,
    seat_captions,
)
from engine.cards import Card
from engine.gops.views import PrivateView, PublicView


def table_picture(public: PublicView) -> Picture:
    names = seat_captions([seat.id for seat in public.seats])
    # Translators: a caption in the table's picture: the prize card bid for now
    prize = Group(_("Prize"), (face(public.prize) if public.prize is not None else empty(),))
    # Translators: a caption in the table's picture: the prize cards still face down
    still = Group(_("Prizes to come"), (back(str(public.prizes_left)) if public.prizes_left
                                        else empty("0"),))
    last = []
    if public.rounds:
        done = public.rounds[-1]
        # Translators: captions in the table's picture: the last round's prize, and the
        # cards bid for it
        last = [Group(_("Last prize"), (face(done.prize),)),
                Group(_("Bids"), tuple(face(card, names.get(seat, ""), marked=seat == done.winner)
                                       for seat, card in done.bids), fan=False)]
    won = [pile(f"{names[seat.id]}: {seat.score}", seat.won)
           for seat in public.seats if seat.dealt_in]
    return picture([prize, still, *last], won)


def hand_picture(view: PrivateView, picked: Collection[Card] = ()) -> Picture:
    marked = (view.bid,) if view.bid is not None else ()
    return picture(hand_row(view.hand, marked=marked))
