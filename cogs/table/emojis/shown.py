"""Cards as they are shown: the face emoji when the faces are synced, the words when not.

One table of faces for the process, filled once the application's emojis are synced
(cogs/table/emojis/sync.py) and emptied if they cannot be: every embed, button and menu
asks it for a card's face, so no game names an emoji and every game falls back to its
words alike. A face is looked up by the card's int, as cheaply as a card's label.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from bot.i18n import _
from cogs.table.emojis.names import BACK, MARKS, SUIT_MARKS
from engine import cards as C
from engine.cards import Card

# What a card's back is in words, where no face is synced.
BACK_WORDS = "🂠"
_CARD_MARKS = (*(C.code(card) for card in C.DECK), C.JOKER_CODE)  # index = the card


class Faces:
    """The synced faces, by mark: markup for text, and the emoji of a button or option."""

    def __init__(self) -> None:
        self.clear()

    def clear(self) -> None:
        self._markup: tuple[str, ...] = tuple(C.label(card) for card in range(len(_CARD_MARKS)))
        self._emoji: dict[str, dict[str, str]] = {}
        self._back = BACK_WORDS
        self._suits = tuple(C.SUIT_SYMBOLS)

    def use(self, synced: Mapping[str, tuple[str, int]]) -> None:
        """Show faces from now on: `synced` is each mark's emoji name and id (every mark of
        names.MARKS); a mark missing leaves every card in words, as a half set would
        show some cards one way and some the other."""
        if any(mark not in synced for mark in MARKS):
            self.clear()
            return
        self._emoji = {mark: {"name": name, "id": str(emoji_id)}
                       for mark, (name, emoji_id) in synced.items()}
        markup = {mark: f"<:{name}:{emoji_id}>" for mark, (name, emoji_id) in synced.items()}
        self._markup = tuple(markup[mark] for mark in _CARD_MARKS)
        self._back = markup[BACK]
        self._suits = tuple(markup[mark] for mark in SUIT_MARKS)

    @property
    def on(self) -> bool:
        return bool(self._emoji)

    def card(self, card: Card) -> str:
        return self._markup[card]

    def cards(self, cards: Iterable[Card]) -> str:
        markup = self._markup
        return "".join([markup[card] for card in cards]) if self._emoji else C.labels(cards)

    def back(self) -> str:
        return self._back

    def suit(self, suit: int) -> str:
        return self._suits[suit]

    def emoji(self, mark: str) -> dict[str, str] | None:
        """A button's or an option's `emoji`, for a mark of names.MARKS; None in words."""
        return self._emoji.get(mark)


FACES = Faces()


def face(card: Card) -> str:
    """One card in text: its face, or its label (`A♠`)."""
    return FACES.card(card)


def face_emoji(card: Card) -> dict[str, str] | None:
    """One card on a button or in a menu option: its face, or None (the label alone)."""
    return FACES.emoji(_CARD_MARKS[card])


def faces_and_words(cards: Iterable[Card], *, empty: str = "—") -> str:
    """Cards in an embed: their faces, then their words for a screen reader (an emoji
    is read by its name, not its card); the words alone when no face is synced."""
    cards = list(cards)
    if not cards:
        return empty
    words = C.labels(cards)
    return f"{FACES.cards(cards)} {words}" if FACES.on else words


def face_and_word(card: Card) -> str:
    """One card in an embed: its face and its label (`A♠`), or the label alone."""
    return f"{FACES.card(card)} {C.label(card)}" if FACES.on else C.label(card)


def hand_heading(cards: Iterable[Card], *, empty: str | None = None) -> str:
    """A player's own hand at the top of their hand embed: the faces as a heading (the
    size Discord draws a heading's emojis), the words on the line under it. `empty`, in
    the reader's language, is "no cards" unless given."""
    cards = list(cards)
    if not cards:
        return "# " + (_("no cards") if empty is None else empty)
    if not FACES.on:
        return f"# {C.labels(cards)}"
    return f"# {FACES.cards(cards)}\n{C.labels(cards)}"


def backs(count: int) -> str:
    """`count` face-down cards: backs, or the back's words with the count."""
    if FACES.on:
        return FACES.back() * count
    return f"{BACK_WORDS}×{count}" if count else "—"


def suit_mark(suit: int) -> str:
    """A suit's mark in text: its emoji, or its symbol."""
    return FACES.suit(suit)
