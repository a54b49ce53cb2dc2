"""The game protocol: what the table service, the store, replay, simulate and the
tournament need from any game in the hall, and nothing else (docs/rules/games.md).

One registered game (`Game`, see engine/games.py) answers questions about the game
and starts deals; one `Deal` is the state of one deal (or of one whole multi-deal
game, as Piquet's partie) from the deal to its settlement. The shape follows
open_spiel's one Game/State interface: metadata on the game, all play on the state.

Sequence numbers. `Deal.seq` counts the actions applied. A button carries
`Deal.seat_seq(seat)`: in a turn game it equals `seq`; in a round of simultaneous
choices (sealed bids, Faro's bets) it changes only when something changes for that
seat, so one seat acting does not make another's buttons stale.

Chips. Every chip move of a deal is a `Transfer` between named accounts:
`seat:<id>` (a seat's table stack), `pot:<name>` (a pot of this deal or a carried
one) and, for banking games (G2.7), `house`. `Deal.posts` are the transfers made at
the deal (antes, posts); `Settlement.transfers` are all of them, posts first. The
sum over seats, pots and the house's net never changes (G2.2).

Optional members. What only some games have (a pack that follows the options, a rule
for the first dealer, leaving as a move, a stock rebuilt mid-deal, ...) is declared here
like the rest, and has a default in engine/base.py that behaves as a game without it
does: `BaseGame` for the game's, `DealDefaults` for the deal's. Every game subclasses
`BaseGame` and every deal `DealDefaults` (most through `DealBase`), so a caller asks
any game directly and a game overrides only what its page makes its own.

No rule of any game is decided outside its engine package: a caller asks the game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from engine.cards import Card
from engine.chips import HOUSE, Transfer
from engine.record import HandRecord

__all__ = ["HOUSE", "Deal", "Game", "GameInfo", "Settlement", "Strategy"]


@dataclass(frozen=True)
class GameInfo:
    """What is known of a game before any deal: the hall's list, seat limits, the pack."""

    id: str  # the record's `game` (G3.1): "gff", "tonk"
    name: str  # "Game, Flip and Flop"
    summary: str  # one line for a list of the games
    min_seats: int
    max_seats: int
    pack: tuple[Card, ...]  # the cards of one pack, each once (G1.2); a record's deck holds these
    stakes_to_deal_in: int  # G2.6: a stack of at least this many stakes is dealt in
    stakes_to_buy_in: int  # the smallest buy-in, in stakes
    endings: tuple[str, ...]  # the result's `ended` values, in the page's order
    deals_per_game: int = 1  # Piquet 6, the auction 5: one record then holds `decks`
    banking: bool = False  # plays against the house (G2.7)
    has_dealer: bool = True
    pots: tuple[str, ...] = ()  # every pot a deal may hold chips in, by name
    carried_pots: tuple[str, ...] = ()  # those that carry to the next deal ("flip", "flop")
    options: tuple[str, ...] = ()  # the `options` keys the page allows
    # G3.2: the game rebuilds its stock from the discard pile mid-deal, in the orders its
    # record's `reshuffles` gives (engine/restock.py)
    reshuffles: bool = False
    default_buy_in_stakes: int = 20

    def min_stack(self, stake: int) -> int:
        """The smallest stack dealt in (G2.6); below it after a deal, a seat is eliminated."""
        return self.stakes_to_deal_in * stake

    def min_buy_in(self, stake: int) -> int:
        return self.stakes_to_buy_in * stake


class Settlement(Protocol):
    """How a finished deal ended and where every chip went (G3.5)."""

    ended: str  # one of GameInfo.endings
    stacks: dict[str, int]  # every seat after settlement; seats not dealt in keep theirs
    eliminated: tuple[str, ...]  # seat order: now below the game's minimum stack
    net: dict[str, int]  # stack after minus stack before, posts included
    carry: dict[str, int]  # what each carried pot holds for the next deal ({} if none)
    transfers: tuple[Transfer, ...]  # every chip move of the deal, posts first

    @property
    def winners(self) -> tuple[str, ...]:
        """G3.5, in seat order (GFF: the game pot's winners)."""
        ...

    def to_result(self) -> dict:
        """Exactly the replay result JSON: G3.5 plus the page's fields."""
        ...



