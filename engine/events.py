"""What happened in a hand, kept as data and put into words only when shown."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from engine import cards as C
from engine.cards import Card
from engine.marks import N_


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
    template, values = wording(event, name)
    return template.format(**values)


def wording(event: Event, name: Callable[[str], str] = str) -> tuple[str, dict[str, object]]:
    """The event's sentence, as a template and what fills it: the engine's English is
    `template.format(**values)`; the bot translates the template (marked for its message
    catalogs) and fills it in the reader's language. `detail` is the engine's own word
    (a pot's name, an ending), which the bot translates where its catalogs have it."""
    who, shown = (name(event.seat) if event.seat else ""), C.labels(event.cards)
    values: dict[str, object] = {"player": who, "cards": shown, "amount": event.amount,
                                 "detail": event.detail}
    match event.kind:
        case "deal":
            template = N_("a hand for {amount} players dealt; the flip card is {cards}")
        case "upcard":
            template = N_("a hand for {amount} players dealt; the upcard is {cards}")
        case "on_the_deal":  # a hand that ends the deal as dealt, by the game's name for it
            template = N_("{player} has a {detail} on the deal with {amount}: {cards}")
        case "pays_to":
            values["detail"] = name(event.detail)
            template = N_("{player} pays {amount} to {detail}")
        case "post":
            template = N_("{player} posted {amount} to {detail}")
        case "declare":
            template = N_("{player} declares {amount}: {cards}")
        case "reveal":
            template = N_("{player} shows {cards} for the {detail}")
        case "drop":
            template = N_("{player} drops with {amount}: {cards}")
        case "draw_stock":
            template = N_("{player} draws from the stock")
        case "draw_discard":
            template = N_("{player} takes {cards} from the discard pile")
        case "spread":
            template = N_("{player} spreads {cards}")
        case "hit":
            values["detail"] = name(event.detail)
            template = N_("{player} hits {detail}'s spread with {cards}")
        case "discard":
            template = N_("{player} discards {cards}")
        case "last_stock":
            template = N_("{player} drew the last card of the stock")
        case "shows":
            template = (N_("{player} shows {cards} ({amount})") if shown
                        else N_("{player} shows no cards ({amount})"))
        case "pays":
            template = N_("{player} pays {amount} more ({detail})")
        case "wins":
            template = N_("{player} wins {amount} from the {detail} pot")
        case "carry":
            template = N_("nobody can win the {detail} pot: {amount} carries to the next deal")
        case "ended":
            template = "{detail}"
        case "eliminated":
            template = N_("{player} is out with {amount} left")
        case _:
            template, values = "{kind}", {"kind": event.kind}
    return template, values
