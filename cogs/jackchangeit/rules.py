"""The `/jackchangeit rules` embed: Jack Change It in a few lines (docs/rules/jackchangeit.md)."""

from __future__ import annotations

import discord

from bot.settings import Settings
from cogs.table import rules as table_rules

TITLE = "Jack Change It: how to play"

INTRO = (
    "2 to 6 players, one 52-card deck. Everyone antes S; the first player out of cards "
    "takes the pot. Seven cards each; the next card is turned up (the **upcard**)."
)

SECTIONS: tuple[tuple[str, str], ...] = (
    (
        "Your turn",
        "Play a card of the upcard's suit or rank. With none, the bot draws one card for you "
        "and your turn passes. A trick card may never be your last card.",
    ),
    (
        "Trick cards",
        "• **2**: the next player draws 2, unless they play a 2 (the draw adds up).\n"
        "• **8**: the next player misses a turn.\n"
        "• **Jack**: you name another suit (the hand view asks which).\n"
        "• **Queen** (3+ players): play turns the other way.\n"
        "• **A♥**: the next player draws 5, unless they play the 5♥. The A♥ with a 2 "
        "together (a button of its own, under your cards) makes it 7.",
    ),
    (
        "The end",
        "Play your last card and you win. If a card must be drawn and only the upcard is "
        "left, the game is drawn: every ante goes back.",
    ),
)


def rules_embed(settings: Settings) -> discord.Embed:
    return table_rules.rules_embed(
        TITLE,
        INTRO,
        SECTIONS,
        f"New tables here: stake {settings.default_stake} chips, at most 6 players, "
        f"{settings.turn_seconds} seconds a turn (then the bot takes a pending draw or plays "
        "your first legal card). `/jackchangeit create` sets your own.",
    )
