"""The `/concentration rules` embed: Concentration in a few lines (docs/rules/concentration.md)."""

from __future__ import annotations

import discord

from bot.i18n import N_, _
from bot.settings import Settings
from cogs.table import rules as table_rules
from cogs.table.names import count

# Translators: Concentration is a memory game: flip two face-down cards; a pair is kept
TITLE = N_("Concentration: how to play")

INTRO = N_(
    "2 to 6 players, one pack laid face down at 52 numbered positions (four rows of 13). "
    "Everyone posts the stake S to the pot; the most pairs take it."
)

SECTIONS: tuple[tuple[str, str], ...] = (
    (
        N_("Your turn"),
        # Translators: **Your hand** is the table message's button of that name;
        # `match: colour` is the command's option, typed as it is
        N_("Open **Your hand** on the table message: four menus, one per row of the layout, "
           "list the positions still face down (once 20 or fewer are left, each is a "
           "button). Choose one to flip it, then a second. Both "
           "flips are shown to everyone. Two of a rank (with `match: colour`, also of one "
           "colour) are a pair: you take it and **flip again**. Otherwise they turn face down "
           "where they lay and the turn passes left."),
    ),
    (
        N_("Memory is the game"),
        N_("The table shows only the current turn's flips, until the next flip. Earlier flips "
           "are never listed while the game runs: remember them. The record is given out with "
           "`/concentration history` once the game is over."),
    ),
    (
        N_("The pot"),
        N_("When the last pair is taken the most pairs win the pot; a tie shares it (odd "
           "chips from the dealer's left). Below S after a game, you are out."),
    ),
)


def rules_embed(settings: Settings) -> discord.Embed:
    return table_rules.rules_embed(
        TITLE,
        INTRO,
        SECTIONS,
        # Translators: `/concentration create match:colour` is a command, typed as it is
        _("New tables here: stake {chips}, at most {players}, {seconds} a flip; a flip that "
          "runs out flips the lowest-numbered position you may flip. `/concentration create "
          "match:colour` makes pairs need one colour too.",
          chips=count(settings.default_stake, "chip"), players=count(6, "player"),
          seconds=count(settings.turn_seconds, "second")),
    )
