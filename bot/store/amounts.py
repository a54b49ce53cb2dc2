"""What the store accepts as a number of chips or an id, checked before any SQL runs."""

from __future__ import annotations

from typing import Any

# Past MAX_INT64, Python's sqlite3 refuses to bind a value and SQLite's own arithmetic
# silently turns a sum into a float: the bounds keep every amount below it.
from bot.bounds import MAX_CHIPS, MAX_INT64
from bot.i18n import N_, Text
from bot.store.errors import BadAmount, BadId, BadSetting


def chips(value: Any, what: str = N_("The amount")) -> int:
    """A positive whole number of chips that fits a 64-bit balance."""
    # bool is an int in Python, but True is not one chip.
    if isinstance(value, bool) or not isinstance(value, int):
        # Translators: {what} names the number refused: "The amount", "The stake"...
        raise BadAmount(Text("{what} must be a whole number of chips.", what=_named(what)))
    if value <= 0:
        raise BadAmount(Text("{what} must be at least 1 chip.", what=_named(what)))
    if value > MAX_CHIPS:
        raise BadAmount(Text("{what} is more chips than a bankroll can hold.",
                             what=_named(what)))
    return value


def snowflake(value: Any, what: str) -> int:
    """A Discord id (guild, channel, user) or a table id: a positive 64-bit integer."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= MAX_INT64:
        raise BadId(Text("{what} must be a positive whole number, not {value}.",
                         what=_named(what), value=repr(value)))
    return value


def setting(value: Any, what: str, low: int, high: int = MAX_CHIPS) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        if high < MAX_CHIPS:
            raise BadSetting(Text("{what} must be a whole number from {low} to {high}, not "
                                  "{value}.", what=_named(what), low=low, high=high,
                                  value=repr(value)))
        raise BadSetting(Text("{what} must be a whole number at least {low}, not {value}.",
                              what=_named(what), low=low, value=repr(value)))
    return value


def _named(what: str) -> Text:
    """What a refusal names, a message id marked where it is written (or already a
    message of its own), rendered in the reader's language."""
    return what if isinstance(what, Text) else Text(what)
