"""GFF's pictures: the rummy table with the flip card and the flip and flop reveals
(GFF-2.3, 5.2), and a player's own hand."""

from __future__ import annotations

from bot.i18n import N_, _
from cogs.rummy import pictures as rummy
from cogs.table.pictures.layout import Group, Picture, face, seat_captions
from engine.gff.views import PublicView

hand_picture = rummy.hand_picture

# Translators: GFF's two side pots, each won by the lowest card dealt of a suit: the
# "flip" (the flip card's suit) and the "flop" (the other suit of its colour)
POT_WORDS = {"flip": N_("flip"), "flop": N_("flop")}


def table_picture(public: PublicView) -> Picture:
    names = seat_captions([seat.id for seat in public.seats])
    # Translators: a caption in the table's picture: the dealer's fifth card, dealt face
    # up, whose suit decides the "flip" and "flop" pots
    flip = Group(_("Flip card"), (face(public.flip_card),))
    # Translators: a caption: a player's card shown for the flip pot or the flop pot
    shown = [Group(_("{player} {pot}", player=names.get(r.seat, ""),
                     pot=_(POT_WORDS.get(r.pot, r.pot))), (face(r.card),))
             for r in public.revealed]
    rows = rummy.table_rows(public, flip)
    return Picture((*rows.rows, tuple(shown))) if shown else rows
