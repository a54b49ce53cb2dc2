"""What the hall lists of Fifty-One (docs/rules/fiftyone.md)."""

from engine import cards as C
from engine.game import GameInfo

PACK = C.DECK  # FIFTYONE-1.1: the 52; the `joker` option adds JK (PACK_WITH_JOKER)
PACK_WITH_JOKER = (*C.DECK, C.JOKER)
JOKER_OPTION = "joker"  # FIFTYONE-7, 8.1
POT = "pot"

# The result's `ended` (FIFTYONE-4.5: there is no other end).
STOP = "stop"
ENDINGS = (STOP,)

FIFTYONE_INFO = GameInfo(
    id="fiftyone",
    name="Fifty-One",
    summary="Swap cards with a face-up board for the best suit; call Stop for one last round",
    min_seats=2,
    max_seats=5,  # FIFTYONE-1.3
    pack=PACK,
    stakes_to_deal_in=1,  # FIFTYONE-2.1: the ante, nothing else
    stakes_to_buy_in=1,
    endings=ENDINGS,
    pots=(POT,),
    options=(JOKER_OPTION,),
    reshuffles=True,  # FIFTYONE-4.4
)


def pack_for(options: dict) -> tuple[int, ...]:
    """FIFTYONE-1.1, 8.1: the cards a deal's deck holds with these table options."""
    return PACK_WITH_JOKER if options.get(JOKER_OPTION) is True else PACK
