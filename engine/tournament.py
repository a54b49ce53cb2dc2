"""`python -m engine.tournament --hands N --seats sharp,easy,random --seed S`.

Computer players against each other, on seeded hands. Every deal is played once
for each rotation of the seats, so each strategy holds each position's cards
exactly once per deal: the luck of the cards cancels in the comparison, and the
differences between strategies are measured deal by deal (paired). Stacks are
reset to a full buy-in for every hand, so every seat posts to all three pots
(GFF-2.4) and the chips a seat ends with minus its buy-in measure that hand
alone. A flip or flop pot that nobody wins goes back to those who posted to it,
as when a table closes (GFF-4.5, 4.6), so no chip leaves the measure.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing import Pool

from engine.actions import Drop
from engine.cards import DECK
from engine.gff.hand import GffHand
from engine.gff.posting import FLIP, FLOP
from engine.gff.settlement import ENDINGS
from engine.strategies import STRATEGIES, get_strategy

STAKE = 10
BUY_IN_STAKES = 20  # the default buy-in (GFF-8)
Z95 = 1.959964  # two-sided 95% point of the normal distribution
DEALS_PER_TASK = 25


@dataclass(frozen=True, slots=True)
class SeatResult:
    strategy: str
    position: int  # in turn order: 0 is left of the dealer, the dealer last (GFF-5.1)
    chips: int
    won_game: bool
    ended: str
    dropped: bool  # this seat dropped (GFF-6.2), caught or not


@dataclass(slots=True)
class Tally:
    """One strategy's totals over the tournament."""

    hands: int = 0
    chips: int = 0
    game_wins: int = 0
    won_by: Counter = field(default_factory=Counter)  # ending -> game pots won that way
    drops: int = 0
    caught: int = 0


def deal_rng(seed: int, deal: int, *rest: int) -> random.Random:
    # String seeds are hashed with SHA-512, the same on every run and machine.
    return random.Random("/".join(map(str, (seed, deal, *rest))))


def play_deal(seed: int, deal: int, names: Sequence[str], stake: int) -> list[list[SeatResult]]:
    """One deal played once per rotation of the seats; a list of seat results per hand."""
    rng = deal_rng(seed, deal)
    deck = list(DECK)
    rng.shuffle(deck)
    seating = rng.sample(list(names), len(names))
    count = len(seating)
    ids = [f"s{i + 1}" for i in range(count)]
    dealer = ids[deal % count]
    hands = []
    for turn in range(count):
        playing = seating[turn:] + seating[:turn]
        hands.append(play_hand(ids, playing, dealer, deck, stake, deal_rng(seed, deal, turn)))
    return hands


def play_hand(
    ids: list[str],
    playing: list[str],
    dealer: str,
    deck: list[int],
    stake: int,
    rng: random.Random,
) -> list[SeatResult]:
    players = {seat: get_strategy(name) for seat, name in zip(ids, playing, strict=True)}
    rngs = {seat: random.Random(rng.getrandbits(64)) for seat in ids}
    hand = GffHand.start(
        seats=[(seat, BUY_IN_STAKES * stake) for seat in ids], stake=stake, dealer=dealer, deck=deck
    )
    while hand.settlement is None:
        seat = hand.order[hand.turn]
        hand.apply(players[seat](hand.private_view(seat), rngs[seat]))
    result = hand.settlement
    chips = dict(result.net)
    for pot in (FLIP, FLOP):
        if result.carry[pot]:
            for seat, posts in result.posted.items():
                chips[seat] += posts.get(pot, 0)  # GFF-4.6: back to who posted it
    assert sum(chips.values()) == 0, "a hand's chips must balance"
    last = hand.actions[-1] if hand.actions else None
    dropper = last.seat if isinstance(last, Drop) else None
    return [
        SeatResult(name, hand.order.index(seat), chips[seat], seat in result.game_winners,
                   result.ended, seat == dropper)
        for seat, name in zip(ids, playing, strict=True)
    ]


def _play_deals(task: tuple[int, range, tuple[str, ...], int]) -> list[list[list[SeatResult]]]:
    seed, deals, names, stake = task
    return [play_deal(seed, deal, names, stake) for deal in deals]


@dataclass(slots=True)
class Report:
    hands: int
    deals: int
    tallies: dict[str, Tally]
    per_deal: dict[str, list[float]]  # strategy -> its mean chips per hand, deal by deal


