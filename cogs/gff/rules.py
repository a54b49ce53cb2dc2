"""The `/gff rules` embed: the game explained in plain words, one field per part of the rules."""

from __future__ import annotations

import discord

from bot.i18n import N_, _
from bot.settings import Settings
from bot.words import count
from cogs.table import rules as table_rules

TITLE = N_("Game, Flip and Flop: how to play")

# Translators: the flip and the flop are two side pots, each won by the lowest card dealt
# of a suit; the game pot goes to whoever ends the round best
INTRO = N_(
    "A rummy game for 2 to 5 players with one 52-card deck and no jokers. "
    "Every deal has three pots: the **game** pot goes to whoever ends the round best, "
    "the **flip** and **flop** pots to whoever was dealt the lowest card of their suits.\n"
    "Card values: ace 1, 2 to 10 as marked, J, Q and K 10. Aces are low (A < 2 < … < K). "
    "A hand is worth the sum of the cards still in it; spreads on the table do not count."
)

SECTIONS: tuple[tuple[str, str], ...] = (
    (
        N_("Stakes and reserve"),
        N_(
            "The table has one stake (S). Before each deal, count how many stakes your stack "
            "holds:\n"
            "• **4 or more**: you post S to each of game, flip and flop, keeping at least S in "
            "reserve.\n"
            "• **3**: you post to game and flip only, so you cannot win the flop this deal.\n"
            "• **2**: you post to game only and are all in (*tunk life*).\n"
            "• **1 or less**: you are not dealt in.\n"
            "You can only win a pot you posted to. After each deal, a player with less than 2S "
            "left is out: the rest of the stack goes back to their bankroll, and they may buy in "
            "again."
        ),
    ),
    (
        N_("The deal, and 49 or 50"),
        N_(
            "Each player gets five cards, one at a time, starting left of the dealer. The "
            "dealer's fifth card is dealt face up: the **flip card**. It stays in the dealer's "
            "hand and plays like any other card. The rest is the stock; the discard pile starts "
            "empty. The first dealer is drawn at random; the deal then passes left each hand.\n"
            "If a hand is worth **49 or 50** before the first turn, the bot declares it and the "
            "round ends at once. Everyone with 49 or 50 splits the game pot; if anyone has 50, "
            "every other dealt-in player (a 49 too) pays S more, shared by the 50s."
        ),
    ),
    (
        N_("The flip and the flop"),
        N_(
            "The **flip suit** is the flip card's suit. The **flop suit** is the other suit of the "
            "same colour (♠ and ♣, ♥ and ♦).\n"
            "The flip pot goes to the player, among those who posted to it, who was dealt the "
            "lowest card of the flip suit; the flip card counts as dealt to the dealer. The flop "
            "pot goes the same way for the flop suit.\n"
            "Before each player's first turn the bot shows their lowest flip and flop cards if "
            "they beat those shown so far. Both pots are paid before the dealer's first turn, or "
            "when the round ends if that is sooner. A pot nobody can win carries over to the next "
            "deal; if the table closes, its chips go back to those who posted them."
        ),
    ),
    (
        N_("Your turn"),
        N_(
            "Play starts left of the dealer and goes clockwise. On your turn, in order:\n"
            "1. Optionally **drop**, only before drawing (see below).\n"
            "2. **Draw** one card: the top of the stock, or the top of the discard pile. The "
            "first draw of the round must be from the stock.\n"
            "3. **Spread** and **hit** as often as you like.\n"
            "4. **Discard** one card, unless your hand is empty.\n"
            "A spread is 3 or 4 cards of one rank, or 3 or more cards in a row of one suit, ace "
            "low only (A-2-3 yes, Q-K-A and K-A-2 no). A hit adds cards from your hand to any "
            "spread on the table, as long as it stays a spread: at most 4 of a rank, or a run "
            "longer at either end. Spreading is never forced, and you may discard the card you "
            "just took from the discard pile."
        ),
    ),
    (
        N_("Ending 1: going out"),
        N_(
            "Empty your hand by the end of your turn (your last card spread, hit or discarded) "
            "and you win the game pot."
        ),
    ),
    (
        N_("Ending 2: dropping, or getting caught"),
        N_(
            "At the start of your turn, before drawing, you may lay your hand down. Every hand is "
            "shown and counted. If yours is strictly lower than every other, you win the game "
            "pot. If not, you are **caught**: you pay S into the game pot and the other lowest "
            "hand or hands share it. A tie counts against the dropper."
        ),
    ),
    (
        N_("Ending 3: tunking out"),
        N_(
            "You **tunk out** when you end your turn with an empty hand without discarding, "
            "having laid this round exactly two spreads of exactly three cards of your own and "
            "no hits (the two spreads may come on different turns, and others may have hit them "
            "since). Every other dealt-in player pays S into the game pot, and you take it all."
        ),
    ),
    (
        N_("Ending 4: the stock runs out"),
        N_(
            "Whoever draws the last card of the stock finishes that turn. If the round has not "
            "ended, it ends after their discard, which nobody may take. Every hand is shown: the "
            "lowest hand wins the game pot, and a tie shares it."
        ),
    ),
    (
        N_("How pots are paid"),
        N_(
            "First the flip and flop, then the game pot with any extra stakes, then players who "
            "fell below 2S leave the table. A shared pot gives each winner the same whole number "
            "of chips; any odd chips go one at a time to the winners in seat order, starting left "
            "of the dealer. Chips are whole numbers and are never created or lost: they are only "
            "ever in bankrolls, stacks or pots."
        ),
    ),
)


def rules_embed(settings: Settings) -> discord.Embed:
    return table_rules.rules_embed(
        TITLE,
        INTRO,
        SECTIONS,
        _("The host of a table may change only these. On this server they start at: stake "
          "{chips}, buy-in {stakes}, at most {players}, {seconds} a turn.",
          chips=count(settings.default_stake, "chip"),
          stakes=count(settings.default_buy_in_stakes, "stake"),
          players=count(5, "player"), seconds=count(settings.turn_seconds, "second")),
    )
