"""Planning the rest of a turn after the draw, one draw ahead (GFF-5.2 to 5.7).

Every way to end the turn is tried: which spreads to lay (none, one, or two),
whether to hit, and which card to throw. Each is scored by what the hand left
behind is worth: the chance of going out on the next turn, counted double for a
tunk out (GFF-6.3) since it pays double; how many cards would still be left to
lay off; its value, which is what counts when another player drops or the stock
runs out (GFF-6.2, 6.4); and whether the thrown card feeds the next player.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import hand_value
from engine.strategies.knowledge import Knowledge
from engine.strategies.layoff import Layoff, Table, cards_of, is_two_threes


@dataclass(frozen=True, slots=True)
class Weights:
    """How the parts of a position count against each other."""

    # Measured with `python -m engine.tournament`: against players who end hands
    # early, what is left in the hand counts far more than the shape of the next
    # draw; the chance of going out and the cards left to lay off break near ties.
    out: float = 4.0  # per chance in one of going out on the next turn
    tunk: float = 4.0  # added per chance in one of tunking out then (it pays double)
    distance: float = 0.5  # per card still to lay off after the next turn
    value: float = 0.2  # per point left in the hand
    # Keeping a high card so as not to feed the next player cost more than it saved
    # in every field measured, so feeding only decides between cards of close value.
    feed: float = 0.05  # per chance in one that the next player can use the thrown card
    # The drop settings that did best against easy players, heads-up and two of them.
    # Against sharp players dropping sooner did better, so these are a compromise;
    # against a player who drops at random, how eagerly one drops hardly counts.
    drop_at: float = 0.6  # the chance of being strictly lowest needed to drop (GFF-6.2)
    drop_samples: int = 160
    extra_seen: int = 3  # cards each other player has seen beyond what they hold
    stock_samples: int = 8  # stock cards tried when weighing the discard against the stock


# Plan steps, in the order they are played: spreads, then hits, then the discard.
SPREAD, HIT, DISCARD = "spread", "hit", "discard"


@dataclass(frozen=True, slots=True)
class Plan:
    score: float
    steps: tuple[tuple[str, int], ...]  # (SPREAD, card mask) / (HIT, card) / (DISCARD, card)


class Planner:
    """Plans for one seat at one moment; its searches share one memo."""

    __slots__ = ("weights", "know", "laid", "hit_before", "interest", "layoff")

    def __init__(
        self,
        weights: Weights,
        know: Knowledge,
        *,
        laid: tuple[int, ...],
        hit_before: bool,
        interest: int,
    ) -> None:
        self.weights = weights
        self.know = know
        self.laid = laid  # sizes of this seat's spreads as laid this hand
        self.hit_before = hit_before
        self.interest = interest  # cards the next player was seen to take
        self.layoff = Layoff()

    def best(self, hand: int, table: Table) -> Plan:
        """The best way to end a turn holding `hand` after the draw."""
        best: Plan | None = None
        for lays in _lay_choices(hand, self.layoff):
            rest, after = hand, table
            for spread in lays:
                rest &= ~spread
                after = after.with_spread(cards_of(spread))
            laid = (*self.laid, *(spread.bit_count() for spread in lays))
            for hits in _hit_choices(rest, after):
                left, table_now = rest, after
                for bit in hits:
                    left ^= bit
                    table_now = table_now.after_hit(bit)
                steps = tuple((SPREAD, s) for s in lays) + tuple(
                    (HIT, b.bit_length() - 1) for b in hits
                )
                # GFF-6.3: two own spreads of exactly three, and never a hit.
                tunk_alive = not self.hit_before and not hits and _may_tunk(laid)
                if not left:
                    plan = Plan(self._out_now(tunk_alive and laid == (3, 3)), steps)
                else:
                    plan = self._best_discard(left, table_now, laid, tunk_alive, steps)
                if best is None or plan.score > best.score:
                    best = plan
        assert best is not None, "there is always at least one way to end a turn"
        return best

    def _out_now(self, tunk: bool) -> float:
        """Going out now beats any hand kept (GFF-6.1, 6.3)."""
        weights = self.weights
        return 100 * (weights.out + (weights.tunk if tunk else 0))

    def _best_discard(self, left, table, laid, tunk_alive, steps) -> Plan:
        weights, know = self.weights, self.know
        pool = know.unknown & ~left
        pool_size = max(pool.bit_count(), 1)
        next_holds = know.opponents[0].cards if know.opponents else 0
        best: Plan | None = None
        for card in cards_of(left):
            kept = left ^ 1 << card
            score = self._position(kept, table, laid, tunk_alive, pool, pool_size)
            score -= weights.feed * feeds(card, table, pool, pool_size, next_holds, self.interest)
            if best is None or score > best.score:
                best = Plan(score, (*steps, (DISCARD, card)))
        assert best is not None
        return best

    def _position(self, kept, table, laid, tunk_alive, pool, pool_size) -> float:
        """What holding `kept` after this turn is worth, one draw ahead.

        Only cards that could make a spread or a hit with `kept` change how many
        cards are left to lay off, so the rest of the pool is counted in one go.
        """
        weights, layoff = self.weights, self.layoff
        base = layoff.left(kept, table)
        relevant = pool & (neighbours(kept) | table.wants)
        outs = tunks = distance = 0
        for card in cards_of(relevant):
            after = kept | 1 << card
            left = layoff.left(after, table)
            if left <= 1:  # lay off all but one, and throw that one
                outs += 1
                if tunk_alive and left == 0 and _tunks(after, laid, layoff):
                    tunks += 1
            else:
                distance += left - 1
        others = pool_size - relevant.bit_count()
        if base == 0:
            outs += others
        else:
            distance += others * base
        value = hand_value(cards_of(kept))
        return (
            (weights.out * outs + weights.tunk * tunks - weights.distance * distance)
            / pool_size
            - weights.value * value
        )


def _may_tunk(laid: tuple[int, ...]) -> bool:
    return len(laid) <= 2 and all(size == 3 for size in laid)


def _tunks(after: int, laid: tuple[int, ...], layoff: Layoff) -> bool:
    """Whether holding `after` on the next turn tunks out, given the spreads laid."""
    if laid == (3,):
        return after.bit_count() == 3 and bool(layoff.spreads_in(after))
    if not laid:
        return after.bit_count() == 6 and is_two_threes(after, layoff)
    return False


def _lay_choices(hand: int, layoff: Layoff) -> list[tuple[int, ...]]:
    """Lay nothing, one spread, or two that share no card (GFF-5.7: never forced)."""
    spreads = layoff.spreads_in(hand)
    choices: list[tuple[int, ...]] = [()]
    for i, first in enumerate(spreads):
        choices.append((first,))
        for second in spreads[i + 1 :]:
            if not first & second:
                choices.append((first, second))
    return choices


def _hit_choices(hand: int, table: Table) -> list[tuple[int, ...]]:
    """No hit (a tunk out allows none), or every card that can go, a run card by card."""
    if not hand & table.wants:
        return [()]
    hits = []
    while hand & table.wants:
        bit = hand & table.wants
        bit &= -bit
        hits.append(bit)
        hand ^= bit
        table = table.after_hit(bit)
    return [(), tuple(hits)]


def _near(card: int) -> int:
    mask = 0
    for other in range(52):
        same_rank = other % 13 == card % 13
        close_run = other // 13 == card // 13 and abs(other - card) <= 2
        if other != card and (same_rank or close_run):
            mask |= 1 << other
    return mask


NEAR: tuple[int, ...] = tuple(_near(card) for card in range(52))  # may share a spread


def neighbours(hand: int) -> int:
    near = 0
    for card in cards_of(hand):
        near |= NEAR[card]
    return near


def touches(card: int, hand: int, table: Table) -> bool:
    """Whether `card` could make a spread with `hand` or hit the table."""
    return bool(NEAR[card] & hand) or bool(table.wants >> card & 1)


def feeds(card: int, table: Table, pool: int, pool_size: int, next_holds: int,
          interest: int) -> float:
    """The chance that the next player can use `card`: they may take it (GFF-5.2)."""
    if table.wants >> card & 1:
        return 1.0  # it hits a spread on the table
    if NEAR[card] & interest:
        return 0.5  # they took a card that goes with it from this seat's discards
    rank = card % 13
    same = [c for c in cards_of(NEAR[card] & pool) if c % 13 == rank]
    pairs = len(same) * (len(same) - 1) // 2  # two more of the rank make a book
    ace = card - rank
    for a, b in ((card - 2, card - 1), (card - 1, card + 1), (card + 1, card + 2)):
        if ace <= a and b < ace + 13 and pool >> a & 1 and pool >> b & 1:
            pairs += 1  # two cards that make a run with it
    held = next_holds / pool_size
    return min(1.0, pairs * held * held)
