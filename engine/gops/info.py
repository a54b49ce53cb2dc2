"""What the hall lists of Gops (docs/rules/gops.md)."""

from engine import cards as C
from engine.game import GameInfo
from engine.gops.settlement import ENDINGS

# GOPS-1.1, 6.1: the prize pile, and so the record's `deck`, is the 13 diamonds.
PRIZES = tuple(C.make(rank, C.DIAMONDS) for rank in range(13))

GOPS_INFO = GameInfo(
    id="gops",
    name="Gops",
    summary="Goofspiel: everyone bids a card of their suit, blind, for each diamond",
    min_seats=2,
    max_seats=6,  # GOPS-1.1
    pack=PRIZES,
    stakes_to_deal_in=1,  # GOPS-3.2
    stakes_to_buy_in=1,
    endings=ENDINGS,
    pots=("pot",),
)
