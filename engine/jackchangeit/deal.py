"""One game of Jack Change It (docs/rules/jackchangeit.md), from the antes to the pot.

Each player in turn plays a card that matches the upcard (JCI-4.2), or the bot draws
one for them and the turn passes (4.3); trick cards make the next player draw, miss
their turn, follow a named suit or play the other way round (4.5 to 4.7). The bot's
draws are not actions: after each action the deal makes them at once, so the player
whose turn it is always has a real choice. A refusal is an EngineError with the page's
code (8.4) and changes nothing.
"""

from __future__ import annotations

from engine import cards as C
from engine.base import kept_until_the_next_action
from engine.cards import Card
from engine.errors import EngineError
from engine.jackchangeit.actions import DRAW, PLAY, Action, Draw, Play
from engine.jackchangeit.info import (
    ACE_OF_HEARTS,
    EIGHT,
    FIVE_OF_HEARTS,
    JACK,
    JACKCHANGEIT_INFO,
    QUEEN,
    TWO,
    is_trick_card,
)
from engine.jackchangeit.settlement import JackChangeItSettlement
from engine.jackchangeit.views import PrivateView, PublicView
from engine.marks import N_, Said
from engine.record import HandRecord
from engine.shedding.deal import SheddingDeal
from engine.shedding.settlement import OUT

# JCI-4.6, one sentence a called suit, so that each language names the suit as it says it.
NEITHER_MATCHES_CALLED = {
    # Translators: the called suit is the suit named with the last jack (JCI-4.5).
    C.SPADES: N_("neither card matches the called suit, spades (JCI-4.6)"),
    C.HEARTS: N_("neither card matches the called suit, hearts (JCI-4.6)"),
    C.DIAMONDS: N_("neither card matches the called suit, diamonds (JCI-4.6)"),
    C.CLUBS: N_("neither card matches the called suit, clubs (JCI-4.6)"),
}


