"""One game of the flush auction (docs/rules/auction.md), five rounds from the posts to the pot.

Game chips, the bank and points are counters inside the game (AUCTION-1.3, G2.8);
only the pot moves bankroll chips. Each auction is a sealed round (G3.4,
engine/sealed.py): the bids due are accepted in any order and are compared when the
last one arrives.
"""

from __future__ import annotations

from engine import cards as C
from engine.auction import settlement as ending
from engine.auction.actions import BID, Bid
from engine.auction.info import AUCTION_INFO
from engine.auction.settlement import AuctionSettlement, RoundResult
from engine.auction.views import PrivateView, PublicView, Reveal, SeatView
from engine.base import DealBase, kept_until_the_next_action
from engine.cards import Card
from engine.chips import pot_account, seat_account, split
from engine.errors import EngineError
from engine.fairness import commitment
from engine.record import HandRecord
from engine.sealed import SealedRound
from engine.seating import antes, seats_with_the_stake

ROUNDS = 5
HAND_SIZE = 5  # AUCTION-2.1
ROUND_CHIPS = 10  # AUCTION-2.1
BID_LIMITS = ((0, 3), (2, 5), (4, 7), (2, 9), (0, 11))  # AUCTION-3.1
POINTS = (1, 1, 3, 5, 5)  # AUCTION-4.4
POT = pot_account("pot")


