"""`/<game> rules`: every game's rules embed has the same shape, built here."""

from __future__ import annotations

from collections.abc import Iterable

import discord


def rules_embed(
    title: str, intro: str, sections: Iterable[tuple[str, str]], table_settings: str
) -> discord.Embed:
    """The game's title and a few lines, its sections, then the settings of a new table."""
    embed = discord.Embed(title=title, description=intro, colour=discord.Colour.dark_green())
    for name, value in sections:
        embed.add_field(name=name, value=value, inline=False)
    embed.add_field(name="Table settings", value=table_settings, inline=False)
    return embed
