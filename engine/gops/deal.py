"""One game of Gops (docs/rules/gops.md) from the posts to the pot's sharing.

Every dealt-in seat holds a whole suit (GOPS-1.2); each of the thirteen rounds is a
sealed bid (G3.4, engine/sealed.py): the bids are accepted in any order and the round
resolves when the last one arrives (GOPS-2.3). Check, then apply: a refused bid
changes nothing.
"""

from __future__ import annotations

from engine import cards as C
from engine.base import DealBase, kept_until_the_next_action
from engine.cards import Card
from engine.chips import pot_account, seat_account, split
from engine.errors import EngineError
from engine.fairness import commitment
from engine.gops.actions import BID, Bid
from engine.gops.info import GOPS_INFO
from engine.gops.settlement import ALL_PRIZES, GopsSettlement
from engine.gops.views import PrivateView, PublicView, RoundView, SeatView
from engine.record import HandRecord
from engine.sealed import SealedRound
from engine.seating import antes, seats_with_the_stake

ROUNDS = 13  # GOPS-2.1
BIDDING_SUITS = (C.SPADES, C.HEARTS, C.CLUBS)  # GOPS-1.2, from the dealer's left
POT = pot_account("pot")


def prize_value(card: Card) -> int:
    """GOPS-1.3: A = 1, 2-10 face value, J 11, Q 12, K 13."""
    return C.rank(card) + 1


