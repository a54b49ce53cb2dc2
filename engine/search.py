"""The search player (`hard`): determinized Monte Carlo tree search over the Deal protocol.

Game-neutral. A game brings a sampler, `sample_deal(view, rng) -> Deal`: a full deal at
the point the view shows, its hidden parts drawn from what the seat cannot know
(engine/gops/sample.py, engine/concentration/sample.py). A sampler with an `observe(view)`
method is shown every view its seat is given (and, where the caller feeds it, the view
after every action: `SearchPlayer.observe`), which is how a seat remembers.

One decision (`SearchPlayer.__call__`):
- N determinizations are sampled from the view; the playouts go round them in turn.
- One tree is shared by all of them, information-set style (open_spiel's ismcts.py):
  its nodes are the searching seat's decisions, keyed by what the seat has seen on
  the way (its private view at each decision), so a choice is never tuned to a hidden
  card of one determinization (no strategy fusion across samples) and the visit counts
  of the root's actions are summed over every determinization.
- Selection by UCT (UCB1) over the actions legal at the node; the other seats act by
  the rollout policy everywhere, in the tree as in the rollouts: they are not searched
  as if they could see the sample's hidden cards.
- A sealed round (several seats to act, Gops): the searching seat chooses first and the
  others' choices are then drawn by the rollout policy, which reads nothing of the
  seat's choice; the others' sealed choices already made at the table are unknown to
  the seat, so the sampler leaves them unmade and the rollout policy makes them.
- Reward: the seat's chips net at the settlement, over the stake times the seats
  dealt in (about -1 to +1), plus `margin_weight` times its lead in the result's
  scores (`_reward`). A game may cut its rollouts at a `horizon` and `evaluate` the
  lead there (Concentration: 24 flips past the tree; a whole game of flips is long and
  its end too noisy to tell one pair from another in a few hundred playouts).
- The moves searched are the game's (`moves`, or the sampler's `legal_moves`), which
  may merge moves the seat cannot tell apart (Concentration: one unseen position
  stands for every unseen one).
- The most visited root action is played.

The other way, plain determinized MCTS (`shared_tree=False`): a tree of its own for each
determinization, searched as if its hidden cards were known, the root visits summed over
the trees (a vote). It fuses strategies across samples (a move may look good only in
the samples where it meets the right hidden card) and each tree gets a twentieth of the
playouts; measured against the shared tree in docs/computer-players.md. `hard` uses the
shared tree.

Budget: `playouts` (iterations) and `ms` (milliseconds), whichever ends first, and a
caller's own `deadline` (a table's: the move is due a second after it was asked for,
however long it waited to start). With no `ms` and no deadline the decision depends on
the rng only: the same seed, the same move.

A game offers the level `hard` by naming `hard_maker(<game>)` in its `strategies`; how
the game is searched (its sampler, rollout policy, budget) is in its own package,
`engine/<game>/sample.py`'s `search_player(playouts, ms)`. The tournament reaches the
same function with other budgets through `level_maker`.
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Callable, Hashable
from typing import Any

from engine.game import Deal, Game

Sampler = Callable[[Any, random.Random], Deal]
RolloutPolicy = Callable[[Deal, random.Random], Any]  # (whole deal, rng) -> action

DEFAULT_PLAYOUTS = 400
TABLE_MS = 800  # a move at a table: the search's own cap, under the table's 1 s
DEFAULT_DETERMINIZATIONS = 20
EXPLORATION = 0.7
MARGIN_WEIGHT = 0.1


class _Node:
    """One decision of the searching seat: per action, visits and reward summed."""

    __slots__ = ("visits", "total", "children")

    def __init__(self) -> None:
        self.visits: dict[Any, int] = {}
        self.total: dict[Any, float] = {}
        self.children: dict[tuple[Any, Hashable], _Node] = {}


class SearchPlayer:
    """A strategy `(view, rng) -> action` that searches (module docstring)."""

    searches = True  # a table runs its moves off the event loop (bot/tables/computer.py)

    def __init__(
        self,
        game: Game,
        sampler: Sampler,
        playouts: int | None = DEFAULT_PLAYOUTS,
        ms: float | None = None,
        determinizations: int = DEFAULT_DETERMINIZATIONS,
        rollout: RolloutPolicy | None = None,
        exploration: float = EXPLORATION,
        moves: Callable[[Deal, str], list[Any]] | None = None,
        margin_weight: float = MARGIN_WEIGHT,
        horizon: int | None = None,
        evaluate: Callable[[Deal, str], float] | None = None,
        shared_tree: bool = True,
    ) -> None:
        if playouts is None and ms is None:
            raise ValueError("a search needs a budget: playouts, ms or both")
        self.game = game
        self.sampler = sampler
        self.playouts = playouts
        self.ms = ms
        self.determinizations = max(1, determinizations)
        self.rollout = rollout or game.simulation_action
        self.exploration = exploration
        self.margin_weight = margin_weight
        if horizon is not None and evaluate is None:
            raise ValueError("a rollout cut at a horizon needs an evaluation")
        self.horizon = horizon  # rollout actions past the tree; None: to the end
        self.evaluate = evaluate  # the seat's lead where a rollout is cut, -1 to 1
        self.moves = moves or getattr(sampler, "legal_moves", None)
        if self.moves is None:
            raise TypeError("a search needs the seat's legal moves: `moves` or the sampler's")
        self.shared_tree = shared_tree  # one tree over every sample, or one each
        self.last_playouts = 0  # of the last decision, for measures

    def observe(self, view: Any) -> None:
        """A view of the seat's, at any point of the deal: the sampler remembers."""
        observe = getattr(self.sampler, "observe", None)
        if observe is not None:
            observe(view)

    def __call__(
        self, view: Any, rng: random.Random, *, deadline: float | None = None
    ) -> Any:
        """The move for `view`; `deadline` (a `time.perf_counter()` value) ends the search
        too, whatever is left of the budget: one playout at least is always made."""
        self.observe(view)
        seat = view.seat
        if self.ms is not None:
            own = time.perf_counter() + self.ms / 1000
            deadline = own if deadline is None else min(own, deadline)
        samples: list[Deal] = [self.sampler(view, rng)]
        moves = self._actions(samples[0], seat)
        if not moves:  # as every level does when asked out of turn
            raise ValueError(f"seat {seat} has no move to make now")
        if len(moves) == 1:  # nothing to weigh (a game's `moves` may leave one move)
            self.last_playouts = 0
            return moves[0]
        roots = [_Node() for _ in range(1 if self.shared_tree else self.determinizations)]
        budget = self.playouts if self.playouts is not None else math.inf
        done = 0
        while done < budget:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            index = done % self.determinizations
            if index == len(samples):
                samples.append(self.sampler(view, rng))
            root = roots[0] if self.shared_tree else roots[index]
            self._playout(samples[index].copy(), seat, root, rng)
            done += 1
        self.last_playouts = done
        visits: dict[Any, int] = {}
        total: dict[Any, float] = {}
        for root in roots:  # one tree, or the vote of each sample's
            for action, count in root.visits.items():
                visits[action] = visits.get(action, 0) + count
                total[action] = total.get(action, 0.0) + root.total[action]
        if not visits:  # no playout at all: the rollout policy decides
            return self._first_action(samples[0], seat, rng)
        return max(visits, key=lambda a: (visits[a], total[a], _order(a)))

    # -- one playout ---------------------------------------------------------------------

    def _playout(self, deal: Deal, seat: str, root: _Node, rng: random.Random) -> None:
        path: list[tuple[_Node, Any]] = []
        node: _Node | None = root
        while node is not None and not deal.is_over:
            if seat not in deal.to_act():
                deal.apply(self.rollout_for_others(deal, seat, rng))
                continue
            action = self._select(node, self._actions(deal, seat), rng)
            path.append((node, action))
            deal.apply(action)
            self._others_until_seat(deal, seat, rng)
            if deal.is_over:
                break
            key = (action, _tree_key(deal.private_view(seat)))
            child = node.children.get(key)
            if child is None:
                node.children[key] = _Node()  # expanded: the rest is a rollout
                node = None
            else:
                node = child
        steps = self.horizon if self.horizon is not None else math.inf
        while not deal.is_over and steps > 0:
            deal.apply(self.rollout(deal, rng))
            steps -= 1
        if deal.is_over:
            reward = self._reward(deal, seat)
        else:  # cut at the horizon: the lead so far, weighed as at the end
            assert self.evaluate is not None
            reward = self.margin_weight * self.evaluate(deal, seat)
        for visited, action in path:
            visited.visits[action] = visited.visits.get(action, 0) + 1
            visited.total[action] = visited.total.get(action, 0.0) + reward

    def rollout_for_others(self, deal: Deal, seat: str, rng: random.Random) -> Any:
        """A move of a seat other than `seat`, by the rollout policy. In a sealed round
        the policy may pick any seat to act; `seat` is never made to act by it here."""
        for _ in range(64):
            action = self.rollout(deal, rng)
            if getattr(action, "seat", None) != seat:
                return action
        raise RuntimeError("the rollout policy keeps choosing the searching seat")

    def _others_until_seat(self, deal: Deal, seat: str, rng: random.Random) -> None:
        while not deal.is_over and seat not in deal.to_act():
            deal.apply(self.rollout(deal, rng))

    def _select(self, node: _Node, actions: list[Any], rng: random.Random) -> Any:
        untried = [a for a in actions if a not in node.visits]
        if untried:
            return untried[rng.randrange(len(untried))]
        log_n = math.log(sum(node.visits[a] for a in actions))
        c = self.exploration

        def ucb(action: Any) -> float:
            n = node.visits[action]
            return node.total[action] / n + c * math.sqrt(log_n / n)

        return max(actions, key=ucb)

    def _actions(self, deal: Deal, seat: str) -> list[Any]:
        """Every legal move of `seat` now (the game's sampler module lists them)."""
        return self.moves(deal, seat)

    def _first_action(self, deal: Deal, seat: str, rng: random.Random) -> Any:
        return self._actions(deal, seat)[0]

    def _reward(self, deal: Deal, seat: str) -> float:
        """The seat's chips net, over the stake times the seats dealt in; in a game whose
        result has `scores`, plus `margin_weight` times the seat's lead over the best
        other score, over all the points scored. The chips decide; the lead tells apart
        the playouts that won or lost by more, a signal far less noisy than the chips
        alone where one good move shifts the chance of winning by little (a pair of
        Concentration's 26)."""
        settlement = deal.settlement
        assert settlement is not None
        stake = getattr(deal, "stake", 1) or 1
        reward = settlement.net.get(seat, 0) / (stake * len(deal.dealt_in()))
        scores = getattr(settlement, "scores", None)
        if scores and seat in scores and len(scores) > 1:
            total = sum(abs(v) for v in scores.values()) or 1
            best_other = max(v for s, v in scores.items() if s != seat)
            reward += self.margin_weight * (scores[seat] - best_other) / total
        return reward


