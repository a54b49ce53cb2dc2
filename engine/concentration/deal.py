"""One game of Concentration (docs/rules/concentration.md) from the posts to the pot's sharing.

`deck[i]` lies face down at position i (CONC-1.1). A turn is two flips; a match takes
the pair and keeps the turn, a miss passes it left (2.2, 2.3); the game ends when the
last pair is taken (3.1). Check, then apply: a refused flip changes nothing.
"""

from __future__ import annotations

from engine import cards as C
from engine.base import TurnByTurn, kept_until_the_next_action
from engine.cards import Card
from engine.chips import pot_account, seat_account, split
from engine.concentration.actions import FLIP, Flip
from engine.concentration.info import CONCENTRATION_INFO, MATCH, MATCHES, RANK
from engine.concentration.settlement import CLEARED, ConcentrationSettlement
from engine.concentration.views import PrivateView, PublicView, SeatView
from engine.errors import EngineError
from engine.fairness import commitment
from engine.record import HandRecord
from engine.seating import antes, seats_with_the_stake

POT = pot_account("pot")
POSITIONS = 52
RED = frozenset({C.HEARTS, C.DIAMONDS})  # CONC-1.3: ♥ ♦ red, ♠ ♣ black


def is_match(first: Card, second: Card, match: str) -> bool:
    """CONC-1.3: the same rank, and with `match: "colour"` the same colour too."""
    if C.rank(first) != C.rank(second):
        return False
    return match == RANK or (C.suit(first) in RED) == (C.suit(second) in RED)


