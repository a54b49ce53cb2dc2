"""What a seat may see of a partie of Piquet (PIQUET-2.2 to 2.5, 3.6, 4.1).

Declarations are public only as said aloud: a size, a value, a rank; never a card or
a suit (3.6). Discards and the cards drawn stay in their owner's private view (2.5).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card


@dataclass(frozen=True, slots=True)
class Call:
    """A declaration as said aloud (3.6): point `size` cards; sequence of `size`; set of
    `size` of `rank` (a letter of 789TJQKA, sets only)."""

    size: int
    rank: str | None = None


@dataclass(frozen=True, slots=True)
class Announcement:
    """One kind's declarations (3.6); None where nothing was said (yet)."""

    kind: str
    elder_declared: bool | None  # None: not yet; False: "none" (sunk or holds none)
    elder: Call | None
    reply: str | None  # "good" | "not good" | "equal"
    dealer: Call | None  # the dealer's call, said with "not good" or after a "none"
    elder_second: int | str | None  # after "equal": the point's value or the top card
    second_reply: str | None
    dealer_second: int | str | None  # said with a second "not good"
    winner: str | None
    scored: int
    others: tuple[Call, ...]  # the winner's other scoring combinations of this kind


@dataclass(frozen=True, slots=True)
class SeatView:
    id: str
    stack: int
    total: int  # the partie's points so far
    deal_score: int  # this deal's points so far
    cards: int  # held now
    took: int | None  # cards exchanged (2.5); None before the exchange
    tricks: int  # this deal's tricks won


@dataclass(frozen=True, slots=True)
class TrickView:
    leader: str
    cards: tuple[tuple[str, Card], ...]  # (seat, card), the lead first
    winner: str


@dataclass(frozen=True, slots=True)
class PublicView:
    stake: int
    deal: int  # 1 to 6
    dealer: str
    elder: str
    phase: str  # "exchange" | "declare" | "play" | "over"
    kind: str | None  # the kind now declared
    seats: tuple[SeatView, ...]
    carte_blanche: tuple[tuple[str, tuple[Card, ...] | None], ...]  # (seat, hand once shown)
    talon: int  # cards left in the talon
    talon_shown: tuple[Card, ...] | None  # show_rest (2.4)
    announcements: tuple[Announcement, ...]
    elder_call: Call | str | None  # the kind now: the non-dealer's call, or "none" (3.6)
    trick: tuple[tuple[str, Card], ...]  # the trick on the table
    tricks: tuple[TrickView, ...]  # this deal's finished tricks
    deals: tuple[dict, ...]  # the finished deals, as the result lists them (7.3)
    to_act: tuple[str, ...]
    seq: int
    ended: str | None


@dataclass(frozen=True, slots=True)
class PrivateView:
    seat: str
    hand: tuple[Card, ...]
    legal: tuple[str, ...]
    public: PublicView
    discards: tuple[Card, ...]  # this deal's, seen by their owner only (2.5)
    rest_seen: tuple[Card, ...]  # the elder's look at the rest of the top five (2.3)
    exchange_limit: int  # most cards this seat may exchange now; 0 if not its exchange
    choices: tuple[tuple[Card, ...], ...]  # combinations of the kind now, best first (3.2)
    playable: tuple[Card, ...]  # the cards this seat may play now (4.1)
