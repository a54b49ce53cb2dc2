"""The `/farmer rules` embed: Farmer in a few lines (docs/rules/farmer.md)."""

from __future__ import annotations

import discord

from bot.i18n import N_, _
from bot.settings import Settings
from bot.words import count
from cogs.table import rules as table_rules

TITLE = N_("Farmer: how to play")

# Translators: Farmer is an old card game: the "farm" is the pot everyone antes into,
# won by a hand of exactly sixteen; the "farmer" is the dealer. "Hit" takes a card,
# "stay" stops; "bust" is a total over 16. "S" is the stake.
INTRO = N_(
    "2 to 8 players, a 45-card pack (no 8s, and of the 6s only the 6♥). Ace 1, 2 to 10 as "
    "marked, J Q K 10. Get as close to 16 as you can; over 16 is **bust**. The stake S is "
    "every payment."
)

SECTIONS: tuple[tuple[str, str], ...] = (
    (
        N_("The farm"),
        N_(
            "Before each deal everyone antes S into the **farm**. A farm nobody wins stays on "
            "the table for the next deal. When the table closes, those seated share it. "
            "The first **farmer** (the dealer) is whoever gets the 6♥ when the bot deals a "
            "pack face up round the table."
        ),
    ),
    (
        N_("Your turn"),
        N_(
            "You hold one card face down (only you see it). From the farmer's left, the "
            "farmer last: **Hit** takes the next card face up; you must hit at least once, "
            "and may hit while you have 16 or less. **Stay** ends your turn. A bust is not "
            "shown: you still press Stay."
        ),
    ),
    (
        N_("Settlement"),
        N_(
            "• **Sixteen** takes the whole farm (ties: the 6♥, then fewest cards, then the "
            "farmer, then the first from the farmer's left).\n"
            "• Otherwise those below the closest total pay S each to those on it (the odd "
            "chips to the farm).\n"
            "• Every bust player but the farmer pays the farmer S.\n"
            "The farm winner farms next. Below 2S after a deal, you are out."
        ),
    ),
)


def rules_embed(settings: Settings) -> discord.Embed:
    return table_rules.rules_embed(
        TITLE,
        INTRO,
        SECTIONS,
        _("New tables here: stake {chips}, up to {players}, {seconds} a turn; a turn that "
          "runs out hits if you have not hit yet, otherwise stays. `/farmer create` sets "
          "your own.", chips=count(settings.default_stake, "chip"),
          players=count(8, "player"), seconds=count(settings.turn_seconds, "second")),
    )
