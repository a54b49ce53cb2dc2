"""The cards a game's view holds, found by the types its fields declare.

A view says which of its fields are cards (`Card`, `tuple[Card, ...]`, `Card | None`,
`tuple[tuple[str, Card], ...]`, and so into the seats and rounds it holds), so a test
asks any game's view for its cards this way instead of knowing each game's fields.
A number that is not declared a card (a stake, a position, a count) is not one.
"""

from __future__ import annotations

import dataclasses
import sys
import types
import typing
from collections.abc import Mapping, Sequence, Set
from functools import cache
from typing import Any, NewType

from cogs.table.emojis import names as face_names
from engine import cards as C
from engine.cards import Card

# engine.cards.Card is `int`: in the hints read here it stands for this, apart from int.
_CARD = NewType("_CARD", int)
_MAPPINGS = (dict, Mapping)
_SEQUENCES = (list, set, frozenset, Sequence, Set)


def cards_in(view: Any) -> set[Card]:
    """Every card `view` holds (a public or a private view, or any value of one)."""
    found: set[Card] = set()
    _collect(view, Any, found)
    return found


def own_cards(view: Any) -> set[Card]:
    """The cards of a private view that its public view does not show: a seat's own."""
    return cards_in(view) - cards_in(view.public)


@cache
def _hints(cls: type) -> dict[str, Any]:
    """The declared type of each field of a view's class, with `Card` told apart: each
    class of its bases read in its own module (a game's view may extend a shared one)."""
    hints: dict[str, Any] = {}
    for klass in reversed(cls.__mro__):
        namespace = {**vars(sys.modules[klass.__module__]), "Card": _CARD}
        for name, declared in vars(klass).get("__annotations__", {}).items():
            hints[name] = eval(declared, namespace) if isinstance(declared, str) else declared
    fields = ([field.name for field in dataclasses.fields(cls)]
              if dataclasses.is_dataclass(cls) else list(cls._fields))  # type: ignore[attr-defined]
    return {name: hints[name] for name in fields}


def _is_record(value: Any) -> bool:
    """A dataclass or a NamedTuple: a value whose fields have declared types."""
    return (dataclasses.is_dataclass(value) and not isinstance(value, type)) or (
        isinstance(value, tuple) and hasattr(type(value), "_fields"))


def _collect(value: Any, hint: Any, found: set[Card]) -> None:
    if value is None:
        return
    if hint is _CARD:
        found.add(value)
        return
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        for arm in args:
            _collect(value, arm, found)
    elif origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        for item in value:
            _collect(item, args[0], found)
    elif origin is tuple:
        for item, arg in zip(value, args, strict=True):
            _collect(item, arg, found)
    elif origin in _MAPPINGS:
        for item in value.values():
            _collect(item, args[1], found)
    elif origin in _SEQUENCES:
        for item in value:
            _collect(item, args[0], found)
    elif _is_record(value):
        for name, declared in _hints(type(value)).items():
            _collect(getattr(value, name), declared, found)


def card_on(component: dict[str, Any]) -> Card | None:
    """The card a button or menu option shows: by its face's emoji name (which says the
    card), else by its label (`A♠`, `10♥`); None for a control that is no card."""
    emoji = component.get("emoji") or {}
    face = face_names.parse(emoji.get("name", "")) if emoji else None
    if face is not None:
        return face.card
    label = component.get("label", "")
    try:
        return C.parse_with_joker("JK" if label == "🃏" else label.replace("10", "T"))
    except C.CardError:
        return None


def card_buttons(view: Any, act: str) -> dict[Card, dict[str, Any]]:
    """The card buttons of a hand view whose act is `act` (`…:<act>.<index>`), by card."""
    found = {}
    for component in view.walk_components():
        custom_id = component.get("custom_id", "")
        last = custom_id.rsplit(":", 1)[-1]
        name, _, index = last.partition(".")
        if component.get("type") == 2 and name == act and index.isdigit():
            card = card_on(component)
            assert card is not None, f"card button {custom_id} shows no card"
            found[card] = component
    return found


def cards_shown_in(text: str) -> set[Card]:
    """The cards a text shows as faces (emoji markup): hidden-card checks read these too."""
    return face_names.cards_in_markup(text)
