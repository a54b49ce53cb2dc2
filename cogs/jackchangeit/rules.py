"""The `/jackchangeit rules` embed: Jack Change It in a few lines (docs/rules/jackchangeit.md)."""

from __future__ import annotations

import discord

from bot.i18n import N_, _
from bot.settings import Settings
from bot.words import count
from cogs.table import rules as table_rules

TITLE = N_("Jack Change It: how to play")

# Translators: "S" stands for the table's stake (an amount of chips); the upcard is the
# face-up card on the discard pile that the next card must match.
INTRO = N_(
    "2 to 6 players, one 52-card deck. Everyone antes S; the first player out of cards "
    "takes the pot. Seven cards each; the next card is turned up (the **upcard**)."
)

# Each (title, text), translated when the embed is built.
SECTIONS: tuple[tuple[str, str], ...] = (
    (
        N_("Your turn"),
        N_("Play a card of the upcard's suit or rank. With none, the bot draws one card for "
           "you and your turn passes. A trick card may never be your last card."),
    ),
    (
        # Translators: the cards with a special effect (2, 8, jack, queen, ace of hearts).
        N_("Trick cards"),
        N_("• **2**: the next player draws 2, unless they play a 2 (the draw adds up).\n"
           "• **8**: the next player misses a turn.\n"
           "• **Jack**: you name another suit (the hand view asks which).\n"
           "• **Queen** (3+ players): play turns the other way.\n"
           "• **A♥**: the next player draws 5, unless they play the 5♥. The A♥ with a 2 "
           "together (a button of its own, under your cards) makes it 7."),
    ),
    (
        N_("The end"),
        N_("Play your last card and you win. If a card must be drawn and only the upcard is "
           "left, the game is drawn: every ante goes back."),
    ),
)


def rules_embed(settings: Settings) -> discord.Embed:
    return table_rules.rules_embed(
        TITLE,
        INTRO,
        SECTIONS,
        _("New tables here: stake {chips}, at most 6 players, {seconds} a turn (then the bot "
          "takes a pending draw or plays your first legal card). `/jackchangeit create` sets "
          "your own.", chips=count(settings.default_stake, "chip"),
          seconds=count(settings.turn_seconds, "second")),
    )
