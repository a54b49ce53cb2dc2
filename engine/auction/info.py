"""What the hall lists of the flush auction (docs/rules/auction.md)."""

from engine.auction.settlement import ENDINGS
from engine.cards import DECK
from engine.game import GameInfo

AUCTION_INFO = GameInfo(
    id="auction",
    name="Flush Auction",
    summary="Five rounds of sealed bids for face-up cards: the first flush takes the round",
    min_seats=2,
    max_seats=6,  # AUCTION-1.2
    pack=DECK,  # AUCTION-1.1: a whole pack per round
    stakes_to_deal_in=1,  # AUCTION-5.2
    stakes_to_buy_in=1,
    endings=ENDINGS,
    deals_per_game=5,  # AUCTION-1.1, 8.1: the record holds `decks`
    pots=("pot",),
)
