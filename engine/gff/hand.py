"""One hand of Game, Flip and Flop (docs/rules/gff.md): the rummy turn with GFF's pots.

The shared turn (draw, spread, hit, discard, drop, stock out) is engine/rummy/hand.py;
this adds what only GFF has: the posts to three pots (GFF-2.4), the flip and the flop
(section 4), the 49/50 on the deal (3.3), tunking out (6.3) and the pot payments.
All chips move through a ChipBook whose total is checked at settlement (GFF-7.3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine import cards as C
from engine.base import kept_until_the_next_action
from engine.chips import pot_account, split
from engine.gff import settlement as ending
from engine.gff.flipflop import Reveal, flip_and_flop, flop_suit
from engine.gff.info import GFF_INFO
from engine.gff.posting import FLIP, FLOP, GAME, POTS, is_all_in, pots_to_post
from engine.gff.settlement import Settlement
from engine.gff.views import PrivateView, PublicView, SeatView
from engine.marks import N_
from engine.record import HandRecord
from engine.rummy.hand import HAND_SIZE, OVER, PLAYING, TURN_START, RummyHand
from engine.seating import chip_book, post

__all__ = ["GffHand", "HAND_SIZE", "OVER", "PLAYING", "TURN_START"]

BONUS = "bonus"  # the new pot of GFF-3.4, paid by those without 50
POT = {pot: pot_account(pot) for pot in (*POTS, BONUS)}  # chip-book account names


class GffHand(RummyHand):
    """A hand from the deal to its settlement."""

    __slots__ = (
        "carried_in", "posted", "flip_card", "flip_suit", "flop_suit", "flipflop_holders",
        "schedule", "revealed", "reveals_done", "flipflop_paid", "flip_winner", "flop_winner",
        "won",
    )
    GAME = "gff"
    info = GFF_INFO
    PRIVATE_VIEW = PrivateView
    ENDING_WORDS = {
        ending.INSTANT: N_("the round ends at once on a declared 49 or 50"),
        ending.GOING_OUT: N_("the round ends: a player went out"),
        ending.TUNK_OUT: N_("the round ends: a player tunked out"),
        ending.DROP: N_("the round ends: the dropper had the lowest hand"),
        ending.CAUGHT: N_("the round ends: the dropper was caught"),
        ending.STOCK_OUT: N_("the round ends: the stock ran out"),
    }

    def __init__(self, record: HandRecord) -> None:
        """Deal the hand of `record` (GFF-2.4, 3.1-3.3); its actions are not applied."""
        self._start_state(record)
        stake = record.stake
        self.carried_in = dict(record.carry)
        self.posted: dict[str, tuple[str, ...]] = {
            s.id: pots_to_post(s.stack, stake) for s in record.seats
        }
        self._deal_in(record)  # a seat that posts to no pot is not dealt in (GFF-2.6)
        self.book = chip_book(record, {
            POT[GAME]: 0,
            POT[FLIP]: self.carried_in["flip"],
            POT[FLOP]: self.carried_in["flop"],
            POT[BONUS]: 0,
        })
        pot_of = POT.__getitem__  # a map, not a list built for each seat's posts
        for seat in self.order:
            post(self.book, stake, seat, map(pot_of, self.posted[seat]), "post")

        count = len(self.order)
        self._deal_cards(HAND_SIZE * count)
        self.flip_card = self.deck[HAND_SIZE * count - 1]  # the dealer's fifth card
        flip = self.flip_card // 13
        self.flip_suit, self.flop_suit = flip, flop_suit(flip)
        # GFF-4.2: the deal alone decides who takes the flip and the flop; they are
        # paid once the reveals are done (4.4). None: nobody eligible, it carries (4.5).
        self.flipflop_holders, self.schedule = flip_and_flop(
            self.order, self.held, self.posted, self.flip_card  # held: still the dealt cards
        )
        self.revealed: list[Reveal] = []
        self.reveals_done = 0  # seats whose first-turn reveal has been made
        self.flipflop_paid = False
        self.flip_winner: str | None = None
        self.flop_winner: str | None = None
        self.won: dict[str, dict[str, int]] = {pot: {} for pot in (*POTS, BONUS)}
        self._log("deal", cards=(self.flip_card,), amount=count)
        self._instant_or_first_turn()

    def _carried_record(self) -> dict[str, int]:
        return dict(self.carried_in)

    # -- the rules of the round -------------------------------------------------

    def _ran_out(self, seat: str) -> None:
        self._finish(ending.GOING_OUT, (seat,), shown_values={})  # GFF-6.1

    def _instant_or_first_turn(self) -> None:
        """GFF-3.3: a 49 or 50 is declared before any turn and ends the round."""
        values = self._values()
        if max(values.values()) < 49:  # five cards are worth 50 at most
            self._reveal_through(0)
            return
        declared = tuple(s for s in self.order if values[s] >= 49)
        for seat in declared:
            self._log("declare", seat, tuple(self.hands[seat]), values[seat])
        self._finish(
            ending.INSTANT,
            declared,
            {s: values[s] for s in declared},  # the declared hands are shown
            w50=[s for s in declared if values[s] == 50],
        )

    def _next_turn(self) -> None:
        self.turn = turn = (self.turn + 1) % len(self.order)
        self.turns += 1
        self.phase = TURN_START
        # GFF-4.3/4.4: reveals happen just before each seat's first turn; once the
        # dealer's are made, the flip and the flop are paid.
        if self.reveals_done <= turn:
            self._reveal_through(turn)

    def _reveal_through(self, index: int) -> None:
        while self.reveals_done <= index:
            for shown in self.schedule[self.reveals_done]:
                self.revealed.append(shown)
                self._log("reveal", shown.seat, (shown.card,), detail=shown.pot)
            self.reveals_done += 1
        if self.reveals_done == len(self.order) and not self.flipflop_paid:
            self._pay_flip_and_flop()

    def _pay_flip_and_flop(self) -> None:
        """GFF-4.2, 4.5: each goes to the lowest eligible card of its suit, or carries."""
        self.flipflop_paid = True
        for pot, holder in self.flipflop_holders.items():
            amount = self.book.balances[POT[pot]]
            if holder is None:
                if amount:
                    self._log("carry", amount=amount, detail=pot)
                continue
            winner = holder[0]
            if pot == FLIP:
                self.flip_winner = winner
            else:
                self.flop_winner = winner
            self._pay(pot, [(winner, amount)])

    def _pay(self, pot: str, shares: Sequence[tuple[str, int]]) -> None:
        won = self.won[pot]
        for seat, amount in shares:
            self.book.move(POT[pot], self.account[seat], amount, pot)
            won[seat] = won.get(seat, 0) + amount
            self._log("wins", seat, amount=amount, detail=pot)

    def _extra_stake(self, seat: str, why: str) -> None:
        """GFF-2.7: the one extra stake a hand can ask of a player; the reserve covers it."""
        target = BONUS if why == "fifty" else GAME
        self.book.move(self.account[seat], POT[target], self.stake, why)
        self._log("pays", seat, amount=self.stake, detail=why)

    def _dropped(self, dropper: str, values: dict[str, int]) -> None:
        """GFF-6.2: the dropper is strictly lowest and wins. Every hand is shown and valued,
        so `values` is what the end of the round shows."""
        self._finish(ending.DROP, (dropper,), values)

    def _caught(self, dropper: str, lowest: list[str], values: dict[str, int]) -> None:
        """GFF-6.2: the lowest of the others win, and the dropper pays (GFF-2.7)."""
        self._finish(ending.CAUGHT, tuple(lowest), values, caught=dropper)

    def _emptied_without_discard(self, seat: str) -> None:
        """GFF-5.6, 6.3: an empty hand ends the round; two own threes and no hits tunk out."""
        if self.laid[seat] == [3, 3] and self.hits_made[seat] == 0:
            self._finish(ending.TUNK_OUT, (seat,), shown_values={})
        else:
            self._finish(ending.GOING_OUT, (seat,), shown_values={})

    def _stock_out(self) -> None:
        """GFF-6.4: after the last stock card's turn, every hand is shown and the lowest wins."""
        values = self._values()
        low = min(values.values())
        self._finish(ending.STOCK_OUT, tuple(s for s in self.order if values[s] == low), values)

    # -- settling ---------------------------------------------------------------

    def _finish(
        self,
        ended: str,
        winners: tuple[str, ...],
        shown_values: Mapping[str, int],
        w50: Sequence[str] = (),
        caught: str | None = None,
    ) -> None:
        """GFF-7.2: flip and flop, then the game pot and its extra stakes, then eliminations.

        `winners` are in turn order (from the dealer's left), the order of GFF-7.1.
        `shown_values` holds the value of each hand the rules show at the end, in turn
        order (none when a player goes out): the ending has just computed them.
        """
        self.phase = OVER
        self.ended = ended
        self._reveal_through(len(self.order) - 1)
        stake = self.stake
        if caught is not None:
            self._extra_stake(caught, "caught")
        elif ended == ending.TUNK_OUT:
            for seat in self.order:
                if seat != winners[0]:
                    self._extra_stake(seat, "tunk out")
        game_pot = self.book.balances[POT[GAME]]
        self._pay(GAME, split(game_pot, winners))
        if w50:
            # GFF-3.4: everyone without 50 (49 included) pays a stake to those with 50.
            for seat in self.order:
                if seat not in w50:
                    self._extra_stake(seat, "fifty")
            bonus = self.book.balances[POT[BONUS]]
            if bonus:
                self._pay(BONUS, split(bonus, list(w50)))
        self._settled(Settlement.from_book(
            self.book, self.seats, self.info.min_stack(stake), ended=ended, winners=winners,
            carry={"flip": self.book.balances[POT[FLIP]], "flop": self.book.balances[POT[FLOP]]},
            flip_winner=self.flip_winner,
            flop_winner=self.flop_winner,
            posted=self.posted_chips(),
            won={pot: dict(by_seat) for pot, by_seat in self.won.items() if by_seat},
            shown={s: tuple(C.sorted_cards(self.hands[s])) for s in shown_values},
            values=dict(shown_values),
        ))

    def posted_chips(self) -> dict[str, dict[str, int]]:
        return {s: dict.fromkeys(self.posted[s], self.stake) for s in self.order}

    # -- views ------------------------------------------------------------------

    @kept_until_the_next_action
    def public_view(self) -> PublicView:
        posted = self.posted
        return PublicView(
            seats=tuple(
                SeatView(**self._seat_fields(s.id), posted=posted[s.id],
                         all_in=is_all_in(posted[s.id]))
                for s in self.seats
            ),
            pots={pot: self.book.balances[POT[pot]] for pot in POTS},
            carried=dict(self.carried_in),
            flip_card=self.flip_card,
            flip_suit=self.flip_suit,
            flop_suit=self.flop_suit,
            revealed=tuple(self.revealed),
            **self._public_fields(),
        )

    def _own_private_fields(self, seat: str) -> dict[str, Any]:
        return {"posted": {pot: self.stake for pot in self.posted.get(seat, ())}}

