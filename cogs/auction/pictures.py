"""The flush auction's pictures: the cards for sale, what each seat bought this round
face up (AUCTION-6.2), the flushes declared; a player's own cards."""

from __future__ import annotations

from collections.abc import Collection

from bot.i18n import _
from cogs.table.pictures.layout import Group, Picture, hand_row, picture, pile, seat_captions, stock
from engine.auction.views import PrivateView, PublicView
from engine.cards import Card


def table_picture(public: PublicView) -> Picture:
    names = seat_captions([seat.id for seat in public.seats])
    # Translators: captions in the table's picture: the cards auctioned now, and the pack
    # still face down
    for_sale = [pile(_("For sale"), public.table, fan=False), stock(_("Stock"), public.stock)]
    # Translators: a caption in the table's picture: the cards this player ("Seat 2") bought
    # this round
    bought = [pile(_("{player} bought", player=names[seat.id]), seat.bought)
              for seat in public.seats if seat.dealt_in and seat.bought]
    # Translators: a caption in the table's picture: the flush (five cards of one suit) this
    # player ("Seat 2") won the round with
    flushes = [pile(_("{player} flush", player=names.get(seat, "")), cards)
               for seat, cards in public.flushes]
    return picture(for_sale, bought, flushes)


def hand_picture(view: PrivateView, picked: Collection[Card] = ()) -> Picture:
    return picture(hand_row(view.hand, marked=picked))


__all__ = ["Group", "hand_picture", "table_picture"]
