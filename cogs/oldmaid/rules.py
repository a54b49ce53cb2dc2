"""The `/oldmaid rules` embed: Old Maid in a few lines (docs/rules/oldmaid.md)."""

from __future__ import annotations

import discord

from bot.settings import Settings
from cogs.table import rules as table_rules

TITLE = "Old Maid: how to play"

INTRO = (
    "2 to 10 players, one pack without the Q♣: one queen has no mate. Everyone posts the "
    "stake S; whoever is left holding the odd queen, the **Old Maid**, loses it to the rest."
)

SECTIONS: tuple[tuple[str, str], ...] = (
    (
        "Pairs",
        "The whole pack is dealt. The bot throws every pair (two of a rank) face up for "
        "you, after the deal and after each draw: there is nothing to press.",
    ),
    (
        "Your draw",
        "At your turn open **Your hand**: the cards of the player on your right (the "
        "nearest who still holds cards) are shown face down, shuffled afresh for every "
        "draw. Press one to take it. A player with no cards left is out of the deal.",
    ),
    (
        "The end",
        "When only one player holds cards, their one card is the Old Maid: they lose "
        "their stake, and everyone else shares the pot (odd chips from the dealer's "
        "left). Below S after a deal, you are out.",
    ),
)


def rules_embed(settings: Settings) -> discord.Embed:
    return table_rules.rules_embed(
        TITLE,
        INTRO,
        SECTIONS,
        f"New tables here: stake {settings.default_stake} chips, up to 10 players, "
        f"{settings.turn_seconds} seconds a draw; a draw that runs out takes a card at "
        "random for you. `/oldmaid create` sets your own.",
    )
