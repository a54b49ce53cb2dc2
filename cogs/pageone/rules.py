"""The `/pageone rules` embed: Page One in a few lines (docs/rules/pageone.md)."""

from __future__ import annotations

import discord

from bot.i18n import N_, _
from bot.settings import Settings
from bot.words import count
from cogs.table import rules as table_rules

TITLE = N_("Page One: how to play")

# Translators: "S" stands for the table's stake (an amount of chips); "aces high": an ace
# ranks above the king.
INTRO = N_(
    "2 to 4 players, the 52 cards and one joker 🃏. Aces high. Everyone antes S; the first "
    "player out of cards takes the pot."
)

# Each (title, text), translated when the embed is built.
SECTIONS: tuple[tuple[str, str], ...] = (
    (
        # Translators: a trick: one card from each player in turn; the highest wins it.
        N_("Tricks"),
        N_("Four cards each. Left of the dealer leads any card; the others must follow its "
           "suit or play the joker. The joker wins any trick; otherwise the highest card of "
           "the suit led wins, and its player leads next. After a joker lead the next card "
           "sets the suit."),
    ),
    (
        N_("Drawing"),
        # Translators: the stock: the face-down cards left to draw from.
        N_("Holding neither the suit nor the joker, you cannot follow: the bot draws for you "
           "until a card of the suit or the joker comes, and that card is your play. The "
           "table counts every card drawn. An empty stock is rebuilt from the tricks played, "
           "shuffled."),
    ),
    (
        # Translators: "Page One!" is the call a player makes when playing down to one card
        # (like "Uno!"); it may be kept as it is or said as players of your language would.
        N_("Page One!"),
        N_("When you hold two cards, a **Page One!** toggle sits under your cards: turn it on "
           "before your play. Playing down to one card without the call draws five cards at "
           "once."),
    ),
    (
        N_("The end"),
        N_("Play your last card and you win at once, even mid-trick. If a card must be drawn "
           "and the stock and the tricks are all gone, the game is drawn: every ante goes "
           "back."),
    ),
)


def rules_embed(settings: Settings) -> discord.Embed:
    return table_rules.rules_embed(
        TITLE,
        INTRO,
        SECTIONS,
        _("New tables here: stake {chips}, at most 4 players, {seconds} a turn (then the "
          "bot plays your lowest legal card, calling Page One when due). `/pageone create` "
          "sets your own.", chips=count(settings.default_stake, "chip"),
          seconds=count(settings.turn_seconds, "second")),
    )
