"""The player's language: every player-facing sentence goes through here.

English is the source language: a message's id is its English text, with named
placeholders (`"{name} takes the pot"`), never assembled from pieces in code. The
catalogs (`bot/i18n/locales/<locale>/LC_MESSAGES/messages.po`, gettext through Babel)
hold the other languages; `python -m bot.i18n` extracts the ids and checks them.

Which language a sentence is in is decided by who reads it, not by the code that writes
it: `using(locale)` sets it for everything rendered inside (a context variable, so each
interaction's task has its own). An answer only one player sees is rendered in their
Discord `locale`; what a channel sees (the table, pings, results) in the server's
language (`/config language`, else the server's own `guild_locale`). Logs stay English:
they never go through here.

Numbers in placeholders are written as the language writes them (`1,000`, `1.000`,
`1 000`); plurals are chosen by the catalog's own rule (`ngettext`).
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Any

from babel import Locale
from babel.numbers import format_decimal

from bot.i18n.catalogs import SOURCE, catalog, language_of, languages
from engine.marks import Said

__all__ = [
    "LANGUAGES",
    "SOURCE",
    "Text",
    "N_",
    "_",
    "current",
    "english",
    "language_of",
    "ngettext",
    "number",
    "pgettext",
    "signed",
    "spoken",
    "using",
]


def _own_name(language: str) -> str:
    name = Locale.parse(language.replace("-", "_")).get_display_name()
    return name[:1].upper() + name[1:]


# The languages the bot speaks, by Discord's locale names, English first (the source),
# each named in its own words: a catalog folder is all a new language needs.
LANGUAGES: dict[str, str] = {language: _own_name(language) for language in languages()}

_current: ContextVar[str] = ContextVar("language", default=SOURCE)


def current() -> str:
    """The language sentences are rendered in here (one of LANGUAGES)."""
    return _current.get()


@contextlib.contextmanager
def using(locale: object) -> Iterator[str]:
    """Render everything inside in `locale` (a Discord locale, its name, or None for
    English); a language the bot does not speak reads English."""
    language = language_of(locale)
    token = _current.set(language)
    try:
        yield language
    finally:
        _current.reset(token)


def N_(message: str) -> str:
    """Marks a message id kept in a constant, translated where it is used (`_(CONST)`)."""
    return message


def number(value: int | float) -> str:
    """A number as the current language writes it."""
    if isinstance(value, int):
        # A whole number is Python's own grouping with the language's separator: what
        # Babel writes (tests/i18n), without its cost on every number of every render.
        grouped = f"{value:,}"
        separator = _separator(current())
        return grouped if separator == "," else grouped.replace(",", separator)
    return format_decimal(value, locale=_babel_locale())


@functools.cache
def _separator(language: str) -> str:
    """The language's thousands separator (each of the bot's groups by threes)."""
    return Locale.parse(language.replace("-", "_")).number_symbols["latn"]["group"]


def signed(value: int) -> str:
    """A change in chips with its sign, as the bot has always written it (`+1,500`,
    `-20`, `+0`), in the language's digits."""
    return ("-" if value < 0 else "+") + number(abs(value))


def _(message: str, /, **values: Any) -> str:
    """`message` in the current language, its placeholders filled in."""
    return _fill(catalog(current()).gettext(message), values)


def ngettext(singular: str, plural: str, n: int, /, **values: Any) -> str:
    """The form of `singular`/`plural` the current language uses for `n`; `{n}` is `n`."""
    text = catalog(current()).ngettext(singular, plural, n)
    return _fill(text, {"n": n, **values})


def pgettext(context: str, message: str, /, **values: Any) -> str:
    """`message` where the same English words need different translations by context."""
    return _fill(catalog(current()).pgettext(context, message), values)


class Text(str):
    """A message rendered when it is shown, in the language current then.

    A refusal is made where the rule is checked (perhaps on the store's thread), but
    read by the player it answers: it keeps its id and values and renders itself on
    `str()` and in f-strings. As a plain `str` it is the English text (logs, tests).
    """

    __slots__ = ("message", "values", "plural", "count")

    message: str
    values: dict[str, Any]
    plural: str | None
    count: int | None

    def __new__(cls, message: str, /, **values: Any) -> Text:
        with using(SOURCE):
            english = _fill(message, values)
        self = super().__new__(cls, english)
        self.message, self.values, self.plural, self.count = message, values, None, None
        return self

    @classmethod
    def plural_of(cls, singular: str, plural: str, n: int, /, **values: Any) -> Text:
        with using(SOURCE):
            english = ngettext(singular, plural, n, **values)
        self = str.__new__(cls, english)
        self.message, self.values, self.plural, self.count = singular, values, plural, n
        return self

    def render(self) -> str:
        if self.plural is not None and self.count is not None:
            return ngettext(self.message, self.plural, self.count, **self._shown_values())
        return _(self.message, **self._shown_values())

    def _shown_values(self) -> dict[str, Any]:
        return {key: str(value) if isinstance(value, Text) else value
                for key, value in self.values.items()}

    def __str__(self) -> str:
        return self.render()

    def __format__(self, spec: str) -> str:
        return format(self.render(), spec)


def spoken(sentence: str) -> str:
    """A sentence of the engine's public log in the current language: one it built from a
    template (`engine.marks.Said`) is translated from that template, a fixed one as it is
    (marked `N_` where the engine writes it)."""
    if isinstance(sentence, Said):
        return _(sentence.template, **sentence.values)
    return _(sentence)


def english(text: object) -> str:
    """The English of a message, for a log line (a `Text` logged as it is would render in
    the language current where it is logged)."""
    return str.__str__(text) if isinstance(text, str) else str(text)


def _fill(text: str, values: dict[str, Any]) -> str:
    if not values:
        return text
    shown = {key: _shown(value) for key, value in values.items()}
    return text.format(**shown)


def _shown(value: Any) -> Any:
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return number(value)
    if isinstance(value, Text):
        return value.render()
    return value


def _babel_locale() -> str:
    return current().replace("-", "_")
