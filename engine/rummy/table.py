"""Table rules GFF and Tonk share: who deals next (GFF-2.8; Tonk deals as GFF, TONK-2.1)."""

from __future__ import annotations


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
