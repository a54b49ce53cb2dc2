"""A stock rebuilt from the discard pile mid-deal (G3.2), never by chance in the engine.

The k-th rebuild of a deal takes its order from the record's `reshuffles[k]` (top
first), which must hold exactly the cards it rebuilds from, in any order, or the
error is `bad_reshuffle`. At a table the record has no such entry yet: the table
service hands the deal a `source` (`Restock.source`, a function from the pile's cards
to the same cards in a new order: the bot's shuffle from the system's randomness) and
the deal writes each order it used into its record, so replaying the record rebuilds
every stock exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine import cards as C
from engine.cards import Card
from engine.errors import EngineError

Shuffle = Callable[[list[Card]], Sequence[Card]]


class Restock:
    """The orders of a deal's new stocks: those recorded, then those a source makes."""

    __slots__ = ("recorded", "used", "source")

    def __init__(self, recorded: Sequence[Sequence[Card]] = (), source: Shuffle | None = None):
        self.recorded = tuple(tuple(order) for order in recorded)
        self.used: list[tuple[Card, ...]] = []
        self.source = source

    def rebuild(self, pile: Sequence[Card], rule: str) -> list[Card]:
        """The new stock, top first, made of exactly the cards of `pile`; `rule` names the
        page's rule for the messages."""
        k = len(self.used)
        if k < len(self.recorded):
            order = self.recorded[k]
        elif self.source is not None:
            order = tuple(self.source(list(pile)))
        else:
            raise EngineError(
                "bad_reshuffle",
                "the stock ran out and reshuffles[{k}] is missing: it must hold the "
                "{count} cards of the discard pile ({rule})",
                k=k,
                count=len(pile),
                rule=rule,
            )
        if len(order) != len(pile) or sorted(order) != sorted(pile):
            raise EngineError(
                "bad_reshuffle",
                "reshuffles[{k}] must hold exactly the discard pile's {count} cards "
                "({cards}) ({rule})",
                k=k,
                count=len(pile),
                cards=C.labels(sorted(pile)),
                rule=rule,
            )
        self.used.append(tuple(order))
        return list(order)

    def orders(self) -> tuple[tuple[Card, ...], ...]:
        """What the record keeps: every order used, then those recorded and not reached."""
        return tuple(self.used) + self.recorded[len(self.used):]
