"""The `/faro rules` embed: Faro in a few lines (docs/rules/faro.md)."""

from __future__ import annotations

import discord

from bot.i18n import N_, _
from bot.settings import Settings
from bot.words import count
from cogs.table import rules as table_rules

TITLE = N_("Faro: how to play")

# Translators: Faro, an old banking game. The "soda" is the first card of the pack,
# shown and not played; the "hoc" (from "hock") is the last card, also not played. A
# "turn" is two cards dealt: the first loses, the second wins. A bet "coppered" (a copper
# token was laid on it) bets on a rank losing. A "split" is a turn of two cards of one
# rank. "Call the turn": guess the order of the last three cards. A "cat-hop" is a last
# turn holding a pair. The "casekeeper" is the counter of cards still to come.
INTRO = N_(
    "1 to 8 players bet against the house on one 52-card pack, dealt face up: the first "
    "card (the **soda**) decides nothing, then 25 **turns** of two cards, the first "
    "**losing**, the second **winning**; the last card (the **hoc**) decides nothing. "
    "Only ranks matter."
)

SECTIONS: tuple[tuple[str, str], ...] = (
    (
        N_("Betting"),
        N_(
            "Before each turn everyone bets at once, then presses **Ready**; the turn is dealt "
            "when all are ready (the clock says ready for you, bets unchanged). A choice in "
            "the first menu is a bet, placed at once; in the second, a bet **coppered** (on "
            "losing). The third sets how much each bet is, from the stake to the table "
            "maximum.\n"
            "• one rank; • a **combination** of 2 to 4 ranks; • **even** (2 4 6 8 10 Q) or "
            "**odd**; • **high card**: the winning card outranks the losing one; • before the "
            "last turn, **call the turn**: the order of the three cards left."
        ),
    ),
    (
        N_("Settling a turn"),
        N_(
            "The winning rank in your bet (and not the losing one): you win even money. The "
            "losing rank in it: you lose. Both: a push. A **split** (both cards one rank, in "
            "your bet): the house takes half. A bet with no action stays. A called turn pays "
            "4 to 1, or 2 to 1 on a cat-hop (a pair among the three)."
        ),
    ),
    (
        N_("The casekeeper"),
        N_(
            "The table shows every card dealt, so which ranks are still to come: a rank that "
            "is gone cannot be bet on. `/faro leave` during a deal takes your bets down and "
            "you are cashed out when it ends."
        ),
    ),
)


def rules_embed(settings: Settings) -> discord.Embed:
    return table_rules.rules_embed(
        TITLE,
        INTRO,
        SECTIONS,
        _("New tables here: stake (the minimum bet) {chips}, maximum bet {stakes}, up to "
          "{players}, {seconds} a betting round. `/faro create` sets your own stake.",
          chips=count(settings.default_stake, "chip"), stakes=count(10, "stake"),
          players=count(8, "player"), seconds=count(settings.turn_seconds, "second")),
    )
