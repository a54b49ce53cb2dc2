"""How the bot words what players read: counts of things, and what a player typed, quoted.

Here, below the commands and the table service, so that both word them the same way.
"""

from __future__ import annotations

import discord

QUOTE_LIMIT = 40  # characters of a player's own text a refusal repeats


def count(n: int, thing: str) -> str:
    """"1 stake", "2 stakes", "1,500 chips"."""
    return f"{n:,} {thing}" if n == 1 else f"{n:,} {thing}s"


def quoted(text: str, limit: int = QUOTE_LIMIT) -> str:
    """What a player gave, as a refusal repeats it: one line, at most `limit` characters
    (an ellipsis for the rest), in quotes and with Discord's markdown escaped, so that
    the answer stays short and shows the text as typed. An answer over Discord's limit
    is not shown at all."""
    line = " ".join(str(text).split())
    if len(line) > limit:
        line = line[: limit - 1].rstrip() + "…"
    return f"“{discord.utils.escape_markdown(line)}”"
