"""One game of Fifty-One (docs/rules/fiftyone.md), from the antes to the pot.

Five cards each and a board of five face up (FIFTYONE-3.1); each turn an optional
clear and one swap with the board (4.1 to 4.3), until a player's Stop gives each other
player one last turn (4.5); the best hand takes the pot (5.3). Every action is checked
before it is applied; a refusal is an EngineError with the page's code (8.4) and
changes nothing.
"""

from __future__ import annotations

from engine import cards as C
from engine.base import TurnByTurn, kept_until_the_next_action
from engine.cards import JOKER, Card
from engine.chips import pot_account, seat_account, split
from engine.errors import EngineError
from engine.fairness import commitment
from engine.fiftyone.actions import CLEAR, SWAP, Action, Clear, Swap
from engine.fiftyone.info import FIFTYONE_INFO, JOKER_OPTION, POT, STOP, pack_for
from engine.fiftyone.scoring import VALUES, joker_reading, score, suit_counts, suits_score
from engine.fiftyone.settlement import FiftyOneSettlement
from engine.fiftyone.views import Move, PrivateView, PublicView, SeatView, Shown
from engine.marks import Said
from engine.record import HandRecord
from engine.restock import Restock, Shuffle
from engine.seating import antes, seats_dealt_in

HAND_SIZE = 5  # FIFTYONE-3.1
BOARD_SIZE = 5
POT_ACCOUNT = pot_account(POT)
NEW_STOCK_RULE = "FIFTYONE-4.4"


def read_options(options: dict) -> bool:
    """FIFTYONE-7, 8.1: the one option, `joker`, a boolean; whether the joker is in."""
    unknown = sorted(set(options) - {JOKER_OPTION})
    if unknown:
        raise EngineError(
            "bad_record", "unknown option {option!r} (Fifty-One's: joker)", option=unknown[0]
        )
    joker = options.get(JOKER_OPTION, False)
    if not isinstance(joker, bool):
        raise EngineError("bad_record", "the joker option must be true or false (FIFTYONE-7)")
    return joker


