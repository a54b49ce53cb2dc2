"""The `/oldmaid rules` embed: Old Maid in a few lines (docs/rules/oldmaid.md)."""

from __future__ import annotations

import discord

from bot.i18n import N_, _
from bot.settings import Settings
from cogs.table import rules as table_rules
from cogs.table.names import count

# Translators: Old Maid: players draw each other's cards and throw pairs; whoever is left
# holding the queen without a mate, the old maid, loses
TITLE = N_("Old Maid: how to play")

INTRO = N_(
    "2 to 10 players, one pack without the Q♣: one queen has no mate. Everyone posts the "
    "stake S; whoever is left holding the odd queen, the **Old Maid**, loses it to the rest."
)

SECTIONS: tuple[tuple[str, str], ...] = (
    (
        N_("Pairs"),
        N_("The whole pack is dealt. The bot throws every pair (two of a rank) face up for "
           "you, after the deal and after each draw: there is nothing to press."),
    ),
    (
        N_("Your draw"),
        # Translators: **Your hand** is the table message's button of that name
        N_("At your turn open **Your hand**: the cards of the player on your right (the "
           "nearest who still holds cards) are shown face down, shuffled afresh for every "
           "draw. Press one to take it. A player with no cards left is out of the deal."),
    ),
    (
        N_("The end"),
        N_("When only one player holds cards, their one card is the Old Maid: they lose "
           "their stake, and everyone else shares the pot (odd chips from the dealer's "
           "left). Below S after a deal, you are out."),
    ),
)


def rules_embed(settings: Settings) -> discord.Embed:
    return table_rules.rules_embed(
        TITLE,
        INTRO,
        SECTIONS,
        _("New tables here: stake {chips}, up to {players}, {seconds} a draw; a draw that "
          "runs out takes a card at random for you. `/oldmaid create` sets your own.",
          chips=count(settings.default_stake, "chip"), players=count(10, "player"),
          seconds=count(settings.turn_seconds, "second")),
    )
