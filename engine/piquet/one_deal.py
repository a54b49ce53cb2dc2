"""One of a partie's six deals of Piquet (docs/rules/piquet.md): carte blanche (PIQUET-2.2),
the exchange (2.3, 2.4), point, sequence and set declared non-dealer first (3), repique
(3.5), twelve tricks with pique (4), and the deal's score by part (7.3).

The partie (engine/piquet/deal.py) makes a `OneDeal` afresh for each deal, so a deal's
whole state is set up in its `__init__`; the partie keeps what runs across deals.

A search player applies millions of actions, so the hot path reads tables made once
(a card's code, suit and height), keeps each seat's score as it is made, and finds a
hand's combinations once a deal: the hands do not change while declaring (3).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import cards as C
from engine.cards import Card, CardError
from engine.errors import EngineError
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
from engine.piquet.calls import announce, call
from engine.piquet.info import PACK
from engine.piquet.scoring import HEIGHTS, SUITS, Combo
from engine.piquet.views import Announcement, Call, TrickView

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
# 7.4: the 32 cards by their record codes, as `C.code` writes them; any other spelling a
# record may hold ("10H", "th") is read by `C.parse` (see `_read`).
CARD_OF_CODE = {C.code(card): card for card in PACK}
# A deal's steps; OVER once its twelfth trick is played (the partie's, once the sixth is).
EXCHANGING, DECLARING, PLAYING, OVER = "exchange", "declare", "play", "over"
STEP = {EXCHANGING: (Exchange,), DECLARING: (Declare, Sink), PLAYING: (Play,)}
LEGAL = {EXCHANGING: (EXCHANGE,), DECLARING: (DECLARE, SINK), PLAYING: (PLAY,)}  # 7.2


class OneDeal:
    """One deal's cards, declarations, tricks and score, and the checks of its actions."""

    def __init__(
        self, number: int, seats: tuple[str, str], dealer: str, deck: Sequence[Card]
    ) -> None:
        """PIQUET-1.3, 2.1, 2.2: deal `deck` in twos, the non-dealer first."""
        self.number = number  # 0 to 5
        self.seats = seats  # the partie's seat order, which its results keep
        first, second = seats
        self.opponent = {first: second, second: first}
        self.dealer = dealer
        self.elder: str = self.other(dealer)  # 1.3: the one not dealing
        dealt = deck[: 2 * HAND]
        self.hands: dict[str, set[Card]] = {  # 2.1: cards 0, 1, 4, 5, ... to the non-dealer
            self.elder: {*dealt[0::4], *dealt[1::4]},
            self.dealer: {*dealt[2::4], *dealt[3::4]},
        }
        self.talon: list[Card] = list(deck[2 * HAND :])  # 24 on top
        self.discards: dict[str, list[Card]] = {seat: [] for seat in seats}
        self.took: dict[str, int | None] = dict.fromkeys(seats)  # None: not exchanged yet
        self.rest_seen: tuple[Card, ...] = ()  # 2.3: the elder's look at the talon
        self.talon_shown: tuple[Card, ...] | None = None  # 2.4
        self.detail: dict[str, dict[str, int]] = {
            seat: dict.fromkeys(DETAIL, 0) for seat in seats
        }
        # Each seat's score this deal, the sum of its `detail`: every score goes through
        # `_add`, which keeps both.
        self.scores: dict[str, int] = dict.fromkeys(seats, 0)
        self.carte_blanche: dict[str, tuple[Card, ...]] = {}
        for seat in (self.elder, self.dealer):
            if S.is_carte_blanche(self.hands[seat]):  # 2.2: declared by the bot, at once
                self.carte_blanche[seat] = tuple(sorted(self.hands[seat]))
                self._add(seat, "carte_blanche", S.CARTE_BLANCHE)
        self.phase: str = EXCHANGING
        self.kind_at: int = 0  # the kind now declared, of KINDS
        self.declared: dict[str, frozenset[Card] | None] = {}  # of that kind; None: sunk
        self.held: dict[str, dict[str, list[Combo]]] = {}  # see `combinations`
        self.announcements: list[Announcement] = []
        self.declaring: str | None = None
        self.leader: str = self.elder  # 4.1
        self.trick: list[tuple[str, Card]] = []
        self.tricks: list[TrickView] = []
        self.won: dict[str, int] = dict.fromkeys(seats, 0)
        self.bonus_taken: dict[str, bool] = dict.fromkeys(seats, False)  # repique or pique

    def copy(self) -> OneDeal:
        """This deal, to go on on its own (the partie's `copy`): every list, dict and set
        that playing changes is copied. The rest is shared: strings, numbers, tuples,
        frozensets, the seats' opponents, and each seat's combinations in `held`
        (found once and never changed)."""
        new = object.__new__(OneDeal)
        new.__dict__.update(self.__dict__)
        new.hands = {seat: set(hand) for seat, hand in self.hands.items()}
        new.talon = list(self.talon)
        new.discards = {seat: list(pile) for seat, pile in self.discards.items()}
        new.took = dict(self.took)
        new.detail = {seat: dict(parts) for seat, parts in self.detail.items()}
        new.scores = dict(self.scores)
        new.carte_blanche = dict(self.carte_blanche)
        new.declared = dict(self.declared)
        new.held = dict(self.held)
        new.announcements = list(self.announcements)
        new.trick = list(self.trick)
        new.tricks = list(self.tricks)
        new.won = dict(self.won)
        new.bonus_taken = dict(self.bonus_taken)
        return new

    def other(self, seat: str) -> str:
        return self.opponent[seat]

    def score(self, seat: str) -> int:
        return self.scores[seat]

    def _add(self, seat: str, part: str, points: int) -> None:
        """`points` to `seat`'s `part` of the deal's score (7.3), and to its score."""
        self.detail[seat][part] += points
        self.scores[seat] += points

    def combinations(self, seat: str, kind: str) -> list[Combo]:
        """3.1, 3.2: what `seat` can declare of `kind`, best first. Asked only while
        declaring, when the hands are those the exchange left (2.3, 2.4) until the first
        card is played: a seat's combinations of every kind are found once a deal, and
        kept in `held`."""
        held = self.held.get(seat)
        if held is None:
            held = self.held[seat] = S.every_combination(self.hands[seat])
        return held[kind]

    @property
    def kind(self) -> str | None:
        return KINDS[self.kind_at] if self.phase == DECLARING else None

    def to_act(self) -> tuple[str, ...]:
        due = self.due()
        return () if due is None else (due,)

    def due(self) -> str | None:
        """The one seat to act now, or None (the deal is over)."""
        phase = self.phase
        if phase == PLAYING:  # 4.1: the leader, then the other
            return self.other(self.leader) if self.trick else self.leader
        if phase == EXCHANGING:  # 2.3, 2.4: the non-dealer first
            return self.elder if self.took[self.elder] is None else self.dealer
        if phase == DECLARING:  # 3.2
            return self.declaring or None
        return None

    def exchange_limit(self, seat: str) -> int:
        """2.3, 2.4: the elder up to 5; the dealer up to 5 of the cards left."""
        if self.phase != EXCHANGING or seat not in self.to_act():
            return 0
        return MOST_EXCHANGED if seat == self.elder else min(MOST_EXCHANGED, len(self.talon))

    def playable(self, seat: str) -> tuple[Card, ...]:
        """4.1: the cards `seat` may play now."""
        if self.phase != PLAYING or seat not in self.to_act():
            return ()
        hand = self.hands[seat]
        if self.trick:
            led = SUITS[self.trick[0][1]]
            following = tuple(sorted(c for c in hand if SUITS[c] == led))
            if following:
                return following
        return tuple(sorted(hand))

    def choices(self, seat: str) -> tuple[tuple[Card, ...], ...]:
        """3.2: the combinations `seat` may declare now, the best first."""
        if self.phase != DECLARING or seat != self.declaring:
            return ()
        return tuple(tuple(sorted(combo)) for combo in self.combinations(seat, KINDS[self.kind_at]))

    def elder_call(self) -> Call | str | None:
        """3.6: the non-dealer's call of the kind now declared, before the reply."""
        if self.phase != DECLARING or self.elder not in self.declared:
            return None
        combo = self.declared[self.elder]
        return "none" if combo is None else call(KINDS[self.kind_at], combo)

    def cards(self) -> list[Card]:
        """The deal's 32: hands, talon, discards, the trick and the tricks."""
        places = [card for hand in self.hands.values() for card in hand] + list(self.talon)
        for pile in self.discards.values():
            places += pile
        places += [card for _, card in self.trick]
        places += [card for trick in self.tricks for _, card in trick.cards]
        return places

    def timeout_action(self, seat: str) -> Action:
        """5.3, design.md's safe default: exchange the one lowest card, declare the best
        combination, play the lowest card allowed."""
        hand = self.hands[seat]
        if self.phase == EXCHANGING:
            return Exchange(seat, (C.code(min(hand, key=_low_first)),))
        if self.phase == DECLARING:
            kind = KINDS[self.kind_at]
            best = self.combinations(seat, kind)[0]
            return Declare(seat, kind, tuple(C.code(c) for c in sorted(best)))
        return Play(seat, C.code(min(self.playable(seat), key=_low_first)))

    # -- checks (PIQUET-7.4, in its order, from the turn on) -----------------------------

    def checked(self, action: Action) -> tuple[Card, ...]:
        """Raise the refusal of `action`, or return its cards read from their codes."""
        seat = action.seat
        if seat != self.due():
            raise EngineError(
                "not_your_turn",
                "it is {current}'s turn, not {seat}'s",
                current=self.to_act()[0],
                seat=seat,
            )
        self._check_step(action)
        if isinstance(action, Play):
            card = _read(action.card)
            if card not in self.hands[seat]:
                raise _not_held(seat, card)
            self._check_follow(seat, card)
            return (card,)
        if isinstance(action, Sink):
            return ()  # names no card
        cards = tuple(map(_read, action.cards))
        hand = self.hands[seat]
        for card in cards:
            if card not in hand:
                raise _not_held(seat, card)
        if isinstance(action, Exchange):
            self._check_exchange(action, cards)
        elif frozenset(cards) not in self.combinations(seat, action.kind) or len(
            set(cards)
        ) != len(cards):  # a Declare: one whole combination, each card once
            raise _not_whole(action.kind)
        return cards

    def _check_step(self, action: Action) -> None:
        if not isinstance(action, STEP[self.phase]):
            raise _wrong_step(self.phase, _do(action))
        if isinstance(action, (Declare, Sink)) and action.kind != self.kind:
            raise _wrong_kind(self.kind, action.kind)

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
                "bad_exchange",
                "{seat} exchanges 1 to {most} cards (PIQUET-{rule})",
                seat=seat,
                most=most,
                rule=rule,
            )

    def _check_follow(self, seat: str, card: Card) -> None:
        if not self.trick:
            return
        led = SUITS[self.trick[0][1]]
        if SUITS[card] != led and any(SUITS[held] == led for held in self.hands[seat]):
            raise _must_follow(seat, led)

    # -- applying, once checked -----------------------------------------------------------

    def exchange(self, seat: str, cards: tuple[Card, ...], show_rest: bool) -> None:
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
        self.held = {}  # the hands are now those declared from (see `combinations`)
        self.phase = DECLARING
        self._next_declarer()

    def declare(self, seat: str, combo: frozenset[Card] | None) -> None:
        """3.2: `seat` declares `combo` of the kind now declared, or sinks (None)."""
        self.declared[seat] = combo
        self.declaring = None
        self._next_declarer()

    def _next_declarer(self) -> None:
        """3.2: the non-dealer, then the dealer; one holding none is sunk at once."""
        while self.phase == DECLARING:
            kind = KINDS[self.kind_at]
            if self.elder not in self.declared:
                due = self.elder
            elif self.dealer not in self.declared:
                due = self.dealer
            else:
                self._resolve(kind)
                continue
            if self.combinations(due, kind):
                self.declaring = due
                return
            self.declared[due] = None
        self.declaring = None

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
            held = self.combinations(winner, kind)
            scored = S.score_kind(kind, declared, held)
            self._add(winner, DETAIL_OF_KIND[kind], scored)
            if kind != POINT:
                others = tuple(call(kind, combo) for combo in held if combo != declared)
        self.announcements.append(announce(kind, elder, dealer, winner, scored, others))
        self.declared = {}
        if self.kind_at + 1 < len(KINDS):
            self.kind_at += 1
            return
        for seat in self.seats:  # 3.5
            if self._has_lead(seat):
                self._add(seat, "repique", S.REPIQUE)
                self.bonus_taken[seat] = True
        self.phase = PLAYING

    def _has_lead(self, seat: str) -> bool:
        """3.5, 4.3: 30 or more this deal while the opponent has 0."""
        return self.scores[seat] >= S.THRESHOLD and self.scores[self.other(seat)] == 0

    def _score_in_play(self, seat: str, part: str, points: int) -> None:
        """4.2, then 4.3: after each score in play, a pique to one who has none yet."""
        self._add(seat, part, points)
        first, second = self.scores.values()
        if first and second:
            return  # 4.3 needs an opponent at 0; scores only grow, so no pique is left
        for someone in self.seats:
            if not self.bonus_taken[someone] and self._has_lead(someone):
                self._add(someone, "pique", S.PIQUE)
                self.bonus_taken[someone] = True

    def play(self, seat: str, card: Card) -> None:
        """4.1, 4.2: a card to the trick; after the twelfth trick the deal is OVER."""
        self.hands[seat].discard(card)
        trick = self.trick
        trick.append((seat, card))
        if len(trick) == 1:
            self._score_in_play(seat, "leads", 1)  # 4.2: a point for leading
            return
        leader, led = trick[0]
        # 4.1: the highest card of the suit led; of two, the second only if it follows
        # and is higher
        higher = SUITS[card] == SUITS[led] and HEIGHTS[card] > HEIGHTS[led]
        winner = seat if higher else leader
        self.tricks.append(TrickView(leader, tuple(trick), winner))
        self.trick = []
        self.leader = winner
        self.won[winner] += 1
        self._score_in_play(winner, "tricks", 1)
        if len(self.tricks) < TRICKS:
            return
        most = max(self.seats, key=self.won.__getitem__)
        if self.won[most] >= THE_CARDS_AT:
            self._score_in_play(most, "cards", S.THE_CARDS)
            if self.won[most] == TRICKS:
                self._add(most, "capot", S.CAPOT)  # 4.3: capot never counts for pique
        self.phase = OVER


