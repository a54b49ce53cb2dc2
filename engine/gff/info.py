"""What the hall lists of Game, Flip and Flop (docs/rules/gff.md)."""

from engine.cards import DECK
from engine.game import GameInfo
from engine.gff.settlement import ENDINGS

GFF_INFO = GameInfo(
    id="gff",
    name="Game, Flip and Flop",
    summary="Rummy for three pots: game, flip and flop; go out, tunk out or drop low",
    min_seats=2,
    max_seats=5,  # GFF-2.1
    pack=DECK,
    stakes_to_deal_in=2,  # GFF-2.4: two stakes post to the game pot ("tunk life")
    stakes_to_buy_in=4,  # enough to post to all three pots and keep the reserve
    endings=ENDINGS,
    pots=("game", "flip", "flop", "bonus"),  # GFF-2.4, 3.4
    carried_pots=("flip", "flop"),  # GFF-4.5
)
