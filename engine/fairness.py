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


def committed_text(deck: Sequence[Card], salt: str) -> str:
    """Exactly what is hashed, as text; its UTF-8 bytes go into SHA-256. Card codes are
    the record's (`TH` for the ten of hearts)."""
    return salt + ":" + " ".join(C.code(card) for card in deck)


def commitment(deck: Sequence[Card], salt: str) -> str:
    return hashlib.sha256(committed_text(deck, salt).encode()).hexdigest()


def record_text(record: dict) -> str | None:
    """The committed text of a finished hand's record, or None if it lacks a deck or salt.
    A record of several deals (`decks`, G3.2) commits to its packs one after another."""
    try:
        codes = record["deck"] if "deck" in record else [c for d in record["decks"] for c in d]
        return committed_text([C.parse(code) for code in codes], record["salt"])
    except (KeyError, TypeError, ValueError):
        return None


def verify(record: dict) -> bool:
    """Whether a finished hand's record matches the commitment shown at its deal."""
    text = record_text(record)
    return text is not None and (
        hashlib.sha256(text.encode()).hexdigest() == record.get("commitment")
    )
