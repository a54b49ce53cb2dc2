"""Flush-auction games consistent with what one seat sees, for the search player
(engine/search.py).

What a seat cannot know (AUCTION-6.1): the five cards each other player was dealt this
round, the order of the round's pack still face down, the packs of the rounds to come,
and the bids the others have sealed on the cards now turned up. Everything else is
public (6.2): every card turned up and its buyer, every bid once shown, the game
chips, the bank, the points. Cards do not carry from a round (4.5), so earlier rounds
tell nothing of this one's cards, and the view alone is enough: nothing to remember.

Inferred from the rules: no other player holds a flush among the cards dealt and
bought this round, or the round would have ended (AUCTION-2.2, 4.1). The others' dealt
cards are drawn uniformly among the unseen cards under that constraint (rejection), the
rest of the pack uniformly, and each later round's pack is a fresh shuffle.

A sample is made by editing a fresh game, not by replaying a record (earlier rounds
could be replayed only with made-up packs that end them as they ended): the round's
pack is the dealt hands in dealing order (2.1), then the cards turned up in order, then
the unseen rest; the state is set from the view. As in Gops (engine/gops/sample.py) the
others' sealed bids are left unmade, the search's rollout policy makes them: the
sample's `seq` is lower by their number and its public view says they have not bid;
everything else is equal. Its `actions` are stand-ins of that number (the record is not
a replayable one, and the search never asks for it).
"""

from __future__ import annotations

import math
import random

from engine.auction.actions import Bid
from engine.auction.deal import HAND_SIZE, POINTS, ROUNDS, AuctionDeal, has_flush
from engine.auction.game import AUCTION
from engine.auction.views import PrivateView
from engine.cards import DECK, Card
from engine.search import SearchPlayer, seats_before_the_stake

DRAWS = 2000  # rejection draws before giving up on uniformity (never seen in play)


def turned_up(view: PrivateView) -> list[Card]:
    """This round's cards turned up, in the order turned: each sale's, then the table's."""
    public = view.public
    sold = [card for reveal in public.reveals if reveal.buyer is not None for card in reveal.cards]
    return sold + list(public.table)


