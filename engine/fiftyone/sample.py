"""Fifty-One games consistent with what one seat has seen, for the search player.

Everything but the hands and the stock's order is public (FIFTYONE-6): the board, the
discard pile, every swap (the card taken and the card put back), every clear, the Stop.
So of another seat's five cards, those it took from the board and has not put back are
known (`known_cards`); the rest are cards dealt to it at the start and never shown. A
card the seat has never seen face up (on the board, in the discard pile, in a swap) and
does not hold is either one of those or in the stock; cards that were public and are
now in none of the board, the pile or a known hand went into a new stock (4.4), whose
order nobody sees. The sampler remembers every card it saw face up (`observe`: after
every action at a table or in the tournament), so a card once on the board is never
put in a hidden hand even after the pile became a new stock.

A sample is made by editing a fresh game, as Concentration's is: the hidden slots of
the other hands get the never-seen cards, uniformly, the stock the rest in a uniform
order, and the public state (board, pile, turn, moves, Stop) is copied from the view.
Its actions are the public moves, so `seq` and the public view are the real ones. New
stocks the search needs are shuffled from the sample's own random source.
"""

from __future__ import annotations

import random

from engine.cards import Card
from engine.fiftyone.actions import CLEAR, Action, Clear, Swap
from engine.fiftyone.deal import FiftyOneDeal, best_swap, swaps
from engine.fiftyone.game import FIFTYONE
from engine.fiftyone.info import JOKER_OPTION, pack_for
from engine.fiftyone.scoring import score
from engine.fiftyone.strategy import STOP_AT
from engine.fiftyone.views import Move, PrivateView
from engine.restock import Restock
from engine.search import SearchPlayer, seats_before_the_stake


def known_cards(moves: tuple[Move, ...], seat: str) -> set[Card]:
    """The cards `seat` holds that every player saw it take (4.2) and keep."""
    known: set[Card] = set()
    for move in moves:
        if move.seat == seat and move.do != CLEAR:
            known.discard(move.give)
            known.add(move.take)
    return known


def public_cards(view: PrivateView) -> set[Card]:
    """Every card the view shows face up, or shows moved in a swap."""
    public = view.public
    seen = set(public.board) | set(public.discard)
    for move in public.moves:
        if move.do != CLEAR:
            seen.update((move.take, move.give))
    return seen


def sample_deal(
    view: PrivateView, rng: random.Random, seen: set[Card] | None = None
) -> FiftyOneDeal:
    """A game consistent with `view` and the cards `seen` face up before (memory)."""
    public = view.public
    me = view.seat
    seen = public_cards(view) | set(seen or ())
    mine = set(view.hand)
    pack = pack_for({JOKER_OPTION: public.joker})
    order = [s.id for s in public.seats if s.dealt_in]
    known = {seat: known_cards(public.moves, seat) for seat in order if seat != me}
    # Cards that may be in a hidden slot: never face up, not the seat's own.
    never_seen = [card for card in pack if card not in seen and card not in mine]
    rng.shuffle(never_seen)
    hands: dict[str, list[Card]] = {me: list(view.hand)}
    for seat in order:
        if seat == me:
            continue
        hidden = 5 - len(known[seat])
        hands[seat] = sorted(known[seat]) + never_seen[:hidden]
        never_seen = never_seen[hidden:]
    held = {card for hand in hands.values() for card in hand}
    placed = held | set(public.board) | set(public.discard)
    stock = never_seen + [card for card in pack if card in seen and card not in placed]
    assert len(stock) == public.stock, "a view and a memory that disagree"
    rng.shuffle(stock)
    deal = _edited(view, hands, stock, random.Random(rng.getrandbits(64)))
    return deal


def _edited(
    view: PrivateView, hands: dict[str, list[Card]], stock: list[Card], shuffler: random.Random
) -> FiftyOneDeal:
    public = view.public
    seats = seats_before_the_stake(public)
    deal: FiftyOneDeal = FIFTYONE.start(  # type: ignore[assignment]
        seats=seats,
        stake=public.stake,
        dealer=public.dealer,
        deck_or_decks=pack_for({JOKER_OPTION: public.joker}),
        options={JOKER_OPTION: public.joker},
    )
    deal.hands = {seat: list(hand) for seat, hand in hands.items()}
    deal.board = list(public.board)
    deal.discard = list(public.discard)
    deal.stock = list(stock)
    rebuilds = sum(1 for event in public.events if event.startswith("the discard pile"))
    deal.restock = Restock(())
    deal.restock.used = [()] * rebuilds  # how many new stocks were made (4.4)
    shuffling(deal, shuffler)
    deal.turn = deal.order.index(public.turn) if public.turn is not None else 0
    deal.turns_done = sum(1 for move in public.moves if move.do != CLEAR)
    deal.cleared = public.cleared
    deal.stopped_by = public.stopped_by
    deal.moves = list(public.moves)
    deal.events = list(public.events)
    deal.actions = [_action(move) for move in public.moves]
    return deal


