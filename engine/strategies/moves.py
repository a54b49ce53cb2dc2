"""Every concrete action a private view allows, built from the view alone."""

from __future__ import annotations

from engine.actions import (
    DISCARD,
    DISCARD_CARD,
    DRAW_DISCARD,
    DRAW_STOCK,
    DROP,
    HIT,
    SPREAD,
    STOCK,
    Action,
    Discard,
    Draw,
    Drop,
    Hit,
    Spread,
)
from engine.rummy.views import PrivateView


def legal_moves(view: PrivateView) -> list[Action]:
    """The actions `view.seat` may take now, one per choice a player could make.

    Raises ValueError when it is not the seat's turn: a strategy is only asked then.
    """
    if not view.legal:
        raise ValueError(f"it is not {view.seat}'s turn")
    seat, moves = view.seat, []
    for kind in view.legal:
        if kind == DROP:
            moves.append(Drop(seat))
        elif kind == DRAW_STOCK:
            moves.append(Draw(seat, STOCK))
        elif kind == DRAW_DISCARD:
            moves.append(Draw(seat, DISCARD))
        elif kind == SPREAD:
            moves.extend(Spread(seat, option.cards) for option in view.spread_options)
        elif kind == HIT:
            moves.extend(Hit(seat, index, cards) for index, cards in view.hit_options)
        elif kind == DISCARD_CARD:
            moves.extend(Discard(seat, card) for card in view.hand)
    return moves