def sample_deal(view: PrivateView, rng: random.Random) -> AuctionDeal:
    public = view.public
    seats = seats_before_the_stake(public)
    packs = [rng.sample(DECK, len(DECK)) for _ in range(ROUNDS)]
    deal: AuctionDeal = AUCTION.start(  # type: ignore[assignment]
        seats=seats, stake=public.stake, dealer=public.dealer, deck_or_decks=packs
    )
    order = deal.order
    by_id = {s.id: s for s in public.seats}
    bought = {seat: list(by_id[seat].bought) for seat in order}
    own_dealt = [card for card in view.hand if card not in bought[view.seat]]
    turned = turned_up(view)
    seen = set(view.hand) | set(turned)
    unseen = [card for card in DECK if card not in seen]
    others = [seat for seat in order if seat != view.seat]
    dealt = _draw_dealt(others, unseen, bought, rng)
    dealt[view.seat] = own_dealt
    drawn = {card for cards in dealt.values() for card in cards}
    rest = [card for card in unseen if card not in drawn]
    rng.shuffle(rest)
    count = len(order)
    # AUCTION-2.1: one card at a time from the dealer's left.
    pack = [dealt[order[i % count]][i // count] for i in range(HAND_SIZE * count)]
    pack += turned + rest
    _set_state(deal, view, pack, dealt, bought)
    return deal


def _draw_dealt(
    seats: list[str], unseen: list[Card], bought: dict[str, list[Card]], rng: random.Random
) -> dict[str, list[Card]]:
    """Five cards for each of `seats`, uniform among the draws that leave nobody a flush
    with what they bought (AUCTION-2.2, 4.1)."""
    need = HAND_SIZE * len(seats)
    for attempt in range(DRAWS + 1):
        cards = rng.sample(unseen, need)
        dealt = {seat: cards[i * HAND_SIZE:(i + 1) * HAND_SIZE] for i, seat in enumerate(seats)}
        # Past DRAWS a draw is kept as it is (a view no real game reaches).
        if attempt == DRAWS or not any(has_flush(dealt[s] + bought[s]) for s in seats):
            return dealt
    raise AssertionError("unreachable")


def _set_state(
    deal: AuctionDeal,
    view: PrivateView,
    pack: list[Card],
    dealt: dict[str, list[Card]],
    bought: dict[str, list[Card]],
) -> None:
    public = view.public
    by_id = {s.id: s for s in public.seats}
    index = public.round - 1
    deal.round = index
    deal.decks = tuple(
        tuple(pack) if r == index else deck for r, deck in enumerate(deal.decks)
    )
    deal.pack = deal.decks[index]
    order = deal.order
    deal.chips = {seat: by_id[seat].game_chips for seat in order}
    deal.points = {seat: by_id[seat].points for seat in order}
    deal.bank = public.bank
    deal.results = list(public.rounds)
    deal.flushes = list(public.flushes)
    deal.dealt = {seat: tuple(dealt[seat]) for seat in order}
    deal.bought = {seat: list(bought[seat]) for seat in order}
    deal.hands = {seat: list(dealt[seat]) + bought[seat] for seat in order}
    deal.table = list(public.table)
    deal.next_card = HAND_SIZE * len(order) + len(turned_up(view))
    deal.standing = dict(public.standing_bids)
    deal.set_aside = []
    deal.reveals = list(public.reveals)
    bidding = deal.bidding
    bidding.due = tuple(s for s in order if by_id[s].bid_due or by_id[s].has_bid)
    bidding.sealed = {}
    bidding.resolutions = 0
    made = public.seq
    if view.bid is not None:  # its own sealed bid: made again, so its chips leave
        made -= 1
    made -= sum(1 for s in order if by_id[s].has_bid and s != view.seat)
    deal.actions = [Bid(view.seat, 0)] * made  # stand-ins (module docstring)
    deal._public = None
    if view.bid is not None:
        deal.apply(Bid(view.seat, view.bid))


def legal_moves(deal: AuctionDeal, seat: str) -> list[Bid]:
    """Every bid `seat` may make now, lowest first (AUCTION-3.1)."""
    if seat not in deal.to_act():
        return []
    low, high = deal.limits(seat)
    return [Bid(seat, amount) for amount in range(low, high + 1)]


class AuctionSampler:
    """The search player's sampler for the flush auction: the view is enough."""

    legal_moves = staticmethod(legal_moves)

    def __call__(self, view: PrivateView, rng: random.Random) -> AuctionDeal:
        return sample_deal(view, rng)


def rollout(deal: AuctionDeal, rng: random.Random) -> Bid:
    """The rollout policy: a seat with a bid due bids as `easy` does (engine/auction/
    strategy.py: all it may on a card that makes its flush, half its range on four of a
    suit, the least otherwise), read from the deal rather than a view, which is the
    most of a rollout's cost; with chance `RANDOM_BIDS` any legal amount."""
    due = deal.to_act()
    seat = due[rng.randrange(len(due))] if len(due) > 1 else due[0]
    low, high = deal.limits(seat)
    if rng.random() < RANDOM_BIDS:
        return Bid(seat, rng.randint(low, high))
    counts = [0, 0, 0, 0]
    for card in deal.hands[seat]:
        counts[card // 13] += 1
    for card in deal.table:
        counts[card // 13] += 1
    best = max(counts)
    if best >= 5:
        return Bid(seat, high)
    if best == 4:
        return Bid(seat, (low + high) // 2)
    return Bid(seat, low)


def evaluate(deal: AuctionDeal, seat: str) -> float:
    """Where a rollout is cut (the search's `horizon`): the seat's lead over the best
    other seat in points, in the round's points as far as its cards go towards a flush
    (AUCTION-4.4), and a little in game chips (they buy the cards of the rounds to come),
    squashed to -1..1 as the pot's share would be."""
    round_points = POINTS[deal.round] if deal.settlement is None else 0

    def worth(other: str) -> float:
        counts = [0, 0, 0, 0]
        for card in deal.hands[other]:
            counts[card // 13] += 1
        towards = max(0.0, (max(counts) - 2) / 3)  # 5 of a suit: the round (1.4)
        return deal.points[other] + round_points * towards + CHIP_WORTH * deal.chips[other]

    mine = worth(seat)
    best_other = max(worth(other) for other in deal.order if other != seat)
    return math.tanh((mine - best_other) / LEAD_SCALE)


# How the flush auction is searched (engine/search.py): rollouts stop this many bids past
# the tree (a whole game is five rounds of auctions, far too long to play out a few
# hundred times a bid) and are judged by `evaluate`, weighed as the end's lead is.
RANDOM_BIDS = 0.2
HORIZON = 12
CHIP_WORTH = 0.1  # points a game chip is worth, roughly, in the lead
LEAD_SCALE = 3.0
MARGIN_WEIGHT = 1.0


def search_player(playouts: int | None, ms: float | None) -> SearchPlayer:
    """The flush auction's `hard` (engine/search.py): `easy`-like rollouts, cut short."""
    return SearchPlayer(AUCTION, AuctionSampler(), playouts=playouts, ms=ms, rollout=rollout,
                        margin_weight=MARGIN_WEIGHT, horizon=HORIZON, evaluate=evaluate)
