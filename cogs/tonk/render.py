"""Tonk's embeds: the table, a hand's result, a player's own hand. The rummy
games' embeds (cogs/rummy/render.py) draw what Tonk shares with GFF; this module gives
what is Tonk's own: the upcard, the hit lock, the payments.

Rendering only: every rule is the engine's. Public embeds are built from the public
view, the event log and the settlement, which hold only cards the rules show (the
discards, the spreads, a tonk on the deal, the hands shown at the end); `hand_embed`
shows a hand and is used for ephemeral replies only. There are no pots (TONK-2.2).
"""

from __future__ import annotations

import discord

from bot.i18n import N_, _, ngettext, number
from cogs.rummy.render import RummyEmbeds, discard_label
from cogs.table.emojis import faces_and_words
from cogs.table.frames import Field, ResultLines, mentions
from cogs.table.names import clip, seat_name
from engine.tonk.settlement import TonkSettlement
from engine.tonk.views import PrivateView, PublicView, SeatView

GOLD = discord.Colour.gold()
GREY = discord.Colour.light_grey()

# Translators: the game's name: Tonk, a rummy game
LOBBY_TITLE = N_("Tonk")
# Translators: a mark on a player whose spread was hit by another player since their last
# turn: they may not spread or hit on their next turn (Tonk's "hit lock")
LOCK_MARK = N_("🔒 hit-locked")

# The hand is over: "<words>." on the table (TONK-3.2, 3.3, 5). A "tonk" is a hand worth
# exactly 50, or 11 or less, on the deal; "tonking out" is emptying your hand by a spread
# or a hit; a "drop" is laying your hand down, claiming it is the lowest.
ENDED = {
    "instant": N_("a tonk on the deal"),
    "instant_draw": N_("two or more tonks on the deal, a draw"),
    "running_out": N_("a player ran out"),
    "tonk_out": N_("a player tonked out"),
    "drop": N_("a winning drop"),
    "caught": N_("a caught drop"),
    "stock_out": N_("the stock running out"),
    "stock_out_draw": N_("the stock running out with a tie for lowest, a draw"),
}
# Who was paid, and why; {player} is the winner.
WON_BY = {
    "instant": N_("{player} has a tonk on the deal: everyone pays two stakes"),
    "running_out": N_("{player} ran out: everyone pays a stake"),
    "tonk_out": N_("{player} tonked out: everyone pays two stakes"),
    "drop": N_("{player} dropped with the lowest hand: everyone pays a stake"),
    "stock_out": N_("{player} has the lowest hand as the stock ran out: everyone pays a stake"),
}
DRAWN = {
    "instant_draw": N_("Two or more tonks on the deal: a draw, nobody pays"),
    "stock_out_draw": N_("The stock ran out with a tie for lowest: a draw, nobody pays"),
}


def _discard_line(public: PublicView) -> str:
    if len(public.discard_pile) == 1:
        # Translators: the first card turned up after the deal, the discard pile's first card
        return _("{card} (the upcard)", card=discard_label(public))
    return discard_label(public)


def lock_line(view: PrivateView) -> str:
    """TONK-4.2, for the locked player: why Spread and Hit are off."""
    me = next((s for s in view.public.seats if s.id == view.seat), None)
    if me is None or not me.hit_locked:
        return ""
    if view.public.turn == view.seat:
        return _("{lock}: a spread of yours was hit since your last turn, so you may not "
                 "spread or hit this turn (you may still drop, draw and discard).",
                 lock=_(LOCK_MARK))
    return _("{lock}: a spread of yours was hit since your last turn, so you may not spread "
             "or hit on your next turn (you may still drop, draw and discard).",
             lock=_(LOCK_MARK))


class TonkEmbeds(RummyEmbeds):
    title = LOBBY_TITLE
    ended = ENDED

    def seat_marks(self, seat: SeatView, public: PublicView) -> list[str]:
        if not seat.hit_locked:
            return []
        # TONK-4.2: shown next to the locked player
        if seat.id == public.turn:
            return [_("{lock}: no spread or hit this turn", lock=_(LOCK_MARK))]
        return [_("{lock}: no spread or hit next turn", lock=_(LOCK_MARK))]

    def discard_line(self, public: PublicView) -> str:
        return _discard_line(public)

    def hand_note(self, view: PrivateView) -> str:
        return lock_line(view)


EMBEDS = TonkEmbeds()
# What Tonk's UI draws a hand with (cogs/tonk/ui.py).
table_embed = EMBEDS.table_embed
hand_embed = EMBEDS.hand_embed


def winner_line(settlement: TonkSettlement) -> str:
    if settlement.ended in DRAWN:
        return _(DRAWN[settlement.ended])
    winners = [seat_name(s) for s in settlement.winners]
    if not winners:
        return _("The hand ended by {ending}",
                 ending=_(ENDED.get(settlement.ended, settlement.ended)))
    if settlement.ended == "caught":
        named = winners[0] if len(winners) == 1 else _(
            "{first} and {last}", first=", ".join(winners[:-1]), last=winners[-1])
        return ngettext("{players} caught the drop: the dropper was not lowest",
                        "{players} caught the drop: the dropper was not lowest",
                        len(winners), players=named)
    if settlement.ended not in WON_BY:
        return f"{winners[0]} {settlement.ended}"  # no other ending has a winner
    return _(WON_BY[settlement.ended], player=winners[0])


def _seat_of(account: str) -> str:
    return account.split(":", 1)[1] if account.startswith("seat:") else account


def payment_lines(settlement: TonkSettlement) -> list[str]:
    """Who paid whom, in the order the payments were made (TONK-2.4)."""
    return [
        f"{seat_name(_seat_of(t.source))} → {seat_name(_seat_of(t.target))}: {number(t.amount)}"
        for t in settlement.transfers
    ]


def result_lines(settlement: TonkSettlement) -> ResultLines:
    """The hands the rules show and the payments."""
    hands = [f"{seat_name(seat)}: {faces_and_words(cards, empty=_('no cards'))} = "
             f"{settlement.values[seat]}"
             for seat, cards in settlement.shown.items()]
    payments = payment_lines(settlement)
    fields = [Field(_("Hands shown"), clip(hands))] if hands else []
    fields.append(Field(_("Payments"), clip(payments) if payments else _("nobody pays")))
    return ResultLines(f"{winner_line(settlement)}.", fields=fields)


def history_words(result: dict) -> str:
    """A finished hand in `/tonk history`, from its result JSON (TONK-6)."""
    if result.get("ended", "?") in DRAWN:
        # Translators: a hand in the history that ended with nobody paid
        return _("a draw")
    # Translators: a hand in the history: these players were paid
    return _("paid to {players}", players=mentions(result.get("winners", [])))