class JackChangeItDeal(SheddingDeal):
    """A game of Jack Change It: the shedding deal (engine/shedding/deal.py) played on
    an upcard, with trick cards."""

    info = JACKCHANGEIT_INFO
    settlement_type = JackChangeItSettlement
    HAND_SIZE = 7  # JCI-3.1
    RECORD_RULE = "JCI-8.1"
    RESTOCK_RULE = "JCI-4.8"
    KEPT_ON_PILE = 1  # JCI-4.8: the upcard stays
    NEW_STOCK_EVENT = N_("the pile under the upcard became the new stock")

    def __init__(self, record: HandRecord) -> None:
        """Ante and deal `record` (JCI-2.1, 3.1); its actions are not applied. The pile
        starts with the upcard, whose effect does not apply (3.2)."""
        self._deal(record, turned_up=1)
        self.step = 1  # 4.1: clockwise; -1 after a queen (4.5)
        self.called: int | None = None  # 4.5
        self.pending = 0  # 4.7: cards the next player must draw
        self._unless_drawn(self._until_a_choice)  # 4.3: the first may have to draw at once

    # -- the protocol -----------------------------------------------------------

    @property
    def upcard(self) -> Card:
        return self.pile[-1]

    def legal_actions(self, seat: str) -> tuple[str, ...]:
        if seat != self.current:
            return ()
        return (PLAY, DRAW) if self.pending else (PLAY,)

    def legal_plays(self, seat: str) -> tuple[tuple[Card, Card | None], ...]:
        """(card, the 2 under it or None) for every play `seat` may make now; a jack then
        names any suit but its own."""
        if seat != self.current:
            return ()
        hand = self.hands[seat]
        if self.pending:
            return tuple((c, None) for c in hand if self._counter_error(c, hand) is None)
        plays: list[tuple[Card, Card | None]] = [
            (c, None) for c in hand if self._playable(c, hand)
        ]
        if ACE_OF_HEARTS in hand:
            plays += [(ACE_OF_HEARTS, two) for two in hand
                      if C.rank(two) == TWO and self._pair_error(two, hand) is None]
        return tuple(plays)

    def check(self, action: Action) -> None:
        seat = action.seat
        # The shared refusal (the game is over, or not this seat's turn), called only when
        # it refuses: this is every action's path.
        if self.settlement is not None or seat != self.order[self.turn]:
            self._check_turn(seat)
        if isinstance(action, Draw):
            if not self.pending:
                raise EngineError("illegal_play", "there is no draw to take (JCI-4.7)")
            return
        hand = self.hands[seat]
        card, two = action.card, action.with_
        for held in (card, two):
            if held is not None and held not in hand:
                raise EngineError("card_not_in_hand", "you do not hold {card}", card=C.label(held))
        if two is not None and (card != ACE_OF_HEARTS or C.rank(two) != TWO):
            raise EngineError(
                "illegal_play", "only the A♥ is played with another card, a 2 (JCI-4.6)"
            )
        if action.suit is not None and action.suit == C.suit(card):
            raise EngineError("illegal_play", "a jack names one of the three other suits "
                              "(JCI-4.5)")
        if self.pending:
            problem = (
                EngineError("illegal_play", "the pair is not a counter to a draw (JCI-4.7)")
                if two is not None
                else self._counter_error(card, hand)
            )
        elif two is not None:
            problem = self._pair_error(two, hand)
        else:
            problem = self._single_error(card, hand)
        if problem is not None:
            raise problem

    def _play(self, action: Action) -> None:
        if isinstance(action, Draw):
            self._draw_pending(action.seat)
        elif self._play_card(action):
            return
        self._until_a_choice()

    def timeout_action(self, seat: str) -> Action:
        """JCI-7: take a pending draw, or play the first legal single card (in the hand's
        sorted order), a jack naming the first other suit of S H D C."""
        if self.pending:
            return Draw(seat)
        card = min(c for c, two in self.legal_plays(seat) if two is None)
        suit = next(s for s in range(4) if s != C.suit(card)) if C.rank(card) == JACK else None
        return Play(seat, card, suit)

    @kept_until_the_next_action
    def public_view(self) -> PublicView:
        return PublicView(
            upcard=self.upcard,
            pile=tuple(self.pile),
            called=self.called,
            clockwise=self.step == 1,
            pending=self.pending,
            **self._public_fields(),
        )

    def private_view(self, seat: str) -> PrivateView:
        return PrivateView(
            seat=seat,
            hand=tuple(sorted(self.hands.get(seat, []))),
            plays=self.legal_plays(seat),
            players=len(self.order),
            legal=self.legal_actions(seat),
            public=self.public_view(),
        )

    # -- the rules of a play (JCI-4) ----------------------------------------------

    def _to_follow(self) -> tuple[int, int]:
        """4.2: the suit and the rank a card must have one of, as engine/cards.py numbers
        them: the upcard's; after a jack, the called suit only (and a rank none has)."""
        if self.called is not None:
            return self.called, -1
        return divmod(self.pile[-1], 13)

    def _matches(self, card: Card) -> bool:
        """4.2: the upcard's suit or rank; after a jack, only the called suit."""
        suit, rank = self._to_follow()
        return card // 13 == suit or card % 13 == rank  # C.suit, C.rank

    def _single_error(self, card: Card, hand: list[Card]) -> EngineError | None:
        """The refusal of `card` played alone (4.2, 4.4), or None when it may be."""
        if not self._matches(card):
            return self._mismatch(card)
        if len(hand) == 1 and is_trick_card(card, len(self.order)):
            # Translators: a trick card (JCI-1.2) has an effect when played: a 2, 8, jack, A♥...
            return EngineError(
                "illegal_play",
                "{card} is a trick card: it may not be your last card (JCI-4.4)",
                card=C.label(card),
            )
        return None

    def _playable(self, card: Card, hand: list[Card]) -> bool:
        """Whether `_single_error` lets `card` be played alone (4.2, 4.4), without
        wording a refusal: the legal plays ask it of every card held."""
        return self._matches(card) and not (
            len(hand) == 1 and is_trick_card(card, len(self.order))
        )

    def _can_play(self, hand: list[Card]) -> bool:
        """Whether any card of `hand` may be played alone (4.2, 4.4): asked after every
        action, of each player in turn until one can, so the match is read once."""
        if len(hand) == 1:
            return self._playable(hand[0], hand)
        suit, rank = self._to_follow()
        return any(card // 13 == suit or card % 13 == rank for card in hand)

    def _pair_error(self, two: Card, hand: list[Card]) -> EngineError | None:
        """The refusal of the A♥ played with `two` (4.6, 4.4), or None when it may be."""
        if not (self._matches(ACE_OF_HEARTS) or self._matches(two)):
            return self._mismatch(None)
        if len(hand) == 2:
            return EngineError(
                "illegal_play", "the A♥ and a 2 may not be your last two cards (JCI-4.4)"
            )
        return None

    def _counter_error(self, card: Card, hand: list[Card]) -> EngineError | None:
        """4.7: a 2 on a 2, the 5♥ on the A♥; nothing else on a pending draw."""
        if self.upcard == ACE_OF_HEARTS:
            if card != FIVE_OF_HEARTS:
                return EngineError(
                    "illegal_play",
                    "only the 5♥ answers the A♥: play it or draw {count} (JCI-4.7)",
                    count=self.pending,
                )
            return None
        if C.rank(card) != TWO:
            return EngineError(
                "illegal_play",
                "only a 2 answers a 2: play one or draw {count} (JCI-4.7)",
                count=self.pending,
            )
        if len(hand) == 1:
            return EngineError(
                "illegal_play", "a 2 is a trick card: it may not be your last card (JCI-4.4)"
            )
        return None

    def _mismatch(self, card: Card | None) -> EngineError:
        """4.2, 4.6: `card` (None: the A♥ and its 2) does not match the upcard, or after
        a jack the called suit; one sentence a called suit, so its name is translated."""
        called = self.called
        if card is None:
            if called is None:
                return EngineError(
                    "illegal_play",
                    "neither card matches {upcard} (JCI-4.6)",
                    upcard=C.label(self.upcard),
                )
            return EngineError("illegal_play", NEITHER_MATCHES_CALLED[called])
        label = C.label(card)
        if called is None:
            return EngineError(
                "illegal_play",
                "{card} does not match {upcard} (JCI-4.2)",
                card=label,
                upcard=C.label(self.upcard),
            )
        if called == C.SPADES:
            # Translators: the called suit is the suit named with the last jack (JCI-4.5).
            return EngineError(
                "illegal_play",
                "{card} does not match the called suit, spades (JCI-4.2)",
                card=label,
            )
        if called == C.HEARTS:
            return EngineError(
                "illegal_play",
                "{card} does not match the called suit, hearts (JCI-4.2)",
                card=label,
            )
        if called == C.DIAMONDS:
            return EngineError(
                "illegal_play",
                "{card} does not match the called suit, diamonds (JCI-4.2)",
                card=label,
            )
        return EngineError(
            "illegal_play", "{card} does not match the called suit, clubs (JCI-4.2)", card=label
        )

    def _play_card(self, action: Play) -> bool:
        """Play `action`'s card (and the 2 under it); True when that ends the game."""
        seat, card = action.seat, action.card
        hand = self.hands[seat]
        if action.with_ is not None:
            hand.remove(action.with_)
            self.pile.append(action.with_)  # 4.6: the 2 goes under
        hand.remove(card)
        self.pile.append(card)
        self.called = action.suit  # 4.5: a jack's call; any other card ends one
        if not hand:  # 5.1: out at once (not through _went_out: every play's path)
            self._settle(OUT, seat)
            return True
        rank, players = C.rank(card), len(self.order)
        steps = 1
        if card == FIVE_OF_HEARTS and self.pending:
            self.pending = 0  # 4.7: cancels the A♥
        elif card == ACE_OF_HEARTS:
            self.pending = 7 if action.with_ is not None else 5  # 4.5, 4.6
        elif rank == TWO:
            self.pending += 2  # 4.5, 4.7: a 2 on a 2 passes the total on
        elif rank == EIGHT:
            steps = 2  # 4.5: the next player is skipped
        elif rank == QUEEN and players >= 3:
            self.step = -self.step  # 4.5: the direction reverses
        self.turn = (self.turn + steps * self.step) % players
        return False

    def _until_a_choice(self) -> None:
        """4.3, 4.7: the bot draws for each player who cannot play, until one can."""
        while True:
            seat = self.order[self.turn]
            hand = self.hands[seat]
            if self.pending:
                if any(self._counter_error(c, hand) is None for c in hand):
                    return
                self._draw_pending(seat)
                continue
            if self._can_play(hand):
                return
            hand.append(self._draw(seat))  # 4.3: the drawn card waits for a later turn
            self.events.append(Said("{seat} could not play and drew a card", seat=seat))
            self._next()

    def _draw_pending(self, seat: str) -> None:
        """4.7: the whole pending draw, which ends the turn."""
        count, self.pending = self.pending, 0
        hand = self.hands[seat]
        for _ in range(count):
            hand.append(self._draw(seat))
        self.events.append(Said("{seat} drew {count}", seat=seat, count=count))
        self._next()

    def _next(self) -> None:
        self.turn = (self.turn + self.step) % len(self.order)
