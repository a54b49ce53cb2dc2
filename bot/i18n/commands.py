"""Slash commands in every language: discord.py's `Translator`, fed from the catalogs.

Discord shows a command's name, description, options and choices in the user's own
client language when the app gives them (`name_localizations`, ...). Names are looked up
in their own context (`command name`, `option name`), as a name must stay a valid
command name (lowercase, no spaces, at most 32 characters) and may differ from the
same English word in a sentence. A name a catalog gives that Discord would refuse is
not sent: that language shows the English name (the catalog test refuses it first).
"""

from __future__ import annotations

import re

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n.catalogs import catalog, language_of, languages

# What Discord accepts as a command or option name (its CHAT_INPUT name pattern).
NAME = re.compile(r"^[-_\w]{1,32}$")

NAME_CONTEXT = {
    Where.command_name: "command name",
    Where.group_name: "command name",
    Where.parameter_name: "option name",
}


def context_of(location: Where) -> str | None:
    """The catalog context of a command string at `location` (None: no context)."""
    return NAME_CONTEXT.get(location)


def translated(text: str, location: Where, language: str) -> str | None:
    """`text` in `language`, or None where the catalog gives nothing of its own."""
    messages = catalog(language)
    context = context_of(location)
    found = (messages.pgettext(context, text) if context is not None
             else messages.gettext(text))
    if found == text:
        return None
    if context is not None and not valid_name(found):
        return None
    return found


def valid_name(name: str) -> bool:
    return bool(NAME.match(name)) and name == name.lower()


class CatalogTranslator(app_commands.Translator):
    """Gives Discord every command string in each language the bot has a catalog for."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        language = language_of(locale)
        # Only the catalogs' own locales: es-419's words are not given to es-ES users
        # and no language is given to a locale the bot does not speak.
        if language != locale.value or language not in languages()[1:]:
            return None
        return translated(string.message, context.location, language)
