"""How the bot words what players read: counts of things, and what a player typed, quoted.

Here, below the commands and the table service, so that both word them the same way.
"""

from __future__ import annotations

import discord

from bot.i18n import ngettext

QUOTE_LIMIT = 40  # characters of a player's own text a refusal repeats


def Np_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a pair of plural message ids kept for later (`count`)."""
    return singular, plural


# The things the bot counts, each in its own words in every language.
COUNTED: dict[str, tuple[str, str]] = {
    "card": Np_("{n} card", "{n} cards"),
    "chip": Np_("{n} chip", "{n} chips"),
    "game chip": Np_("{n} game chip", "{n} game chips"),
    "hand": Np_("{n} hand", "{n} hands"),
    "pair": Np_("{n} pair", "{n} pairs"),
    "player": Np_("{n} player", "{n} players"),
    "point": Np_("{n} point", "{n} points"),
    "stake": Np_("{n} stake", "{n} stakes"),
    "trick": Np_("{n} trick", "{n} tricks"),
    "second": Np_("{n} second", "{n} seconds"),
}


def count(n: int, thing: str) -> str:
    """"1 stake", "2 stakes", "1,500 chips", in the current language."""
    singular, plural = COUNTED[thing]
    return ngettext(singular, plural, n)


def quoted(text: str, limit: int = QUOTE_LIMIT) -> str:
    """What a player gave, as a refusal repeats it: one line, at most `limit` characters
    (an ellipsis for the rest), in quotes and with Discord's markdown escaped, so that
    the answer stays short and shows the text as typed. An answer over Discord's limit
    is not shown at all."""
    line = " ".join(str(text).split())
    if len(line) > limit:
        line = line[: limit - 1].rstrip() + "…"
    return f"“{discord.utils.escape_markdown(line)}”"
