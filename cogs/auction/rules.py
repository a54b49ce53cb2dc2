"""The `/auction rules` embed: the flush auction in a few lines (docs/rules/auction.md)."""

from __future__ import annotations

import discord

from bot.i18n import N_, _
from bot.settings import Settings
from cogs.table import rules as table_rules
from cogs.table.names import count

# Translators: the Flush Auction: players bid counters (game chips), in secret and all at
# once, for cards turned up, to make a flush (five cards of one suit)
TITLE = N_("Flush Auction: how to play")

INTRO = N_(
    "2 to 6 players, five rounds, one shuffled pack each round. Everyone posts the stake S "
    "to the pot once. **Game chips** are counters for bidding only, worth nothing at the end: "
    "most points takes the pot."
)

SECTIONS: tuple[tuple[str, str], ...] = (
    (
        N_("A round"),
        N_("Everyone gets 10 game chips and 5 cards. A **flush** (five of one suit among all "
           "your cards) wins the round at once: dealt flushes share the bank. Otherwise cards "
           "are turned up one at a time and auctioned."),
    ),
    (
        N_("An auction"),
        # Translators: a sealed bid is chosen in secret and shown only once every bid is in;
        # the bank holds the game chips bid
        N_("Everyone picks a bid from the menu in their own hand view: **sealed**, final, and "
           "paid at once. Limits by round: 0–3, 2–5, 4–7, 2–9, 0–11 (with fewer chips than the "
           "minimum, you bid all you have). The table shows who has bid, then every bid at "
           "once. A single highest bid buys every card on the table, and **every bid goes to "
           "the bank**. A tie for highest: nobody buys, the tied bids go to the bank, the others "
           "stay on the table, a new card is turned up and only the tied players bid again."),
    ),
    (
        N_("How a round ends"),
        N_("• **Flush**: the buyer's new flush takes the round's points and the whole bank.\n"
           "• **Dealt flush**: see above.\n"
           "• **Deck out**: nobody scores, bids on the table go home, the bank stays.\n"
           "Points by round: 1, 1, 3, 5, 5. Game chips, the bank and points carry over."),
    ),
    (
        N_("Time"),
        N_("If your time runs out, the lowest legal amount is bid for you; twice in a row and "
           "you are away, your bids made for you until the game ends."),
    ),
)


def rules_embed(settings: Settings) -> discord.Embed:
    return table_rules.rules_embed(
        TITLE,
        INTRO,
        SECTIONS,
        _("New tables here: stake {chips}, at most {players}, {seconds} a bid. "
          "`/auction create` sets your own.",
          chips=count(settings.default_stake, "chip"), players=count(6, "player"),
          seconds=count(settings.turn_seconds, "second")),
    )
