"""Piquet's pictures: the trick on the table and the last trick won, the talon face
down (or its rest, once shown: PIQUET-2.4), a carte blanche once shown, and each
seat's cards face down; a player's own hand, the cards they may play or exchange now
marked, in the order of the hand view's card buttons."""

from __future__ import annotations

from collections.abc import Collection

from bot.i18n import _
from cogs.table.pictures.layout import (
    Group,
    Picture,
    empty,
    face,
    hand_row,
    picture,
    pile,
    seat_captions,
    seats_face_down,
    stock,
)
from engine.cards import Card
from engine.piquet.views import PrivateView, PublicView


def table_picture(public: PublicView) -> Picture:
    names = seat_captions([seat.id for seat in public.seats])
    seats = seats_face_down(names, ((s.id, s.cards) for s in public.seats), public.to_act,
                            # Translators: words drawn in the table picture, after the name
                            # of the seat to act.
                            note=_(" (to act)"))
    played = tuple(face(card, names.get(seat, "")) for seat, card in public.trick)
    middle = [Group(_("Trick"), played or (empty(),))]
    if public.tricks:
        last = public.tricks[-1]
        # Translators: words drawn in the table picture: the last trick and its winner.
        middle.append(Group(_("Last trick: {seat}", seat=names.get(last.winner, "")),
                            tuple(face(card) for _seat, card in last.cards)))
    if public.talon_shown is not None:
        # Translators: words drawn in the table picture. The talon: the cards left after
        # the deal, face down, taken in the exchange; the dealer may show the rest of it.
        middle.append(pile(_("Talon shown"), public.talon_shown))
    else:
        middle.append(stock(_("Talon"), public.talon))
    # Translators: words drawn in the table picture over a hand shown as carte blanche (a
    # hand dealt with no king, queen or jack).
    blanche = [pile(_("{seat} carte blanche", seat=names.get(seat, "")), cards)
               for seat, cards in public.carte_blanche if cards]
    return picture(seats, middle, blanche)


def hand_picture(view: PrivateView, picked: Collection[Card] = ()) -> Picture:
    offered = view.playable if view.playable else None
    return picture(hand_row(view.hand, offered=offered, marked=picked))
