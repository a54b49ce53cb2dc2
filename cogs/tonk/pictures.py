"""Tonk's pictures: the rummy table and a player's own hand."""

from __future__ import annotations

from cogs.rummy import pictures as rummy
from cogs.table.pictures.layout import Picture
from engine.tonk.views import PublicView

hand_picture = rummy.hand_picture


def table_picture(public: PublicView) -> Picture:
    return rummy.table_rows(public)
