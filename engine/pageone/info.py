"""What the hall lists of Page One (docs/rules/pageone.md)."""

from engine import cards as C
from engine.game import GameInfo
from engine.shedding.settlement import ENDINGS, POT

PACK = (*C.DECK, C.JOKER)  # PAGEONE-1.1: the 52 and one joker

PAGEONE_INFO = GameInfo(
    id="pageone",
    name="Page One",
    summary="Follow suit or draw until you can; the joker trumps; call Page One on your last card",
    min_seats=2,
    max_seats=4,  # PAGEONE-1.2
    pack=PACK,
    stakes_to_deal_in=1,  # PAGEONE-2.1: the ante, nothing else
    stakes_to_buy_in=1,
    endings=ENDINGS,
    pots=(POT,),
    options=(),  # PAGEONE-7
    reshuffles=True,  # PAGEONE-4.6
)
