"""Which pots a stack posts to before a deal (GFF-2.4 to 2.6)."""

from __future__ import annotations

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


def is_eliminated(stack: int, stake: int) -> bool:
    """GFF-2.6: below two stakes a player can no longer be dealt in."""
    return stack < 2 * stake


def next_dealer(dealt_in: list[int], last: int | None) -> int | None:
    """GFF-2.8: the position of the next dealer, or None when the first one is to be drawn.

    `dealt_in` holds the clockwise positions of the seats that can be dealt in, and
    `last` the position of the last dealer, who may have left since: the deal passes
    to the next dealt-in seat on the left of where that dealer sat.
    """
    if last is None:
        return None  # the first dealer is chosen at random
    later = [position for position in sorted(dealt_in) if position > last]
    return later[0] if later else min(dealt_in)
