"""One game of Page One (docs/rules/pageone.md), from the antes to the pot.

Tricks of one card from each player (PAGEONE-4.1); a follower who cannot follow suit
or play the joker has cards drawn for them until they can (4.4), a play that leaves one
card without the call draws five (4.7), and the first player out takes the pot (5.1).
The bot's draws are not actions: after each play the deal runs them at once, so the
next player always has a real choice. Every action is checked before it is applied;
a refusal is an EngineError with the page's code (8.4) and changes nothing.
"""

from __future__ import annotations

from engine import cards as C
from engine.base import kept_until_the_next_action
from engine.cards import JOKER, Card
from engine.errors import EngineError
from engine.marks import N_, Said
from engine.pageone.actions import PLAY, Play
from engine.pageone.info import PAGEONE_INFO
from engine.pageone.settlement import PageOneSettlement
from engine.pageone.views import PrivateView, PublicView
from engine.record import HandRecord
from engine.shedding.deal import SheddingDeal
from engine.shedding.settlement import OUT

PENALTY = 5  # PAGEONE-4.7


def high(card: Card) -> int:
    """PAGEONE-1.1: within a suit, 2 lowest and the ace highest."""
    return (card % 13 + 12) % 13


def timeout_order(card: Card) -> tuple[int, int]:
    """PAGEONE-7: the lowest card first, the joker last (suits in S H D C order)."""
    return (13, 0) if card == JOKER else (high(card), C.suit(card))


# PAGEONE-4.2, one sentence a suit, so that each language names the suit as it says it.
FOLLOW_SUIT = {
    C.SPADES: N_("follow spades or play the joker (PAGEONE-4.2)"),
    C.HEARTS: N_("follow hearts or play the joker (PAGEONE-4.2)"),
    C.DIAMONDS: N_("follow diamonds or play the joker (PAGEONE-4.2)"),
    C.CLUBS: N_("follow clubs or play the joker (PAGEONE-4.2)"),
}