class FiftyOneDeal(TurnByTurn):
    """A game of Fifty-One: the state, its checks and its settlement."""

    info = FIFTYONE_INFO

    def __init__(self, record: HandRecord) -> None:
        """Ante and deal `record` (FIFTYONE-2.1, 3.1); its actions are not applied."""
        self._record = record
        self.joker = read_options(record.options)
        pack = pack_for(record.options)
        deck = record.deck
        if len(deck) != len(pack) or set(deck) != set(pack):
            raise EngineError(
                "bad_record",
                "the deck must hold the {count} cards of this table's pack, each once "
                "(FIFTYONE-8.1)",
                count=len(pack),
            )
        self.stake = stake = record.stake
        self.seats = record.seats
        self.ids = tuple(s.id for s in record.seats)
        self.dealer = dealer = record.dealer
        assert dealer is not None  # parse_common requires the dealer
        self.order = seats_dealt_in(record, stake, "FIFTYONE-8.1", rule_of_two="FIFTYONE-8.1")
        self.book = antes(record, self.order, POT_ACCOUNT)  # G2.3
        self._posts = tuple(self.book.transfers)
        n = len(self.order)
        self.hands: dict[str, list[Card]] = {
            seat: [deck[i * n + p] for i in range(HAND_SIZE)] for p, seat in enumerate(self.order)
        }
        dealt = HAND_SIZE * n
        self.board = list(deck[dealt: dealt + BOARD_SIZE])
        self.stock = list(reversed(deck[dealt + BOARD_SIZE:]))  # the top is the end: pop()
        self.discard: list[Card] = []
        self.restock = Restock(record.reshuffles)
        self.turn = 0  # 4.1: left of the dealer starts
        self.turns_done = 0  # swaps made: each ends a turn
        self.cleared = False  # 4.3: this turn's one clear is made
        self.stopped_by: str | None = None
        self.moves: list[Move] = []
        self.events: list[str] = []
        self.actions: list[Action] = []
        self.settlement: FiftyOneSettlement | None = None
        self._commitment = commitment(deck, record.salt) if record.salt is not None else None

    # -- the protocol -----------------------------------------------------------

    @property
    def first_round(self) -> bool:
        """4.3: until every player has had a first turn, nobody may clear."""
        return self.turns_done < len(self.order)

    def turn_number(self, seat: str) -> int:
        """A turn is a clear and a swap (4.1): a clear is not a new turn for the clock."""
        return self.turns_done

    def can_clear(self, seat: str) -> bool:
        return seat == self.current and not self.first_round and not self.cleared

    def can_stop(self, seat: str) -> bool:
        return seat == self.current and self.stopped_by is None

    def legal_actions(self, seat: str) -> tuple[str, ...]:
        if seat != self.current:
            return ()
        return (CLEAR, SWAP) if self.can_clear(seat) else (SWAP,)

    def check(self, action: Action) -> None:
        if isinstance(action, Swap) and not self.joker and JOKER in (action.take, action.give):
            raise EngineError(
                "bad_record",
                "JK is not a card of this game: the joker option is off (FIFTYONE-1.1)",
            )
        if self.settlement is not None:
            raise EngineError("wrong_phase", "the game is over")
        seat = action.seat
        self.refuse_out_of_turn(seat)
        if isinstance(action, Clear):
            self._check_clear()
        else:
            self._check_swap(action)

    def _check_clear(self) -> None:
        if self.first_round:
            raise EngineError(
                "illegal_play", "nobody may clear the board in the first round (FIFTYONE-4.3)"
            )
        if self.cleared:
            raise EngineError(
                "wrong_phase", "you have cleared the board this turn: now swap (FIFTYONE-4.3)"
            )
        if len(self.stock) < BOARD_SIZE:  # a new stock is needed: is its order given?
            k = len(self.restock.used)
            if k < len(self.restock.recorded) or self.restock.source is None:
                probe = Restock(self.restock.recorded)
                probe.used = list(self.restock.used)
                self._refill(probe)

    def _check_swap(self, action: Swap) -> None:
        if action.take not in self.board:
            raise EngineError(
                "not_on_board",
                "{card} is not on the board (FIFTYONE-4.2)",
                card=C.label(action.take),
            )
        if action.give == action.take:
            raise EngineError(
                "illegal_play", "put back one of the five cards you held before the take, not "
                "the card just taken (FIFTYONE-4.2)"
            )
        if action.give not in self.hands[action.seat]:
            raise EngineError(
                "card_not_in_hand", "you do not hold {card}", card=C.label(action.give)
            )
        if action.stop and self.stopped_by is not None:
            raise EngineError(
                "illegal_play",
                "{seat} has already called Stop (FIFTYONE-4.5)",
                seat=self.stopped_by,
            )

    def apply(self, action: Action) -> None:
        self.check(action)
        if isinstance(action, Clear):
            self._clear(action)
        else:
            self._swap(action)
        self.actions.append(action)

    def timeout_action(self, seat: str) -> Swap:
        """FIFTYONE-7: no clear and no Stop; the swap that leaves the best score."""
        if seat != self.current:
            raise ValueError(f"it is not {seat}'s turn")
        return best_swap(seat, self.hands[seat], self.board)

    def shuffle_with(self, source: Shuffle) -> None:
        """The bot's shuffle for the new stocks the record does not give (4.4)."""
        self.restock.source = source

    def record(self) -> HandRecord:
        r = self._record
        return HandRecord(r.game, r.stake, r.seats, r.dealer, r.deck, {}, tuple(self.actions),
                          r.salt, {JOKER_OPTION: self.joker}, (), self.restock.orders())

    def cards_in_play(self) -> list[Card]:
        held = [card for cards in self.hands.values() for card in cards]
        return held + self.board + self.stock + self.discard

    @kept_until_the_next_action
    def public_view(self) -> PublicView:
        last_turns = self._last_turns()
        seats = tuple(
            SeatView(
                id=s.id,
                stack=self.book.balances[seat_account(s.id)],
                dealt_in=s.id in self.hands,
                turn_left=s.id in last_turns,
            )
            for s in self.seats
        )
        shown: tuple[Shown, ...] = ()
        if self.settlement is not None:  # 4.5: every hand is shown at the end
            shown = tuple(
                Shown(seat, tuple(sorted(self.hands[seat])), self.settlement.scores[seat],
                      joker_reading(self.hands[seat]))
                for seat in self.order
            )
        return PublicView(
            stake=self.stake,
            dealer=self.dealer,
            pot=self.book.balances[POT_ACCOUNT],
            joker=self.joker,
            seats=seats,
            board=tuple(self.board),
            discard=tuple(self.discard),
            stock=len(self.stock),
            turn=self.current,
            seq=self.seq,
            first_round=self.first_round,
            cleared=self.cleared,
            stopped_by=self.stopped_by,
            moves=tuple(self.moves),
            events=tuple(self.events),
            ended=self.settlement.ended if self.settlement else None,
            shown=shown,
        )

    def private_view(self, seat: str) -> PrivateView:
        hand = self.hands.get(seat, [])
        return PrivateView(
            seat=seat,
            hand=tuple(sorted(hand)),
            score=score(hand) if hand else 0,
            can_clear=self.can_clear(seat),
            can_stop=self.can_stop(seat),
            legal=self.legal_actions(seat),
            public=self.public_view(),
        )

    # -- play (FIFTYONE-4) --------------------------------------------------------

    def _clear(self, action: Clear) -> None:
        """4.3: the board to the discard pile, five new cards from the stock."""
        rebuilds = len(self.restock.used)
        self.board, self.stock, self.discard = self._refill(self.restock)
        self.cleared = True
        self.moves.append(Move(action.seat, CLEAR))
        if len(self.restock.used) > rebuilds:
            self.events.append(Said("the discard pile became the new stock"))

    def _refill(self, restock: Restock) -> tuple[list[Card], list[Card], list[Card]]:
        """The new board, stock and discard pile of a clear, computed before any is kept,
        so a refused new stock (4.4) changes nothing."""
        discard = self.discard + self.board
        stock = list(self.stock)
        board = []
        for _ in range(BOARD_SIZE):
            if not stock:
                stock = restock.rebuild(discard, NEW_STOCK_RULE)[::-1]
                discard = []
            board.append(stock.pop())
        return board, stock, discard

    def _swap(self, action: Swap) -> None:
        """4.2: the taken card's place on the board gets the card put back."""
        seat = action.seat
        hand = self.hands[seat]
        hand[hand.index(action.give)] = action.take
        self.board[self.board.index(action.take)] = action.give
        self.moves.append(Move(seat, SWAP, action.take, action.give, action.stop))
        if action.stop:
            self.stopped_by = seat
            self.events.append(Said("{seat} called Stop", seat=seat))
        self.turns_done += 1
        self.cleared = False
        self.turn = (self.turn + 1) % len(self.order)
        if self.stopped_by is not None and self.order[self.turn] == self.stopped_by:
            self._settle()  # 4.5: the turn came back to the caller

    def _last_turns(self) -> tuple[str, ...]:
        """4.5: after a Stop, the seats still to have their one more turn."""
        if self.stopped_by is None or self.settlement is not None:
            return ()
        n = len(self.order)
        waiting = []
        at = self.turn
        while self.order[at] != self.stopped_by:
            waiting.append(self.order[at])
            at = (at + 1) % n
        return tuple(waiting)

    # -- settlement (FIFTYONE-2.2, 5) ---------------------------------------------

    def _settle(self) -> None:
        caller = self.stopped_by
        assert caller is not None
        scores = {seat: score(self.hands[seat]) for seat in self.order}
        best = max(scores.values())
        top = [seat for seat in self.order if scores[seat] == best]  # from the dealer's left
        if caller in top and len(top) > 1:
            top.remove(caller)  # 5.3: the caller who ties does not win
        pot = self.book.balances[POT_ACCOUNT]
        for seat, share in split(pot, top):  # 2.2: odd chips from the dealer's left
            self.book.move(POT_ACCOUNT, seat_account(seat), share, "pot")
        self.settlement = FiftyOneSettlement.from_book(
            self.book, self.seats, self.stake, ended=STOP, winners=top,
            scores=scores, stopped_by=caller,
        )


