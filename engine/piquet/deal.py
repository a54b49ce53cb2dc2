"""One partie of Piquet (docs/rules/piquet.md): six deals for two, then the Rubicon.

Each deal: carte blanche (PIQUET-2.2), the exchange (2.3, 2.4), point, sequence and
set declared non-dealer first (3), repique (3.5), twelve tricks with pique (4). After
the sixth deal the margin is settled in chips (5, 6). Every action is checked in the
order of 7.4 before it is applied; a refusal changes nothing.
"""

from __future__ import annotations

from engine import cards as C
from engine.base import DealBase, kept_until_the_next_action
from engine.cards import Card, CardError
from engine.chips import ChipBook, Transfer, seat_account
from engine.errors import EngineError
from engine.fairness import commitment
from engine.piquet import scoring as S
from engine.piquet.actions import (
    DECLARE,
    EXCHANGE,
    KINDS,
    PLAY,
    POINT,
    SEQUENCE,
    SET,
    SINK,
    Action,
    Declare,
    Exchange,
    Play,
    Sink,
)
from engine.piquet.info import DEALS, PACK, PIQUET_INFO, RUBICON, TIE, WON
from engine.piquet.settlement import PiquetSettlement, margin
from engine.piquet.views import (
    Announcement,
    Call,
    PrivateView,
    PublicView,
    SeatView,
    TrickView,
)
from engine.record import HandRecord

HAND = 12  # PIQUET-2.1
TALON_LOOK = 5  # 2.3: the elder may see the top five
MOST_EXCHANGED = 5  # 2.3, 2.4
TRICKS = 12
THE_CARDS_AT = 7  # 4.2
DETAIL = (
    "carte_blanche", "point", "sequences", "sets", "repique", "pique",
    "leads", "tricks", "cards", "capot",
)  # 7.3
DETAIL_OF_KIND = {POINT: "point", SEQUENCE: "sequences", SET: "sets"}
PACK_SET = frozenset(PACK)
EXCHANGING, DECLARING, PLAYING, OVER = "exchange", "declare", "play", "over"