def run_tournament(
    hands: int, names: Sequence[str], seed: int, stake: int = STAKE, jobs: int = 1
) -> Report:
    count = len(names)
    deals = -(-hands // count)  # whole deals: every seating of a deal is played
    tasks = [
        (seed, range(start, min(start + DEALS_PER_TASK, deals)), tuple(names), stake)
        for start in range(0, deals, DEALS_PER_TASK)
    ]
    if jobs > 1 and len(tasks) > 1:
        with Pool(min(jobs, len(tasks))) as pool:
            chunks = pool.map(_play_deals, tasks, chunksize=1)
    else:
        chunks = [_play_deals(task) for task in tasks]
    tallies = {name: Tally() for name in dict.fromkeys(names)}
    per_deal: dict[str, list[float]] = {name: [] for name in tallies}
    for chunk in chunks:
        for deal in chunk:
            deal_chips: Counter = Counter()
            deal_seats: Counter = Counter()
            for hand in deal:
                for seat in hand:
                    tally = tallies[seat.strategy]
                    tally.hands += 1
                    tally.chips += seat.chips
                    deal_chips[seat.strategy] += seat.chips
                    deal_seats[seat.strategy] += 1
                    if seat.won_game:
                        tally.game_wins += 1
                        tally.won_by[seat.ended] += 1
                    if seat.dropped:
                        tally.drops += 1
                        tally.caught += not seat.won_game
            for name in tallies:
                per_deal[name].append(deal_chips[name] / deal_seats[name])
    return Report(deals * count, deals, tallies, per_deal)


def mean_interval(samples: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% normal interval."""
    n = len(samples)
    mean = sum(samples) / n
    if n < 2:
        return mean, math.inf
    variance = sum((x - mean) ** 2 for x in samples) / (n - 1)
    return mean, Z95 * math.sqrt(variance / n)


def pairs(names: Sequence[str]) -> list[tuple[str, str]]:
    """Each strategy against the next one listed: sharp-easy, easy-random."""
    distinct = list(dict.fromkeys(names))
    return list(zip(distinct, distinct[1:], strict=False))


def render(report: Report, names: Sequence[str], seed: int, stake: int) -> str:
    count = len(names)
    lines = [
        f"{report.hands:,} hands: {report.deals:,} deals, each played {count} times with "
        f"the seats rotated; seats {','.join(names)}; stake {stake}; seed {seed}",
        "chips/hand: stack after the hand minus the buy-in, every hand from a fresh buy-in",
        "",
        f"{'strategy':<10} {'chips/hand':>10}  {'95% interval':<18} {'game pot won':>12} "
        f"{'drops':>6} {'caught':>6}",
    ]
    for name, tally in report.tallies.items():
        mean, half = mean_interval(report.per_deal[name])
        interval = f"[{mean - half:+.2f}, {mean + half:+.2f}]"
        lines.append(
            f"{name:<10} {mean:>+10.2f}  {interval:<18} "
            f"{100 * tally.game_wins / tally.hands:>11.1f}% {tally.drops:>6} {tally.caught:>6}"
        )
    lines += ["", "Game pots won, by how the hand ended:",
              f"{'strategy':<10}" + "".join(f" {ending:>9}" for ending in ENDINGS)]
    for name, tally in report.tallies.items():
        lines.append(f"{name:<10}" + "".join(f" {tally.won_by[e]:>9}" for e in ENDINGS))
    lines += [
        "",
        "Differences, paired by deal: each deal's cards were played by every strategy in",
        "every seat; the interval is from the spread of the per-deal differences.",
    ]
    for first, second in pairs(names):
        diffs = [a - b for a, b in zip(report.per_deal[first], report.per_deal[second],
                                       strict=True)]
        mean, half = mean_interval(diffs)
        lines.append(
            f"{first + ' - ' + second:<16} {mean:>+8.2f} chips/hand  "
            f"[{mean - half:+.2f}, {mean + half:+.2f}]"
        )
    return "\n".join(lines)


def _seat_names(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",")]
    unknown = [name for name in names if name not in STRATEGIES]
    if unknown:
        raise argparse.ArgumentTypeError(
            f"unknown strategy {unknown[0]!r} (choose from {', '.join(STRATEGIES)})"
        )
    if not 2 <= len(names) <= 5:  # GFF-2.1
        raise argparse.ArgumentTypeError("a table seats 2 to 5 players")
    return names


def _positive(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if number < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return number


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine.tournament", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--hands", type=_positive, default=3_000,
                        help="hands to play, rounded up to whole deals")
    parser.add_argument("--seats", type=_seat_names, default="sharp,easy,random",
                        help="one strategy per seat, comma-separated: " + ", ".join(STRATEGIES))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--stake", type=_positive, default=STAKE)
    parser.add_argument("--jobs", type=_positive, default=os.cpu_count() or 1,
                        help="worker processes; the result does not depend on it")
    args = parser.parse_args(argv)
    report = run_tournament(args.hands, args.seats, args.seed, args.stake, args.jobs)
    print(render(report, args.seats, args.seed, args.stake))
    return 0


if __name__ == "__main__":
    sys.exit(main())
