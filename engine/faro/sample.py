"""Faro deals consistent with what one seat sees, for the search player (engine/search.py).

Everything in Faro is public (FARO-8): the soda, every turn, the casekeeper, every bet
with its owner. The one thing nobody knows is the order of the cards still in the box,
and which cards they are is known exactly: the pack less the soda and the turns
(FARO-1.4). A sample keeps the cards dealt where they were and shuffles the rest
uniformly, so nothing is to infer and nothing to remember.

One exception, by intent: before the last turn the engine's public view lists the three
cards left (`last_three`) in the box's order, losing, winning, hoc, which would tell the
last turn and the right call (FARO-6.2) to anyone who reads it. The rules show only
which three remain (1.4), so the sampler takes them as a set and shuffles them like the
rest: a sample's `last_three` holds the same cards in its own order.

A sample is made by editing a fresh deal, not by replaying a record (a view shows the
bets on the layout, not the bets placed and taken down before): the seats' stacks are
as they now are with their bets on the layout added back, the bets are placed again,
and the turns dealt, who is ready and who has left are set from the view. Its public
view is the real one; its `actions` are stand-ins of the same number (the record is not
a replayable one, and the search never asks for it). A seat's net at the sample's end
is what it wins or loses from now on.

Whether searching can beat `easy` at all: it cannot. Every bet is against the house
(FARO-2.1) and pays even money (5.2) on cards whose order nobody can know, so a losing
and a winning card are alike; the house's edge is the split (5.2) and the wrong call's
odds (6.2). No bet has a positive value: the best a player can do is a value of
nothing, by betting only where no split can come (a rank with one card left) and
calling only a cat-hop, which is `easy` (engine/faro/strategy.py), or by not betting.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

from engine import cards as C
from engine.chips import seat_account
from engine.errors import EngineError
from engine.faro.actions import (
    BET,
    CALL,
    CALL_DO,
    CARD,
    EVEN,
    EVEN_KIND,
    HIGH,
    ODD,
    ODD_KIND,
    Bet,
    Call,
    FaroAction,
    Position,
    Ready,
    Remove,
)
from engine.faro.deal import LAYOUT_ACCOUNT, FaroDeal, faro_rank
from engine.faro.game import FARO
from engine.faro.views import PrivateView
from engine.search import SearchPlayer

SPREADS = (Position(HIGH, ()), Position(EVEN_KIND, EVEN), Position(ODD_KIND, ODD))


def sample_deal(view: PrivateView, rng: random.Random) -> FaroDeal:
    public = view.public
    dealt = [public.soda, *(card for turn in public.turns for card in turn)]
    unseen = [card for card in C.DECK if card not in set(dealt)]
    rng.shuffle(unseen)
    on_layout = Counter()
    for bet in public.layout:
        on_layout[bet.owner] += bet.amount
    deal = FaroDeal(FARO.start(
        seats=[(s.id, s.stack + on_layout[s.id]) for s in public.seats],
        stake=public.stake, dealer=None, deck_or_decks=dealt + unseen,
        options={"max_bet": public.max_bet},
    ).record())
    deal.players = tuple(s.id for s in public.seats if s.in_deal)
    for bet in public.layout:
        deal.book.move(seat_account(bet.owner), LAYOUT_ACCOUNT, bet.amount, "bet")
        deal.bets[(bet.owner, bet.position)] = bet.amount
    deal.turns = len(public.turns)
    deal.to_come = Counter(faro_rank(card) for card in deal.deck[2 * deal.turns + 1:])
    deal.ready = {s.id for s in public.seats if s.ready}
    deal.left = {s.id for s in public.seats if s.left}
    deal.actions = [Ready(view.seat)] * public.seq  # stand-ins (module docstring)
    deal._public = None
    return deal


def legal_moves(deal: FaroDeal, seat: str) -> list[FaroAction]:
    """The moves searched: ready; one stake on each rank still to come, plain and
    coppered, and on high card, even and odd (FARO-4.1, 4.3 to 4.5); every call in round
    25 (6.1); taking down each of the seat's bets (4.8). Left out, as no better than
    these for a value that grows with the amount (5.2): larger amounts, combinations
    (4.2) and leaving (2.4, which is taking every bet down)."""
    if seat not in deal.to_act():
        return []
    legal = deal.legal_actions(seat)
    moves: list[FaroAction] = [Ready(seat)]
    stake = deal.stake
    if BET in legal:
        positions = [Position(CARD, (rank,), copper)
                     for rank in range(1, 14) for copper in (False, True)]
        positions += [spread._replace(copper=copper)
                      for spread in SPREADS for copper in (False, True)]
        moves += [Bet(seat, position, stake) for position in positions]
    if CALL_DO in legal:
        orders = sorted(set(itertools.permutations(deal.ranks_left())))
        moves += [Call(seat, Position(CALL, order), stake) for order in orders]
    moves += [Remove(seat, position) for owner, position in deal.bets if owner == seat]
    return [move for move in moves if _allowed(deal, move)]


def _allowed(deal: FaroDeal, move: FaroAction) -> bool:
    try:
        deal.check(move)
    except EngineError:
        return False
    return True


def rollout(deal: FaroDeal, rng: random.Random) -> FaroAction:
    """The rollout policy: every seat says ready. Another seat's bets never touch the
    seat's chips (FARO-2.1), and the seat's own later fair bets add nothing but noise,
    so a rollout only settles the bets on the layout."""
    return Ready(deal.to_act()[0])


def fair_moves(deal: FaroDeal, seat: str) -> list[FaroAction]:
    """The moves the search player chooses among: those of `legal_moves` on which the
    house has no edge (module docstring): ready, a bet on a rank with one card left
    (no split can come, FARO-5.1, 5.2), plain or coppered, and a call of a cat-hop
    (6.2), each on a position the seat has no bet on yet (more on one adds nothing but
    moves, as taking a bet down would). Every one of them is worth nothing on average, and so is
    every line of play made of them: a search over the others finds, in a few hundred
    playouts, only the luck of its samples (a split's cost is a few hundredths of a
    stake a turn; a turn's outcome, a whole stake)."""
    if seat not in deal.to_act():
        return []
    held = {position for owner, position in deal.bets if owner == seat}
    stake, legal = deal.stake, deal.legal_actions(seat)
    moves: list[FaroAction] = [Ready(seat)]
    if BET in legal:
        positions = [Position(CARD, (rank,), copper)
                     for rank, count in sorted(deal.to_come.items()) if count == 1
                     for copper in (False, True)]
        moves += [Bet(seat, p, stake) for p in positions if p not in held]
    if CALL_DO in legal and len(set(deal.ranks_left())) == 2:
        orders = sorted(set(itertools.permutations(deal.ranks_left())))
        moves += [Call(seat, p, stake) for p in (Position(CALL, o) for o in orders)
                  if p not in held]
    return [move for move in moves if _allowed(deal, move)]


class FaroSampler:
    """The search player's sampler for Faro: the view is everything (FARO-8)."""

    legal_moves = staticmethod(legal_moves)

    def __call__(self, view: PrivateView, rng: random.Random) -> FaroDeal:
        return sample_deal(view, rng)


def evaluate(deal: FaroDeal, seat: str) -> float:
    """Where a playout stops (the search's `horizon`, here at once past the tree): the
    seat's chips won or lost since the sample began, its bets on the layout counted at
    what they cost, over the stake times the seats dealt in, as a settlement is weighed.
    For the fair bets the search places this is their value exactly (fair_moves): a
    rollout to the hoc would only add the luck of the turns."""
    start = next(s.stack for s in deal._record.seats if s.id == seat)
    held = sum(amount for (owner, _), amount in deal.bets.items() if owner == seat)
    now = deal.book.balances[seat_account(seat)] + held
    return (now - start) / (deal.stake * len(deal.players))


def search_player(playouts: int | None, ms: float | None) -> SearchPlayer:
    """Faro's search player (engine/search.py) over the fair moves; see the module
    docstring for why it gets no `hard` level."""
    return SearchPlayer(FARO, FaroSampler(), playouts=playouts, ms=ms, rollout=rollout,
                        moves=fair_moves, margin_weight=1.0, horizon=0, evaluate=evaluate)
