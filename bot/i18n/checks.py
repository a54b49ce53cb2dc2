"""What makes a catalog fit to ship, said as problems (empty when it is).

Every message of the template is translated (every plural form, nothing fuzzy); a
translation keeps its message's placeholders, each exactly (a missing `{name}` would
lose a value, an extra one would fail to render); a command name stays a name Discord
takes; a command's description or a choice fits Discord's 100 characters.
"""

from __future__ import annotations

import string
from collections.abc import Iterator

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from bot.i18n.catalogs import TEMPLATE, catalog_path, folder_of
from bot.i18n.commands import valid_name

# Discord's limits for what a command sync sends.
COMMAND_TEXT = 100  # a description, a choice's name


def read(path, language: str | None = None) -> Catalog:
    with open(path, "rb") as src:
        return read_po(src, locale=folder_of(language) if language else None)


def placeholders(text: str) -> frozenset[str]:
    """The named fields of a message (`{name}`), as `str.format` reads them."""
    try:
        return frozenset(field for _, field, _, _ in string.Formatter().parse(text)
                         if field is not None)
    except ValueError:
        return frozenset({"<unbalanced braces>"})


def forms(message: Message) -> tuple[tuple[str, str], ...]:
    """(source, translation) for each form of a message."""
    ids = message.id if isinstance(message.id, tuple) else (message.id,)
    texts = message.string if isinstance(message.string, tuple) else (message.string,)
    if len(ids) == 1:
        return tuple((ids[0], text or "") for text in texts)
    # Plurals: the first form answers the singular, the others the plural.
    return tuple((ids[0] if index == 0 else ids[1], text or "")
                 for index, text in enumerate(texts))


def problems(language: str) -> Iterator[str]:
    template = read(TEMPLATE)
    try:
        po = read(catalog_path(language), language)
    except OSError as error:
        yield f"no catalog ({error})"
        return
    for wanted in template:
        if not wanted.id:
            continue
        message = po.get(wanted.id, context=wanted.context)
        shown = wanted.id if isinstance(wanted.id, str) else wanted.id[0]
        if message is None:
            yield f"missing: {shown!r}"
            continue
        if message.fuzzy:
            yield f"fuzzy: {shown!r}"
        for source, text in forms(message):
            if not text:
                yield f"untranslated: {shown!r}"
                break
            expected = placeholders(source)
            got = placeholders(text)
            # A language may say "one" in words where English says "{n}".
            if got != expected and not (got == expected - {"n"} and source == forms(message)[0][0]
                                        and isinstance(message.id, tuple)):
                yield f"placeholders {sorted(got)} for {sorted(expected)}: {shown!r}"
            if message.context in ("command name", "option name") and not valid_name(text):
                yield f"not a command name: {text!r} for {shown!r}"
            if (message.context is None and "(commands)" in {where for where, _ in
                                                            wanted.locations}
                    and len(text) > COMMAND_TEXT):
                yield f"over {COMMAND_TEXT} characters: {text!r}"
