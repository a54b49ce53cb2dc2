"""Faro's picture: the layout of thirteen ranks with the chips bet on each (FARO-2),
the soda, the last turn and the cards still to come by rank (the casekeeper)."""

from __future__ import annotations

from bot.i18n import _
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
    # Translators: captions in the table's picture. The soda is the pack's first card,
    # shown and not played; a turn is two cards, the first loses and the second wins
    dealt = [Group(_("Soda"), (face(public.soda),))]
    if losing is not None:
        dealt.append(Group(_("Loses"), (face(losing),)))
        dealt.append(Group(_("Wins"), (face(winning),)))
    if public.hoc is not None:
        # Translators: a caption: the hoc, the pack's last card, shown and not played
        dealt.append(Group(_("Hoc"), (face(public.hoc),)))
    elif public.last_three:
        dealt.append(pile(_("Last three"), public.last_three))
    left = sum(public.casekeeper.values())
    dealt.append(Group(_("Still to come"), (back(str(left)),)))
    # Translators: a caption: the thirteen ranks on the table that bets are put on
    return picture(dealt, [Group(_("Layout"), tuple(ranks[:7]))],
                   [Group("", tuple(ranks[7:]))])
