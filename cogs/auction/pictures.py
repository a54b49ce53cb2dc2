"""The flush auction's pictures: the cards for sale, what each seat bought this round
face up (AUCTION-6.2), the flushes declared; a player's own cards."""

from __future__ import annotations

from collections.abc import Collection

from cogs.table.pictures.layout import Group, Picture, hand_row, picture, pile, seat_captions, stock
from engine.auction.views import PrivateView, PublicView
from engine.cards import Card


def table_picture(public: PublicView) -> Picture:
    names = seat_captions([seat.id for seat in public.seats])
    for_sale = [pile("For sale", public.table, fan=False), stock("Stock", public.stock)]
    bought = [pile(f"{names[seat.id]} bought", seat.bought)
              for seat in public.seats if seat.dealt_in and seat.bought]
    flushes = [pile(f"{names.get(seat, '')} flush", cards) for seat, cards in public.flushes]
    return picture(for_sale, bought, flushes)


def hand_picture(view: PrivateView, picked: Collection[Card] = ()) -> Picture:
    return picture(hand_row(view.hand, marked=picked))


__all__ = ["Group", "hand_picture", "table_picture"]