class PiquetDeal(DealBase):
    """A whole partie: its state, its checks and its settlement."""

    info = PIQUET_INFO

    def __init__(self, record: HandRecord) -> None:
        """PIQUET-1.3, 1.4, 7.4: two seats, both with 5S, six packs; deal the first."""
        self._record = record
        self.stake = record.stake
        self.seats = record.seats
        if len(record.seats) != 2:
            raise EngineError("bad_record", "Piquet is for exactly two players (PIQUET-1.3)")
        least = self.info.min_stack(record.stake)
        short = [s.id for s in record.seats if s.stack < least]
        if short:
            raise EngineError(
                "bad_record", f"{short[0]} has under {least} chips (5 stakes, PIQUET-1.4)"
            )
        if len(record.decks) != DEALS or any(
            len(pack) != len(PACK) or set(pack) != PACK_SET for pack in record.decks
        ):
            raise EngineError("bad_record", "a partie needs six packs of the 32 (PIQUET-7.1)")
        if record.options:
            raise EngineError("bad_record", "Piquet has no options (PIQUET-1.5)")
        self.ids = tuple(s.id for s in record.seats)
        first = record.dealer if record.dealer in self.ids else self.ids[0]
        self.first_dealer = first
        self.totals = dict.fromkeys(self.ids, 0)
        self.finished: list[dict] = []  # the finished deals, as 7.3 lists them
        self.actions: list[Action] = []
        self.settlement: PiquetSettlement | None = None
        self._commitment = (
            commitment(record.committed_cards, record.salt) if record.salt else None
        )
        self._begin(0)

    # -- one deal -----------------------------------------------------------------------

    def _begin(self, number: int) -> None:
        """PIQUET-1.3, 2.1, 2.2: deal `decks[number]` in twos, the non-dealer first."""
        self.number = number
        other = self.ids[1] if self.first_dealer == self.ids[0] else self.ids[0]
        self.dealer = self.first_dealer if number % 2 == 0 else other
        self.elder = other if number % 2 == 0 else self.first_dealer
        deck = self._record.decks[number]
        dealt = deck[: 2 * HAND]
        self.hands = {
            self.elder: {card for i, card in enumerate(dealt) if i % 4 < 2},
            self.dealer: {card for i, card in enumerate(dealt) if i % 4 >= 2},
        }
        self.talon: list[Card] = list(deck[2 * HAND :])  # 24 on top
        self.discards: dict[str, list[Card]] = {seat: [] for seat in self.ids}
        self.took: dict[str, int | None] = dict.fromkeys(self.ids)
        self.rest_seen: tuple[Card, ...] = ()
        self.talon_shown: tuple[Card, ...] | None = None
        self.detail = {seat: dict.fromkeys(DETAIL, 0) for seat in self.ids}
        self.carte_blanche: dict[str, tuple[Card, ...]] = {}
        for seat in (self.elder, self.dealer):
            if S.is_carte_blanche(self.hands[seat]):  # 2.2: declared by the bot, at once
                self.carte_blanche[seat] = tuple(sorted(self.hands[seat]))
                self.detail[seat]["carte_blanche"] = S.CARTE_BLANCHE
        self.phase = EXCHANGING
        self.kind_at = 0
        self.declared: dict[str, frozenset[Card] | None] = {}
        self.announcements: list[Announcement] = []
        self.declaring: str | None = None
        self.leader = self.elder  # 4.1
        self.trick: list[tuple[str, Card]] = []
        self.tricks: list[TrickView] = []
        self.won = dict.fromkeys(self.ids, 0)
        self.bonus_taken = dict.fromkeys(self.ids, False)  # a repique or pique this deal

    def other(self, seat: str) -> str:
        return self.ids[1] if seat == self.ids[0] else self.ids[0]

    def deal_score(self, seat: str) -> int:
        return sum(self.detail[seat].values())

    # -- the protocol ---------------------------------------------------------------------

    @property
    def posts(self) -> tuple[Transfer, ...]:
        return ()  # no ante (1.4)

    def dealt_in(self) -> tuple[str, ...]:
        return self.ids

    def to_act(self) -> tuple[str, ...]:
        if self.phase == OVER:
            return ()
        if self.phase == EXCHANGING:
            return (self.elder if self.took[self.elder] is None else self.dealer,)
        if self.phase == DECLARING:
            return (self.declaring,) if self.declaring else ()
        return (self.leader if not self.trick else self.other(self.leader),)

    def seat_seq(self, seat: str) -> int:
        return self.seq  # a turn game: every action is a turn (engine/game.py)

    def turn_number(self, seat: str) -> int:
        return self.seq

    def legal_actions(self, seat: str) -> tuple[str, ...]:
        if seat not in self.to_act():
            return ()
        return {EXCHANGING: (EXCHANGE,), DECLARING: (DECLARE, SINK), PLAYING: (PLAY,)}[
            self.phase
        ]

    @property
    def kind(self) -> str | None:
        return KINDS[self.kind_at] if self.phase == DECLARING else None

    def exchange_limit(self, seat: str) -> int:
        """2.3, 2.4: the elder up to 5; the dealer up to 5 of the cards left."""
        if self.phase != EXCHANGING or seat not in self.to_act():
            return 0
        return MOST_EXCHANGED if seat == self.elder else min(MOST_EXCHANGED, len(self.talon))

    # -- checks (PIQUET-7.4, in its order) -----------------------------------------------

    def check(self, action: Action) -> None:
        self._checked(action)

    def _checked(self, action: Action) -> tuple[Card, ...]:
        """Raise the refusal of `action`, or return its cards read from their codes."""
        if not isinstance(action, (Exchange, Declare, Sink, Play)):
            raise EngineError("bad_record", "not a Piquet action (PIQUET-7.2)")
        if self.phase == OVER:
            raise EngineError("wrong_phase", "the partie is over: six deals are played")
        seat = action.seat
        if seat not in self.to_act():
            raise EngineError("not_your_turn", f"it is {self.to_act()[0]}'s turn, not {seat}'s")
        self._check_step(action)
        codes = action.cards if isinstance(action, (Exchange, Declare)) else ()
        if isinstance(action, Play):
            codes = (action.card,)
        cards = tuple(_read(code) for code in codes)
        missing = [card for card in cards if card not in self.hands[seat]]
        if missing:
            raise EngineError("card_not_in_hand", f"{seat} does not hold {C.label(missing[0])}")
        if isinstance(action, Exchange):
            self._check_exchange(action, cards)
        elif isinstance(action, Declare):
            if frozenset(cards) not in S.combinations(action.kind, self.hands[seat]) or len(
                set(cards)
            ) != len(cards):
                raise EngineError(
                    "bad_declaration",
                    f"those cards are not a whole {action.kind} (PIQUET-3.1)",
                )
        elif isinstance(action, Play):
            self._check_follow(seat, cards[0])
        return cards

    def _check_step(self, action: Action) -> None:
        step = {EXCHANGING: (Exchange,), DECLARING: (Declare, Sink), PLAYING: (Play,)}
        if not isinstance(action, step[self.phase]):
            raise EngineError("wrong_phase", f"now is the {self.phase}, not a {_do(action)}")
        if isinstance(action, (Declare, Sink)) and action.kind != self.kind:
            raise EngineError(
                "wrong_phase", f"now {self.kind} is declared, not {action.kind} (PIQUET-3.1)"
            )

    def _check_exchange(self, action: Exchange, cards: tuple[Card, ...]) -> None:
        seat = action.seat
        if len(set(cards)) != len(cards):
            raise EngineError("bad_exchange", "a card is discarded twice")
        if action.show_rest and seat != self.dealer:
            raise EngineError("bad_exchange", "only the dealer may show the rest (PIQUET-2.4)")
        most = self.exchange_limit(seat)
        if not 1 <= len(cards) <= most:
            rule = "2.3" if seat == self.elder else "2.4"
            raise EngineError(
                "bad_exchange", f"{seat} exchanges 1 to {most} cards (PIQUET-{rule})"
            )

    def _check_follow(self, seat: str, card: Card) -> None:
        if not self.trick:
            return
        led = C.suit(self.trick[0][1])
        if C.suit(card) != led and any(C.suit(held) == led for held in self.hands[seat]):
            raise EngineError(
                "illegal_play", f"{seat} must follow {C.SUIT_NAMES[led]} (PIQUET-4.1)"
            )

    # -- applying -------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        cards = self._checked(action)
        codes = tuple(map(C.code, cards))
        if isinstance(action, Exchange):
            self.actions.append(Exchange(action.seat, codes, action.show_rest))
            self._exchange(action.seat, cards, action.show_rest)
        elif isinstance(action, Declare):
            self.actions.append(Declare(action.seat, action.kind, codes))
            self._declare(action.seat, frozenset(cards))
        elif isinstance(action, Sink):
            self.actions.append(action)
            self._declare(action.seat, None)
        else:
            self.actions.append(Play(action.seat, codes[0]))
            self._play(action.seat, cards[0])

    def _exchange(self, seat: str, cards: tuple[Card, ...], show_rest: bool) -> None:
        """2.3, 2.4: discard, draw as many from the top of the talon."""
        hand = self.hands[seat]
        hand.difference_update(cards)
        self.discards[seat].extend(cards)
        drawn, self.talon = self.talon[: len(cards)], self.talon[len(cards) :]
        hand.update(drawn)
        self.took[seat] = len(cards)
        if seat == self.elder:
            self.rest_seen = tuple(self.talon[: TALON_LOOK - len(cards)])
            return
        if show_rest:
            self.talon_shown = tuple(self.talon)
        self.phase = DECLARING
        self._next_declarer()

    def _next_declarer(self) -> None:
        """3.2: the non-dealer, then the dealer; one holding none is sunk at once."""
        while self.phase == DECLARING:
            kind = KINDS[self.kind_at]
            due = next((s for s in (self.elder, self.dealer) if s not in self.declared), None)
            if due is None:
                self._resolve(kind)
                continue
            if S.combinations(kind, self.hands[due]):
                self.declaring = due
                return
            self.declared[due] = None
        self.declaring = None

    def _declare(self, seat: str, combo: frozenset[Card] | None) -> None:
        self.declared[seat] = combo
        self.declaring = None
        self._next_declarer()

    def _resolve(self, kind: str) -> None:
        """3.3, 3.4, 3.6: compare, score the better, announce; after the sets, repique."""
        elder, dealer = self.declared[self.elder], self.declared[self.dealer]
        winner = None
        if elder is not None and dealer is not None:
            ahead, behind = S.key(kind, elder), S.key(kind, dealer)
            if ahead != behind:
                winner = self.elder if ahead > behind else self.dealer
        elif elder is not None or dealer is not None:
            winner = self.elder if elder is not None else self.dealer
        scored = 0
        others: tuple[Call, ...] = ()
        if winner is not None:
            declared = self.declared[winner]
            assert declared is not None
            scored = S.score_kind(kind, declared, self.hands[winner])
            self.detail[winner][DETAIL_OF_KIND[kind]] += scored
            if kind != POINT:
                others = tuple(
                    _call(kind, combo)
                    for combo in S.combinations(kind, self.hands[winner])
                    if combo != declared
                )
        self.announcements.append(_announce(kind, elder, dealer, winner, scored, others))
        self.declared = {}
        if self.kind_at + 1 < len(KINDS):
            self.kind_at += 1
            return
        for seat in self.ids:  # 3.5
            if self._has_lead(seat):
                self.detail[seat]["repique"] = S.REPIQUE
                self.bonus_taken[seat] = True
        self.phase = PLAYING

    def _has_lead(self, seat: str) -> bool:
        """3.5, 4.3: 30 or more this deal while the opponent has 0."""
        return self.deal_score(seat) >= S.THRESHOLD and self.deal_score(self.other(seat)) == 0

    def _score_in_play(self, seat: str, part: str, points: int) -> None:
        """4.2, then 4.3: after each score in play, a pique to one who has none yet."""
        self.detail[seat][part] += points
        for someone in self.ids:
            if not self.bonus_taken[someone] and self._has_lead(someone):
                self.detail[someone]["pique"] = S.PIQUE
                self.bonus_taken[someone] = True

    def _play(self, seat: str, card: Card) -> None:
        self.hands[seat].discard(card)
        self.trick.append((seat, card))
        if len(self.trick) == 1:
            self._score_in_play(seat, "leads", 1)  # 4.2: a point for leading
            return
        led = C.suit(self.trick[0][1])
        winner = max(
            (s for s, c in self.trick if C.suit(c) == led),
            key=lambda s: S.height(dict(self.trick)[s]),
        )  # 4.1: the highest card of the suit led
        self.tricks.append(TrickView(self.leader, tuple(self.trick), winner))
        self.trick = []
        self.leader = winner
        self.won[winner] += 1
        self._score_in_play(winner, "tricks", 1)
        if len(self.tricks) < TRICKS:
            return
        most = max(self.ids, key=self.won.__getitem__)
        if self.won[most] >= THE_CARDS_AT:
            self._score_in_play(most, "cards", S.THE_CARDS)
            if self.won[most] == TRICKS:
                self.detail[most]["capot"] = S.CAPOT  # 4.3: capot never counts for pique
        self._end_deal()

    def _end_deal(self) -> None:
        scores = {seat: self.deal_score(seat) for seat in self.ids}
        for seat in self.ids:
            self.totals[seat] += scores[seat]
        self.finished.append(
            {
                "dealer": self.dealer,
                "scores": scores,
                "detail": {seat: dict(self.detail[seat]) for seat in self.ids},
            }
        )
        if self.number + 1 < DEALS:
            self._begin(self.number + 1)
            return
        self.phase = OVER
        self._settle()

    def _settle(self) -> None:
        """5.1, 5.2, 6: the higher total wins the margin; the loser pays S x margin // 100,
        at most their stack; under 5S after, a seat is eliminated (1.4)."""
        stacks = {s.id: s.stack for s in self.seats}
        book = ChipBook({seat_account(seat): stacks[seat] for seat in self.ids})
        first, second = self.ids
        high = first if self.totals[first] > self.totals[second] else second
        low = self.other(high)
        paid, the_margin, ended = 0, None, TIE
        if self.totals[high] != self.totals[low]:
            the_margin, rubiconed = margin(self.totals[high], self.totals[low])
            ended = RUBICON if rubiconed else WON
            paid = min(self.stake * the_margin // 100, stacks[low])  # 6.1, 6.2
            book.move(seat_account(low), seat_account(high), paid, "partie")
        book.check()
        after = {seat: book.balances[seat_account(seat)] for seat in self.ids}
        least = self.info.min_stack(self.stake)
        self.settlement = PiquetSettlement(
            ended=ended,
            winners=(high,) if ended != TIE else (),
            stacks=after,
            eliminated=tuple(seat for seat in self.ids if after[seat] < least),
            net={seat: after[seat] - stacks[seat] for seat in self.ids},
            scores=dict(self.totals),
            deals=tuple(self.finished),
            margin=the_margin,
            paid=paid,
            transfers=tuple(book.transfers),
        )

    # -- time-out, record, cards ---------------------------------------------------------

    def timeout_action(self, seat: str) -> Action:
        """5.3, design.md's safe default: exchange the one lowest card, declare the best
        combination, play the lowest card allowed."""
        if seat not in self.to_act():
            raise ValueError(f"{seat} has nothing to do now")
        hand = self.hands[seat]
        if self.phase == EXCHANGING:
            return Exchange(seat, (C.code(min(hand, key=_low_first)),))
        if self.phase == DECLARING:
            kind = KINDS[self.kind_at]
            best = S.combinations(kind, hand)[0]
            return Declare(seat, kind, tuple(C.code(c) for c in sorted(best)))
        return Play(seat, C.code(min(self.playable(seat), key=_low_first)))

    def playable(self, seat: str) -> tuple[Card, ...]:
        """4.1: the cards `seat` may play now."""
        if self.phase != PLAYING or seat not in self.to_act():
            return ()
        hand = self.hands[seat]
        if self.trick:
            led = C.suit(self.trick[0][1])
            following = tuple(sorted(c for c in hand if C.suit(c) == led))
            if following:
                return following
        return tuple(sorted(hand))

    def record(self) -> HandRecord:
        r = self._record
        return HandRecord(
            r.game, r.stake, r.seats, r.dealer, (), {}, tuple(self.actions), r.salt, {},
            r.decks,
        )

    def cards_in_play(self) -> list[Card]:
        """The current deal's 32: hands, talon, discards, the trick and the tricks."""
        places = [card for hand in self.hands.values() for card in hand] + list(self.talon)
        for pile in self.discards.values():
            places += pile
        places += [card for _, card in self.trick]
        places += [card for trick in self.tricks for _, card in trick.cards]
        return places

    # -- views ----------------------------------------------------------------------------

    @kept_until_the_next_action
    def public_view(self) -> PublicView:
        stacks = {s.id: s.stack for s in self.seats}
        if self.settlement:
            stacks = self.settlement.stacks
        dealer_shown = self.took[self.elder] is not None  # 2.2
        return PublicView(
            stake=self.stake,
            deal=self.number + 1,
            dealer=self.dealer,
            elder=self.elder,
            phase=self.phase,
            kind=self.kind,
            seats=tuple(
                SeatView(
                    id=seat,
                    stack=stacks[seat],
                    total=self.totals[seat],
                    deal_score=0 if self.phase == OVER else self.deal_score(seat),
                    cards=len(self.hands[seat]),
                    took=self.took[seat],
                    tricks=self.won[seat],
                )
                for seat in self.ids
            ),
            carte_blanche=tuple(
                (seat, hand if seat == self.elder or dealer_shown else None)
                for seat, hand in self.carte_blanche.items()
            ),
            talon=len(self.talon),
            talon_shown=self.talon_shown,
            announcements=tuple(self.announcements),
            elder_call=self._elder_call(),
            trick=tuple(self.trick),
            tricks=tuple(self.tricks),
            deals=tuple(self.finished),
            to_act=self.to_act(),
            seq=self.seq,
            ended=self.settlement.ended if self.settlement else None,
        )

    def _elder_call(self) -> Call | str | None:
        """3.6: the non-dealer's call of the kind now declared, before the reply."""
        if self.phase != DECLARING or self.elder not in self.declared:
            return None
        combo = self.declared[self.elder]
        return "none" if combo is None else _call(KINDS[self.kind_at], combo)

    def private_view(self, seat: str) -> PrivateView:
        hand = self.hands.get(seat, set())
        choices: tuple[tuple[Card, ...], ...] = ()
        if self.phase == DECLARING and seat == self.declaring:
            choices = tuple(
                tuple(sorted(combo)) for combo in S.combinations(KINDS[self.kind_at], hand)
            )
        return PrivateView(
            seat=seat,
            hand=tuple(sorted(hand, key=lambda c: (C.suit(c), S.height(c)))),
            legal=self.legal_actions(seat),
            public=self.public_view(),
            discards=tuple(self.discards.get(seat, ())),
            rest_seen=self.rest_seen if seat == self.elder else (),
            exchange_limit=self.exchange_limit(seat),
            choices=choices,
            playable=self.playable(seat),
        )


def _read(code: object) -> Card:
    """7.4: a card code of the 32, or `bad_record`."""
    try:
        card = C.parse(code)  # type: ignore[arg-type]
    except CardError as exc:
        raise EngineError("bad_record", str(exc)) from None
    if card not in PACK_SET:
        raise EngineError("bad_record", f"{C.code(card)} is not a card of Piquet's 32 (1.1)")
    return card


def _low_first(card: Card) -> tuple[int, int]:
    return S.height(card), C.suit(card)


def _do(action: Action) -> str:
    return {Exchange: EXCHANGE, Declare: DECLARE, Sink: SINK, Play: PLAY}[type(action)]


def _call(kind: str, combo: frozenset[Card]) -> Call:
    """3.6: point and sequence by their size; a set by size and rank."""
    return Call(len(combo), S.top_letter(combo) if kind == SET else None)


def _second(kind: str, combo: frozenset[Card]) -> int | str:
    """3.6: after "equal", the point's value or the sequence's top card."""
    return S.key(kind, combo)[1] if kind == POINT else S.top_letter(combo)


def _announce(
    kind: str,
    elder: frozenset[Card] | None,
    dealer: frozenset[Card] | None,
    winner: str | None,
    scored: int,
    others: tuple[Call, ...],
) -> Announcement:
    """3.6: what is said aloud of one kind, and no more."""
    reply = dealer_call = elder_second = second_reply = dealer_second = None
    if elder is not None:
        if dealer is None:
            reply = "good"
        else:
            first_e, first_d = S.key(kind, elder), S.key(kind, dealer)
            if kind == SET or first_e[0] != first_d[0]:
                # A set's call names its rank too, so one reply settles it.
                reply = "good" if first_e > first_d else "not good"
                if reply == "not good":
                    dealer_call = _call(kind, dealer)
            else:
                reply = "equal"
                elder_second = _second(kind, elder)
                second_e, second_d = first_e[1], first_d[1]
                if second_e > second_d:
                    second_reply = "good"
                elif second_e < second_d:
                    second_reply = "not good"
                    dealer_second = _second(kind, dealer)
                else:
                    second_reply = "equal"
    elif dealer is not None:
        dealer_call = _call(kind, dealer)
    return Announcement(
        kind=kind,
        elder_declared=elder is not None,
        elder=_call(kind, elder) if elder is not None else None,
        reply=reply,
        dealer=dealer_call,
        elder_second=elder_second,
        second_reply=second_reply,
        dealer_second=dealer_second,
        winner=winner,
        scored=scored,
        others=others,
    )
