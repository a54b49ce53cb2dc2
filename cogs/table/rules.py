"""`/<game> rules`: every game's rules embed has the same shape, built here."""

from __future__ import annotations

from collections.abc import Iterable

import discord

from bot.i18n import _


def rules_embed(
    title: str, intro: str, sections: Iterable[tuple[str, str]], table_settings: str
) -> discord.Embed:
    """The game's title and a few lines, its sections, then the settings of a new table.

    A game keeps its title, intro and sections as constants marked N_: they are
    translated here (a text already translated is no message id, and stays as it is).
    `table_settings`, made with the server's numbers, comes in the reader's language.
    """
    embed = discord.Embed(title=_(title), description=_(intro),
                          colour=discord.Colour.dark_green())
    for name, value in sections:
        embed.add_field(name=_(name), value=_(value), inline=False)
    embed.add_field(name=_("Table settings"), value=table_settings, inline=False)
    return embed