def seats_before_the_stake(public: Any) -> list[tuple[str, int]]:
    """A sample's seats as `Game.start` takes them, from a public view: each seat's id and
    its stack before the deal, the stake back in a stack dealt in while the deal runs
    (the start posts it again)."""
    live = public.ended is None
    return [(s.id, s.stack + public.stake if s.dealt_in and live else s.stack)
            for s in public.seats]


class MemorySampler:
    """A game's sampler that remembers: its `memory` (a fresh `memory_type()`) is shown
    every view of the seat's (`observe`), and a sample is `sample(view, rng, memory)`. A
    game names the three as class attributes (engine/pageone/sample.py)."""

    memory_type: Callable[[], Any]
    sample: Callable[[Any, random.Random, Any], Deal]
    legal_moves: Callable[[Deal, str], list[Any]]

    def __init__(self) -> None:
        self.memory = self.memory_type()

    def observe(self, view: Any) -> None:
        self.memory.observe(view)

    def __call__(self, view: Any, rng: random.Random) -> Deal:
        self.observe(view)
        return self.sample(view, rng, self.memory)


def view_policy(
    strategy: Callable[[Any, random.Random], Any],
    mix: float = 0.0,
    fallback: RolloutPolicy | None = None,
) -> RolloutPolicy:
    """A rollout policy from a strategy `(view, rng) -> action`: a seat that may act is
    drawn, and plays `strategy` on its own private view (so it sees only what that seat
    may see), or with chance `mix` the `fallback` policy (the game's random move)."""

    def policy(deal: Deal, rng: random.Random) -> Any:
        if fallback is not None and mix and rng.random() < mix:
            return fallback(deal, rng)
        acting = deal.to_act()
        seat = acting[rng.randrange(len(acting))] if len(acting) > 1 else acting[0]
        return strategy(deal.private_view(seat), rng)

    return policy


