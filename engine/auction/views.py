"""What a seat may see of the flush auction (AUCTION-6): no bid before it is shown, no
dealt card but one's own (and a declared flush)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.auction.settlement import RoundResult
from engine.cards import Card


@dataclass(frozen=True, slots=True)
class Reveal:
    """One auction's bids, shown when the last bid due arrived (AUCTION-3.3, 3.4)."""

    cards: tuple[Card, ...]  # on the table at the reveal
    bids: tuple[tuple[str, int], ...]  # (seat, amount) just shown, from the dealer's left
    buyer: str | None  # None: a tie for highest


@dataclass(frozen=True, slots=True)
class SeatView:
    id: str
    stack: int
    dealt_in: bool
    game_chips: int  # a sealed bid counts as still held until shown, so it cannot leak
    points: int
    cards: int  # held this round, dealt and bought
    bought: tuple[Card, ...]  # bought this round: face up (AUCTION-6.2)
    bid_due: bool  # this seat still has a bid to make
    has_bid: bool  # has made its sealed bid (never how much)


@dataclass(frozen=True, slots=True)
class PublicView:
    stake: int
    dealer: str
    round: int  # 1 to 5
    points: int  # what this round is worth (AUCTION-4.4)
    limits: tuple[int, int]  # the round's min and max bid (AUCTION-3.1)
    seats: tuple[SeatView, ...]
    table: tuple[Card, ...]  # face-up cards not yet sold
    standing_bids: tuple[tuple[str, int], ...]  # shown bids still on the table (3.4)
    bank: int
    stock: int
    reveals: tuple[Reveal, ...]  # this round's, first first
    flushes: tuple[tuple[str, tuple[Card, ...]], ...]  # declared this game: seat, cards
    rounds: tuple[RoundResult, ...]
    pot: int
    seq: int
    ended: str | None


@dataclass(frozen=True, slots=True)
class PrivateView:
    seat: str
    hand: tuple[Card, ...]  # dealt and bought this round, sorted
    game_chips: int  # what this seat holds now, its sealed bid taken off
    bid: int | None  # its own sealed bid, until shown
    low: int  # the legal range now (AUCTION-3.1); 0, 0 when no bid is due
    high: int
    legal: tuple[str, ...]
    public: PublicView
