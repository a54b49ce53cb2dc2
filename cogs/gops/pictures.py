"""Gops's pictures: the prize up, the prizes still face down, the last round's bids as
revealed (GOPS-2.2) and each seat's prizes won; a player's own bidding cards."""

from __future__ import annotations

from collections.abc import Collection

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
    prize = Group("Prize", (face(public.prize) if public.prize is not None else empty(),))
    still = Group("Prizes to come", (back(str(public.prizes_left)) if public.prizes_left
                                     else empty("0"),))
    last = []
    if public.rounds:
        done = public.rounds[-1]
        last = [Group("Last prize", (face(done.prize),)),
                Group("Bids", tuple(face(card, names.get(seat, ""), marked=seat == done.winner)
                                    for seat, card in done.bids), fan=False)]
    won = [pile(f"{names[seat.id]}: {seat.score}", seat.won)
           for seat in public.seats if seat.dealt_in]
    return picture([prize, still, *last], won)


def hand_picture(view: PrivateView, picked: Collection[Card] = ()) -> Picture:
    marked = (view.bid,) if view.bid is not None else ()
    return picture(hand_row(view.hand, marked=marked))