def opponent(seats: tuple[str, str], seat: str) -> str:
    first, second = seats
    return second if seat == first else first


def _not_held(seat: str, card: Card) -> EngineError:
    return EngineError(
        "card_not_in_hand", "{seat} does not hold {card}", seat=seat, card=C.label(card)
    )


def _must_follow(seat: str, led: int) -> EngineError:
    """4.1: `seat` holds a card of the suit `led` and must play one; a sentence a suit."""
    if led == C.SPADES:
        return EngineError("illegal_play", "{seat} must follow spades (PIQUET-4.1)", seat=seat)
    if led == C.HEARTS:
        return EngineError("illegal_play", "{seat} must follow hearts (PIQUET-4.1)", seat=seat)
    if led == C.DIAMONDS:
        return EngineError("illegal_play", "{seat} must follow diamonds (PIQUET-4.1)", seat=seat)
    return EngineError("illegal_play", "{seat} must follow clubs (PIQUET-4.1)", seat=seat)


def _not_whole(kind: str) -> EngineError:
    """3.1: a declaration's cards are not one whole combination of `kind`."""
    if kind == POINT:
        # Translators: Piquet's three kinds of combination (PIQUET-3.1): the point (the
        # cards held in one suit), the sequence (3 or more in a row of one suit) and the
        # set (3 or 4 of a rank).
        return EngineError("bad_declaration", "those cards are not a whole point (PIQUET-3.1)")
    if kind == SEQUENCE:
        return EngineError(
            "bad_declaration", "those cards are not a whole sequence (PIQUET-3.1)"
        )
    if kind == SET:
        return EngineError("bad_declaration", "those cards are not a whole set (PIQUET-3.1)")
    return EngineError(  # not one of KINDS: only an action built in code, never parsed
        "bad_declaration", "those cards are not a whole {kind} (PIQUET-3.1)", kind=kind
    )


