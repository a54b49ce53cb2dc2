"""What the hall lists of Tonk (docs/rules/tonk.md)."""

from engine.cards import DECK
from engine.game import GameInfo
from engine.tonk.settlement import ENDINGS

TONK_INFO = GameInfo(
    id="tonk",
    name="Tonk",
    summary="GFF's parent: no pots, every hand ends with payments between the players",
    min_seats=2,
    max_seats=5,  # TONK-2.1
    pack=DECK,  # TONK-1.1
    stakes_to_deal_in=2,  # TONK-2.3
    stakes_to_buy_in=2,
    endings=ENDINGS,
)
