"""What the hall lists of Faro (docs/rules/faro.md)."""

from engine.cards import DECK
from engine.game import GameInfo

LAYOUT = "layout"  # where the bets' chips lie between placing and settling (FARO-2.3)
TURNS = 25  # FARO-1.2
MAX_BET_STAKES = 10  # FARO-2.2: the default `max_bet`

# The result's `ended` (FARO-7).
HOC = "hoc"
ABANDONED = "abandoned"
ENDINGS = (HOC, ABANDONED)

FARO_INFO = GameInfo(
    id="faro",
    name="Faro",
    summary="Bet against the house on which cards win and lose as the pack is dealt",
    min_seats=1,
    max_seats=8,  # FARO-2.1
    pack=DECK,  # FARO-1.1
    stakes_to_deal_in=1,  # FARO-2.3
    stakes_to_buy_in=1,
    endings=ENDINGS,
    banking=True,  # G2.7
    has_dealer=False,  # the house deals (FARO-9)
    pots=(LAYOUT,),
    options=("max_bet",),
)
