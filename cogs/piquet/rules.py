"""The `/piquet rules` embed: Rubicon Piquet in a few lines (docs/rules/piquet.md)."""

from __future__ import annotations

import discord

from bot.settings import Settings
from cogs.table import rules as table_rules

TITLE = "Piquet: how to play"

INTRO = (
    "Two players, 32 cards (7 to ace). A **partie** is six deals, the deal alternating; "
    "the higher total after six wins the margin, and the loser pays the stake for every "
    "100 of it. Each player needs five stakes to sit down."
)

SECTIONS: tuple[tuple[str, str], ...] = (
    (
        "The deal and the exchange",
        "Twelve cards each; eight make the talon. A hand without king, queen or jack is "
        "**carte blanche**, 10 at once (the bot declares it). The non-dealer (elder) "
        "exchanges 1 to 5 cards first and then sees the rest of the top five privately; "
        "then the dealer exchanges 1 to 5 of what is left and may show the rest to both.",
    ),
    (
        "Declarations",
        "Point (the cards of one suit), sequence (3+ in a row) and sets (3 or 4 of T–A), "
        "in that order, elder first. Choose one of your combinations from the menu, best "
        "first, or sink. The table hears only what is said aloud: a size, a value, a rank "
        "— never a card. Point scores 1 a card; sequences 3, 4, 15, 16…; sets 3 or 14. "
        "30 before play while the other has 0: **repique**, 60.",
    ),
    (
        "The play",
        "Twelve tricks; follow suit if you can. 1 for leading a card, 1 for each trick "
        "won; 10 for **the cards** (7+ tricks), 30 more for **capot** (all twelve). 30 in "
        "a deal while the other has 0, in play: **pique**, 30.",
    ),
    (
        "The end",
        "Margin = winner − loser + 100; a loser under 100 is **rubiconed**: winner + loser "
        "+ 100. Equal totals tie. `/piquet leave` takes effect at the partie's end.",
    ),
)


def rules_embed(settings: Settings) -> discord.Embed:
    return table_rules.rules_embed(
        TITLE,
        INTRO,
        SECTIONS,
        f"New tables here: stake {settings.default_stake} chips, "
        f"{settings.turn_seconds} seconds a turn (then the bot exchanges your lowest card, "
        "declares your best combination, or plays your lowest card allowed). "
        "`/piquet create` sets your own.",
    )
