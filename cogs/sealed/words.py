"""How a sealed round's choice reads, in its game's words (G3.4). Gops and the flush
auction bid; a game whose players turn a card face down together would say "play"."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ChoiceWords:
    noun: str  # one choice: "choose one bid", "every bid is in", "your next bid is due"
    did: str  # a choice made, after "You": "You bid 7♦."
    made_mark: str  # on the table, by a seat whose choice is in
    due_mark: str  # by a seat the round still waits for


BIDS = ChoiceWords(noun="bid", did="bid", made_mark="✅ has bid", due_mark="⏳ to bid")