class GopsDeal(DealBase):
    """The state of one game of Gops."""

    info = GOPS_INFO

    def __init__(self, record: HandRecord) -> None:
        """Deal `record` (GOPS-6.2, 1.2, 3.2); its actions are not applied."""
        self._record = record
        self.stake = record.stake
        self.seats = record.seats
        self.dealer: str = record.dealer or ""
        self.deck = record.deck
        # GOPS-6.2: the seats with the stake, from the dealer's left.
        self.order = seats_with_the_stake(record, self.info, "Gops is for 2 to 6 (GOPS-1.1)")
        self.suit_of = {seat: BIDDING_SUITS[i % 3] for i, seat in enumerate(self.order)}
        self.hands = {
            seat: {C.make(rank, self.suit_of[seat]) for rank in range(13)} for seat in self.order
        }
        self.account = {s.id: seat_account(s.id) for s in record.seats}
        self.book = antes(record, self.order, POT, reason="post")  # GOPS-3.2
        self._posts = tuple(self.book.transfers)
        self.round = 0  # rounds resolved; the prize up is deck[round]
        self.bidding = SealedRound()  # every round, every seat dealt in bids once
        self.bidding.open(self.order)
        self.rounds: list[RoundView] = []
        self.won: dict[str, list[Card]] = {seat: [] for seat in self.order}
        self.discarded: list[Card] = []
        self.actions: list[Bid] = []
        self.settlement: GopsSettlement | None = None
        self._commitment = commitment(self.deck, record.salt) if record.salt else None

    # -- the protocol ---------------------------------------------------------------

    @property
    def bids(self) -> dict[str, Card]:
        """This round's bids, sealed until the last one arrives."""
        return self.bidding.sealed

    def to_act(self) -> tuple[str, ...]:
        """Every dealt-in seat that has not bid this round (G3.4)."""
        return () if self.settlement is not None else self.bidding.waiting()

    def seat_seq(self, seat: str) -> int:
        """Changes only with this seat's own bid or the round's end (engine/sealed.py)."""
        return self.bidding.seat_seq(seat)

    def legal_actions(self, seat: str) -> tuple[str, ...]:
        return (BID,) if seat in self.to_act() else ()

    def check(self, action: Bid) -> None:
        """GOPS-6.5, in this order: wrong_phase, not_your_turn, card_not_in_hand."""
        if not isinstance(action, Bid):
            raise EngineError("bad_record", "the only action in Gops is a bid (GOPS-6.3)")
        seat, card = action
        if self.settlement is not None:
            raise EngineError("wrong_phase", "the game is over: all 13 prizes are played")
        if seat not in self.hands:
            raise EngineError("not_your_turn", "{seat} is not dealt in to this game", seat=seat)
        if seat in self.bidding.sealed:  # has_chosen, without the call on every bid
            raise EngineError(
                "not_your_turn",
                "{seat} has already bid this round; a bid is final (GOPS-2.2)",
                seat=seat,
            )
        if card not in self.hands[seat]:
            suit, label = self.suit_of[seat], C.label(card)
            if C.suit(card) == suit:
                raise EngineError(
                    "card_not_in_hand",
                    "{card} is not in hand: {seat} has already played it (GOPS-2.4)",
                    card=label,
                    seat=seat,
                )
            # GOPS-1.2: each player bids with the cards of one suit; one sentence a suit.
            if suit == C.SPADES:
                raise EngineError(
                    "card_not_in_hand",
                    "{card} is not in hand: {seat} bids with spades only (GOPS-1.2)",
                    card=label,
                    seat=seat,
                )
            if suit == C.HEARTS:
                raise EngineError(
                    "card_not_in_hand",
                    "{card} is not in hand: {seat} bids with hearts only (GOPS-1.2)",
                    card=label,
                    seat=seat,
                )
            if suit == C.DIAMONDS:
                raise EngineError(
                    "card_not_in_hand",
                    "{card} is not in hand: {seat} bids with diamonds only (GOPS-1.2)",
                    card=label,
                    seat=seat,
                )
            raise EngineError(
                "card_not_in_hand",
                "{card} is not in hand: {seat} bids with clubs only (GOPS-1.2)",
                card=label,
                seat=seat,
            )

    def apply(self, action: Bid) -> None:
        self.check(action)
        self.actions.append(action)
        self.hands[action.seat].discard(action.card)
        if self.bidding.seal(action.seat, action.card):
            self._reveal()

    def timeout_action(self, seat: str) -> Bid:
        """GOPS-5.1: on time-out the bot bids the player's lowest card."""
        if seat not in self.to_act():
            raise ValueError(f"{seat} has no bid to make")
        return Bid(seat, min(self.hands[seat], key=C.rank))

    def record(self) -> HandRecord:
        r = self._record
        return HandRecord(
            r.game, r.stake, r.seats, r.dealer, r.deck, {}, tuple(self.actions), r.salt, {}
        )

    def cards_in_play(self) -> list[Card]:
        """The prize pile's 13 diamonds where they now are: face down or up, won, or
        discarded. The bidding hands are whole suits fixed by seat (GOPS-1.2), not dealt
        from the record's deck, and may repeat codes across two packs."""
        places = list(self.deck[self.round :]) + self.discarded
        for pile in self.won.values():
            places += pile
        return places

    # -- the rules --------------------------------------------------------------------

    def _reveal(self) -> None:
        """GOPS-2.3, 2.4: the single highest card wins the prize; a tie for highest
        discards it, whatever the lower bids."""
        prize = self.deck[self.round]
        shown = self.bidding.reveal()
        top = max(C.rank(card) for card in shown.values())
        highest = [seat for seat in self.order if C.rank(shown[seat]) == top]
        winner = highest[0] if len(highest) == 1 else None
        self.rounds.append(RoundView(prize, tuple((s, shown[s]) for s in self.order), winner))
        if winner is None:
            self.discarded.append(prize)
        else:
            self.won[winner].append(prize)
        self.round += 1
        if self.round == ROUNDS:
            self._settle()  # GOPS-2.6

    def scores(self) -> dict[str, int]:
        """GOPS-3.1: the sum of the values of the prizes won."""
        return {seat: sum(map(prize_value, self.won[seat])) for seat in self.order}

    def _settle(self) -> None:
        """GOPS-3.3: the highest score takes the pot; ties share it, odd chips from the
        dealer's left (G2.5); GOPS-3.4: a seat below S is eliminated."""
        scores = self.scores()
        best = max(scores.values())
        sharing = [seat for seat in self.order if scores[seat] == best]
        for seat, share in split(self.book.balances[POT], sharing):
            self.book.move(POT, self.account[seat], share, "pot")
        self.settlement = GopsSettlement.from_book(
            self.book, self.seats, self.stake, ended=ALL_PRIZES, winners=sharing,
            scores={s.id: scores[s.id] for s in self.seats if s.id in scores},
        )

    # -- views --------------------------------------------------------------------------

    @kept_until_the_next_action
    def public_view(self) -> PublicView:
        scores = self.scores()
        over = self.settlement is not None
        return PublicView(
            stake=self.stake,
            dealer=self.dealer,
            seats=tuple(
                SeatView(
                    id=s.id,
                    stack=self.book.balances[self.account[s.id]],
                    dealt_in=s.id in self.hands,
                    suit=self.suit_of.get(s.id),
                    cards=len(self.hands.get(s.id, ())),
                    has_bid=self.bidding.has_chosen(s.id),
                    score=scores.get(s.id, 0),
                    won=tuple(self.won.get(s.id, ())),
                )
                for s in self.seats
            ),
            prize=None if over else self.deck[self.round],
            round=self.round + 1,
            prizes_left=max(ROUNDS - self.round - 1, 0),
            rounds=tuple(self.rounds),
            discarded=tuple(self.discarded),
            pot=self.book.balances[POT],
            seq=self.seq,
            ended=self.settlement.ended if over else None,
        )

    def private_view(self, seat: str) -> PrivateView:
        return PrivateView(
            seat=seat,
            hand=tuple(sorted(self.hands.get(seat, ()), key=C.rank)),
            bid=self.bids.get(seat),
            legal=self.legal_actions(seat),
            public=self.public_view(),
        )
