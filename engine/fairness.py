"""Deck commitments: proof that a hand's deck was fixed before its first card.

At the deal the table shows SHA-256(salt + ":" + the deck's card codes joined
by spaces). The salt stays secret until the hand is over; the hand's record then
carries both, so anyone can recompute the digest and compare.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence

from engine import cards as C
from engine.cards import Card


def new_salt() -> str:
    return secrets.token_hex(16)


def commitment(deck: Sequence[Card], salt: str) -> str:
    text = salt + ":" + " ".join(C.code(card) for card in deck)
    return hashlib.sha256(text.encode()).hexdigest()


def verify(record: dict) -> bool:
    """Whether a finished hand's record matches the commitment shown at its deal."""
    try:
        deck = [C.parse(code) for code in record["deck"]]
        return commitment(deck, record["salt"]) == record["commitment"]
    except (KeyError, TypeError, ValueError):
        return False
