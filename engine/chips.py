"""Chip movements inside one hand: accounts, transfers, splitting, conservation.

Game-agnostic: a GFF hand moves chips between seats and its pots, a Tonk hand
between seats. Every movement is a `Transfer`, so the store can book each one
as a ledger row and the sum over all accounts can be checked at any moment.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

HOUSE = "house"  # the bank's account in banking games (G2.7)


def seat_account(seat_id: str) -> str:
    return "seat:" + seat_id


def pot_account(pot: str) -> str:
    return "pot:" + pot


class Transfer(NamedTuple):
    """`amount` chips from `source` to `target` (accounts `seat:<id>` or `pot:<name>`).

    A NamedTuple: a hand makes a dozen of these and it must deal thousands a second.
    """

    source: str
    target: str
    amount: int
    reason: str

    def to_json(self) -> dict:
        return {
            "from": self.source,
            "to": self.target,
            "amount": self.amount,
            "reason": self.reason,
        }


class ConservationError(AssertionError):
    """Chips were created or lost: a bug, never a player's mistake (GFF-7.3)."""


class ChipBook:
    """Balances of one hand's accounts; chips only ever move between them.

    With `house=True` (banking games, G2.7) the book also holds the `house` account,
    opened at 0, which may go below zero: what it pays out is minted by the ledger and
    what it takes in is burned, so its balance is the house's net for the hand and the
    total over all accounts, the house included, still never changes.
    """

    __slots__ = ("balances", "transfers", "_total", "_bank")

    def __init__(self, opening: dict[str, int], *, house: bool = False) -> None:
        self.balances = dict(opening)
        self._bank = HOUSE if house else None
        if house:
            self.balances[HOUSE] = 0
        self.transfers: list[Transfer] = []
        self._total = sum(self.balances.values())

    def move(self, source: str, target: str, amount: int, reason: str) -> None:
        if amount == 0:
            return
        if amount < 0:
            raise ConservationError(f"{source} cannot pay {amount} ({reason})")
        # The source's balance read once, into a local: every ante, post and payment of
        # every game comes through here, several times a deal.
        balances = self.balances
        held = balances[source]
        if held < amount and source != self._bank:
            raise ConservationError(f"{source} cannot pay {amount} ({reason})")
        balances[source] = held - amount
        balances[target] += amount  # every account is opened with the book
        # tuple.__new__ builds the very value Transfer(...) would: it is what the
        # NamedTuple's generated __new__ calls, and skipping that step halves the cost.
        self.transfers.append(tuple.__new__(Transfer, (source, target, amount, reason)))

    def check(self) -> None:
        """GFF-7.3: nothing negative, and the total never changes."""
        balances = self.balances
        negative = [a for a, balance in balances.items() if balance < 0 and a != self._bank]
        if negative:
            raise ConservationError(f"{negative[0]} is negative: {balances[negative[0]]}")
        total = sum(balances.values())
        if total != self._total:
            raise ConservationError(f"chips changed from {self._total} to {total}")


def house_net(transfers: Sequence[Transfer]) -> int:
    """What the house won over `transfers` (G2.7): taken in minus paid out."""
    return sum(t.amount for t in transfers if t.target == HOUSE) - sum(
        t.amount for t in transfers if t.source == HOUSE
    )


def split(amount: int, winners_in_order: Sequence[str]) -> list[tuple[str, int]]:
    """GFF-7.1: equal shares, the odd chips one each in the order given.

    The caller orders the winners by seat starting left of the dealer.
    """
    count = len(winners_in_order)
    if count == 0:
        raise ValueError("a pot needs at least one winner to be split")
    share, odd = divmod(amount, count)
    return [(w, share + (1 if i < odd else 0)) for i, w in enumerate(winners_in_order)]
