"""`python -m engine.simulate --hands N --players K --seed S`: random legal play.

Plays N hands at one table with a rotating dealer, each action chosen at random
among the legal ones, and checks after every hand that no chip was created or
lost (GFF-7.3) and that the 52 cards are all in exactly one place. Players who
are eliminated buy in again so the table keeps going.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
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
from engine.cards import DECK, Card
from engine.gff.hand import GffHand

STAKE = 10
BUY_IN = 20 * STAKE


DROP_CHANCE = 0.04  # uniform drops would end nearly every hand on its first turn


def random_action(hand: GffHand, rng: random.Random, drop_chance: float = DROP_CHANCE) -> Action:
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


_WHOLE_DECK = frozenset(DECK)


def check_cards(hand: GffHand) -> None:
    """Every card of the deck is in exactly one place."""
    places = [*hand.stock, *hand.discards]
    for cards in hand.hands.values():
        places.extend(cards)
    for spread in hand.spreads:
        places.extend(spread.cards)
    if len(places) != 52 or set(places) != _WHOLE_DECK:
        raise AssertionError(
            f"cards lost or doubled: {len(places)} places, {len(set(places))} cards"
        )


def simulate(hands: int, players: int, seed: int) -> Counter:
    rng = random.Random(seed)
    ids = [f"p{i + 1}" for i in range(players)]
    stacks = dict.fromkeys(ids, BUY_IN)
    carry = {"flip": 0, "flop": 0}
    dealer_at = rng.randrange(players)
    deck = list(DECK)
    ended: Counter = Counter()
    for _ in range(hands):
        # Sorting by random keys is a uniform shuffle and cheaper than Fisher-Yates
        # in Python (one C sort instead of 51 calls back into the generator).
        deck.sort(key=lambda _: rng.random())
        before = sum(stacks.values()) + carry["flip"] + carry["flop"]
        hand = GffHand.start(
            seats=[(i, stacks[i]) for i in ids],
            stake=STAKE,
            dealer=ids[dealer_at],
            deck=deck,
            carry=carry,
        )
        while hand.settlement is None:  # an attribute, not the is_over property: hot loop
            hand.apply(random_action(hand, rng))
        check_cards(hand)
        result = hand.settlement
        assert result is not None
        stacks, carry = dict(result.stacks), dict(result.carry)
        if sum(stacks.values()) + carry["flip"] + carry["flop"] != before:
            raise AssertionError("chips were created or lost")
        ended[result.ended] += 1
        for seat in result.eliminated:
            stacks[seat] = BUY_IN  # a fresh buy-in keeps the table going
        dealer_at = (dealer_at + 1) % players
    return ended


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine.simulate", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=3, choices=range(2, 6))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    started = time.perf_counter()
    ended = simulate(args.hands, args.players, args.seed)
    seconds = time.perf_counter() - started
    print(
        f"{args.hands} hands, {args.players} players, seed {args.seed}: "
        "conservation and the 52 cards checked after every hand"
    )
    for name, count in ended.most_common():
        print(f"  {name:<10} {count:>8}  {100 * count / args.hands:5.1f}%")
    print(f"{args.hands / seconds:,.0f} hands/s ({seconds:.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
