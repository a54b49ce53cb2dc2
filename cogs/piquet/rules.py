"""The `/piquet rules` embed: Rubicon Piquet in a few lines (docs/rules/piquet.md)."""

from __future__ import annotations

import discord

from bot.i18n import N_, _
from bot.settings import Settings
from bot.words import count
from cogs.table import rules as table_rules

TITLE = N_("Piquet: how to play")

# Translators: Piquet is an old French two-player card game; use its traditional terms
# in your language where it has them. A partie: a match of six deals; the margin: the
# difference between the two totals.
INTRO = N_(
    "Two players, 32 cards (7 to ace). A **partie** is six deals, the deal alternating; "
    "the higher total after six wins the margin, and the loser pays the stake for every "
    "100 of it. Each player needs five stakes to sit down."
)

# Each (title, text), translated when the embed is built.
SECTIONS: tuple[tuple[str, str], ...] = (
    (
        # Translators: the exchange: each player discards some cards and takes as many
        # from the talon.
        N_("The deal and the exchange"),
        # Translators: the talon: the cards left after the deal, face down, taken in the
        # exchange. Carte blanche: a hand with no king, queen or jack (worth 10 points).
        # The elder hand is the non-dealer, who declares and plays first; the younger
        # hand is the dealer.
        N_("Twelve cards each; eight make the talon. A hand without king, queen or jack is "
           "**carte blanche**, 10 at once (the bot declares it). The non-dealer (elder) "
           "exchanges 1 to 5 cards first and then sees the rest of the top five privately; "
           "then the dealer exchanges 1 to 5 of what is left and may show the rest to "
           "both."),
    ),
    (
        N_("Declarations"),
        # Translators: the point: the most cards of one suit; a sequence: cards of one
        # suit in a row; a set: three (trio) or four (quatorze) of a rank, ten or higher.
        # To sink is to decline to declare a combination. Repique: 30 points before play
        # while the other has none, worth 60.
        N_("Point (the cards of one suit), sequence (3+ in a row) and sets (3 or 4 of T–A), "
           "in that order, elder first. Choose one of your combinations from the menu, best "
           "first, or sink. The table hears only what is said aloud: a size, a value, a rank "
           "— never a card. Point scores 1 a card; sequences 3, 4, 15, 16…; sets 3 or 14. "
           "30 before play while the other has 0: **repique**, 60."),
    ),
    (
        N_("The play"),
        # Translators: the cards: a bonus of 10 for winning most tricks; capot: winning
        # all twelve tricks; pique: 30 points in a deal, counted in play, while the other
        # has none, worth 30 more.
        N_("Twelve tricks; follow suit if you can. 1 for leading a card, 1 for each trick "
           "won; 10 for **the cards** (7+ tricks), 30 more for **capot** (all twelve). 30 in "
           "a deal while the other has 0, in play: **pique**, 30."),
    ),
    (
        N_("The end"),
        # Translators: rubiconed: a loser who ends the partie under 100 points (the
        # Rubicon), which makes the margin bigger.
        N_("Margin = winner − loser + 100; a loser under 100 is **rubiconed**: winner + "
           "loser + 100. Equal totals tie. `/piquet leave` takes effect at the partie's "
           "end."),
    ),
)


def rules_embed(settings: Settings) -> discord.Embed:
    return table_rules.rules_embed(
        TITLE,
        INTRO,
        SECTIONS,
        _("New tables here: stake {chips}, {seconds} a turn (then the bot exchanges your "
          "lowest card, declares your best combination, or plays your lowest card allowed). "
          "`/piquet create` sets your own.", chips=count(settings.default_stake, "chip"),
          seconds=count(settings.turn_seconds, "second")),
    )