class PageOneDeal(SheddingDeal):
    """A game of Page One: the shedding deal (engine/shedding/deal.py) with tricks."""

    info = PAGEONE_INFO
    settlement_type = PageOneSettlement
    HAND_SIZE = 4  # PAGEONE-3.1
    RECORD_RULE = "PAGEONE-8.1"
    RESTOCK_RULE = "PAGEONE-4.6"
    NEW_STOCK_EVENT = N_("the discard pile became the new stock")

    def __init__(self, record: HandRecord) -> None:
        """Ante and deal `record` (PAGEONE-2.1, 3.1); its actions are not applied. The
        pile is the completed tricks (4.5), the last on top."""
        self._deal(record)
        self.trick: list[tuple[str, Card]] = []
        self.suit: int | None = None  # the suit to follow (4.2, 4.3)
        self.must_play: Card | None = None  # 4.4: the card drawn that is the only play
        # The cards drawn for each seat since its last play, for its own view (PAGEONE-6).
        self.last_drawn: dict[str, list[Card]] = {seat: [] for seat in self.order}

    # -- the protocol -----------------------------------------------------------

    def legal_actions(self, seat: str) -> tuple[str, ...]:
        return (PLAY,) if seat == self.current else ()

    def legal_cards(self, seat: str) -> tuple[Card, ...]:
        """The cards `seat` may play now (PAGEONE-4.2 to 4.4)."""
        if seat != self.current:
            return ()
        if self.must_play is not None:
            return (self.must_play,)
        hand = self.hands[seat]
        if not self.trick or self.suit is None:
            return tuple(hand)  # 4.1, 4.3: the leader, or the second after a joker lead
        return tuple(c for c in hand if c == JOKER or C.suit(c) == self.suit)

    def check(self, action: Play) -> None:
        seat, card = action.seat, action.card
        # The shared refusal (the game is over, or not this seat's turn), called only when
        # it refuses: this is every play's path.
        if self.settlement is not None or seat != self.order[self.turn]:
            self._check_turn(seat)
        hand = self.hands[seat]
        if card not in hand:
            raise EngineError("card_not_in_hand", "you do not hold {card}", card=C.label(card))
        if self.must_play is not None and card != self.must_play:
            raise EngineError(
                "illegal_play",
                "you drew {card} to follow: it is your only play (PAGEONE-4.4)",
                card=C.label(self.must_play),
            )
        if self.trick and self.suit is not None and card != JOKER and C.suit(card) != self.suit:
            raise EngineError("illegal_play", FOLLOW_SUIT[self.suit])
        if action.call and len(hand) != 2:
            raise EngineError(
                "bad_call", "call Page One only with the play that leaves you one card "
                "(PAGEONE-4.7)"
            )

    def _play(self, action: Play) -> None:
        seat, card = action.seat, action.card
        self.last_drawn[seat] = []
        hand = self.hands[seat]
        had = len(hand)
        hand.remove(card)
        self.must_play = None
        self.trick.append((seat, card))
        if card != JOKER and self.suit is None:
            self.suit = C.suit(card)  # the lead, or 4.3: the card after a joker lead
        if not hand:  # 5.1: out at once, even mid-trick (not through _went_out: every play)
            self._settle(OUT, seat)
            return
        if had == 2:
            if action.call:
                self.events.append(Said("{seat} called Page One!", seat=seat))
            else:  # 4.7: five cards at once, before the trick is gathered
                self.events.append(Said("{seat} did not call Page One: five cards", seat=seat))
                drawn = self.last_drawn[seat]  # 6: shown to the seat until its next play
                for _ in range(PENALTY):
                    card = self._draw(seat)
                    hand.append(card)
                    drawn.append(card)
        if len(self.trick) == len(self.order):
            self._gather()  # the winner leads next: nobody has a suit to follow yet
        else:
            self.turn = (self.turn + 1) % len(self.order)
            self._draw_until_able()

    def timeout_action(self, seat: str) -> Play:
        """PAGEONE-7: the lowest legal card, the joker last, calling Page One when due."""
        card = min(self.legal_cards(seat), key=timeout_order)
        return Play(seat, card, len(self.hands[seat]) == 2)

    def cards_in_play(self) -> list[Card]:
        return super().cards_in_play() + [card for _, card in self.trick]

    @kept_until_the_next_action
    def public_view(self) -> PublicView:
        return PublicView(
            trick=tuple(self.trick),
            suit=self.suit if self.trick else None,
            discard=tuple(self.pile),
            **self._public_fields(),
        )

    def private_view(self, seat: str) -> PrivateView:
        hand = self.hands.get(seat, [])
        return PrivateView(
            seat=seat,
            hand=tuple(sorted(hand)),
            legal_cards=self.legal_cards(seat),
            call_due=len(hand) == 2,
            legal=self.legal_actions(seat),
            public=self.public_view(),
            drawn=tuple(self.last_drawn.get(seat, ())),
        )

    # -- play (PAGEONE-4) -------------------------------------------------------

    def _gather(self) -> None:
        """4.5: the joker wins, else the highest card of the suit to follow; the winner
        leads next."""
        suit = self.suit
        winner = None
        for seat, card in self.trick:
            if card == JOKER:
                winner = seat
                break
        if winner is None:
            winner = max((c for c in self.trick if C.suit(c[1]) == suit),
                         key=lambda played: high(played[1]))[0]
        self.pile.extend(card for _, card in self.trick)
        self.trick = []
        self.suit = None
        self.turn = self.order.index(winner)

    def _draw_until_able(self) -> None:
        """4.4: a follower with neither the suit nor the joker draws until one comes."""
        if not self.trick or self.suit is None:
            return
        seat = self.order[self.turn]
        hand = self.hands[seat]
        suit = self.suit
        if any(c == JOKER or C.suit(c) == suit for c in hand):
            return
        drawn = self.last_drawn[seat]  # 6: shown to the seat until its next play
        while True:
            card = self._draw(seat)
            hand.append(card)
            drawn.append(card)
            if card == JOKER or C.suit(card) == suit:
                self.must_play = card
                return
