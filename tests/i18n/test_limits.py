"""No message in any language passes Discord's limits, filled with the largest values it
can hold: a field's value 1,024 characters (the rules' sections, the table's fields), a
button's label 80; and every game's rules embed, in every language, as Discord takes it
(the offline harness refuses a body past any limit: tests/harness/limits.py)."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from bot.i18n.catalogs import catalog_path, folder_of, languages
from bot.i18n.checks import placeholders
from engine import games
from tests.harness import Harness
from tests.harness.limits import FIELD_VALUE, LABEL
from tests.i18n.speech import english_in, spoken_in

OTHER_LANGUAGES = languages()[1:]
# The largest a value can be: a server nickname shown as a mention, a card list of a
# whole hand in faces and words, a number of chips near the bankroll's cap.
LARGEST = {
    "player": "<@" + "9" * 20 + ">",
    "players": ", ".join(["<@" + "9" * 20 + ">"] * 5),
    "cards": "<:AS_0000:12345678901234567890> A♠ " * 7,
    "chips": "1,000,000,000,000",
}
OTHER = "9" * 20  # any other value: as long as a snowflake


def filled(text: str) -> str:
    fields = placeholders(text)
    values = {name: LARGEST.get(name.split(".")[0].split("!")[0], OTHER) for name in fields}
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):
        return text


def entries(language: str):
    with catalog_path(language).open("rb") as src:
        po = read_po(src, locale=folder_of(language))
    for message in po:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        yield message, ids, strings


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_no_translation_passes_a_limit_its_english_keeps(language):
    over = []
    for message, ids, strings in entries(language):
        english = max(len(filled(text)) for text in ids)
        for text in strings:
            size = len(filled(text))
            if english <= FIELD_VALUE < size:
                over.append(f"{size} characters: {text[:60]!r}")
            if message.context == "button" and size > LABEL:
                over.append(f"a button of {size} characters: {text!r}")
    assert over == []


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
async def test_every_games_rules_fit_discord_in_every_language(tmp_path, language):
    async with Harness(database_path=tmp_path / "hall.sqlite3", guild_locale=language) as h:
        reader = h.user("reader", locale=language)
        for game in games.GAMES:
            await h.slash(reader, f"{game} rules")  # refused by the harness if over
            text = h.last_response(reader).text()
            assert english_in(text, language) == [], (game, text)
            assert spoken_in(text, language) >= 3, (game, text)
