"""The `/fiftyone rules` embed: Fifty-One in a few lines (docs/rules/fiftyone.md)."""

from __future__ import annotations

import discord

from bot.settings import Settings
from cogs.table import rules as table_rules

TITLE = "Fifty-One: how to play"

INTRO = (
    "2 to 5 players, the 52 cards (and the joker 🃏 at a `joker:on` table). Everyone antes "
    "the stake S; the best hand when the game is stopped takes the pot."
)

SECTIONS: tuple[tuple[str, str], ...] = (
    (
        "The board",
        "Five cards each, and five face up on the table: the board. On your turn take one "
        "board card and give one of the five you held in its place. In your hand view the "
        "**Take** menu has a board card chosen for you (the best swap it sees); choose "
        "another if you like, then press the card of yours to give: one or two clicks.",
    ),
    (
        "Clearing",
        "From the second round on you may first **Clear** the board: its five cards go to "
        "the discard pile and five new ones are dealt; then you swap with the new board. An "
        "empty stock is rebuilt from the discard pile, shuffled.",
    ),
    (
        "Stop",
        "With your swap you may call Stop (the **Give and Stop** menu): every other player has "
        "one last turn, then all hands are shown.",
    ),
    (
        "Scoring",
        "Ace 11, court cards and 10s 10, others their face value. Your score is your longest "
        "suit minus everything else; the joker counts as the card that scores best. The "
        "best score wins; if the Stop caller ties, the others share.",
    ),
)


def rules_embed(settings: Settings) -> discord.Embed:
    return table_rules.rules_embed(
        TITLE,
        INTRO,
        SECTIONS,
        f"New tables here: stake {settings.default_stake} chips, at most 5 players, "
        f"{settings.turn_seconds} seconds a turn (then the bot makes the swap that leaves "
        "your best score, without clearing or calling Stop). `/fiftyone create joker:on` "
        "adds the joker.",
    )
