"""One deal of Farmer (docs/rules/farmer.md), from the antes to the payments.

Each player from the farmer's left, the farmer last, hits from the stock and stays
(FARMER-4); when the farmer stays, the farm, the side pot and the busts are settled
in the page's order (5.5). Every action is checked before it is applied; a refusal
is an EngineError with the page's code (FARMER-8) and changes nothing.
"""

from __future__ import annotations

from engine import cards as C
from engine.base import TurnByTurn, kept_until_the_next_action
from engine.cards import Card
from engine.chips import pot_account, seat_account
from engine.errors import EngineError
from engine.fairness import commitment
from engine.farmer.actions import HIT, STAY, FarmerAction
from engine.farmer.info import (
    ALL_BUST,
    CLOSEST,
    FARM,
    FARMER_INFO,
    SIX_OF_HEARTS,
    SIXTEEN,
)
from engine.farmer.settlement import FarmerSettlement
from engine.farmer.views import PrivateView, PublicView, SeatView
from engine.record import HandRecord
from engine.seating import antes, seats_dealt_in

SIXTEEN_POINTS = 16  # FARMER-1.2: over 16 is bust
FARM_ACCOUNT = pot_account(FARM)


class FarmerDeal(TurnByTurn):
    """A Farmer deal: the state, its checks and its settlement."""

    info = FARMER_INFO
    hand_word = "deal"

    def __init__(self, record: HandRecord) -> None:
        """Ante and deal `record` (FARMER-2.2, 2.3, 3.1); its actions are not applied."""
        self._record = record
        self.stake = stake = record.stake
        self.seats = record.seats
        self.ids = tuple(s.id for s in record.seats)
        self.farmer = farmer = record.dealer
        assert farmer is not None  # parse_common requires the dealer
        # FARMER-3.1: from the farmer's left, the farmer last; only stacks of 2S (2.3).
        self.order = seats_dealt_in(
            record, FARMER_INFO.min_stack(stake), "FARMER-2.3", dealer="farmer"
        )
        # FARMER-2.2: the antes join the farm, with what it carries.
        self.book = antes(record, self.order, FARM_ACCOUNT, carried=record.carry.get(FARM, 0))
        self._posts = tuple(self.book.transfers)
        deck = record.deck
        self.hands: dict[str, list[Card]] = {seat: [deck[i]] for i, seat in enumerate(self.order)}
        self.totals = {seat: C.value(cards[0]) for seat, cards in self.hands.items()}
        self.hits = dict.fromkeys(self.order, 0)
        self.next_card = len(self.order)  # FARMER-3.2: the stock is the rest, top first
        self.turn = 0
        self.actions: list[FarmerAction] = []
        self.settlement: FarmerSettlement | None = None
        self._commitment = commitment(deck, record.salt) if record.salt is not None else None

    # -- the protocol -----------------------------------------------------------

    def turn_number(self, seat: str) -> int:
        """A player's hits and stay are one turn, on one clock (FARMER-4.1)."""
        return self.turn

    def legal_actions(self, seat: str) -> tuple[str, ...]:
        if self.settlement is not None or seat != self.order[self.turn]:
            return ()
        if not self.hits[seat]:
            return (HIT,)  # FARMER-4.2
        if self.totals[seat] > SIXTEEN_POINTS:
            return (STAY,)  # FARMER-4.4
        return (HIT, STAY)

    def check(self, action: FarmerAction) -> None:
        seat = action.seat
        if self.settlement is not None:
            raise EngineError("wrong_phase", "the deal is over: the farmer has stayed")
        self.refuse_out_of_turn(seat)
        if action.do == STAY and not self.hits[seat]:
            raise EngineError(
                "illegal_play", "everyone must hit at least once before staying (FARMER-4.2)"
            )
        if action.do == HIT and self.totals[seat] > SIXTEEN_POINTS:
            raise EngineError(
                "illegal_play", "you are over 16: no more hits, you can only stay (FARMER-4.4)"
            )

    def apply(self, action: FarmerAction) -> None:
        self.check(action)
        self.actions.append(action)
        seat = action.seat
        if action.do == HIT:
            card = self._record.deck[self.next_card]  # 4.5: the stock cannot run out
            self.next_card += 1
            self.hands[seat].append(card)
            self.totals[seat] += C.value(card)
            self.hits[seat] += 1
            return
        self.turn += 1
        if self.turn == len(self.order):  # FARMER-4.6: the farmer stayed
            self._settle()

    def timeout_action(self, seat: str) -> FarmerAction:
        """FARMER-4.6: hit for a player who has not hit yet, otherwise stay."""
        return FarmerAction(seat, STAY if self.hits[seat] else HIT)

    def record(self) -> HandRecord:
        r = self._record
        return HandRecord(r.game, r.stake, r.seats, r.dealer, r.deck, dict(r.carry),
                          tuple(self.actions), r.salt, {})

    def cards_in_play(self) -> list[Card]:
        held = [card for cards in self.hands.values() for card in cards]
        return held + list(self._record.deck[self.next_card:])

    @kept_until_the_next_action
    def public_view(self) -> PublicView:
        over = self.settlement is not None
        seats = []
        for s in self.seats:
            cards = self.hands.get(s.id)
            seats.append(SeatView(
                id=s.id,
                stack=self.book.balances[seat_account(s.id)],
                dealt_in=cards is not None,
                hits=tuple(cards[1:]) if cards else (),  # FARMER-6: hits are public
                stayed=s.id in self.order[: self.turn],
                shown=tuple(cards) if over and cards else None,
                total=self.totals[s.id] if over and cards else None,
            ))
        return PublicView(
            stake=self.stake,
            farmer=self.farmer,
            farm=self.book.balances[FARM_ACCOUNT],
            seats=tuple(seats),
            stock=len(self._record.deck) - self.next_card,
            turn=self.current,
            seq=self.seq,
            ended=self.settlement.ended if self.settlement else None,
        )

    def private_view(self, seat: str) -> PrivateView:
        cards = self.hands.get(seat)
        return PrivateView(
            seat=seat,
            face_down=cards[0] if cards else None,
            total=self.totals.get(seat, 0),
            bust=self.totals.get(seat, 0) > SIXTEEN_POINTS,
            hits_taken=self.hits.get(seat, 0),
            legal=self.legal_actions(seat),
            public=self.public_view(),
        )

    # -- settlement (FARMER-5) --------------------------------------------------

    def _settle(self) -> None:
        totals, order, stake = self.totals, self.order, self.stake
        sixteens = [s for s in order if totals[s] == SIXTEEN_POINTS]
        standing = [s for s in order if totals[s] <= SIXTEEN_POINTS]
        busted = [s for s in order if totals[s] > SIXTEEN_POINTS]
        farm_winner = None
        if sixteens:  # 5.1
            farm_winner = self._sixteen_winner(sixteens)
            self.book.move(FARM_ACCOUNT, seat_account(farm_winner),
                           self.book.balances[FARM_ACCOUNT], "farm")
            ended, winners = SIXTEEN, [farm_winner]
        elif standing:  # 5.2
            closest = max(totals[s] for s in standing)
            winners = [s for s in standing if totals[s] == closest]
            self._side_pot([s for s in standing if totals[s] < closest], winners)
            ended = CLOSEST
        else:  # 5.3
            ended, winners = ALL_BUST, []
        for seat in busted:  # 5.4: a bust farmer pays nothing and still collects
            if seat != self.farmer:
                self.book.move(seat_account(seat), seat_account(self.farmer), stake, "bust")
        self._finish(ended, winners, farm_winner, busted)

    def _sixteen_winner(self, sixteens: list[str]) -> str:
        """FARMER-5.1: the 6♥, then fewest cards, then the farmer, then the first from the
        farmer's left (`sixteens` is in that order)."""
        if len(sixteens) == 1:
            return sixteens[0]
        for seat in sixteens:
            if SIX_OF_HEARTS in self.hands[seat]:
                return seat
        fewest = min(len(self.hands[s]) for s in sixteens)
        tied = [s for s in sixteens if len(self.hands[s]) == fewest]
        if self.farmer in tied:
            return self.farmer
        return tied[0]

    def _side_pot(self, payers: list[str], winners: list[str]) -> None:
        """FARMER-5.2: each payer's S goes to the players on C, `side // k` each, and the
        remainder to the farm.

        The side pot is never an account of its own: each chip goes straight from the
        seat that paid it to where it ends, taking payers from the farmer's left in turn,
        so every chip the farm carries was put in by a seat (the store traces a carried
        pot to the seats that paid into it)."""
        stake = self.stake
        share = stake * len(payers) // len(winners)
        left = {payer: stake for payer in payers}
        queue = list(payers)
        targets = [(seat_account(w), share, "side pot") for w in winners]
        targets.append((FARM_ACCOUNT, stake * len(payers) - share * len(winners), "side pot odd"))
        for target, owed, reason in targets:
            while owed:
                payer = queue[0]
                amount = min(owed, left[payer])
                self.book.move(seat_account(payer), target, amount, reason)
                owed -= amount
                left[payer] -= amount
                if not left[payer]:
                    queue.pop(0)

    def _finish(
        self, ended: str, winners: list[str], farm_winner: str | None, busted: list[str]
    ) -> None:
        minimum = FARMER_INFO.min_stack(self.stake)
        self.settlement = FarmerSettlement.from_book(
            self.book, self.seats, minimum, ended=ended, winners=winners,
            carry={FARM: self.book.balances[FARM_ACCOUNT]},
            farm_winner=farm_winner,
            totals={s: self.totals[s] for s in self.ids if s in self.totals},
            busted=tuple(s for s in self.ids if s in busted),
            next_farmer=self._next_farmer(farm_winner or self.farmer, minimum),
            hands={s: tuple(self.hands[s]) for s in self.ids if s in self.hands},
        )

    def _next_farmer(self, chosen: str, minimum: int) -> str | None:
        """FARMER-5.6: the farm winner, else the same farmer; if eliminated, the next seat
        on their left still seated. The stacks are read from the book as the seats are
        passed: nearly always the first one is the farmer (the settlement holds them all)."""
        balances = self.book.balances
        at = self.ids.index(chosen)
        for seat in self.ids[at:] + self.ids[:at]:
            if balances[seat_account(seat)] >= minimum:
                return seat
        return None
