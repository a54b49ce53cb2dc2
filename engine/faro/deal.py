"""One deal of Faro (docs/rules/faro.md): 25 betting rounds, each followed by a turn.

Every player in the deal bets at once (FARO-3.1): `to_act` holds each one not yet
ready, and a seat's sequence number changes only with its own actions and the turns
dealt, so one player's bet never makes another's buttons stale. A bet's chips move
from the stack to the layout when placed (2.3); a decided bet leaves it for the stack
or the house (5.2); the house's account may pay out (G2.7).
"""

from __future__ import annotations

from collections import Counter

from engine import cards as C
from engine.base import DealBase, kept_until_the_next_action
from engine.cards import Card
from engine.chips import HOUSE, Transfer, pot_account, seat_account
from engine.errors import EngineError
from engine.fairness import commitment
from engine.faro.actions import (
    BET,
    CALL,
    CALL_DO,
    CARD,
    COMBO,
    EVEN_KIND,
    HIGH,
    LEAVE,
    ODD_KIND,
    READY,
    REMOVE,
    Bet,
    Call,
    FaroAction,
    Leave,
    Position,
    Ready,
    Remove,
    rank_code,
)
from engine.faro.info import ABANDONED, FARO_INFO, HOC, LAYOUT, MAX_BET_STAKES, TURNS
from engine.faro.settlement import FaroSettlement
from engine.faro.views import LayoutBet, PrivateView, PublicView, SeatView
from engine.record import HandRecord
from engine.seating import chip_book

LAYOUT_ACCOUNT = pot_account(LAYOUT)
WIN, LOSE, PUSH, SPLIT = "win", "lose", "push", "split"
CALL_ODDS, CAT_HOP_ODDS = 4, 2  # FARO-6.2


def faro_rank(card: Card) -> int:
    return C.rank(card) + 1  # FARO-1.1: A = 1 ... K = 13


def max_bet(record: HandRecord) -> int:
    return record.options.get("max_bet", MAX_BET_STAKES * record.stake)


def outcome(position: Position, losing: int, winning: int) -> str | None:
    """FARO-5.1: what a turn does to a bet; None when it takes no action."""
    if position.kind == HIGH:
        result = SPLIT if winning == losing else WIN if winning > losing else LOSE
    else:
        covered = position.ranks
        if losing == winning:
            result = SPLIT if losing in covered else None
        elif winning in covered:
            result = PUSH if losing in covered else WIN
        else:
            result = LOSE if losing in covered else None
    if position.copper and result in (WIN, LOSE):
        return LOSE if result == WIN else WIN  # 4.5
    return result


def no_such_bet(seat: str, position: Position) -> EngineError:
    """FARO-4.8: `seat` has no bet on `position`, named as `Position.label` names it; one
    sentence per kind of position, so that the words of the position are translated."""
    kind, copper = position.kind, position.copper
    if kind == CARD:
        ranks = rank_code(position.ranks[0]) if position.ranks else ""
    else:
        ranks = "-".join(map(rank_code, position.ranks))
    if kind in (CARD, COMBO):
        if copper:
            # Translators: {ranks} are rank codes (A, 2 ... T, J, Q, K), joined by "-";
            # "coppered" is a Faro bet played to lose (a copper token on the bet).
            return EngineError(
                "no_such_bet", "{seat} has no bet on {ranks} (coppered)", seat=seat, ranks=ranks
            )
        # Translators: {ranks} are rank codes (A, 2 ... T, J, Q, K), joined by "-".
        return EngineError("no_such_bet", "{seat} has no bet on {ranks}", seat=seat, ranks=ranks)
    if kind == CALL:
        ranks = " ".join(map(rank_code, position.ranks))
        if copper:
            return EngineError(
                "no_such_bet",
                "{seat} has no bet on call {ranks} (coppered)",
                seat=seat,
                ranks=ranks,
            )
        # Translators: a Faro "call" bets on the order of the last three cards, {ranks}.
        return EngineError(
            "no_such_bet", "{seat} has no bet on call {ranks}", seat=seat, ranks=ranks
        )
    if kind == HIGH:
        if copper:
            return EngineError(
                "no_such_bet", "{seat} has no bet on high card (coppered)", seat=seat
            )
        # Translators: "high card" is the Faro bet that the winning card outranks the losing.
        return EngineError("no_such_bet", "{seat} has no bet on high card", seat=seat)
    if kind == EVEN_KIND:
        if copper:
            return EngineError("no_such_bet", "{seat} has no bet on even (coppered)", seat=seat)
        # Translators: "even" is the Faro bet on the even ranks (2 4 6 8 10 Q).
        return EngineError("no_such_bet", "{seat} has no bet on even", seat=seat)
    if kind == ODD_KIND:
        if copper:
            return EngineError("no_such_bet", "{seat} has no bet on odd (coppered)", seat=seat)
        # Translators: "odd" is the Faro bet on the odd ranks (A 3 5 7 9 J K).
        return EngineError("no_such_bet", "{seat} has no bet on odd", seat=seat)
    raise KeyError(kind)  # Position.label knows no other kind either


