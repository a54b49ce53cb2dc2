"""Piquet's pictures: the trick on the table and the last trick won, the talon face
down (or its rest, once shown: PIQUET-2.4), a carte blanche once shown, and each
seat's cards face down; a player's own hand, the cards they may play or exchange now
marked, in the order of the hand view's card buttons."""

from __future__ import annotations

from collections.abc import Collection

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
                            note=" (to act)")
    played = tuple(face(card, names.get(seat, "")) for seat, card in public.trick)
    middle = [Group("Trick", played or (empty(),))]
    if public.tricks:
        last = public.tricks[-1]
        middle.append(Group(f"Last trick: {names.get(last.winner, '')}",
                            tuple(face(card) for _, card in last.cards)))
    if public.talon_shown is not None:
        middle.append(pile("Talon shown", public.talon_shown))
    else:
        middle.append(stock("Talon", public.talon))
    blanche = [pile(f"{names.get(seat, '')} carte blanche", cards)
               for seat, cards in public.carte_blanche if cards]
    return picture(seats, middle, blanche)


def hand_picture(view: PrivateView, picked: Collection[Card] = ()) -> Picture:
    offered = view.playable if view.playable else None
    return picture(hand_row(view.hand, offered=offered, marked=picked))
