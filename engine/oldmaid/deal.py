"""One deal of Old Maid (docs/rules/oldmaid.md) from the posts to the pot's sharing.

The whole pack is dealt, the bot throws every pair (OLDMAID-2.2), and then each player
in turn draws one card, by position, from the nearest player on their right who still
holds cards (3.1, 3.2), until one player is left holding the unpaired queen (4.1).
Check, then apply: a refused draw changes nothing.
"""

from __future__ import annotations

import hashlib
import random

from engine import cards as C
from engine.base import DealBase, kept_until_the_next_action
from engine.cards import Card
from engine.chips import pot_account, seat_account, split
from engine.errors import EngineError
from engine.fairness import commitment
from engine.oldmaid.actions import DRAW, Draw
from engine.oldmaid.info import OLDMAID_INFO
from engine.oldmaid.settlement import OLD_MAID, ON_DEAL, OldMaidSettlement
from engine.oldmaid.views import DrawSeen, PrivateView, PublicView, SeatView, ThrownPair
from engine.record import HandRecord
from engine.seating import antes, seats_with_the_stake

POT = pot_account("pot")
_UNSEEN = (None, None)  # a seat's (last drawn, last given) before any draw


def in_rank_order(hand: list[Card]) -> list[Card]:
    """OLDMAID-3.2: positions 0 … k−1, ace first (a hand never holds two of a rank)."""
    return sorted(hand, key=C.rank)


