"""The message catalogs: one `messages.po` per language, read once (at start-up, `read_all`).

The `.po` files are the only form kept (no compiled `.mo` in the repository, no build
step): Babel reads a catalog and compiles it in memory, a few milliseconds per language.
A message a catalog lacks reads English; the tests keep every catalog complete.
"""

from __future__ import annotations

import functools
import io
import logging
from pathlib import Path

import discord
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

log = logging.getLogger(__name__)

SOURCE = "en-US"
DIRECTORY = Path(__file__).parent / "locales"
TEMPLATE = Path(__file__).parent / "messages.pot"
DOMAIN = "messages"


def folder_of(language: str) -> str:
    """The catalog folder of a Discord locale: `pt-BR` -> `pt_BR`."""
    return language.replace("-", "_")


@functools.cache
def languages() -> tuple[str, ...]:
    """Every language with a catalog, English first: what a new catalog folder adds."""
    found = sorted(path.parents[1].name.replace("_", "-")
                   for path in DIRECTORY.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return (SOURCE, *found)


def catalog_path(language: str) -> Path:
    return DIRECTORY / folder_of(language) / "LC_MESSAGES" / f"{DOMAIN}.po"


def language_of(locale: object) -> str:
    """The language the bot speaks for a Discord locale (a `discord.Locale`, its value,
    or None): its own catalog, else one of the same language (`es-MX` reads `es-419`,
    `pt-PT` reads `pt-BR`), else English."""
    if isinstance(locale, discord.Locale):
        locale = locale.value
    if not isinstance(locale, str) or not locale:
        return SOURCE
    spoken = languages()
    if locale in spoken:
        return locale
    base = locale.split("-")[0].lower()
    if base == "en":
        return SOURCE
    for language in spoken:
        if language.split("-")[0].lower() == base:
            # Spanish outside Spain is Latin American Spanish on Discord (es-419).
            if base == "es" and "es-419" in spoken:
                return "es-419"
            return language
    return SOURCE


@functools.cache
def catalog(language: str) -> NullTranslations:
    if language == SOURCE:
        return NullTranslations()
    path = catalog_path(language)
    try:
        with path.open("rb") as po:
            messages = read_po(po, locale=folder_of(language))
    except (OSError, ValueError) as error:
        log.error("The %s catalog cannot be read (%s): its players read English", language, error)
        return NullTranslations()
    compiled = io.BytesIO()
    write_mo(compiled, messages, use_fuzzy=False)
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


def read_all() -> None:
    """Read every catalog now. The bot calls it at start-up on a worker thread, so that the
    first message in each language does not read its catalog on the event loop (some
    40 ms a language)."""
    for language in languages():
        catalog(language)
