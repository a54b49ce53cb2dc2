"""What the hall lists of Piquet (docs/rules/piquet.md)."""

from engine import cards as C
from engine.game import GameInfo

# PIQUET-1.1: 7 8 9 T J Q K A of each suit, 32 cards.
PIQUET_RANKS = (6, 7, 8, 9, 10, 11, 12, 0)  # engine ranks (ace 0), from 7 up to the ace
PACK = tuple(sorted(C.make(rank, suit) for suit in range(4) for rank in PIQUET_RANKS))

# The result's `ended` (PIQUET-7.3).
WON = "won"
RUBICON = "rubicon"
TIE = "tie"
ENDINGS = (WON, RUBICON, TIE)

DEALS = 6  # PIQUET-1.3: one record is one partie

PIQUET_INFO = GameInfo(
    id="piquet",
    name="Piquet",
    summary="Rubicon Piquet for two: exchange, declare point, sequence and set, twelve tricks",
    min_seats=2,
    max_seats=2,  # PIQUET-1.3
    pack=PACK,
    stakes_to_deal_in=5,  # PIQUET-1.4
    stakes_to_buy_in=5,
    endings=ENDINGS,
    deals_per_game=DEALS,  # PIQUET-7.1: `decks`, six packs of 32
)