def _tree_key(view: Any) -> Hashable:
    """A seat's view as a key of the tree: the view itself, or, where it holds a dict
    (GFF's pots, Faro's casekeeper, Piquet's finished deals), its repr, equal wherever
    the views are (a dict built in another order would only split a node in two)."""
    try:
        hash(view)
    except TypeError:
        return repr(view)
    return view


def _order(action: Any) -> Any:
    """A tie-break among equally visited actions that does not depend on set order."""
    return repr(action)


# -- `hard` per game ---------------------------------------------------------------------

HARD = "hard"


def hard_maker(game_id: str) -> Callable[[], SearchPlayer]:
    """The maker a game names as its level `hard`: a fresh search player at the table's
    budget. The game's sample module is imported when a player is first made, since it
    imports the game itself."""
    return lambda: _searched(game_id)(DEFAULT_PLAYOUTS, TABLE_MS)


def level_maker(
    game_id: str, level: str, playouts: int | None = DEFAULT_PLAYOUTS, ms: float | None = None,
    shared_tree: bool = True,
) -> Callable[[], Any] | None:
    """The maker of a fresh `hard` player of `game_id` at this budget (and, for measures,
    with a tree per sample), or None when `level` is not the search player's or the game
    is not searched (no `search_player` in its `engine/<game>/sample.py`: Old Maid, whose
    only choice is blind)."""
    if level != HARD:
        return None
    search_player = _searched(game_id)
    if search_player is None:
        return None

    def make() -> Any:
        player = search_player(playouts, ms)
        player.shared_tree = shared_tree
        return player

    return make


def _searched(game_id: str) -> Any:
    """`engine/<game>/sample.py`'s `search_player`, or None."""
    try:
        own = importlib.import_module(f"engine.{game_id}.sample")
    except ModuleNotFoundError:
        return None
    return getattr(own, "search_player", None)