def swaps(hand: list[Card], board: list[Card]) -> list[tuple[Card, Card, int]]:
    """Every swap (4.2) as (take, give, the score it leaves), the board left to right,
    then the hand as held."""
    if JOKER in hand or JOKER in board:
        found = []
        for take in board:
            for i, give in enumerate(hand):
                after = [*hand[:i], take, *hand[i + 1:]]
                found.append((take, give, score(after)))
        return found
    # Without the joker a swap moves one card's value between suits: the hand's suit
    # lengths and values are adjusted, not counted again, for each of the 25 swaps (5.1).
    # (Moved there and back in place: a hand view offers these on every turn.)
    lengths, sums = suit_counts(hand)
    found = []
    for take in board:
        took, took_value = take // 13, VALUES[take]
        lengths[took] += 1
        sums[took] += took_value
        for give in hand:
            gave, gave_value = give // 13, VALUES[give]
            lengths[gave] -= 1
            sums[gave] -= gave_value
            found.append((take, give, suits_score(lengths, sums)))
            lengths[gave] += 1
            sums[gave] += gave_value
        lengths[took] -= 1
        sums[took] -= took_value
    return found


def best_swap(seat: str, hand: list[Card], board: list[Card]) -> Swap:
    """The swap leaving the best score; the first found among equals (FIFTYONE-7)."""
    take, give, _ = max(swaps(hand, board), key=lambda found: found[2])
    return Swap(seat, take, give)
