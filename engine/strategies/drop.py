"""The drop estimate: how likely a hand is to be strictly lowest (GFF-6.2).

The other hands are dealt from the cards this seat cannot place, by Monte Carlo,
around the cards each is known to hold (the flip card, reveals, discards it was
seen to take). Players keep their low cards and throw their high ones, so each
unknown part of a hand is modelled as the lowest cards of a larger random draw.
"""

from __future__ import annotations

import random

from engine.cards import VALUES, hand_value
from engine.strategies.knowledge import Knowledge
from engine.strategies.layoff import cards_of


def chance_lowest(
    value: int,
    know: Knowledge,
    rng: random.Random,
    *,
    samples: int,
    extra_seen: int,
) -> float:
    """The share of sampled deals in which `value` is below every other hand."""
    pool = [VALUES[c] for c in cards_of(know.unknown)]
    plans = []
    for opponent in know.opponents:
        known = cards_of(opponent.known)[: opponent.cards]
        known_value = hand_value(known)
        if known_value <= value and len(known) == opponent.cards:
            return 0.0  # a hand that is all shown and no higher: certainly caught
        plans.append((known_value, opponent.cards - len(known)))
    hidden = sum(count for _, count in plans)
    if not plans or hidden > len(pool):
        return 0.0  # not a state a hand can reach; never drop on it
    # Late in a hand there may be too few unknown cards to give everyone extra ones.
    extra = min(extra_seen, (len(pool) - hidden) // len(plans))
    need = hidden + extra * len(plans)
    wins = 0
    sample = rng.sample
    for _ in range(samples):
        drawn = sample(pool, need)
        at = 0
        for known_value, count in plans:
            seen = drawn[at : at + count + extra]
            at += count + extra
            if extra:
                seen.sort()
            if known_value + sum(seen[:count]) <= value:
                break
        else:
            wins += 1
    return wins / samples
