"""`python -m bot.i18n extract | update | check`: the catalogs kept in step with the code.

- `extract` writes `bot/i18n/messages.pot`: every message id the code marks (`_`, `N_`,
  `ngettext`, `pgettext`, `Text`, `plural_of`, `Np_`, the engine's `EngineError` and `Said`) and
  every slash command string of the bot's command tree (names in their own context).
- `update` merges it into each language's `messages.po` (new ids empty, gone ids dropped).
- `check` says what a catalog lacks or gets wrong, and exits 1 if anything.

Adding a language: `mkdir -p bot/i18n/locales/it/LC_MESSAGES`, copy `messages.pot` there
as `messages.po` (set its `Language: it` header), translate, `check`.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from bot.i18n.catalogs import TEMPLATE, catalog_path, folder_of, languages
from bot.i18n.checks import problems

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("bot", "cogs", "engine")
KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "Text": None,
    "plural_of": (1, 2),
    "Np_": (1, 2),
    "EngineError": (2,),
    "Said": None,
}
COMMENT_TAGS = ("Translators:",)


def marked_messages() -> Iterator[tuple[str, int, str | tuple[str, ...], list[str], str | None]]:
    for source in SOURCES:
        for name, line, message, comments, context in extract_from_dir(
            ROOT / source,
            method_map=[("**.py", "python")],
            keywords=KEYWORDS,
            comment_tags=COMMENT_TAGS,
            strip_comment_tags=True,
        ):
            yield f"{source}/{name}", line, message, comments, context


def command_strings() -> list[tuple[str, str | None]]:
    """Every string of the slash commands, with the catalog context of each."""
    from bot.i18n.tree import command_strings as walk

    return asyncio.run(walk())


def registry_strings() -> list[str]:
    """Each game's name and one-line summary: written once, in the engine's registry,
    which knows no language (the bot shows them through `_`)."""
    from engine import games

    found: list[str] = []
    for game in games.GAMES.values():
        found += [game.info.name, game.info.summary]
    return found


def template() -> Catalog:
    pot = Catalog(project="card hall", fuzzy=False)
    for where, line, message, comments, context in marked_messages():
        if isinstance(message, tuple) and len(message) == 1:
            message = message[0]
        if isinstance(message, tuple) and not all(message):
            continue
        if not message:
            continue
        pot.add(message, locations=[(where, line)], auto_comments=comments, context=context)
    for text in registry_strings():
        pot.add(text, locations=[("engine/games.py", 0)],
                auto_comments=["A game's name or its one-line summary"])
    for text, context in command_strings():
        pot.add(text, locations=[("(commands)", 0)], context=context)
    return pot


def extract() -> int:
    pot = template()
    if TEMPLATE.exists():
        # The template's date stays as it was: extracting twice changes no byte.
        with TEMPLATE.open("rb") as src:
            pot.creation_date = read_po(src).creation_date
    with TEMPLATE.open("wb") as out:
        write_po(out, pot, width=100, omit_header=False, sort_output=True)
    print(f"{TEMPLATE.relative_to(ROOT)}: {len(pot)} messages")
    return 0


def update() -> int:
    with TEMPLATE.open("rb") as src:
        pot = read_po(src)
    for language in languages()[1:]:
        path = catalog_path(language)
        with path.open("rb") as src:
            po = read_po(src, locale=folder_of(language))
        po.update(pot, no_fuzzy_matching=True)
        with path.open("wb") as out:
            write_po(out, po, width=100, sort_output=True, ignore_obsolete=True)
        print(f"{path.relative_to(ROOT)}: {len(po)} messages")
    return 0


def check() -> int:
    found = 0
    for language in languages()[1:]:
        for problem in problems(language):
            print(f"{language}: {problem}")
            found += 1
    print("the catalogs are complete" if not found else f"{found} problems")
    return 1 if found else 0


def main(argv: list[str]) -> int:
    commands = {"extract": extract, "update": update, "check": check}
    if len(argv) != 1 or argv[0] not in commands:
        print("usage: python -m bot.i18n extract | update | check", file=sys.stderr)
        return 2
    return commands[argv[0]]()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