def _action(move: Move) -> Action:
    if move.do == CLEAR:
        return Clear(move.seat)
    return Swap(move.seat, move.take, move.give, move.stop)


def legal_moves(deal: FiftyOneDeal, seat: str) -> list[Action]:
    """Every legal move of `seat` (4.1 to 4.5): the clear if allowed, then every swap
    (the board left to right, the hand as held), each without and then with Stop."""
    if seat != deal.current:
        return []
    moves: list[Action] = [Clear(seat)] if deal.can_clear(seat) else []
    stop = deal.can_stop(seat)
    for take in deal.board:
        for give in deal.hands[seat]:
            moves.append(Swap(seat, take, give))
            if stop:
                moves.append(Swap(seat, take, give, True))
    return moves


# The search looks at the few moves worth telling apart: the swaps leaving the best
# scores (the others put back a card worth more or take one worth less), each with Stop
# when it leaves a hand worth calling on, and the clear. Stop is searched only from
# `easy`'s threshold: the samples give the others' unseen cards uniformly, but a player
# keeps the cards it chose not to put back, so its real hand is better than the
# sample's and an early Stop looks better in the search than it is (measured on seeds
# 3 and 4, 200 hands: offered from 25, -0.8 chips a hand; from 30, +0.8; from 35, +2.2).
SEARCHED_SWAPS = 5
STOP_FROM = STOP_AT


def candidate_moves(deal: FiftyOneDeal, seat: str) -> list[Action]:
    if seat != deal.current:
        return []
    shuffling(deal, random.Random(deal.seq))  # a searched clear may need a new stock
    moves: list[Action] = [Clear(seat)] if deal.can_clear(seat) else []
    found = swaps(deal.hands[seat], deal.board)
    best = sorted(range(len(found)), key=lambda i: (-found[i][2], i))[:SEARCHED_SWAPS]
    stop = deal.can_stop(seat)
    for i in sorted(best):
        take, give, after = found[i]
        moves.append(Swap(seat, take, give))
        if stop and after >= STOP_FROM:
            moves.append(Swap(seat, take, give, True))
    return moves


def rollout(deal: FiftyOneDeal, rng: random.Random) -> Action:
    """`easy` read from the state (engine/fiftyone/strategy.py), without its views."""
    shuffling(deal, rng)
    seat = deal.order[deal.turn]
    hand = deal.hands[seat]
    swap = best_swap(seat, hand, deal.board)
    after = score([swap.take if card == swap.give else card for card in hand])
    if deal.can_clear(seat) and after <= score(hand):
        return Clear(seat)
    return swap._replace(stop=deal.stopped_by is None and after >= STOP_AT)


def shuffling(deal: FiftyOneDeal, rng: random.Random) -> None:
    """A copy of a deal has no source of new stocks (engine/base.py, `_copy_restock`):
    a playout's copy shuffles them from `rng` (4.4), as the bot would."""
    if deal.restock.source is None:
        deal.shuffle_with(lambda pile: rng.sample(pile, len(pile)))


class FiftyOneSampler:
    """The search player's sampler: remembers every card its seat saw face up."""

    legal_moves = staticmethod(legal_moves)

    def __init__(self) -> None:
        self.seen: set[Card] = set()
        self._seq = -1

    def observe(self, view: PrivateView) -> None:
        if view.public.seq < self._seq:  # a new game
            self.seen = set()
        self._seq = view.public.seq
        self.seen |= public_cards(view)

    def __call__(self, view: PrivateView, rng: random.Random) -> FiftyOneDeal:
        self.observe(view)
        return sample_deal(view, rng, self.seen)


def search_player(playouts: int | None, ms: float | None) -> SearchPlayer:
    """Fifty-One's `hard` (engine/search.py): the best few swaps searched, the game
    played out by `easy`."""
    return SearchPlayer(FIFTYONE, FiftyOneSampler(), playouts=playouts, ms=ms,
                        rollout=rollout, moves=candidate_moves)
