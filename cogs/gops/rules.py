"""The `/gops rules` embed: Gops in a few lines (docs/rules/gops.md)."""

from __future__ import annotations

import discord

from bot.i18n import N_, _
from bot.settings import Settings
from cogs.table import rules as table_rules
from cogs.table.names import count

# Translators: Gops is Goofspiel, a game where players bid cards of their own suit, in
# secret and all at once, for prize cards turned up one at a time
TITLE = N_("Gops: how to play")

INTRO = N_(
    "Goofspiel, 2 to 6 players. Everyone posts the stake S to the pot. The 13 diamonds are "
    "the prizes, turned up one at a time; each player holds one whole suit, A to K, and "
    "bids one card of it for each prize."
)

SECTIONS: tuple[tuple[str, str], ...] = (
    (
        N_("A round"),
        # Translators: a sealed bid is chosen in secret and shown only once every bid is in
        N_("The next diamond is turned up. Everyone presses one of their cards in their own "
           "hand view: a **sealed bid**, final once made. The table shows who has bid, not "
           "what. When the last bid is in, every bid is shown at once: the single highest "
           "card takes the prize; a **tie for highest discards it**, whatever the lower bids. "
           "Bid cards are out of play. Ace is low, king high."),
    ),
    (
        N_("Scores and the pot"),
        N_("A prize is worth its rank: A 1, 2 to 10 as marked, J 11, Q 12, K 13. After 13 "
           "rounds the highest score takes the pot; a tie shares it (odd chips from the "
           "dealer's left). Below S after a game, you are out."),
    ),
    (
        N_("Time"),
        N_("If your time runs out, your lowest card is bid for you; twice in a row and you "
           "are away, your bids made for you until the game ends."),
    ),
)


def rules_embed(settings: Settings) -> discord.Embed:
    return table_rules.rules_embed(
        TITLE,
        INTRO,
        SECTIONS,
        _("New tables here: stake {chips}, at most {players}, {seconds} a bid. "
          "`/gops create` sets your own.",
          chips=count(settings.default_stake, "chip"), players=count(6, "player"),
          seconds=count(settings.turn_seconds, "second")),
    )
