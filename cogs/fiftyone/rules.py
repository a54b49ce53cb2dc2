"""The `/fiftyone rules` embed: Fifty-One in a few lines (docs/rules/fiftyone.md)."""

from __future__ import annotations

import discord

from bot.i18n import N_, _
from bot.settings import Settings
from bot.words import count
from cogs.table import rules as table_rules

TITLE = N_("Fifty-One: how to play")

# Translators: "S" stands for the table's stake (an amount of chips); `joker:on` is a
# command option, typed as it is.
INTRO = N_(
    "2 to 5 players, the 52 cards (and the joker 🃏 at a `joker:on` table). Everyone antes "
    "the stake S; the best hand when the game is stopped takes the pot."
)

# Each (title, text), translated when the embed is built.
SECTIONS: tuple[tuple[str, str], ...] = (
    (
        # Translators: the board: five cards face up in the middle of the table, which
        # players swap their own cards with.
        N_("The board"),
        # Translators: **Take** is the name of a menu of the hand view.
        N_("Five cards each, and five face up on the table: the board. On your turn take one "
           "board card and give one of the five you held in its place. In your hand view the "
           "**Take** menu has a board card chosen for you (the best swap it sees); choose "
           "another if you like, then press the card of yours to give: one or two clicks."),
    ),
    (
        # Translators: clearing: sending the five board cards to the discard pile and
        # dealing five new ones; **Clear** is a button.
        N_("Clearing"),
        N_("From the second round on you may first **Clear** the board: its five cards go to "
           "the discard pile and five new ones are dealt; then you swap with the new board. "
           "An empty stock is rebuilt from the discard pile, shuffled."),
    ),
    (
        # Translators: Stop: the call that ends the game after one last turn each.
        N_("Stop"),
        N_("With your swap you may call Stop (the **Give and Stop** menu): every other player "
           "has one last turn, then all hands are shown."),
    ),
    (
        N_("Scoring"),
        N_("Ace 11, court cards and 10s 10, others their face value. Your score is your "
           "longest suit minus everything else; the joker counts as the card that scores "
           "best. The best score wins; if the Stop caller ties, the others share."),
    ),
)


def rules_embed(settings: Settings) -> discord.Embed:
    return table_rules.rules_embed(
        TITLE,
        INTRO,
        SECTIONS,
        _("New tables here: stake {chips}, at most 5 players, {seconds} a turn (then the bot "
          "makes the swap that leaves your best score, without clearing or calling Stop). "
          "`/fiftyone create joker:on` adds the joker.",
          chips=count(settings.default_stake, "chip"),
          seconds=count(settings.turn_seconds, "second")),
    )
