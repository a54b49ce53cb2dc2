"""The flush auction (docs/rules/auction.md): five rounds of sealed all-pay bids for face-up
cards, paid in game chips; a flush wins the round."""

from engine.auction.deal import AuctionDeal
from engine.auction.settlement import AuctionSettlement

__all__ = ["AuctionDeal", "AuctionSettlement"]
