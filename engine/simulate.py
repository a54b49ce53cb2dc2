"""`python -m engine.simulate --game G --hands N --players K --seed S`: random legal play.

Plays N hands of any registered game at one table with a rotating dealer, each
action chosen at random among the legal ones, and checks after every hand that no
chip was created or lost (G2.2, GFF-7.3) and that the pack's cards are all in
exactly one place (the house's net counted, in a banking game). Players who are
eliminated buy in again so the table keeps going.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence

from engine import games
from engine.cards import DECK, Card
from engine.chips import house_net
from engine.game import Deal
from engine.rummy.simulation import DROP_CHANCE, random_action

__all__ = ["DROP_CHANCE", "check_cards", "random_action", "simulate"]

STAKE = 10
BUY_IN = 20 * STAKE


def check_cards(hand: Deal, pack: Sequence[Card] = DECK) -> None:
    """Every card of the pack is in exactly one place."""
    places = hand.cards_in_play()
    if len(places) != len(pack) or set(places) != set(pack):
        raise AssertionError(
            f"cards lost or doubled: {len(places)} places, {len(set(places))} cards"
        )


def simulate(
    hands: int, players: int, seed: int, game_id: str = games.DEFAULT_GAME
) -> Counter:
    game = games.get(game_id)
    info = game.info
    rng = random.Random(seed)
    ids = [f"p{i + 1}" for i in range(players)]
    stacks = dict.fromkeys(ids, BUY_IN)
    carry = dict.fromkeys(info.carried_pots, 0)
    dealer_at = rng.randrange(players)
    packs = [list(info.pack) for _ in range(info.deals_per_game)]  # G3.2: one per deal
    act = game.simulation_action
    ended: Counter = Counter()
    for _ in range(hands):
        # Sorting by random keys is a uniform shuffle and cheaper than Fisher-Yates
        # in Python (one C sort instead of 51 calls back into the generator).
        for deck in packs:
            deck.sort(key=lambda _: rng.random())
        before = sum(stacks.values()) + sum(carry.values())
        hand = game.start(
            seats=[(i, stacks[i]) for i in ids],
            stake=STAKE,
            dealer=ids[dealer_at] if info.has_dealer else None,
            deck_or_decks=packs[0] if len(packs) == 1 else packs,
            carry=carry,
        )
        if info.reshuffles:  # G3.2: a new stock mid-deal, shuffled as the bot does
            hand.shuffle_with(lambda pile: rng.sample(pile, len(pile)))  # type: ignore[attr-defined]
        while hand.settlement is None:  # an attribute, not the is_over property: hot loop
            hand.apply(act(hand, rng))
        check_cards(hand, info.pack)
        result = hand.settlement
        assert result is not None
        stacks, carry = dict(result.stacks), dict(result.carry)
        # What the house won (a banking game, G2.7) left the table; what it paid came in.
        after = sum(stacks.values()) + sum(carry.values()) + house_net(result.transfers)
        if after != before:
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
    parser.add_argument("--game", default=games.DEFAULT_GAME, choices=list(games.GAMES))
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    info = games.get(args.game).info
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    if not info.min_seats <= args.players <= info.max_seats:
        parser.error(f"--players: {info.name} seats {info.min_seats} to {info.max_seats}")
    started = time.perf_counter()
    ended = simulate(args.hands, args.players, args.seed, args.game)
    seconds = time.perf_counter() - started
    print(
        f"{args.hands} {args.game} hands, {args.players} players, seed {args.seed}: "
        f"conservation and the {len(info.pack)} cards checked after every hand"
    )
    for name, count in ended.most_common():
        print(f"  {name:<14} {count:>8}  {100 * count / args.hands:5.1f}%")
    print(f"{args.hands / seconds:,.0f} hands/s ({seconds:.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
