"""Random legal play for the rummy games, read from the whole hand: the simulator's and
the benchmarks' fast path. Never shown to a player; computer players use views.
"""

from __future__ import annotations

import random
from functools import cache

from engine.actions import (
    DISCARD,
    DISCARD_CARD,
    DRAW_DISCARD,
    DRAW_STOCK,
    DROP,
    HIT,
    SPREAD,
    STOCK,
    Action,
    Discard,
    Draw,
    Drop,
    Hit,
    Spread,
)
from engine.cards import Card
from engine.rummy.hand import RummyHand

DROP_CHANCE = 0.04  # uniform drops would end nearly every hand on its first turn


def random_action(hand: RummyHand, rng: random.Random, drop_chance: float = DROP_CHANCE) -> Action:
    """A random legal action: a drop now and then, else a random kind and instance."""
    seat = hand.order[hand.turn]
    kinds = hand.legal_actions(seat)
    if kinds[0] == DROP:
        if rng.random() < drop_chance:
            return Drop(seat)
        kinds = _WITHOUT_DROP[kinds]
    # rng.random() is cheaper than rng.choice() on this hot path; both are uniform.
    # The kinds are tested most common first: this runs for every action simulated.
    kind = kinds[int(rng.random() * len(kinds))]
    if kind == DISCARD_CARD:
        held = hand.hands[seat]
        return _discard(seat, held[int(rng.random() * len(held))])
    if kind == DRAW_STOCK:
        return _draw(seat, STOCK)
    if kind == DRAW_DISCARD:
        return _draw(seat, DISCARD)
    if kind == SPREAD:
        return Spread(seat, rng.choice(hand.spread_options(seat)).cards)
    assert kind == HIT
    index, cards = rng.choice(hand.hit_options(seat))
    return Hit(seat, index, cards)


# Actions are immutable values, so handing out the same Draw or Discard again is no
# different from building a new one; looking it up costs a third as much, and these
# two are nearly every action simulated.
@cache
def _draw(seat: str, source: str) -> Draw:
    return Draw(seat, source)


@cache
def _discard(seat: str, card: Card) -> Discard:
    return Discard(seat, card)


_WITHOUT_DROP = {
    (DROP, DRAW_STOCK): (DRAW_STOCK,),
    (DROP, DRAW_STOCK, DRAW_DISCARD): (DRAW_STOCK, DRAW_DISCARD),
}


