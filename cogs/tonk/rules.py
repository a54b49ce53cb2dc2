"""The `/tonk rules` embed: Tonk in a few lines (docs/rules/tonk.md)."""

from __future__ import annotations

import discord

from bot.i18n import N_, _
from bot.settings import Settings
from bot.words import count
from cogs.table import rules as table_rules

TITLE = N_("Tonk: how to play")

# Translators: Tonk is a rummy game; a "tonk" is a hand worth exactly 50, or 11 or less,
# on the deal (it wins at once), and "tonking out" is emptying your hand by a spread or a
# hit. A "spread" is a set or run laid face up; a "hit" adds cards to a spread on the
# table; a "drop" is laying your hand down, claiming it is the lowest. "S" is the stake.
INTRO = N_(
    "The rummy game Game, Flip and Flop grew from: 2 to 5 players, one 52-card deck. "
    "No pots: every hand ends with payments between the players, in stakes (S). "
    "Card values: ace 1, 2 to 10 as marked, J, Q and K 10."
)

SECTIONS: tuple[tuple[str, str], ...] = (
    (
        N_("The deal"),
        N_(
            "Five cards each; the next card is turned up (the **upcard**, the first discard). "
            "A hand worth exactly 50, or 11 or less, is a **tonk on the deal**: everyone pays "
            "it 2S. Two or more tonks make the hand a draw. You are dealt in with at least 2S."
        ),
    ),
    (
        N_("Your turn"),
        N_(
            "Optionally **drop** first; then **draw** the stock's top or the discard's top; then "
            "**spread** (3 or 4 of a rank, or 3 or more in a row of one suit: A-2-3 and Q-K-A "
            "are runs, K-A-2 is not) and **hit** others' spreads as you like; then **discard** "
            "unless your hand is empty.\n"
            "**Hit lock**: if another player hit one of your spreads since your last turn, you "
            "may not spread or hit on your next turn (the table marks you 🔒)."
        ),
    ),
    (
        N_("How a hand ends"),
        N_(
            "• **Running out** (empty after a discard): everyone pays you S.\n"
            "• **Tonking out** (empty by a spread or hit): everyone pays you 2S.\n"
            "• **Drop** with the strictly lowest hand: everyone pays you S. Otherwise you are "
            "**caught**: you pay S to each player as low as you, then everyone not lowest pays "
            "S to each lowest player.\n"
            "• **Stock runs out**: a single lowest hand is paid S by everyone; a tie is a draw.\n"
            "Nobody pays more than their stack; below 2S after a hand, you are out."
        ),
    ),
)


def rules_embed(settings: Settings) -> discord.Embed:
    return table_rules.rules_embed(
        TITLE,
        INTRO,
        SECTIONS,
        _("New tables here: stake {chips}, at most {players}, {seconds} a turn. "
          "`/tonk create` sets your own.", chips=count(settings.default_stake, "chip"),
          players=count(5, "player"), seconds=count(settings.turn_seconds, "second")),
    )
