"""What language a text the bot sent is in, by the catalogs' own sentences.

A message's literal pieces (the words between its placeholders) are what a reader sees
of it whatever the values: a text shows an English message when it holds an English
piece that no translation of that language also holds, and shows a language when it
holds pieces of that language's translations.
"""

from __future__ import annotations

import functools
import re

from babel.messages.pofile import read_po

from bot.i18n.catalogs import catalog_path, folder_of

PLACEHOLDER = re.compile(r"\{[^{}]*\}")
MARKUP = re.compile(r"[*_`>~|]+")


def pieces(text: str, *, words: int = 2, letters: int = 9) -> list[str]:
    """The literal runs of a message long enough to say which language it is in: of at
    least `words` words and `letters` letters."""
    found = []
    for run in PLACEHOLDER.split(MARKUP.sub("", text)):
        run = run.strip(" .,:;·—–-()[]!?¡¿«»„“”\n")
        if len(run.split()) >= words and sum(c.isalpha() for c in run) >= letters:
            found.append(run)
    return found


@functools.cache
def pairs(language: str) -> tuple[frozenset[str], frozenset[str]]:
    """(English pieces this language says otherwise, this language's own pieces)."""
    with catalog_path(language).open("rb") as src:
        po = read_po(src, locale=folder_of(language))
    english: set[str] = set()
    own: set[str] = set()
    translated_text: list[str] = []
    english_text: list[str] = []
    for message in po:
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            if text:
                translated_text.append(MARKUP.sub("", text))
                # A single word of its own says the language too ("Aguardando").
                own.update(pieces(text, words=1, letters=7))
        for text in ids:
            english_text.append(MARKUP.sub("", text))
            english.update(pieces(text, words=2, letters=9))
    everything, source = "\n".join(translated_text), "\n".join(english_text)
    # A piece both languages hold (a game's name, a term kept) says nothing.
    english = {piece for piece in english if piece not in everything}
    own = {piece for piece in own if piece not in source}
    return frozenset(english), frozenset(own)


def english_in(text: str, language: str) -> list[str]:
    english, _ = pairs(language)
    plain = MARKUP.sub("", text)
    return sorted(piece for piece in english if piece in plain)


def spoken_in(text: str, language: str) -> int:
    """How many of `language`'s own pieces `text` holds."""
    _, own = pairs(language)
    plain = MARKUP.sub("", text)
    return sum(1 for piece in own if piece in plain)
