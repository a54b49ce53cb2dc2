"""The translation API: which language, numbers, plurals, lazy refusals."""

from __future__ import annotations

import asyncio

import discord
import pytest

from bot.i18n import (
    LANGUAGES,
    SOURCE,
    Text,
    _,
    current,
    language_of,
    ngettext,
    number,
    signed,
    using,
)
from bot.i18n.catalogs import languages
from bot.i18n.readers import Readers
from bot.words import count


def test_the_bot_speaks_english_and_every_language_it_has_a_catalog_for():
    # A new language is its catalog folder and nothing else: it joins this list.
    assert languages()[0] == "en-US"
    assert {"de", "es-419", "es-ES", "fr", "pt-BR"} <= set(languages())
    assert tuple(LANGUAGES) == languages()
    assert LANGUAGES["de"] == "Deutsch" and LANGUAGES["pt-BR"] == "Português (Brasil)"


@pytest.mark.parametrize(("locale", "language"), [
    ("en-US", "en-US"), ("en-GB", "en-US"), ("fr", "fr"), ("de", "de"), ("pt-BR", "pt-BR"),
    ("es-ES", "es-ES"), ("es-419", "es-419"), (discord.Locale.brazil_portuguese, "pt-BR"),
    ("ja", "en-US"), (None, "en-US"), ("", "en-US"), (42, "en-US"),
])
def test_a_discord_locale_reads_the_nearest_language_the_bot_speaks(locale, language):
    assert language_of(locale) == language


def test_using_sets_the_language_only_inside_and_only_for_its_own_task():
    seen: dict[str, str] = {}

    async def reader(name: str, locale: str) -> None:
        with using(locale):
            await asyncio.sleep(0)
            seen[name] = current()

    async def both() -> None:
        await asyncio.gather(reader("a", "fr"), reader("b", "de"))

    asyncio.run(both())
    assert seen == {"a": "fr", "b": "de"}
    assert current() == SOURCE


@pytest.mark.parametrize(("language", "written"), [
    ("en-US", "1,234,567"), ("de", "1.234.567"), ("pt-BR", "1.234.567"),
    ("fr", "1\u202f234\u202f567"), ("es-419", "1,234,567"), ("es-ES", "1.234.567"),
])
def test_numbers_are_written_as_each_language_writes_them(language, written):
    with using(language):
        assert number(1_234_567) == written
        assert signed(1_234_567) == "+" + written
        assert signed(-5_000) == "-" + number(5_000) and signed(0) == "+0"


def test_whole_numbers_are_written_exactly_as_babel_writes_them():
    from babel.numbers import format_decimal

    values = [0, 7, 999, 1000, 1001, 12_345, 999_999, 1_000_000, 2**63 - 1, -5, -1234, -10**9]
    for language in languages():
        with using(language):
            for value in values:
                assert number(value) == format_decimal(
                    value, locale=language.replace("-", "_")), (language, value)


def test_a_placeholder_number_is_written_in_the_language_of_its_reader():
    assert _("{n} of {m}", n=1500, m=2) == "1,500 of 2"
    with using("de"):
        assert _("{n} of {m}", n=1500, m=2).startswith("1.500")


def test_plurals_follow_each_languages_rule():
    # French and Brazilian Portuguese say the singular for 0 and 1; the others for 1.
    for language in languages():
        with using(language):
            one, two = count(1, "chip"), count(2, "chip")
            zero = count(0, "chip")
        assert one != two, language
        assert (zero == one.replace("1", "0")) == (language in ("fr", "pt-BR")), language


def test_a_lazy_message_renders_in_the_language_current_when_it_is_read():
    refusal = Text("{n} chips are not enough", n=1500)
    assert refusal == "1,500 chips are not enough"  # as a str, the English
    with using("en-US"):
        assert str(refusal) == "1,500 chips are not enough"
    plural = Text.plural_of("{n} card", "{n} cards", 2)
    assert plural == "2 cards"
    for language in languages()[1:]:
        with using(language):
            assert str(plural) == ngettext("{n} card", "{n} cards", 2)
            assert f"{plural}" == str(plural)


def test_readers_remember_players_and_servers_and_a_servers_choice_wins():
    readers = Readers()
    readers.heard_interaction({"locale": "pt-BR", "guild_locale": "fr", "guild_id": "7",
                               "member": {"user": {"id": "5"}}})
    assert readers.of_user(5) == "pt-BR"
    assert readers.of_server(7) == "fr"
    assert readers.of_user(6, 7) == "fr"  # unheard: the server's
    readers.choose(7, "de")
    assert readers.of_server(7) == "de"
    readers.choose(7, None)
    assert readers.of_server(7) == "fr"
    assert readers.of_server(8) == SOURCE and readers.of_server(None) == SOURCE
    cached = Readers({8: discord.Locale.german}.get)  # Discord's cache of the server
    assert cached.of_server(8) == "de" and cached.of_server(9) == SOURCE
    with readers.for_user(5):
        assert current() == "pt-BR"
    with cached.for_server(8):
        assert current() == "de"
    readers.heard_interaction({"locale": None, "user": {"id": "x"}})  # nothing to keep


def test_a_new_language_needs_nothing_but_its_catalog(tmp_path, monkeypatch):
    import shutil

    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po
    from discord.app_commands import TranslationContextLocation as Where

    from bot.i18n import catalogs
    from bot.i18n.commands import translated

    locales = tmp_path / "locales"
    shutil.copytree(catalogs.DIRECTORY, locales)
    italian = Catalog(locale="it")
    italian.add("Your hand", "La tua mano")
    italian.add("join", "unisciti", context="command name")
    (locales / "it" / "LC_MESSAGES").mkdir(parents=True)
    with (locales / "it" / "LC_MESSAGES" / "messages.po").open("wb") as po:
        write_po(po, italian)
    monkeypatch.setattr(catalogs, "DIRECTORY", locales)
    catalogs.languages.cache_clear()
    catalogs.catalog.cache_clear()
    try:
        assert "it" in catalogs.languages()
        assert catalogs.language_of("it") == "it"
        with using("it"):
            assert _("Your hand") == "La tua mano"
        assert translated("join", Where.command_name, "it") == "unisciti"
    finally:
        catalogs.languages.cache_clear()
        catalogs.catalog.cache_clear()


async def test_the_bot_reads_every_catalog_at_start_up_off_the_event_loop(tmp_path, monkeypatch):
    # The first message in a language would otherwise read its catalog on the loop.
    import threading

    from bot.i18n import catalogs
    from tests.harness import Harness

    read_on = []
    original = catalogs.read_all

    def read_all():
        read_on.append(threading.current_thread())
        original()

    monkeypatch.setattr(catalogs, "read_all", read_all)
    catalogs.catalog.cache_clear()
    async with Harness(database_path=tmp_path / "hall.sqlite3"):
        assert read_on and read_on[0] is not threading.main_thread()
        assert catalogs.catalog.cache_info().currsize == len(catalogs.languages())
