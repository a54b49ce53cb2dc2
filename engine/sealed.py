"""A round of simultaneous choices (G3.4): sealed, then revealed together.

The seats due choose in any order, each choice hidden until the last one arrives; then
the game reveals them all at once and resolves the round. Whatever is chosen (a card
bid in Gops, an amount in the auction), the round only keeps who has chosen what.

Sequence numbers (engine/game.py): a seat's buttons change only with its own choice or
when the round resolves, so one seat choosing never makes another's buttons stale.
"""

from __future__ import annotations

from typing import Any


class SealedRound:
    """Who must choose now, and the choices made since the last reveal, hidden."""

    __slots__ = ("due", "sealed", "resolutions")

    def __init__(self) -> None:
        self.due: tuple[str, ...] = ()  # the seats whose choice the round waits for
        self.sealed: dict[str, Any] = {}  # seat -> choice, until revealed
        self.resolutions = 0  # reveals and closes so far: every seat's buttons change

    def open(self, seats: tuple[str, ...] | list[str]) -> None:
        """A new round in which `seats` each make one choice."""
        self.due = tuple(seats)
        self.sealed = {}

    def waiting(self) -> tuple[str, ...]:
        """The seats due that have not chosen, in the order they were named."""
        sealed = self.sealed
        if not sealed:  # nobody has chosen yet: every seat due (asked before every choice)
            return self.due
        return tuple([seat for seat in self.due if seat not in sealed])

    def has_chosen(self, seat: str) -> bool:
        return seat in self.sealed

    def seat_seq(self, seat: str) -> int:
        """The number `seat`'s buttons carry: its own choice or a resolution changes it."""
        return 2 * self.resolutions + (seat in self.sealed)

    def seal(self, seat: str, choice: Any) -> bool:
        """Keep `seat`'s choice hidden; whether it was the last one due (G3.4)."""
        self.sealed[seat] = choice
        return len(self.sealed) == len(self.due)

    def reveal(self) -> dict[str, Any]:
        """Every choice made, shown together; the same seats are due next until the game
        opens a round for others or closes it."""
        shown, self.sealed = self.sealed, {}
        self.resolutions += 1
        return shown

    def close(self) -> None:
        """The round ends with nothing more due (a deal's end, a round won on the deal)."""
        self.due, self.sealed = (), {}
        self.resolutions += 1