class Deal(Protocol):
    """One deal (or one whole multi-deal game) as one state object.

    engine/base.py: `DealDefaults` holds the defaults of the optional members (each says
    its own), and `DealBase` adds the plain accessors (`seq`, `is_over`, `commitment`,
    `posts`, `dealt_in`) from the attributes a deal keeps."""

    info: GameInfo
    settlement: Settlement | None  # set when the deal is over

    @property
    def seq(self) -> int: ...  # actions applied so far

    @property
    def is_over(self) -> bool: ...

    @property
    def commitment(self) -> str | None: ...  # the deck commitment (engine/fairness.py)

    @property
    def posts(self) -> tuple[Transfer, ...]: ...  # the transfers made at the deal

    def dealt_in(self) -> tuple[str, ...]:
        """The seats playing this deal (their private view has cards); seats at the table
        without the least stack sit it out (G2.6)."""
        ...

    def to_act(self) -> tuple[str, ...]:
        """The seats that may act now: one in a turn game, several in a sealed round; ()
        when the deal is over."""
        ...

    def seat_seq(self, seat: str) -> int:
        """The number `seat`'s buttons carry (see the module's note on sequence numbers)."""
        ...

    def turn_number(self, seat: str) -> int:
        """A number that changes when a new turn (or sealed round) begins for `seat`: the
        table service runs one clock per turn, and a time-out plays that turn out and no
        more. Default (DealDefaults): `seat_seq`, which suits a game whose every choice is
        a turn of its own (sealed bids: a new round is a new number)."""
        ...

    def legal_actions(self, seat: str) -> tuple[str, ...]:
        """The kinds of action `seat` may take now (what a view enables); () if none."""
        ...

    def check(self, action: Any) -> None:
        """Raise the EngineError refusing `action`, changing nothing; return if legal."""
        ...

    def apply(self, action: Any) -> None:
        """Check, then play `action`."""
        ...

    def timeout_action(self, seat: str) -> Any:
        """The page's time-out move for `seat`, who must be able to act now."""
        ...

    def record(self) -> HandRecord:
        """The record so far; `record().to_json()` is what the store keeps."""
        ...

    def leave_action(self, seat: str) -> Any | None:
        """The move a player who leaves the table mid-deal makes now, where leaving is a
        move of the record (Faro, FARO-2.4); None when it cannot be made. Default
        (DealDefaults): None, and a player who leaves is played by the time-out move to
        the end of the deal."""
        ...

    def public_view(self) -> Any:
        """What every player may see (G4.1): no hidden card."""
        ...

    def private_view(self, seat: str) -> Any:
        """What `seat` may see: the public view plus its own cards and legal choices."""
        ...

    def cards_in_play(self) -> list[Card]:
        """Every card of the deal where it now is; a simulation checks it is the pack."""
        ...

    def copy(self) -> Deal:
        """A deal of the same class that goes on independently of this one: the same
        state, `seq` and record, and applying an action to either never changes the
        other. A search player copies a deal at every step, so it is made from the state
        the deal holds, not by replaying its record (a goal of 20 µs, bench/engine.py).
        In a game that rebuilds its stock (G3.2) the copy has no shuffle source of the
        original's (which may hold the seeds of every stock to come): it is given its
        own by `shuffle_with`, and without one a rebuild past the record's `reshuffles`
        is refused (bad_reshuffle). Default (DealDefaults): every attribute copied by the
        rules of `engine.base.copy_state`; a deal whose state has nested mutable parts of
        other kinds copies them in its own override."""
        ...

    def shuffle_with(self, source: Callable[[list[Card]], Sequence[Card]]) -> None:
        """For a game that rebuilds its stock mid-deal (GameInfo.reshuffles, G3.2): at a
        table the service calls it once after `start` with the bot's shuffle (from the
        system's randomness); each new stock's order is then taken from `source` and
        written into `record().reshuffles`, so the store must save the record's
        `reshuffles` with each action it accepts. A replay uses the recorded orders
        (engine/restock.py). Default (DealDefaults): nothing, as a deal that never
        rebuilds its stock has no use for a shuffle."""
        ...


Strategy = Callable[[Any, random.Random], Any]  # (private view, rng) -> action


