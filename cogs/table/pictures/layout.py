"""What a picture shows, as plain frozen values: the cache's key is the picture itself,
so the same table or hand is never drawn twice."""

from __future__ import annotations

from collections.abc import Collection, Container, Iterable, Sequence
from dataclasses import dataclass

from bot.i18n import _
from engine.cards import Card

FACE, BACK, EMPTY = "face", "back", "empty"


@dataclass(frozen=True, slots=True)
class Slot:
    """One place on the picture: a face-up card, a card back, or an empty place."""

    kind: str
    card: Card | None = None
    label: str = ""  # under the card: a menu's number, a count
    marked: bool = False  # picked in the menu, or the card just played
    dim: bool = False  # in the hand, but not among the menu's choices now


def face(card: Card, label: str = "", *, marked: bool = False, dim: bool = False) -> Slot:
    return Slot(FACE, card, label, marked, dim)


def back(label: str = "") -> Slot:
    return Slot(BACK, None, label)


def empty(label: str = "") -> Slot:
    return Slot(EMPTY, None, label)


@dataclass(frozen=True, slots=True)
class Group:
    """Cards that belong together, under one caption: a spread, a pile, a seat's hits.
    A fanned group overlaps its cards so a long spread stays narrow."""

    caption: str
    slots: tuple[Slot, ...]
    fan: bool = False


@dataclass(frozen=True, slots=True)
class Picture:
    """Rows of groups, top to bottom; a row too wide for the picture wraps."""

    rows: tuple[tuple[Group, ...], ...]

    def cards(self) -> frozenset[Card]:
        """Every face-up card drawn: what a test holds against the view it came from."""
        return frozenset(slot.card for row in self.rows for group in row
                         for slot in group.slots if slot.kind == FACE)


def picture(*rows: Iterable[Group | None]) -> Picture:
    """A picture of the rows given, leaving out empty rows and missing groups."""
    kept = tuple(tuple(g for g in row if g is not None) for row in rows)
    return Picture(tuple(row for row in kept if row))


def pile(caption: str, cards: Sequence[Card], *, fan: bool = True,
         show: int = 0) -> Group:
    """Face-up cards as a (fanned) group; `show` keeps only the last few, as a pile
    whose top is what counts. An empty pile is an empty place."""
    shown = tuple(cards[-show:] if show else cards)
    slots = tuple(face(c) for c in shown) or (empty(),)
    return Group(caption, slots, fan=fan)


def stock(caption: str, count: int) -> Group:
    """A face-down pile and how many cards it holds."""
    return Group(caption, (back(str(count)) if count else empty("0"),))


def hand_row(
    cards: Sequence[Card], *, offered: Collection[Card] | None = None,
    marked: Collection[Card] = (), caption: str | None = None,
) -> tuple[Group, ...]:
    """A player's own cards in the order the view lists them, numbered 1, 2, 3 … in the
    order the menu lists them; with `offered`, the cards the menu leaves out are dimmed
    and get no number. `caption`, in the reader's language, is "Your hand" unless given.
    The words drawn are those of the language current when the picture is laid out."""
    if caption is None:
        caption = _("Your hand")
    slots, number = [], 0
    for card in cards:
        listed = offered is None or card in offered
        number += listed
        slots.append(face(card, str(number) if listed else "", marked=card in marked,
                          dim=not listed))
    return (Group(caption, tuple(slots) or (empty(_("no cards")),)),)


def seat_captions(seats: Sequence[str]) -> dict[str, str]:
    """Seats as the picture names them, in table order: "Seat 1", "Seat 2" … (a
    picture cannot show a mention; the embed's seat list is in the same order)."""
    return {seat: _("Seat {number}", number=str(number))
            for number, seat in enumerate(seats, start=1)}


def seats_face_down(
    names: dict[str, str], seats: Iterable[tuple[str, int]], acting: Container[str], *,
    note: str | None = None,
) -> list[Group]:
    """Each seat's hand as card backs, under its name, marked for a seat to act: how
    many cards a seat holds is public, which they are is not. A seat holding none is
    left out. `seats` gives each seat's id and card count, in table order.

    `note` is the caption of a seat to act, in the reader's language, with `{seat}` for
    its name: `_("{seat} (to act)")`; "{seat} (to play)" unless given. A note without
    `{seat}` is added after the name, as before."""
    if note is None:
        # Translators: a caption in a picture: the seat whose turn it is.
        note = _("{seat} (to play)")

    def caption(seat: str) -> str:
        if seat not in acting:
            return names[seat]
        return note.format(seat=names[seat]) if "{seat}" in note else names[seat] + note

    return [Group(caption(seat), tuple(back() for _card in range(cards)), fan=True)
            for seat, cards in seats if cards]
