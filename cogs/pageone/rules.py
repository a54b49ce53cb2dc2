"""The `/pageone rules` embed: Page One in a few lines (docs/rules/pageone.md)."""

from __future__ import annotations

import discord

from bot.settings import Settings
from cogs.table import rules as table_rules

TITLE = "Page One: how to play"

INTRO = (
    "2 to 4 players, the 52 cards and one joker 🃏. Aces high. Everyone antes S; the first "
    "player out of cards takes the pot."
)

SECTIONS: tuple[tuple[str, str], ...] = (
    (
        "Tricks",
        "Four cards each. Left of the dealer leads any card; the others must follow its suit "
        "or play the joker. The joker wins any trick; otherwise the highest card of the suit "
        "led wins, and its player leads next. After a joker lead the next card sets the suit.",
    ),
    (
        "Drawing",
        "Holding neither the suit nor the joker, you cannot follow: the bot draws for you "
        "until a card of the suit or the joker comes, and that card is your play. The table "
        "counts every card drawn. An empty stock is rebuilt from the tricks played, shuffled.",
    ),
    (
        "Page One!",
        "When you hold two cards, a **Page One!** toggle sits under your cards: turn it on "
        "before your play. Playing down to one card without the call draws five cards at once.",
    ),
    (
        "The end",
        "Play your last card and you win at once, even mid-trick. If a card must be drawn and "
        "the stock and the tricks are all gone, the game is drawn: every ante goes back.",
    ),
)


def rules_embed(settings: Settings) -> discord.Embed:
    return table_rules.rules_embed(
        TITLE,
        INTRO,
        SECTIONS,
        f"New tables here: stake {settings.default_stake} chips, at most 4 players, "
        f"{settings.turn_seconds} seconds a turn (then the bot plays your lowest legal card, "
        "calling Page One when due). `/pageone create` sets your own.",
    )
