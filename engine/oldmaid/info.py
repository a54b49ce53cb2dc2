"""What the hall lists of Old Maid (docs/rules/oldmaid.md)."""

from engine import cards as C
from engine.game import GameInfo
from engine.oldmaid.settlement import ENDINGS

QUEEN = 11  # rank index of the queen
REMOVED = C.make(QUEEN, C.CLUBS)  # OLDMAID-1.1: the queen of clubs is taken out
PACK = tuple(card for card in C.DECK if card != REMOVED)

OLDMAID_INFO = GameInfo(
    id="oldmaid",
    name="Old Maid",
    summary="Draw from your neighbour, throw your pairs, and don't be left with the queen",
    min_seats=2,
    max_seats=10,  # OLDMAID-1.2
    pack=PACK,
    stakes_to_deal_in=1,  # OLDMAID-4.2
    stakes_to_buy_in=1,
    endings=ENDINGS,
    pots=("pot",),
)
