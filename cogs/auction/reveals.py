"""Which auction's bids the table shows: the latest reveal stays up until the next one.

The engine's public view holds the reveals of the round being played (AUCTION-6.2), so
once a flush or the deck's end starts the next round, the bids that ended the last one
leave it. The table message is edited at a pace, and those bids must still be seen, so
until the new round's first reveal the last round's reveals are shown, found by playing
the record again (the reveals are public: nothing hidden is read).
"""

from __future__ import annotations

from engine.auction.deal import AuctionDeal
from engine.auction.game import AUCTION
from engine.auction.views import Reveal


def reveals_by_round(deal: AuctionDeal) -> dict[int, list[Reveal]]:
    """Round number (1 to 5) -> every reveal of that round, from the record."""
    again = AUCTION.deal(deal.record())
    by_round: dict[int, list[Reveal]] = {}
    for action in deal.record().actions:
        by_round[again.round + 1] = again.reveals  # the round's own list, added to as it goes
        again.apply(action)
    by_round[again.round + 1] = again.reveals
    return by_round


def shown_reveals(deal: AuctionDeal) -> tuple[int, tuple[Reveal, ...]]:
    """(round, reveals): this round's, or the latest earlier round's that had any."""
    public = deal.public_view()
    if public.reveals or not public.rounds:
        return public.round, public.reveals
    by_round = reveals_by_round(deal)
    for number in range(public.round, 0, -1):
        if by_round.get(number):
            return number, tuple(by_round[number])
    return public.round, ()
