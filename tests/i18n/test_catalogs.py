"""Every catalog complete and fit to ship; every command valid in every language."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from bot.i18n.__main__ import template
from bot.i18n.catalogs import TEMPLATE, languages
from bot.i18n.checks import placeholders, problems
from bot.i18n.commands import CatalogTranslator, valid_name
from bot.i18n.tree import built_tree

OTHER_LANGUAGES = languages()[1:]


def keys(catalog) -> set[tuple[object, str | None]]:
    return {(message.id, message.context) for message in catalog if message.id}


def test_the_template_holds_exactly_the_messages_the_code_has():
    with TEMPLATE.open("rb") as src:
        committed = read_po(src)
    made = template()
    assert keys(made) - keys(committed) == set(), "run python -m bot.i18n extract"
    assert keys(committed) - keys(made) == set(), "run python -m bot.i18n extract"


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_a_catalog_has_every_message_with_its_placeholders(language):
    assert list(problems(language)) == []


def test_the_check_finds_a_lost_or_extra_placeholder():
    assert placeholders("{player} takes {chips}") == {"player", "chips"}
    assert placeholders("{player} takes") != placeholders("{player} takes {chips}")
    assert placeholders("{oops") == {"<unbalanced braces>"}


async def _payloads():
    tree, bot = await built_tree()
    translator = CatalogTranslator()
    try:
        return [await command.get_translated_payload(tree, translator)
                for command in tree.get_commands()]
    finally:
        if bot.recovered is not None:
            bot.recovered.cancel()
        for extension in list(bot.extensions):
            await bot.unload_extension(extension)
        await bot.store.close()


def _named(items: list[dict], language: str) -> list[str]:
    return [(item.get("name_localizations") or {}).get(language, item["name"]) for item in items]


def _check_command(command: dict, language: str, where: str, found: list[str]) -> None:
    name = (command.get("name_localizations") or {}).get(language, command["name"])
    if not valid_name(name):
        found.append(f"{where}: name {name!r}")
    description = (command.get("description_localizations") or {}).get(
        language, command.get("description", ""))
    if not 1 <= len(description) <= 100:
        found.append(f"{where} {name}: description of {len(description)} characters")
    options = command.get("options") or []
    names = _named(options, language)
    if len(set(names)) != len(names):
        found.append(f"{where} {name}: options named alike {names}")
    for option in options:
        if option.get("type") in (1, 2):  # a subcommand or its group
            _check_command(option, language, f"{where} {name}", found)
            continue
        _check_command({**option, "options": []}, language, f"{where} {name}", found)
        for choice in option.get("choices") or []:
            shown = (choice.get("name_localizations") or {}).get(language, choice["name"])
            if not 1 <= len(shown) <= 100:
                found.append(f"{where} {name}: choice {shown!r}")


async def test_every_command_is_valid_and_unambiguous_in_every_language():
    payloads = await _payloads()
    found: list[str] = []
    for language in OTHER_LANGUAGES:
        top = _named(payloads, language)
        assert len(set(top)) == len(top), (language, top)
        for command in payloads:
            _check_command(command, language, language, found)
    assert found == []
    # Every command has its name and description in every language.
    for command in payloads:
        for language in OTHER_LANGUAGES:
            assert language in (command.get("description_localizations") or {}), (
                command["name"], language)