class OldMaidDeal(DealBase):
    """The state of one deal of Old Maid."""

    info = OLDMAID_INFO

    def __init__(self, record: HandRecord) -> None:
        """Post, deal and throw the pairs of `record` (OLDMAID-7.2, 2.1, 2.2, 4.2); its
        actions are not applied."""
        self._record = record
        self.stake = record.stake
        self.seats = record.seats
        self.ids = tuple(s.id for s in record.seats)
        self.dealer: str = record.dealer or ""
        # OLDMAID-7.2: the seats with the stake, from the dealer's left, the dealer last.
        self.order = seats_with_the_stake(
            record, self.info, "Old Maid is for 2 to 10 (OLDMAID-1.2, 7.2)", count_first=True
        )
        self.book = antes(record, self.order, POT, reason="post")  # OLDMAID-4.2
        self._posts = tuple(self.book.transfers)
        count = len(self.order)
        # OLDMAID-2.1: one card at a time from deck[0], from the dealer's left.
        self.hands: dict[str, list[Card]] = {
            seat: list(record.deck[i::count]) for i, seat in enumerate(self.order)
        }
        self.pairs: list[ThrownPair] = []
        self.draws: list[DrawSeen] = []
        self.seen: dict[str, tuple[Card | None, Card | None]] = {}  # seat -> (drawn, given)
        self.actions: list[Draw] = []
        self.settlement: OldMaidSettlement | None = None
        self._commitment = commitment(record.deck, record.salt) if record.salt else None
        for seat in self.order:
            self._throw_pairs(seat)
        # From here on every hand is kept in rank order, ace first, so a position of
        # OLDMAID-3.2 is an index into it; a hand holds each rank once at most (2.2), and
        # `ranks` holds the ranks of each hand as bits (rank r is bit r), kept in step: a
        # draw then finds the card it pairs with, or where it goes, without a sort.
        self.hands = {seat: in_rank_order(hand) for seat, hand in self.hands.items()}
        self.ranks: dict[str, int] = {
            seat: sum(1 << C.rank(card) for card in hand) for seat, hand in self.hands.items()
        }
        self.holding = len(self._holding())  # seats with cards left (OLDMAID-2.3)
        self.drawer: str | None = None
        self.holder: str | None = None  # OLDMAID-3.1: whom the drawer draws from
        if self.holding > 1:
            self._turn_to(self._holding()[0])  # OLDMAID-3.1
        else:
            self._settle(ON_DEAL)  # OLDMAID-4.1

    # -- the protocol ---------------------------------------------------------------

    def to_act(self) -> tuple[str, ...]:
        return () if self.drawer is None else (self.drawer,)

    def seat_seq(self, seat: str) -> int:
        return len(self.actions)  # one seat acts at a time

    def legal_actions(self, seat: str) -> tuple[str, ...]:
        return (DRAW,) if seat == self.drawer else ()

    def check(self, action: Draw) -> None:
        """OLDMAID-7.5, in this order: wrong_phase, not_your_turn, illegal_play."""
        if not isinstance(action, Draw):
            raise EngineError("bad_record", "the only action in Old Maid is a draw (OLDMAID-3.5)")
        if self.drawer is None:
            raise EngineError("wrong_phase", "the deal is over: only the Old Maid is left")
        if action.seat != self.drawer:
            if action.seat not in self.hands:
                raise EngineError(
                    "not_your_turn",
                    "{seat} is not dealt in to this deal; it is {drawer}'s turn to draw",
                    seat=action.seat,
                    drawer=self.drawer,
                )
            if not self.hands[action.seat]:
                raise EngineError(
                    "not_your_turn",
                    "{seat} is out: no cards left (OLDMAID-2.3); it is {drawer}'s turn to draw",
                    seat=action.seat,
                    drawer=self.drawer,
                )
            raise EngineError(
                "not_your_turn",
                "{seat} is not the drawer; it is {drawer}'s turn to draw",
                seat=action.seat,
                drawer=self.drawer,
            )
        holder = self.holder
        assert holder is not None  # a drawer always has one
        k = len(self.hands[holder])
        if not 0 <= action.pos < k:
            if k == 1:
                raise EngineError(
                    "illegal_play",
                    "{holder} holds {count} card: choose a position from 0 to {last} "
                    "(OLDMAID-3.2)",
                    holder=holder,
                    count=k,
                    last=k - 1,
                )
            raise EngineError(
                "illegal_play",
                "{holder} holds {count} cards: choose a position from 0 to {last} "
                "(OLDMAID-3.2)",
                holder=holder,
                count=k,
                last=k - 1,
            )

    def apply(self, action: Draw) -> None:
        self.check(action)
        drawer, holder = action.seat, self.holder
        assert holder is not None
        hands, ranks, seen = self.hands, self.ranks, self.seen
        given = hands[holder]
        card = given.pop(action.pos)  # OLDMAID-3.2: the hand is kept in rank order
        rank = card % 13  # C.rank, inlined: this is every draw's path
        ranks[holder] ^= 1 << rank
        self.actions.append(action)
        moment = len(self.actions)
        # tuple.__new__ builds the very value DrawSeen(...) would, without the
        # NamedTuple's Python-level __new__ (as engine/chips.py builds its Transfers).
        self.draws.append(tuple.__new__(DrawSeen, (drawer, holder, moment)))
        seen[drawer] = (card, seen.get(drawer, _UNSEEN)[1])
        seen[holder] = (seen.get(holder, _UNSEEN)[0], card)
        if not given:
            self.holding -= 1  # OLDMAID-3.4: the holder gave up their last card
        # OLDMAID-3.4, 2.2: the card joins the drawer's hand, or goes out in a pair with
        # the one card of its rank the drawer holds; either way the hand stays in rank
        # order, the card's place being the count of the ranks below its own.
        hand, held, bit = hands[drawer], ranks[drawer], 1 << rank
        at = (held & (bit - 1)).bit_count()
        ranks[drawer] = held ^ bit
        if held & bit:
            mate = hand.pop(at)
            # The pair in suit order ♠ ♥ ♦ ♣: of one rank, the lower card is first.
            pair = (mate, card) if mate < card else (card, mate)
            self.pairs.append(tuple.__new__(ThrownPair, (drawer, pair, moment)))
            if not hand:
                self.holding -= 1  # OLDMAID-3.4: the drawer's last card went in a pair
        else:
            hand.insert(at, card)
        if self.holding == 1:
            self.drawer = self.holder = None
            self._settle(OLD_MAID)  # OLDMAID-4.1
            return
        self._turn_to(self._next_holding_left_of(drawer))  # OLDMAID-3.1

    def timeout_action(self, seat: str) -> Draw:
        """OLDMAID-6.1: on time-out the bot draws a random position.

        The position is drawn from a generator seeded by the deck and the move number,
        so a replay is the same and nobody who has not seen the deck can foresee it."""
        if seat != self.drawer:
            raise ValueError(f"{seat} has no draw to make")
        holder = self.holder
        assert holder is not None
        codes = " ".join(C.code(card) for card in self._record.deck)
        seed = hashlib.sha256(f"{codes}|{self._record.salt}|{self.seq}".encode()).digest()
        return Draw(seat, random.Random(seed).randrange(len(self.hands[holder])))

    def record(self) -> HandRecord:
        r = self._record
        return HandRecord(
            r.game, r.stake, r.seats, r.dealer, r.deck, {}, tuple(self.actions), r.salt, {}
        )

    def cards_in_play(self) -> list[Card]:
        held = [card for hand in self.hands.values() for card in hand]
        return held + [card for pair in self.pairs for card in pair.cards]

    # -- the rules --------------------------------------------------------------------

    def _holding(self) -> list[str]:
        return [seat for seat in self.order if self.hands[seat]]

    def _turn_to(self, drawer: str) -> None:
        """OLDMAID-3.1: `drawer` draws next, from the nearest player on their right who
        holds cards."""
        self.drawer = drawer
        order, hands = self.order, self.hands
        at = order.index(drawer)
        for step in range(1, len(order)):
            seat = order[at - step]
            if hands[seat]:
                self.holder = seat
                return
        raise AssertionError("a drawer always has someone to draw from")

    def _next_holding_left_of(self, seat: str) -> str:
        at = self.order.index(seat)
        count = len(self.order)
        for step in range(1, count + 1):
            candidate = self.order[(at + step) % count]
            if self.hands[candidate]:
                return candidate
        raise AssertionError("the game goes on only while two players hold cards")

    def _throw_pairs(self, seat: str) -> None:
        """OLDMAID-2.2, after the deal: pairs go at once; of three of a rank, the two first
        in suit order ♠ ♥ ♦ ♣; four of a rank are two pairs. (After a draw, `apply` throws
        the one pair a drawn card can make.)"""
        by_rank: dict[int, list[Card]] = {}
        for card in self.hands[seat]:
            by_rank.setdefault(C.rank(card), []).append(card)
        moment = len(self.actions)
        for rank in sorted(by_rank):
            cards = sorted(by_rank[rank], key=C.suit)
            while len(cards) >= 2:
                first, second = cards.pop(0), cards.pop(0)
                self.hands[seat].remove(first)
                self.hands[seat].remove(second)
                self.pairs.append(ThrownPair(seat, (first, second), moment))

    def _settle(self, ended: str) -> None:
        """OLDMAID-4.2: everyone but the loser shares the pot, odd chips from the dealer's
        left (G2.5); 4.4: a seat below S is eliminated."""
        (loser,) = self._holding()
        (old_maid,) = self.hands[loser]
        sharing = [seat for seat in self.order if seat != loser]  # from the dealer's left
        for seat, share in split(self.book.balances[POT], sharing):
            self.book.move(POT, seat_account(seat), share, "pot")
        self.settlement = OldMaidSettlement.from_book(
            self.book, self.seats, self.stake, ended=ended, winners=sharing,
            loser=loser, old_maid=old_maid,
        )

    # -- views --------------------------------------------------------------------------

    @kept_until_the_next_action
    def public_view(self) -> PublicView:
        over = self.settlement
        holder = self.holder
        return PublicView(
            stake=self.stake,
            dealer=self.dealer,
            seats=tuple(
                SeatView(
                    id=s.id,
                    stack=self.book.balances[seat_account(s.id)],
                    dealt_in=s.id in self.hands,
                    cards=len(self.hands.get(s.id, ())),
                    out=s.id in self.hands and not self.hands[s.id],
                )
                for s in self.seats
            ),
            pot=self.book.balances[POT],
            drawer=self.drawer,
            holder=holder,
            holder_cards=len(self.hands[holder]) if holder else 0,
            pairs=tuple(self.pairs),
            draws=tuple(self.draws),
            seq=self.seq,
            ended=over.ended if over else None,
            loser=over.loser if over else None,
            old_maid=over.old_maid if over else None,
        )

    def private_view(self, seat: str) -> PrivateView:
        drawn, given = self.seen.get(seat, _UNSEEN)
        return PrivateView(
            seat=seat,
            hand=tuple(self.hands.get(seat, ())),  # kept in rank order (OLDMAID-5.1)
            last_drawn=drawn,
            last_given=given,
            legal=self.legal_actions(seat),
            public=self.public_view(),
        )
