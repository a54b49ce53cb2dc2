"""GFF's pictures: the rummy table with the flip card and the flip and flop reveals
(GFF-2.3, 5.2), and a player's own hand."""

from __future__ import annotations

from cogs.rummy import pictures as rummy
from cogs.table.pictures.layout import Group, Picture, face, seat_captions
from engine.gff.views import PublicView

hand_picture = rummy.hand_picture


def table_picture(public: PublicView) -> Picture:
    names = seat_captions([seat.id for seat in public.seats])
    flip = Group("Flip card", (face(public.flip_card),))
    shown = [Group(f"{names.get(r.seat, '')} {r.pot}", (face(r.card),)) for r in public.revealed]
    rows = rummy.table_rows(public, flip)
    return Picture((*rows.rows, tuple(shown))) if shown else rows
