"""What the hall lists of Concentration (docs/rules/concentration.md)."""

from engine import cards as C
from engine.concentration.settlement import ENDINGS
from engine.game import GameInfo

MATCH = "match"  # CONC-5.1: the one option
RANK, COLOUR = "rank", "colour"
MATCHES = (RANK, COLOUR)

CONCENTRATION_INFO = GameInfo(
    id="concentration",
    name="Concentration",
    summary="52 cards face down: flip two a turn, keep the pairs, remember the rest",
    min_seats=2,
    max_seats=6,  # CONC-1.2
    pack=C.DECK,  # CONC-1.1
    stakes_to_deal_in=1,  # CONC-3.3
    stakes_to_buy_in=1,
    endings=ENDINGS,
    pots=("pot",),
    options=(MATCH,),
)
