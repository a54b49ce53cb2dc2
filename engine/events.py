"""What happened in a hand, kept as data and put into words only when shown."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from engine import cards as C
from engine.cards import Card


class Event(NamedTuple):
    """A NamedTuple rather than a frozen dataclass: tens per hand, built cheaply."""

    kind: str
    seat: str | None = None
    cards: tuple[Card, ...] = ()
    amount: int = 0
    detail: str = ""

    @property
    def text(self) -> str:
        return describe(self)


def describe(event: Event, name: Callable[[str], str] = str) -> str:
    """One line for the table log; `name` turns a seat id into what people read."""
    who, shown = (name(event.seat) if event.seat else ""), C.labels(event.cards)
    match event.kind:
        case "deal":
            return f"{event.detail} dealt; the flip card is {shown}"
        case "upcard":
            return f"{event.detail} dealt; the upcard is {shown}"
        case "on_the_deal":  # a hand that ends the deal as dealt, by the game's name for it
            return f"{who} has a {event.detail} on the deal with {event.amount}: {shown}"
        case "pays_to":
            return f"{who} pays {event.amount} to {name(event.detail)}"
        case "post":
            return f"{who} posted {event.amount} to {event.detail}"
        case "declare":
            return f"{who} declares {event.amount}: {shown}"
        case "reveal":
            return f"{who} shows {shown} for the {event.detail}"
        case "drop":
            return f"{who} drops with {event.amount}: {shown}"
        case "draw_stock":
            return f"{who} draws from the stock"
        case "draw_discard":
            return f"{who} takes {shown} from the discard pile"
        case "spread":
            return f"{who} spreads {shown}"
        case "hit":
            return f"{who} hits {name(event.detail)}'s spread with {shown}"
        case "discard":
            return f"{who} discards {shown}"
        case "last_stock":
            return f"{who} drew the last card of the stock"
        case "shows":
            return f"{who} shows {shown or 'no cards'} ({event.amount})"
        case "pays":
            return f"{who} pays {event.amount} more ({event.detail})"
        case "wins":
            return f"{who} wins {event.amount} from the {event.detail} pot"
        case "carry":
            return f"nobody can win the {event.detail} pot: {event.amount} carries to the next deal"
        case "ended":
            return event.detail
        case "eliminated":
            return f"{who} is out with {event.amount} left"
    return event.kind
