"""Which pots a stack posts to before a deal (GFF-2.4 to 2.6)."""

from __future__ import annotations

from engine.base import pass_left as next_dealer  # GFF-2.8: the deal passes left

__all__ = [
    "FLIP", "FLOP", "GAME", "POTS", "is_all_in", "next_dealer", "pots_to_post",
]

GAME, FLIP, FLOP = "game", "flip", "flop"
POTS = (GAME, FLIP, FLOP)


def pots_to_post(stack: int, stake: int) -> tuple[str, ...]:
    """GFF-2.4: post to as many pots as the stack allows while keeping one stake back.

    The stake kept in reserve pays the one extra stake a hand can ask for (GFF-2.7).
    """
    stakes = stack // stake
    if stakes >= 4:
        return POTS
    if stakes == 3:
        return (GAME, FLIP)
    if stakes == 2:
        return (GAME,)  # all in: "tunk life"
    return ()


def is_all_in(posted: tuple[str, ...]) -> bool:
    return posted == (GAME,)