class ConcentrationDeal(TurnByTurn):
    """The state of one game of Concentration."""

    info = CONCENTRATION_INFO

    def __init__(self, record: HandRecord) -> None:
        """Post and lay out `record` (CONC-6.2, 1.1, 3.3); its actions are not applied."""
        self._record = record
        self.match = record.options.get(MATCH, RANK)
        if self.match not in MATCHES:
            raise EngineError(
                "bad_record",
                'match must be "rank" or "colour", not {match!r} (CONC-5.1)',
                match=self.match,
            )
        self.stake = record.stake
        self.seats = record.seats
        self.ids = tuple(s.id for s in record.seats)
        self.dealer: str = record.dealer or ""
        # CONC-6.2, 2.1: the seats with the stake, from the dealer's left.
        self.order = seats_with_the_stake(
            record, self.info, "Concentration is for 2 to 6 (CONC-1.2, 6.2)", count_first=True
        )
        self.book = antes(record, self.order, POT, reason="post")  # CONC-3.3
        self._posts = tuple(self.book.transfers)
        self.layout = record.deck
        self.face_down: set[int] = set(range(POSITIONS))
        self.turn = 0  # index into order
        self.first: int | None = None  # this turn's first flip, until the second
        self.shown: list[tuple[int, Card]] = []  # CONC-2.5: the current turn's flips
        self.shown_by: str | None = None
        self.pairs: dict[str, list[tuple[Card, Card]]] = {seat: [] for seat in self.order}
        self.actions: list[Flip] = []
        self.settlement: ConcentrationSettlement | None = None
        self._commitment = commitment(record.deck, record.salt) if record.salt else None

    # -- the protocol ---------------------------------------------------------------

    def legal_actions(self, seat: str) -> tuple[str, ...]:
        return (FLIP,) if seat == self.current else ()

    def flippable(self) -> list[int]:
        """The positions the player to act may flip: face down, not this turn's first."""
        return sorted(self.face_down - {self.first} if self.first is not None else self.face_down)

    def check(self, action: Flip) -> None:
        """CONC-6.5, in this order: wrong_phase, not_your_turn, illegal_play."""
        if not isinstance(action, Flip):
            raise EngineError("bad_record", "the only action in Concentration is a flip (CONC-6.3)")
        if self.settlement is not None:
            raise EngineError("wrong_phase", "the game is over: the last pair is taken")
        current = self.order[self.turn]
        if action.seat != current:
            if action.seat not in self.pairs:
                raise EngineError(
                    "not_your_turn",
                    "{seat} is not dealt in to this game; it is {current}'s turn",
                    seat=action.seat,
                    current=current,
                )
            raise EngineError(
                "not_your_turn",
                "{seat} acted; it is {current}'s turn",
                seat=action.seat,
                current=current,
            )
        pos = action.pos
        if not 0 <= pos < POSITIONS:
            raise EngineError(
                "illegal_play", "position {pos} is not on the layout: 0 to 51", pos=pos
            )
        if pos not in self.face_down:
            raise EngineError(
                "illegal_play", "position {pos} is empty: its pair was already taken", pos=pos
            )
        if pos == self.first:
            raise EngineError(
                "illegal_play",
                "position {pos} is this turn's first card: flip a different one (CONC-2.2)",
                pos=pos,
            )

    def apply(self, action: Flip) -> None:
        self.check(action)
        self.actions.append(action)
        seat, pos = action
        card = self.layout[pos]
        if self.first is None:
            self.first = pos
            self.shown = [(pos, card)]  # a new turn's flip: the earlier ones are hidden
            self.shown_by = seat
            return
        first, self.first = self.first, None
        self.shown.append((pos, card))
        if is_match(self.layout[first], card, self.match):  # CONC-2.3: take it, go again
            self.face_down -= {first, pos}
            self.pairs[seat].append((self.layout[first], card))
            if not self.face_down:
                self._settle()  # CONC-3.1
            return
        self.turn = (self.turn + 1) % len(self.order)  # CONC-2.3: face down, pass left

    def timeout_action(self, seat: str) -> Flip:
        """CONC-5.2: the lowest-numbered face-down position the player may flip."""
        if seat != self.current:
            raise ValueError(f"{seat} has no flip to make")
        return Flip(seat, self.flippable()[0])

    def record(self) -> HandRecord:
        r = self._record
        return HandRecord(
            r.game, r.stake, r.seats, r.dealer, r.deck, {}, tuple(self.actions), r.salt,
            {MATCH: self.match},
        )

    def cards_in_play(self) -> list[Card]:
        """The layout's face-down cards and every pair taken: the whole pack."""
        taken = [card for pairs in self.pairs.values() for pair in pairs for card in pair]
        return [self.layout[pos] for pos in self.face_down] + taken

    def scores(self) -> dict[str, int]:
        """CONC-3.2: pairs taken, every dealt-in seat in seat order."""
        return {seat: len(self.pairs[seat]) for seat in self.ids if seat in self.pairs}

    # -- the rules --------------------------------------------------------------------

    def _settle(self) -> None:
        """CONC-3.3: the most pairs take the pot, ties share it, odd chips from the
        dealer's left (G2.5); 3.5: a seat below S is eliminated."""
        scores = self.scores()
        best = max(scores.values())
        sharing = [seat for seat in self.order if scores[seat] == best]
        for seat, share in split(self.book.balances[POT], sharing):
            self.book.move(POT, seat_account(seat), share, "pot")
        self.settlement = ConcentrationSettlement.from_book(
            self.book, self.seats, self.stake, ended=CLEARED, winners=sharing, scores=scores
        )

    # -- views --------------------------------------------------------------------------

    @kept_until_the_next_action
    def public_view(self) -> PublicView:
        over = self.settlement
        return PublicView(
            stake=self.stake,
            dealer=self.dealer,
            match=self.match,
            seats=tuple(
                SeatView(
                    id=s.id,
                    stack=self.book.balances[seat_account(s.id)],
                    dealt_in=s.id in self.pairs,
                    pairs=tuple(self.pairs.get(s.id, ())),
                )
                for s in self.seats
            ),
            pot=self.book.balances[POT],
            gone=frozenset(range(POSITIONS)) - self.face_down,
            shown=tuple(self.shown),
            shown_by=self.shown_by,
            first=self.first,
            turn=self.current,
            seq=self.seq,
            ended=over.ended if over else None,
        )

    def private_view(self, seat: str) -> PrivateView:
        return PrivateView(seat=seat, legal=self.legal_actions(seat), public=self.public_view())