def has_flush(cards: list[Card]) -> bool:
    """AUCTION-1.4: five cards of one suit among all a player holds."""
    counts = [0, 0, 0, 0]
    for card in cards:
        counts[card // 13] += 1
    return max(counts) >= 5


def flush_cards(cards: list[Card]) -> tuple[Card, ...]:
    """The cards of the suit a flush is in: what a declaration shows (AUCTION-6.2)."""
    suit = max(range(4), key=lambda s: sum(1 for card in cards if card // 13 == s))
    return tuple(C.sorted_cards(card for card in cards if card // 13 == suit))


class AuctionDeal(DealBase):
    """The state of one game of the flush auction."""

    info = AUCTION_INFO

    def __init__(self, record: HandRecord) -> None:
        """Post and deal round 1 of `record` (AUCTION-8.2, 5.2, 2.1); no action applied."""
        self._record = record
        self.stake = record.stake
        self.seats = record.seats
        self.dealer: str = record.dealer or ""
        self.decks = record.decks
        # AUCTION-8.2: the seats with the stake, from the dealer's left.
        self.order = seats_with_the_stake(record, self.info, "the auction is for 2 to 6")
        self.account = {s.id: seat_account(s.id) for s in record.seats}
        self.book = antes(record, self.order, POT, reason="post")  # AUCTION-5.2
        self._posts = tuple(self.book.transfers)
        self.chips = dict.fromkeys(self.order, 0)  # game chips (AUCTION-1.3)
        self.bank = 0
        self.points = dict.fromkeys(self.order, 0)
        self.round = 0  # 0-based: decks[round] is in play
        self.results: list[RoundResult] = []
        self.flushes: list[tuple[str, tuple[Card, ...]]] = []
        self.actions: list[Bid] = []
        self.bidding = SealedRound()  # the bids due on the cards turned up
        self.settlement: AuctionSettlement | None = None
        self._commitment = (
            commitment(record.committed_cards, record.salt) if record.salt else None
        )
        self._start_round()

    # -- the protocol ---------------------------------------------------------------

    def to_act(self) -> tuple[str, ...]:
        """Every seat with a bid due that has not bid (G3.4, AUCTION-3.2, 3.4)."""
        if self.settlement is not None:
            return ()
        return self.bidding.waiting()

    def seat_seq(self, seat: str) -> int:
        """Changes only with this seat's own bid, a reveal or a round's end (engine/sealed.py)."""
        return self.bidding.seat_seq(seat)

    def legal_actions(self, seat: str) -> tuple[str, ...]:
        return (BID,) if seat in self.to_act() else ()

    def limits(self, seat: str) -> tuple[int, int]:
        """AUCTION-3.1: the round's range, cut to what the seat holds."""
        low, high = BID_LIMITS[self.round]
        held = self.chips[seat]
        return min(low, held), min(high, held)

    def check(self, action: Bid) -> None:
        """AUCTION-8.5, in this order: wrong_phase, not_your_turn, illegal_play."""
        if not isinstance(action, Bid):
            raise EngineError("bad_record", "the only action in the auction is a bid")
        seat, amount = action
        if self.settlement is not None:
            raise EngineError("wrong_phase", "the game is over: all five rounds are played")
        if seat not in self.chips:
            raise EngineError("not_your_turn", "{seat} is not dealt in to this game", seat=seat)
        if self.bidding.has_chosen(seat):
            raise EngineError(
                "not_your_turn", "{seat} has already bid on these cards", seat=seat
            )
        if seat not in self.bidding.due:
            raise EngineError(
                "not_your_turn",
                "only the tied players bid again now (AUCTION-3.4), not {seat}",
                seat=seat,
            )
        low, high = self.limits(seat)
        if not low <= amount <= high:
            limit_low, limit_high = BID_LIMITS[self.round]
            raise EngineError(
                "illegal_play",
                "{seat} may bid {low} to {high}, not {amount}: round {round} bids are "
                "{limit_low} to {limit_high}, at most what you hold (AUCTION-3.1)",
                seat=seat,
                low=low,
                high=high,
                amount=amount,
                round=self.round + 1,
                limit_low=limit_low,
                limit_high=limit_high,
            )

    def apply(self, action: Bid) -> None:
        self.check(action)
        self.actions.append(action)
        self.chips[action.seat] -= action.amount  # onto the table at once (AUCTION-3.2)
        if self.bidding.seal(action.seat, action.amount):
            self._reveal()

    def timeout_action(self, seat: str) -> Bid:
        """AUCTION-7.1: on time-out the bot bids the lowest legal amount."""
        if seat not in self.to_act():
            raise ValueError(f"{seat} has no bid to make")
        return Bid(seat, self.limits(seat)[0])

    def record(self) -> HandRecord:
        r = self._record
        return HandRecord(
            r.game, r.stake, r.seats, r.dealer, (), {}, tuple(self.actions), r.salt, {}, r.decks
        )

    def cards_in_play(self) -> list[Card]:
        """The current round's pack where it now is (cards do not carry, AUCTION-4.5)."""
        places = list(self.pack[self.next_card :]) + self.table + self.set_aside
        for cards in self.hands.values():
            places += cards
        return places

    # -- a round --------------------------------------------------------------------

    def _start_round(self) -> None:
        """AUCTION-2.1 to 2.3: ten game chips each, five cards each one at a time from
        the dealer's left, then a dealt flush ends the round or the first card turns up."""
        self.pack = self.decks[self.round]
        count = len(self.order)
        for seat in self.order:
            self.chips[seat] += ROUND_CHIPS
        self.hands: dict[str, list[Card]] = {seat: [] for seat in self.order}
        for i in range(HAND_SIZE * count):
            self.hands[self.order[i % count]].append(self.pack[i])
        self.dealt = {seat: tuple(cards) for seat, cards in self.hands.items()}
        self.bought: dict[str, list[Card]] = {seat: [] for seat in self.order}
        self.next_card = HAND_SIZE * count
        self.table: list[Card] = []
        self.standing: dict[str, int] = {}  # shown bids still on the table (3.4)
        self.set_aside: list[Card] = []
        self.reveals: list[Reveal] = []
        flushed = [seat for seat in self.order if has_flush(self.hands[seat])]
        if flushed:  # AUCTION-2.2: every dealt flush wins, and they share the bank
            for seat, share in split(self.bank, flushed) if self.bank else ():
                self.chips[seat] += share
            self.bank = 0
            self._round_won(ending.DEALT_FLUSH, flushed)
            return
        self._turn_up(self.order)

    def _turn_up(self, bidders: tuple[str, ...] | list[str]) -> None:
        """AUCTION-2.3, 3.4, 3.5: the next card, or the deck is out (4.3)."""
        if self.next_card == len(self.pack):
            self._deck_out()
            return
        self.table.append(self.pack[self.next_card])
        self.next_card += 1
        self.bidding.open(bidders)

    def _reveal(self) -> None:
        """AUCTION-3.3, 3.4: the bids are shown and compared with those standing."""
        sealed = self.bidding.reveal()
        shown = tuple((seat, sealed[seat]) for seat in self.order if seat in sealed)
        self.standing.update(sealed)
        top = max(self.standing.values())
        tied = [seat for seat in self.order if self.standing.get(seat) == top]
        buyer = tied[0] if len(tied) == 1 else None
        self.reveals.append(Reveal(tuple(self.table), shown, buyer))
        if buyer is None:
            for seat in tied:  # the tied bids go to the bank; the others stay (3.4)
                self.bank += self.standing.pop(seat)
            self._turn_up(tied)
            return
        # A sale: every card on the table to the buyer, every bid to the bank (3.3).
        self.bank += sum(self.standing.values())
        self.standing = {}
        self.hands[buyer] += self.table
        self.bought[buyer] += self.table
        self.table = []
        if has_flush(self.hands[buyer]):  # AUCTION-4.1: the round and the whole bank
            self.chips[buyer] += self.bank
            self.bank = 0
            self._round_won(ending.FLUSH, [buyer])
            return
        self._turn_up(self.order)  # AUCTION-3.5

    def _deck_out(self) -> None:
        """AUCTION-4.3: nobody scores, the bids on the table go home, the bank stays."""
        for seat, amount in self.standing.items():
            self.chips[seat] += amount
        self.standing = {}
        self.set_aside, self.table = self.table, []
        self._round_over(RoundResult(ending.DECK_OUT, ()))

    def _round_won(self, ended: str, winners: list[str]) -> None:
        for seat in winners:
            self.points[seat] += POINTS[self.round]  # AUCTION-4.4
            self.flushes.append((seat, flush_cards(self.hands[seat])))
        in_seat_order = tuple(s.id for s in self.seats if s.id in winners)
        self._round_over(RoundResult(ended, in_seat_order))

    def _round_over(self, result: RoundResult) -> None:
        self.bidding.close()
        self.results.append(result)
        if len(self.results) == ROUNDS:
            self._settle()
            return
        self.round += 1  # AUCTION-4.5: chips, bank and points carry; cards do not
        self._start_round()

    def _settle(self) -> None:
        """AUCTION-5.1 to 5.3: most points share the pot, from the dealer's left."""
        best = max(self.points.values())
        sharing = [seat for seat in self.order if self.points[seat] == best]
        for seat, share in split(self.book.balances[POT], sharing):
            self.book.move(POT, self.account[seat], share, "pot")
        dealt = [s.id for s in self.seats if s.id in self.chips]
        self.settlement = AuctionSettlement.from_book(
            self.book, self.seats, self.stake, ended=ending.FIVE_ROUNDS, winners=sharing,
            scores={s: self.points[s] for s in dealt},
            rounds=tuple(self.results),
            game_chips={s: self.chips[s] for s in dealt},
        )

    # -- views --------------------------------------------------------------------------

    @kept_until_the_next_action
    def public_view(self) -> PublicView:
        over = self.settlement is not None
        return PublicView(
            stake=self.stake,
            dealer=self.dealer,
            round=self.round + 1,
            points=POINTS[self.round],
            limits=BID_LIMITS[self.round],
            seats=tuple(
                SeatView(
                    id=s.id,
                    stack=self.book.balances[self.account[s.id]],
                    dealt_in=s.id in self.chips,
                    game_chips=self.chips.get(s.id, 0) + self.bidding.sealed.get(s.id, 0),
                    points=self.points.get(s.id, 0),
                    cards=len(self.hands.get(s.id, ())),
                    bought=tuple(self.bought.get(s.id, ())),
                    bid_due=s.id in self.bidding.waiting() and not over,
                    has_bid=self.bidding.has_chosen(s.id),
                )
                for s in self.seats
            ),
            table=tuple(self.table),
            standing_bids=tuple((s, self.standing[s]) for s in self.order if s in self.standing),
            bank=self.bank,
            stock=len(self.pack) - self.next_card,
            reveals=tuple(self.reveals),
            flushes=tuple(self.flushes),
            rounds=tuple(self.results),
            pot=self.book.balances[POT],
            seq=self.seq,
            ended=self.settlement.ended if over else None,
        )

    def private_view(self, seat: str) -> PrivateView:
        legal = self.legal_actions(seat)
        low, high = self.limits(seat) if legal else (0, 0)
        return PrivateView(
            seat=seat,
            hand=tuple(C.sorted_cards(self.hands.get(seat, ()))),
            game_chips=self.chips.get(seat, 0),
            bid=self.bidding.sealed.get(seat),
            low=low,
            high=high,
            legal=legal,
            public=self.public_view(),
        )
