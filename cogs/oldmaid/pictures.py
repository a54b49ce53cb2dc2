"""Old Maid's pictures: each seat's cards face down (OLDMAID-5.2: how many is public),
the pairs thrown, the old maid once shown; a player's own hand, the card they drew
last marked."""

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
    seat_captions,
)
from engine.cards import Card
from engine.oldmaid.views import PrivateView, PublicView

PAIRS_SHOWN = 6  # the latest pairs thrown; the embed's log has the rest


def table_picture(public: PublicView) -> Picture:
    names = seat_captions([seat.id for seat in public.seats])
    seats = []
    for seat in public.seats:
        if not seat.dealt_in:
            continue
        name = names[seat.id]
        if seat.id == public.drawer:
            # Translators: a caption in the table's picture: this player ("Seat 2") draws now
            name = _("{player} (draws)", player=name)
        elif seat.id == public.holder:
            # Translators: a caption in the table's picture: this player's cards are drawn from
            name = _("{player} (drawn from)", player=name)
        slots = tuple(back(str(i + 1) if seat.id == public.holder else "")
                      for i in range(seat.cards))
        if not slots:
            # Translators: under a player's place in the table's picture: no cards left
            slots = (empty(_("out")),)
        seats.append(Group(name, slots, fan=seat.id != public.holder))
    pairs = [Group(names.get(pair.seat, ""), tuple(face(c) for c in pair.cards), fan=True)
             for pair in public.pairs[-PAIRS_SHOWN:]]
    # Translators: a caption in the table's picture: the queen left without a mate
    maid = ([Group(_("The old maid"), (face(public.old_maid),))]
            if public.old_maid is not None else [])
    return picture(seats, [*pairs, *maid])


def hand_picture(view: PrivateView, picked: Collection[Card] = ()) -> Picture:
    marked = (view.last_drawn,) if view.last_drawn is not None else ()
    return picture(hand_row(view.hand, marked=marked))
