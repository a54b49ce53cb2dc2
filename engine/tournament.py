"""`python -m engine.tournament --game G --hands N --seats sharp,easy,random --seed S`.

Computer players of any registered game against each other, on seeded hands.
Every deal is played once for each rotation of the seats, so each strategy holds
each position's cards exactly once per deal: the luck of the cards cancels in the
comparison, and the differences between strategies are measured deal by deal (paired). Stacks are
reset to a full buy-in for every hand, so every seat is dealt in with all it can
post (GFF-2.4) and the chips a seat ends with minus its buy-in measure that hand
alone. A carried pot (GFF's flip or flop that nobody won) is handed back as when a
table closes, by the game's own rule (GFF-4.5, 4.6), so no chip leaves the measure.
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

from engine import games, search
from engine.actions import Drop
from engine.chips import Transfer, house_net

STAKE = 10
BUY_IN_STAKES = 20  # the default buy-in (GFF-8)
Z95 = 1.959964  # two-sided 95% point of the normal distribution
DEALS_PER_TASK = 25
# The search player's budget (engine/search.py): playouts, milliseconds or None, and
# optionally whether its samples share one tree (`hard`'s way) or have a tree each.
Budget = tuple[int | None, float | None] | tuple[int | None, float | None, bool]
SEARCH_BUDGET: Budget = (search.DEFAULT_PLAYOUTS, None)


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


def play_deal(
    seed: int, deal: int, names: Sequence[str], stake: int, game_id: str = games.DEFAULT_GAME,
    budget: Budget = SEARCH_BUDGET,
) -> list[list[SeatResult]]:
    """One deal played once per rotation of the seats; a list of seat results per hand."""
    rng = deal_rng(seed, deal)
    info = games.get(game_id).info
    decks = []
    for _ in range(info.deals_per_game):  # G3.2: one pack per deal of a multi-deal game
        deck = list(info.pack)
        rng.shuffle(deck)
        decks.append(deck)
    deck = decks[0] if len(decks) == 1 else decks
    seating = rng.sample(list(names), len(names))
    count = len(seating)
    ids = [f"s{i + 1}" for i in range(count)]
    dealer = ids[deal % count]
    hands = []
    for turn in range(count):
        playing = seating[turn:] + seating[:turn]
        hands.append(
            play_hand(ids, playing, dealer, deck, stake, deal_rng(seed, deal, turn), game_id,
                      budget)
        )
    return hands


def play_hand(
    ids: list[str],
    playing: list[str],
    dealer: str,
    deck: list[int] | list[list[int]],
    stake: int,
    rng: random.Random,
    game_id: str = games.DEFAULT_GAME,
    budget: Budget = SEARCH_BUDGET,
) -> list[SeatResult]:
    game = games.get(game_id)
    players = {
        seat: maker(game_id, name, budget)() for seat, name in zip(ids, playing, strict=True)
    }
    # A player that remembers (the search player) is shown its view after every action.
    watching = {seat: p.observe for seat, p in players.items() if hasattr(p, "observe")}
    rngs = {seat: random.Random(rng.getrandbits(64)) for seat in ids}
    hand = game.start(
        seats=[(seat, BUY_IN_STAKES * stake) for seat in ids], stake=stake, dealer=dealer,
        deck_or_decks=deck,
    )
    if game.info.reshuffles:  # G3.2: new stocks mid-deal, shuffled as the bot does
        shuffler = random.Random(rng.getrandbits(64))
        hand.shuffle_with(lambda pile: shuffler.sample(pile, len(pile)))  # type: ignore[attr-defined]
    for watcher, observe in watching.items():  # the deal as dealt, before any action
        observe(hand.private_view(watcher))
    while hand.settlement is None:
        seat = hand.to_act()[0]
        hand.apply(players[seat](hand.private_view(seat), rngs[seat]))
        for watcher, observe in watching.items():
            observe(hand.private_view(watcher))
    result = hand.settlement
    chips = dict(result.net)
    for back in game.close_carried(result.carry, _posted_by(hand.posts), ids, dealer):
        chips[back.target.removeprefix("seat:")] += back.amount
    # In a banking game (G2.7) the house is the other side of every chip won or lost.
    assert sum(chips.values()) + house_net(result.transfers) == 0, "a hand's chips must balance"
    actions = hand.record().actions
    last = actions[-1] if actions else None
    dropper = last.seat if isinstance(last, Drop) else None
    at = ids.index(dealer)
    turn_order = ids[at + 1 :] + ids[: at + 1]  # every seat is dealt in from a full buy-in
    return [
        SeatResult(name, turn_order.index(seat), chips[seat], seat in result.winners,
                   result.ended, seat == dropper)
        for seat, name in zip(ids, playing, strict=True)
    ]


def maker(game_id: str, name: str, budget: Budget = SEARCH_BUDGET):
    """The maker of a fresh player of level `name`: the game's own levels, the search
    player's (`hard`, engine/search.py) at this tournament's budget."""
    found = search.level_maker(game_id, name, *budget)
    return found if found is not None else games.get(game_id).strategies[name]


def _posted_by(posts: Sequence[Transfer]) -> dict[str, dict[str, int]]:
    """pot -> seat -> chips, from the posts of one hand."""
    posted: dict[str, dict[str, int]] = {}
    for post in posts:
        pot, seat = post.target.removeprefix("pot:"), post.source.removeprefix("seat:")
        by_seat = posted.setdefault(pot, {})
        by_seat[seat] = by_seat.get(seat, 0) + post.amount
    return posted


def _play_deals(
    task: tuple[int, range, tuple[str, ...], int, str, Budget],
) -> list[list[list[SeatResult]]]:
    seed, deals, names, stake, game_id, budget = task
    return [play_deal(seed, deal, names, stake, game_id, budget) for deal in deals]


@dataclass(slots=True)
class Report:
    hands: int
    deals: int
    tallies: dict[str, Tally]
    per_deal: dict[str, list[float]]  # strategy -> its mean chips per hand, deal by deal


def run_tournament(
    hands: int, names: Sequence[str], seed: int, stake: int = STAKE, jobs: int = 1,
    game_id: str = games.DEFAULT_GAME, budget: Budget = SEARCH_BUDGET,
) -> Report:
    count = len(names)
    deals = -(-hands // count)  # whole deals: every seating of a deal is played
    tasks = [
        (seed, range(start, min(start + DEALS_PER_TASK, deals)), tuple(names), stake, game_id,
         budget)
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


def render(
    report: Report, names: Sequence[str], seed: int, stake: int,
    game_id: str = games.DEFAULT_GAME,
) -> str:
    count = len(names)
    info = games.get(game_id).info
    endings = info.endings
    # G3.5: in a game of several pots the winners are its first pot's (GFF's game pot).
    won = f"{info.pots[0]} pot won" if len(info.pots) > 1 else "  won (paid)"
    lines = [
        f"{report.hands:,} hands: {report.deals:,} deals, each played {count} times with "
        f"the seats rotated; seats {','.join(names)}; stake {stake}; seed {seed}",
        "chips/hand: stack after the hand minus the buy-in, every hand from a fresh buy-in",
        "",
        f"{'strategy':<10} {'chips/hand':>10}  {'95% interval':<18} {won:>12} "
        f"{'drops':>6} {'caught':>6}",
    ]
    for name, tally in report.tallies.items():
        mean, half = mean_interval(report.per_deal[name])
        interval = f"[{mean - half:+.2f}, {mean + half:+.2f}]"
        lines.append(
            f"{name:<10} {mean:>+10.2f}  {interval:<18} "
            f"{100 * tally.game_wins / tally.hands:>11.1f}% {tally.drops:>6} {tally.caught:>6}"
        )
    lines += ["", "Hands won (winners of the result), by how the hand ended:",
              f"{'strategy':<10}" + "".join(f" {ending:>9}" for ending in endings)]
    for name, tally in report.tallies.items():
        lines.append(f"{name:<10}" + "".join(f" {tally.won_by[e]:>9}" for e in endings))
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


LONE_LEVEL_SEATS = 3  # a table for a game of one level, which can only play itself


def default_seats(game_id: str) -> list[str]:
    """The lineup when none is given: each of the game's levels once, strongest first (a
    game lists its levels weakest first: random, easy, sharp), so that the pairs compared
    are each level and the next weaker. A game of one level (Old Maid's, where no fair
    level draws better) plays it at a table of three; a lineup is fitted to the seats.
    The search player (`hard`) is seated only when named (`--seats hard,easy`): its
    second a move would make the default thousands of hands take hours."""
    game = games.get(game_id)
    levels = [level for level in reversed(game.strategies) if level != search.HARD]
    wanted = LONE_LEVEL_SEATS if len(levels) == 1 else len(levels)
    seats = min(max(wanted, game.info.min_seats), game.info.max_seats)
    return [levels[i % len(levels)] for i in range(seats)]


def seat_names(text: str, game_id: str) -> list[str]:
    """The strategies of `text`, checked against the game's levels and seat limits."""
    game = games.get(game_id)
    names = [name.strip() for name in text.split(",")]
    levels = list(game.strategies)
    if search.HARD not in levels and search.level_maker(game_id, search.HARD) is not None:
        levels.append(search.HARD)  # searched, though no table offers it yet
    unknown = [name for name in names if name not in levels]
    if unknown:
        raise ValueError(f"unknown strategy {unknown[0]!r} (choose from {', '.join(levels)})")
    low, high = game.info.min_seats, game.info.max_seats
    if not low <= len(names) <= high:
        raise ValueError(f"a table seats {low} to {high} players")
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
    parser.add_argument("--game", default=games.DEFAULT_GAME, choices=list(games.GAMES))
    parser.add_argument("--seats", default=None,
                        help="one strategy per seat, comma-separated, from the game's levels "
                        "(default: each level once, strongest first)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--stake", type=_positive, default=STAKE)
    parser.add_argument("--jobs", type=_positive, default=os.cpu_count() or 1,
                        help="worker processes; the result does not depend on it")
    parser.add_argument("--search-playouts", type=_positive, default=search.DEFAULT_PLAYOUTS,
                        help="the budget of a move of level `hard` (the search player), "
                        "in playouts")
    parser.add_argument("--search-trees", choices=("one", "each"), default="one",
                        help="one tree shared by the search's samples (as `hard` plays at "
                        "tables), or a tree for each sample (plain determinized search)")
    parser.add_argument("--search-ms", type=_positive, default=None,
                        help="and in milliseconds, whichever ends first (the result then "
                        "depends on the machine)")
    args = parser.parse_args(argv)
    try:
        seats = seat_names(args.seats or ",".join(default_seats(args.game)), args.game)
    except ValueError as exc:
        parser.error(f"argument --seats: {exc}")
    budget = (args.search_playouts, args.search_ms, args.search_trees == "one")
    report = run_tournament(
        args.hands, seats, args.seed, args.stake, args.jobs, args.game, budget
    )
    print(render(report, seats, args.seed, args.stake, args.game))
    return 0


if __name__ == "__main__":
    sys.exit(main())