class Game(Protocol):
    """One registered game (engine/games.py).

    `BaseGame` (engine/base.py) answers every question here but `simulation_action` as
    most games do: the common record, the deal passing left (G2.1), no carried chips. A
    game overrides what its page makes its own; the optional members' docstrings say
    what their default is."""

    info: GameInfo
    strategies: Mapping[str, Callable[[], Strategy]]  # level -> maker of a fresh player

    def parse_record(self, data: Any) -> HandRecord:
        """The record of one deal of this game; `bad_record` on anything malformed."""
        ...

    def deal(self, record: HandRecord) -> Deal:
        """Deal `record`; its actions are NOT applied."""
        ...

    def replay(self, record: HandRecord) -> Deal:
        """Deal `record` and apply its actions; an error is pinned to the action's index."""
        ...

    def start(
        self,
        *,
        seats: Sequence[tuple[str, int]],
        stake: int,
        dealer: str | None,
        deck_or_decks: Sequence[Card] | Sequence[Sequence[Card]],
        carry: Mapping[str, int] | None = None,
        options: Mapping[str, Any] | None = None,
        salt: str | None = None,
    ) -> Deal:
        """A new deal at a table: seats in clockwise order as (id, stack)."""
        ...

    def next_dealer(self, positions: list[int], last: int | None) -> int | None:
        """The position of the next dealer among the seats that can be dealt in (GFF-2.8),
        or None when the first dealer is to be drawn."""
        ...

    def is_eliminated(self, stack: int, stake: int) -> bool: ...

    def pack(self, options: Mapping[str, Any]) -> Sequence[Card]:
        """The cards a deal's deck holds at a table with these options, which the table
        service shuffles for each deal: a game whose pack depends on the options
        (Fifty-One's joker, FIFTYONE-1.1) says so here. Default (BaseGame): `info.pack`."""
        ...

    def named_dealer(self, result: dict) -> str | None:
        """The seat a settled deal's result names to deal next, where the page names one
        from how a deal ended (Farmer: the farm winner farms next, FARMER-5.6). The table
        then asks `next_dealer` with that seat's position as `last`, so a seat that has
        left since is passed over by the game's own rule. Default (BaseGame): None, and
        the deal passes on from the last dealer."""
        ...

    def close_carried(
        self,
        carried: Mapping[str, int],
        posted_by: Mapping[str, Mapping[str, int]],
        seated: Sequence[str],
        dealer: str | None = None,
    ) -> list[Transfer]:
        """Who gets the carried pots' chips when a table closes (GFF-4.6: back to the
        seats that posted them). `posted_by` is pot -> seat -> chips posted to it while
        it carried; `seated`, the seats still at the table, clockwise; `dealer`, the last
        deal's. A `seat:<id>` target is that player's bankroll: the table is closing."""
        ...

    def first_dealer(self, seats: Sequence[str], deck: Sequence[Card], start: int) -> str | None:
        """The seat the page's own rule for the first dealer picks (Farmer's 6 of hearts,
        FARMER-2.4) when `deck` (a shuffled pack) is dealt face up round `seats`
        (clockwise) from `seats[start]`. Default (BaseGame): None, a game with no such
        rule, which leaves the choice to the table (a random seat)."""
        ...

    # A player's record (/stats) is read from stored records and results through three
    # questions, each answered by BaseGame for most games (G2.6, G3.5, no figures).

    def played(self, record: Mapping[str, Any]) -> tuple[str, ...]:
        """The seats a stored record dealt in. Default (BaseGame): a stack of at least
        the least one (G2.6)."""
        ...

    def won(self, result: Mapping[str, Any], seat: str) -> bool:
        """Whether `seat` is a winner of the settled deal. Default (BaseGame): among the
        result's `winners` (G3.5)."""
        ...

    def stats(self, result: Mapping[str, Any], seat: str, net: int) -> dict[str, int]:
        """The game's own figures for one seat's settled deal, summed over a player's
        deals (GFF: flips won, flops won, tunk outs; Gops: points; Faro: net against the
        house); `net` is the seat's stack after it minus the stack it was dealt in with.
        Default (BaseGame): none."""
        ...

    def simulation_action(self, deal: Deal, rng: random.Random) -> Any:
        """A random legal action for a seat that may act, read from the whole state: the
        simulator's fast path, never shown to a player."""
        ...
