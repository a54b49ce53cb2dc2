"""Faro's picture: the layout of thirteen ranks with the chips bet on each (FARO-2),
the soda, the last turn and the cards still to come by rank (the casekeeper)."""

from __future__ import annotations

from cogs.table.pictures.layout import Group, Picture, back, face, picture, pile
from engine import cards as C
from engine.faro.actions import CARD
from engine.faro.views import PublicView


def table_picture(public: PublicView) -> Picture:
    bet = dict.fromkeys(range(1, 14), 0)
    for laid in public.layout:
        if laid.position.kind == CARD:
            bet[laid.position.ranks[0]] += laid.amount
    # FARO-2: the layout is a suit of spades, ace to king; a label is the chips on it.
    ranks = [face(C.make(rank - 1, C.SPADES), f"{bet[rank]}" if bet[rank] else "")
             for rank in range(1, 14)]
    losing, winning = public.turns[-1] if public.turns else (None, None)
    dealt = [Group("Soda", (face(public.soda),))]
    if losing is not None:
        dealt.append(Group("Loses", (face(losing),)))
        dealt.append(Group("Wins", (face(winning),)))
    if public.hoc is not None:
        dealt.append(Group("Hoc", (face(public.hoc),)))
    elif public.last_three:
        dealt.append(pile("Last three", public.last_three))
    left = sum(public.casekeeper.values())
    dealt.append(Group("Still to come", (back(str(left)),)))
    return picture(dealt, [Group("Layout", tuple(ranks[:7]))], [Group("", tuple(ranks[7:]))])