class FaroDeal(DealBase):
    """A Faro deal: the state, its checks and its settlement."""

    info = FARO_INFO

    def __init__(self, record: HandRecord) -> None:
        self._record = record
        self.stake = stake = record.stake
        self.max_bet = max_bet(record)
        self.ids = tuple(s.id for s in record.seats)
        # FARO-2.3: a stack of at least S takes part.
        self.players = tuple(s.id for s in record.seats if s.stack >= stake)
        if not self.players:
            raise EngineError(
                "bad_record", "no seat has the {stake} chips to take part", stake=stake
            )
        self.deck = record.deck
        self.book = chip_book(record, {LAYOUT_ACCOUNT: 0}, house=True)
        self.bets: dict[tuple[str, Position], int] = {}  # in the order first placed
        self.ready: set[str] = set()
        self.left: set[str] = set()
        self.turns = 0  # turns dealt; the betting round is turns + 1
        # FARO-1.4, the casekeeper: rank -> cards of it still to come, the hoc included.
        self.to_come = Counter(faro_rank(card) for card in self.deck[1:])
        self.acted = dict.fromkeys(self.ids, 0)
        self.actions: list[FaroAction] = []
        self.settlement: FaroSettlement | None = None
        self._commitment = commitment(self.deck, record.salt) if record.salt else None

    # -- the protocol -----------------------------------------------------------

    @property
    def posts(self) -> tuple[Transfer, ...]:
        return ()  # no antes: a bet is a player's choice

    @property
    def round(self) -> int:
        return self.turns + 1

    def dealt_in(self) -> tuple[str, ...]:
        return self.players

    def to_act(self) -> tuple[str, ...]:
        if self.settlement is not None:
            return ()
        return tuple(s for s in self.players if s not in self.ready and s not in self.left)

    def turn_number(self, seat: str) -> int:
        """One clock a betting round, however many bets a seat makes in it (FARO-5)."""
        return self.turns

    def seat_seq(self, seat: str) -> int:
        # Grows with this seat's own actions, each turn dealt and the end; never with
        # another seat's bets.
        return self.acted.get(seat, 0) + self.turns + (self.settlement is not None)

    def legal_actions(self, seat: str) -> tuple[str, ...]:
        if self.settlement is not None or seat not in self.players or seat in self.left:
            return ()
        if seat in self.ready:
            return (LEAVE,)  # 3.2
        kinds = [BET]
        if any(owner == seat for owner, _ in self.bets):
            kinds.append(REMOVE)
        if self.turns == TURNS - 1 and len(set(self.ranks_left())) > 1:
            kinds.append(CALL_DO)
        return (*kinds, READY, LEAVE)

    def check(self, action: FaroAction) -> None:
        if self.settlement is not None:
            raise EngineError("wrong_phase", "the deal is over")
        seat = action.seat
        if seat not in self.players:
            raise EngineError("not_your_turn", "{seat} is not in this deal (FARO-2.3)", seat=seat)
        if seat in self.left:
            raise EngineError("not_your_turn", "{seat} has left this deal (FARO-2.4)", seat=seat)
        if isinstance(action, Leave):
            return  # 2.4: between any two turns, ready or not
        if seat in self.ready:
            raise EngineError(
                "wrong_phase", "{seat} is ready: wait for the next turn (FARO-3.2)", seat=seat
            )
        if isinstance(action, Bet):
            self._check_bet(action)
        elif isinstance(action, Call):
            self._check_call(action)
        elif isinstance(action, Remove):
            if (seat, action.position) not in self.bets:
                raise no_such_bet(seat, action.position)

    def _check_bet(self, bet: Bet) -> None:
        position = bet.position
        if position.kind == COMBO and not (
            2 <= len(position.ranks) <= 4 and len(set(position.ranks)) == len(position.ranks)
        ):
            raise EngineError(
                "illegal_play", "a combination bet covers 2 to 4 different ranks (FARO-4.2)"
            )
        if position.kind in (CARD, COMBO):
            dead = [r for r in position.ranks if not self.to_come[r]]
            if dead:
                raise EngineError(
                    "dead_rank",
                    "every {rank} is already out (FARO-4.6)",
                    rank=rank_code(dead[0]),
                )
        self._check_size(bet.seat, position, bet.amount)

    def _check_call(self, call: Call) -> None:
        if self.turns != TURNS - 1:
            raise EngineError("wrong_phase", "the turn is called only before the last turn "
                              "(FARO-3.3)")
        if call.position.copper:
            raise EngineError("illegal_play", "a call cannot be coppered (FARO-6.1)")
        left = self.ranks_left()
        if len(set(left)) == 1:
            raise EngineError("illegal_play", "the three cards left are of one rank: no call "
                              "(FARO-6.1)")
        if sorted(call.position.ranks) != sorted(left):
            shown = " ".join(rank_code(r) for r in sorted(left))
            # Translators: {shown} are the three rank codes left (A, 2 ... T, J, Q, K).
            raise EngineError(
                "illegal_play",
                "a call orders the three cards left, {shown} (FARO-6.1)",
                shown=shown,
            )
        self._check_size(call.seat, call.position, call.amount)

    def _check_size(self, seat: str, position: Position, amount: int) -> None:
        total = self.bets.get((seat, position), 0) + amount
        if not self.stake <= total <= self.max_bet:
            raise EngineError(
                "bet_limit",
                "a bet on one position must total {stake} to {max_bet}, not {total} (FARO-4.7)",
                stake=self.stake,
                max_bet=self.max_bet,
                total=total,
            )
        stack = self.book.balances[seat_account(seat)]
        if amount > stack:
            raise EngineError(
                "short_stack", "{seat} has only {stack} chips (FARO-4.7)", seat=seat, stack=stack
            )

    def apply(self, action: FaroAction) -> None:
        self.check(action)
        self.actions.append(action)
        seat = action.seat
        self.acted[seat] += 1
        account = seat_account(seat)
        if isinstance(action, (Bet, Call)):
            key = (seat, action.position)
            self.book.move(account, LAYOUT_ACCOUNT, action.amount, "bet")
            self.bets[key] = self.bets.get(key, 0) + action.amount
        elif isinstance(action, Remove):
            self.book.move(LAYOUT_ACCOUNT, account, self.bets.pop((seat, action.position)),
                           "taken down")  # 4.8
        elif isinstance(action, Ready):
            self.ready.add(seat)
        else:
            self.left.add(seat)
            self._return_bets(seat, "left")  # 2.4
        if isinstance(action, (Ready, Leave)):
            self._after_ready()

    def leave_action(self, seat: str) -> Leave | None:
        """FARO-2.4: leaving is a move of the record (the protocol's optional hook for a
        player who leaves the table during a deal); None once it cannot be played."""
        return Leave(seat) if LEAVE in self.legal_actions(seat) else None

    def timeout_action(self, seat: str) -> FaroAction:
        """FARO-3.1: the timer says ready for a late player, bets unchanged."""
        return Ready(seat)

    def record(self) -> HandRecord:
        r = self._record
        return HandRecord(r.game, r.stake, r.seats, None, r.deck, {}, tuple(self.actions),
                          r.salt, dict(r.options))

    def cards_in_play(self) -> list[Card]:
        return list(self.deck)  # the whole pack is dealt face up from the dealing box

    def ranks_left(self) -> list[int]:
        """FARO-1.4: the ranks still to come, the hoc included."""
        return [faro_rank(card) for card in self.deck[2 * self.turns + 1:]]

    # -- turns (FARO-3, 5, 6) ---------------------------------------------------

    def _after_ready(self) -> None:
        active = [s for s in self.players if s not in self.left]
        if not active:
            self._finish(ABANDONED)  # 7: the rest is not dealt
        elif all(s in self.ready for s in active):
            self._deal_turn()

    def _deal_turn(self) -> None:
        self.turns += 1
        t = self.turns
        losing, winning = faro_rank(self.deck[2 * t - 1]), faro_rank(self.deck[2 * t])
        self.to_come[losing] -= 1
        self.to_come[winning] -= 1
        for (seat, position), amount in list(self.bets.items()):
            if position.kind != CALL:
                self._settle_bet(seat, position, amount, outcome(position, losing, winning))
        self.ready.clear()
        if t == TURNS:
            self._settle_calls(losing, winning, faro_rank(self.deck[51]))
            for seat in self.ids:  # 5.4: the hoc decides nothing
                self._return_bets(seat, "hoc")
            self._finish(HOC)

    def _settle_bet(self, seat: str, position: Position, amount: int, result: str | None) -> None:
        if result is None:
            return  # 5.3: stays for the next turn
        del self.bets[(seat, position)]
        account, move = seat_account(seat), self.book.move
        if result == WIN:  # 5.2: even money
            move(LAYOUT_ACCOUNT, account, amount, "bet back")
            move(HOUSE, account, amount, "won")
        elif result == LOSE:
            move(LAYOUT_ACCOUNT, HOUSE, amount, "lost")
        elif result == PUSH:
            move(LAYOUT_ACCOUNT, account, amount, "push")
        else:  # split: half to the house, the odd chip too
            half = -(-amount // 2)
            move(LAYOUT_ACCOUNT, HOUSE, half, "split")
            move(LAYOUT_ACCOUNT, account, amount - half, "split")

    def _settle_calls(self, losing: int, winning: int, hoc: int) -> None:
        """FARO-6.2: the right order pays 4 to 1, or 2 to 1 on a cat-hop."""
        dealt = (losing, winning, hoc)
        odds = CAT_HOP_ODDS if len(set(dealt)) < 3 else CALL_ODDS
        for (seat, position), amount in list(self.bets.items()):
            if position.kind != CALL:
                continue
            del self.bets[(seat, position)]
            if position.ranks == dealt:
                self.book.move(LAYOUT_ACCOUNT, seat_account(seat), amount, "call back")
                self.book.move(HOUSE, seat_account(seat), odds * amount, "call won")
            else:
                self.book.move(LAYOUT_ACCOUNT, HOUSE, amount, "call lost")

    def _return_bets(self, seat: str, reason: str) -> None:
        for key in [key for key in self.bets if key[0] == seat]:
            self.book.move(LAYOUT_ACCOUNT, seat_account(seat), self.bets.pop(key), reason)

    def _finish(self, ended: str) -> None:
        seats, balances = self._record.seats, self.book.balances
        self.settlement = FaroSettlement.from_book(
            self.book, seats, self.stake, ended=ended,
            winners=[s.id for s in seats if balances[seat_account(s.id)] > s.stack],
            house=balances[HOUSE],  # opened at 0: what the house won
            turns=self.turns,
            left=tuple(s for s in self.ids if s in self.left),
        )

    # -- views ------------------------------------------------------------------

    @kept_until_the_next_action
    def public_view(self) -> PublicView:
        over = self.settlement is not None
        t = self.turns
        counts = self.to_come if not over else Counter()
        return PublicView(
            stake=self.stake,
            max_bet=self.max_bet,
            soda=self.deck[0],
            turns=tuple((self.deck[2 * i - 1], self.deck[2 * i]) for i in range(1, t + 1)),
            hoc=self.deck[51] if over and t == TURNS else None,
            casekeeper={rank: counts[rank] for rank in range(1, 14)},
            # Which three, never their order (FARO-1.4): the order would call the turn.
            last_three=(tuple(C.sorted_cards(self.deck[49:]))
                        if t == TURNS - 1 and not over else ()),
            layout=tuple(LayoutBet(seat, pos, amount) for (seat, pos), amount in self.bets.items()),
            seats=tuple(
                SeatView(s, self.book.balances[seat_account(s)], s in self.players,
                         s in self.ready, s in self.left)
                for s in self.ids
            ),
            round=min(self.round, TURNS),
            seq=self.seq,
            ended=self.settlement.ended if over else None,
        )

    def private_view(self, seat: str) -> PrivateView:
        public = self.public_view()
        legal = self.legal_actions(seat)
        return PrivateView(
            seat=seat,
            stack=self.book.balances.get(seat_account(seat), 0),
            legal=legal,
            bets=tuple(b for b in public.layout if b.owner == seat),
            can_call=CALL_DO in legal,
            public=public,
        )

