"""What each emoji is called: the mark it shows and a short hash of its picture.

`AS_3f2a` is the ace of spades whose PNG hashes to 3f2a…; `JK_…` the joker, `back_…`
a card's back, `suitH_…` a suit's mark. The name alone says the card, so a name read
back (from Discord's list, or from markup in a message) parses to the card; the hash
makes a redrawn face a new name, so a changed face is uploaded and the old one goes.
Discord allows 2 to 32 letters, digits and underscores; these are 7 to 10.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from engine import cards as C
from engine.cards import Card

BACK = "back"
SUIT_MARKS = tuple(f"suit{s}" for s in C.SUITS)  # suitS, suitH, suitD, suitC
# Every mark a face is drawn for: the 52 cards, the joker, the back, the four suits.
MARKS: tuple[str, ...] = (*(C.code(card) for card in C.DECK), C.JOKER_CODE, BACK,
                          *SUIT_MARKS)
HASH_DIGITS = 4

_NAME = re.compile(r"(?P<mark>[A2-9TJQK][SHDC]|JK|back|suit[SHDC])_(?P<hash>[0-9a-f]{4})")
# Custom emoji markup as Discord writes it in a message: <:name:id> (<a:…> if animated).
MARKUP = re.compile(r"<a?:(?P<name>[A-Za-z0-9_]{2,32}):(?P<id>[0-9]{1,20})>")


@dataclass(frozen=True)
class FaceName:
    mark: str  # a card code, "JK", "back" or "suitX"
    digest: str  # the first hex digits of the PNG's SHA-256

    def __str__(self) -> str:
        return f"{self.mark}_{self.digest}"

    @property
    def card(self) -> Card | None:
        """The card this face shows; None for a back or a suit's mark."""
        if self.mark == C.JOKER_CODE:
            return C.JOKER
        if self.mark == BACK or self.mark in SUIT_MARKS:
            return None
        return C.parse(self.mark)


def name_for(mark: str, png: bytes) -> FaceName:
    return FaceName(mark, hashlib.sha256(png).hexdigest()[:HASH_DIGITS])


def parse(name: str) -> FaceName | None:
    """The face an emoji name is, or None for a name that is not one of ours."""
    found = _NAME.fullmatch(name)
    return FaceName(found["mark"], found["hash"]) if found else None


def mark_of(card: Card) -> str:
    return C.code(card)


def cards_in_markup(text: str) -> set[Card]:
    """Every card a text shows as a face: what a hidden-card check must read too."""
    found = set()
    for markup in MARKUP.finditer(text):
        face = parse(markup["name"])
        if face is not None and face.card is not None:
            found.add(face.card)
    return found
