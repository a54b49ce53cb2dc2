"""What the hall lists of Farmer (docs/rules/farmer.md)."""

from engine import cards as C
from engine.game import GameInfo

# FARMER-1.1: the 52 less the four 8s and the 6 of spades, diamonds and clubs.
SIX_OF_HEARTS = C.parse("6H")
PACK = tuple(
    card for card in C.DECK
    if C.rank(card) != 7 and not (C.rank(card) == 5 and card != SIX_OF_HEARTS)
)
FARM = "farm"

# The result's `ended` (FARMER-8).
SIXTEEN = "sixteen"  # 5.1
CLOSEST = "closest"  # 5.2
ALL_BUST = "all_bust"  # 5.3
ENDINGS = (SIXTEEN, CLOSEST, ALL_BUST)

FARMER_INFO = GameInfo(
    id="farmer",
    name="Farmer",
    summary="Hit towards 16: sixteen takes the farm, a pot that carries until someone does",
    min_seats=2,
    max_seats=8,  # FARMER-2.1
    pack=PACK,
    stakes_to_deal_in=2,  # FARMER-2.3: the ante and at most one payment
    stakes_to_buy_in=2,
    endings=ENDINGS,
    pots=(FARM,),
    carried_pots=(FARM,),  # FARMER-2.2
    options=(),  # FARMER-7
)
