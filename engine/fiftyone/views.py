"""What a seat may see of a game of Fifty-One (FIFTYONE-6): the board, the discard pile,
every swap, clear and the Stop call in public; each hand only to its holder until the
end, when every hand and score is shown. A new stock's order is never shown."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card


@dataclass(frozen=True, slots=True)
class SeatView:
    id: str
    stack: int
    dealt_in: bool
    turn_left: bool  # after a Stop (4.5): this seat still has its last turn


@dataclass(frozen=True, slots=True)
class Move:
    """One public move: a clear, or a swap with the card taken and the card put back."""

    seat: str
    do: str  # "clear" | "swap"
    take: Card | None = None
    give: Card | None = None
    stop: bool = False


@dataclass(frozen=True, slots=True)
class Shown:
    """A hand shown at the end (4.5), with its score and the joker's reading (5.2)."""

    seat: str
    hand: tuple[Card, ...]
    score: int
    joker_as: Card | None


@dataclass(frozen=True, slots=True)
class PublicView:
    stake: int
    dealer: str
    pot: int
    joker: bool  # the table option (FIFTYONE-1.1)
    seats: tuple[SeatView, ...]
    board: tuple[Card, ...]  # five face up, in their places (4.2)
    discard: tuple[Card, ...]  # the last cleared on top
    stock: int  # cards left in the stock
    turn: str | None
    seq: int
    first_round: bool  # 4.3: nobody may clear yet
    cleared: bool  # the player to act has cleared this turn
    stopped_by: str | None  # 4.5
    moves: tuple[Move, ...]  # every clear and swap, in order
    events: tuple[str, ...]  # new stocks (4.4), the Stop call
    ended: str | None
    shown: tuple[Shown, ...]  # () until the end, then every dealt-in hand in turn order


@dataclass(frozen=True, slots=True)
class PrivateView:
    seat: str
    hand: tuple[Card, ...]  # sorted
    score: int  # the hand's score now (5.1, 5.2)
    can_clear: bool
    can_stop: bool  # the swap may carry the Stop call
    legal: tuple[str, ...]  # "clear", "swap"
    public: PublicView