def _wrong_kind(now: str | None, asked: str) -> EngineError:
    """3.1: the combinations are declared in the order of KINDS; `now` is the one due."""
    if now == POINT:
        if asked == SEQUENCE:
            return EngineError("wrong_phase", "now point is declared, not sequence (PIQUET-3.1)")
        if asked == SET:
            return EngineError("wrong_phase", "now point is declared, not set (PIQUET-3.1)")
    elif now == SEQUENCE:
        if asked == POINT:
            return EngineError("wrong_phase", "now sequence is declared, not point (PIQUET-3.1)")
        if asked == SET:
            return EngineError("wrong_phase", "now sequence is declared, not set (PIQUET-3.1)")
    elif now == SET:
        if asked == POINT:
            return EngineError("wrong_phase", "now set is declared, not point (PIQUET-3.1)")
        if asked == SEQUENCE:
            return EngineError("wrong_phase", "now set is declared, not sequence (PIQUET-3.1)")
    return EngineError(  # a kind not of KINDS: only an action built in code, never parsed
        "wrong_phase", "now {now} is declared, not {asked} (PIQUET-3.1)", now=now, asked=asked
    )


def _wrong_step(phase: str, do: str) -> EngineError:
    """7.4: an action of another step than the deal's `phase` (exchange, declare, play)."""
    if phase == EXCHANGING:
        if do == DECLARE:
            # Translators: Piquet's steps: the exchange (of cards with the talon), the
            # declaring of combinations, then the play of tricks.
            return EngineError("wrong_phase", "now is the exchange, not a declare")
        if do == SINK:
            # Translators: to sink is to declare no combination of the kind now declared
            # (to say "good", PIQUET-3.2); a sink is that action.
            return EngineError("wrong_phase", "now is the exchange, not a sink")
        if do == PLAY:
            return EngineError("wrong_phase", "now is the exchange, not a play")
    elif phase == DECLARING:
        if do == EXCHANGE:
            return EngineError("wrong_phase", "now is the declare, not a exchange")
        if do == PLAY:
            return EngineError("wrong_phase", "now is the declare, not a play")
    elif phase == PLAYING:
        if do == EXCHANGE:
            return EngineError("wrong_phase", "now is the play, not a exchange")
        if do == DECLARE:
            return EngineError("wrong_phase", "now is the play, not a declare")
        if do == SINK:
            return EngineError("wrong_phase", "now is the play, not a sink")
    return EngineError(  # the deal is over: not reached, the turn is checked first
        "wrong_phase", "now is the {phase}, not a {do}", phase=phase, do=do
    )


def _read(code: object) -> Card:
    """7.4: a card code of the 32, or `bad_record`."""
    try:
        return CARD_OF_CODE[code]  # type: ignore[index]
    except (KeyError, TypeError):  # another spelling, or no code at all (unhashable)
        pass
    try:
        card = C.parse(code)  # type: ignore[arg-type]
    except CardError as exc:
        raise EngineError("bad_record", str(exc)) from None
    if card not in PACK_SET:
        raise EngineError(
            "bad_record", "{card} is not a card of Piquet's 32 (1.1)", card=C.code(card)
        )
    return card


def _low_first(card: Card) -> tuple[int, int]:
    return S.height(card), C.suit(card)


def _do(action: Action) -> str:
    return {Exchange: EXCHANGE, Declare: DECLARE, Sink: SINK, Play: PLAY}[type(action)]
