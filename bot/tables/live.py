"""One open table as the bot holds it between store commits."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from bot.store import HouseSeed, RunningHand, Seat, Table
from bot.tables.computer import is_computer
from engine import games
from engine.cards import Card
from engine.game import Deal, Game, Settlement


@dataclass(frozen=True)
class DealerDraw:
    """A shuffled pack dealt face up round `seats` from `seats[start]` by the game's
    rule for the first dealer (`Game.first_dealer`), and the seat it picked."""

    seats: tuple[str, ...]
    pack: tuple[Card, ...]
    start: int
    dealer: str


@dataclass
class LiveTable:
    """One open table as the bot holds it between store commits."""

    info: Table
    running: RunningHand | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    leaving: set[int] = field(default_factory=set)  # asked to leave during a hand
    away: set[int] = field(default_factory=set)  # timed out twice in a row
    timeouts: dict[int, int] = field(default_factory=dict)  # time-outs in a row
    closing: bool = False  # ended during a hand: close when it is over
    # The seats whose turn (or sealed choice) is running, with when it times out;
    # None for a computer player, which never times out.
    clocks: dict[str, float | None] = field(default_factory=dict)
    clock_turns: dict[str, int] = field(default_factory=dict)  # the turn each clock is for
    last_result: tuple[int, Settlement] | None = None  # (hand number, settlement)
    restored: bool = False  # brought back at start-up: an earlier run sent its messages
    # How the first dealer was found where the game has a rule for it (FARMER-2.4), for
    # the table to show: shown with the first deal only.
    dealer_draw: DealerDraw | None = None
    resumed: bool = True  # a restored table waits for its server before it goes on
    # The idle clock (TableService.touch): when the table is idle enough to close, and
    # whether its one timer is set.
    idle_at: float = 0.0
    idle_timer: bool = False
    # The house seed the next deals come from (bot/tables/fair_decks.py), its hash shown.
    house: HouseSeed | None = None
    # The house seeds revealed when the table closed, for its closing message.
    revealed: list[HouseSeed] = field(default_factory=list)

    @property
    def id(self) -> int:
        return self.info.id

    @property
    def game(self) -> Game:
        """The game this table plays, from the registry."""
        return games.get(self.info.game)

    @property
    def hand(self) -> Deal | None:
        """The running (or last) deal."""
        return self.running.hand if self.running else None

    def deadline_for(self, seat: str) -> float | None:
        """When `seat`'s running turn times out (the bot's clock), if it has one."""
        return self.clocks.get(seat)

    @property
    def turn_seat(self) -> str | None:
        """The first seat whose turn runs: in a turn game, the one whose turn it is."""
        return next(iter(self.clocks), None)

    @property
    def deadline(self) -> float | None:
        """When the first running turn times out (the one seat's, in a turn game)."""
        seat = self.turn_seat
        return None if seat is None else self.clocks[seat]

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.info.seats

    def seat_of(self, user_id: int) -> Seat | None:
        return next((s for s in self.info.seats if s.user_id == user_id), None)

    def dealt_in(self, user_id: int) -> bool:
        hand = self.hand
        return hand is not None and not hand.is_over and str(user_id) in hand.dealt_in()

    def can_be_dealt(self) -> list[Seat]:
        """Seats here to play with the game's least stack (G2.6)."""
        least = self.game.info.min_stack(self.info.stake)
        return [s for s in self.info.seats if s.status == "seated" and s.stack >= least]

    def has_people(self) -> bool:
        """Someone other than a computer player is seated."""
        return any(not is_computer(s.user_id) for s in self.info.seats)

    def can_deal(self) -> bool:
        """Enough players for the game can be dealt in, and one of them is a person:
        computer players do not play on by themselves."""
        players = self.can_be_dealt()
        return len(players) >= self.game.info.min_seats and any(
            not is_computer(s.user_id) for s in players
        )
