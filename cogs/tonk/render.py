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

from cogs.rummy.render import RummyEmbeds, discard_label
from cogs.table.emojis import faces_and_words
from cogs.table.frames import Field, ResultLines, mentions
from cogs.table.names import clip, seat_name
from engine.tonk.settlement import TonkSettlement
from engine.tonk.views import PrivateView, PublicView, SeatView

GOLD = discord.Colour.gold()
GREY = discord.Colour.light_grey()

LOBBY_TITLE = "Tonk"
LOCK_MARK = "🔒 hit-locked"

# The hand is over: "<words>." on the table (TONK-3.2, 3.3, 5).
ENDED = {
    "instant": "a tonk on the deal",
    "instant_draw": "two or more tonks on the deal, a draw",
    "running_out": "a player ran out",
    "tonk_out": "a player tonked out",
    "drop": "a winning drop",
    "caught": "a caught drop",
    "stock_out": "the stock running out",
    "stock_out_draw": "the stock running out with a tie for lowest, a draw",
}
# After "<winner> " in the result (who was paid, and why).
WON_BY = {
    "instant": "has a tonk on the deal: everyone pays two stakes",
    "running_out": "ran out: everyone pays a stake",
    "tonk_out": "tonked out: everyone pays two stakes",
    "drop": "dropped with the lowest hand: everyone pays a stake",
    "caught": "caught the drop",
    "stock_out": "has the lowest hand as the stock ran out: everyone pays a stake",
}
DRAWN = {
    "instant_draw": "Two or more tonks on the deal: a draw, nobody pays",
    "stock_out_draw": "The stock ran out with a tie for lowest: a draw, nobody pays",
}


def _discard_line(public: PublicView) -> str:
    if len(public.discard_pile) == 1:
        return f"{discard_label(public)} (the upcard)"
    return discard_label(public)


def lock_line(view: PrivateView) -> str:
    """TONK-4.2, for the locked player: why Spread and Hit are off."""
    me = next((s for s in view.public.seats if s.id == view.seat), None)
    if me is None or not me.hit_locked:
        return ""
    when = "this turn" if view.public.turn == view.seat else "on your next turn"
    return (f"{LOCK_MARK}: a spread of yours was hit since your last turn, so you may not "
            f"spread or hit {when} (you may still drop, draw and discard).")


class TonkEmbeds(RummyEmbeds):
    title = LOBBY_TITLE
    ended = ENDED

    def seat_marks(self, seat: SeatView, public: PublicView) -> list[str]:
        if not seat.hit_locked:
            return []
        # TONK-4.2: shown next to the locked player
        return [f"{LOCK_MARK}: no spread or hit "
                + ("this turn" if seat.id == public.turn else "next turn")]

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
        return DRAWN[settlement.ended]
    winners = [seat_name(s) for s in settlement.winners]
    if not winners:
        return f"The hand ended by {ENDED.get(settlement.ended, settlement.ended)}"
    how = WON_BY.get(settlement.ended, settlement.ended)
    if settlement.ended == "caught":
        named = winners[0] if len(winners) == 1 else (
            f"{', '.join(winners[:-1])} and {winners[-1]}")
        return f"{named} {how}: the dropper was not lowest"
    return f"{winners[0]} {how}"


def _seat_of(account: str) -> str:
    return account.split(":", 1)[1] if account.startswith("seat:") else account


def payment_lines(settlement: TonkSettlement) -> list[str]:
    """Who paid whom, in the order the payments were made (TONK-2.4)."""
    return [
        f"{seat_name(_seat_of(t.source))} → {seat_name(_seat_of(t.target))}: {t.amount}"
        for t in settlement.transfers
    ]


def result_lines(settlement: TonkSettlement) -> ResultLines:
    """The hands the rules show and the payments."""
    hands = [f"{seat_name(seat)}: {faces_and_words(cards, empty='no cards')} = "
             f"{settlement.values[seat]}"
             for seat, cards in settlement.shown.items()]
    payments = payment_lines(settlement)
    fields = [Field("Hands shown", clip(hands))] if hands else []
    fields.append(Field("Payments", clip(payments) if payments else "nobody pays"))
    return ResultLines(f"{winner_line(settlement)}.", fields=fields)


def history_words(result: dict) -> str:
    """A finished hand in `/tonk history`, from its result JSON (TONK-6)."""
    if result.get("ended", "?") in DRAWN:
        return "a draw"
    return f"paid to {mentions(result.get('winners', []))}"
