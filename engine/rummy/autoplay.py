"""The move played for a player who is not there to play it.

The time-out move of GFF and of Tonk, whose page keeps GFF's.
Used when a turn times out, when a player is away, and for a player who left
mid-hand: draw from the stock, then throw the card worth most. It never drops
and never spreads, so it never decides the hand for the player, and it only
looks at what the player's own view holds.
"""

from __future__ import annotations

from engine import cards as C
from engine.actions import DRAW_STOCK, STOCK, Action, Discard, Draw
from engine.rummy.views import PrivateView


def stand_in_action(view: PrivateView) -> Action:
    """The safe default for `view.seat`, whose turn it must be."""
    if not view.legal:
        raise ValueError(f"it is not {view.seat}'s turn")
    if DRAW_STOCK in view.legal:
        return Draw(view.seat, STOCK)
    return Discard(view.seat, highest(view.hand))


def highest(hand: tuple[int, ...]) -> int:
    """The card worth most; among equals the highest rank, so a king goes before a ten."""
    return max(hand, key=lambda card: (C.value(card), C.rank(card), card))
