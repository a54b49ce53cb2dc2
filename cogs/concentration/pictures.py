"""Concentration's picture: the layout of 52 places in four rows (CONC-2.1), each face
down with its number as the menus name it, a gap where a pair was taken, and this
turn's flips face up (CONC-2.5). Earlier flips are never shown: remembering is the game."""

from __future__ import annotations

from bot.i18n import _
from cogs.table.pictures.layout import Group, Picture, back, empty, face, picture
from engine.concentration.views import PublicView

ROW = 13
ROWS = 4


def table_picture(public: PublicView) -> Picture:
    shown = dict(public.shown)
    rows = []
    for r in range(ROWS):
        slots = []
        for position in range(r * ROW, (r + 1) * ROW):
            if position in shown:
                slots.append(face(shown[position], str(position), marked=True))
            elif position in public.gone:
                slots.append(empty())
            else:
                slots.append(back(str(position)))
        # Translators: a caption in the table's picture: the 52 places the cards are laid in
        rows.append([Group(_("Layout") if r == 0 else "", tuple(slots))])
    return picture(*rows)
